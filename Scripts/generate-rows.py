#!/usr/bin/env python3
"""Writes the file-load benchmark's data: N rows of id, name (some with a
quoted comma), email, score and one of 20 groups, as OUT.csv, OUT.ndjson and
OUT.json, the same records in each. SplitMix64 makes them the same on every
machine. Usage: generate-rows.py N OUT
"""
import json, sys
n = int(sys.argv[1]); out = sys.argv[2]
# SplitMix64, so the data is the same on every machine.
state = 20240601
def nxt():
    global state
    state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)
first = ["Ada", "Grace", "Alan", "Barbara", "Edsger", "Donald", "Margaret", "Ken", "Dennis", "Frances"]
last = ["Lovelace", "Hopper", "Turing", "Liskov", "Dijkstra", "Knuth", "Hamilton", "Thompson", "Ritchie", "Allen"]
groups = ["group-%02d" % i for i in range(20)]
rows = []
with open(out + ".csv", "w") as c, open(out + ".ndjson", "w") as nd, open(out + ".json", "w") as js:
    c.write("id,name,email,score,group\n"); js.write("[\n")
    for i in range(1, n + 1):
        a = first[nxt() % 10]; b = last[nxt() % 10]
        name = f"{b}, {a}" if nxt() % 5 == 0 else f"{a} {b}"
        email = f"{a[0].lower()}.{b.lower()}{i}@mail.com"
        score = (nxt() % 10000) / 100
        group = groups[nxt() % 20]
        qname = f'"{name}"' if "," in name else name
        c.write(f"{i},{qname},{email},{score},{group}\n")
        rec = json.dumps({"id": i, "name": name, "email": email, "score": score, "group": group}, separators=(",", ":"))
        nd.write(rec + "\n"); js.write(("," if i > 1 else "") + rec + "\n")
    js.write("]\n")
