#!/usr/bin/env python3
"""Prints the fewest changes that take OLD.csv to NEW.csv, items identified
by their `id`: "deletes inserts moves updates". Moves are the survivors
outside a longest run that keeps its order (no fewer moves can restore the
order); updates are survivors whose values changed (numbers compared as
numbers, as listlab compares them). For the columnar benchmark, which checks
that `reload --diff` makes no more moves than these.
Usage: minimal-changes.py OLD.csv NEW.csv
"""
import bisect, csv, sys

def rows(path):
    with open(path, newline="") as f:
        reader = csv.reader(f)
        next(reader)
        return [r for r in reader]

def value(text):
    try:
        return float(text)
    except ValueError:
        return text

old, new = rows(sys.argv[1]), rows(sys.argv[2])
old_index = {r[0]: i for i, r in enumerate(old)}
new_ids = {r[0] for r in new}
deletes = sum(1 for r in old if r[0] not in new_ids)
survivors = [old_index[r[0]] for r in new if r[0] in old_index]
inserts = len(new) - len(survivors)
tails = []
for x in survivors:
    i = bisect.bisect_left(tails, x)
    if i == len(tails):
        tails.append(x)
    else:
        tails[i] = x
moves = len(survivors) - len(tails)
def changed(r, o):
    return r != o and list(map(value, r)) != list(map(value, o))
updates = sum(1 for r in new if r[0] in old_index and changed(r, old[old_index[r[0]]]))
print(deletes, inserts, moves, updates)
