#!/usr/bin/env python3
"""Writes a changed copy of a CSV that generate-rows.py wrote, as the columnar
benchmark's `reload --diff` workload: 10% of the rows deleted, 10% inserted
(new ids), 2% moved, 5% changed (a new score). Seeded, so the same on every
machine. Usage: change-rows.py IN.csv OUT.csv
"""
import random, sys
random.seed(20261123)
with open(sys.argv[1]) as f:
    header = f.readline()
    rows = f.readlines()
n = len(rows)
kept = [r for r in rows if random.random() >= 0.10]
changed = []
for r in kept:
    if random.random() < 0.05:
        head, _, rest = r.rpartition(",")       # the group is last; the score before it
        fields = head.rsplit(",", 1)
        r = f"{fields[0]},{random.randrange(10000) / 100},{rest}"
    changed.append(r)
for _ in range(n // 50):
    r = changed.pop(random.randrange(len(changed)))
    changed.insert(random.randrange(len(changed) + 1), r)
for i in range(n // 10):
    changed.insert(random.randrange(len(changed) + 1), f"{n + 1 + i},New Row {i},new{i}@mail.com,{random.randrange(10000) / 100},group-{i % 20:02d}\n")
with open(sys.argv[2], "w") as f:
    f.write(header)
    f.writelines(changed)
