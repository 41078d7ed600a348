#!/usr/bin/env python3
"""Writes small rows ({"id":i,"v":i}) as OUT.EXT and a changed copy as
changed.EXT, for the reload --diff of small rows (Scripts/bench-columns): 10%
of the rows deleted, 2% moved, 10% inserted (new ids), as the diff benchmark
changes its arrays. Seeded, so the same on every machine.
Usage: small-rows.py N OUT csv|json|ndjson
"""
import random, sys
n, out, fmt = int(sys.argv[1]), sys.argv[2], sys.argv[3]
random.seed(32032 + n)
original = list(range(n))
changed = [i for i in original if random.random() >= 0.10]
for _ in range(n // 50):
    changed.insert(random.randrange(len(changed) + 1), changed.pop(random.randrange(len(changed))))
for i in range(n, n + n // 10):
    changed.insert(random.randrange(len(changed) + 1), i)
def write(path, ids):
    with open(path, "w") as f:
        if fmt == "csv":
            f.write("id,v\n")
            f.writelines(f"{i},{i}\n" for i in ids)
        elif fmt == "ndjson":
            f.writelines(f'{{"id":{i},"v":{i}}}\n' for i in ids)
        else:
            f.write("[\n" + ",\n".join(f'{{"id":{i},"v":{i}}}' for i in ids) + "\n]\n")
write(f"{out}.{fmt}", original)
write(f"changed.{fmt}", changed)
