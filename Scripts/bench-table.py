#!/usr/bin/env python3
"""The performance table of Docs/performance.md, written from one recorded run of Scripts/bench (its figures as
JSON records, one a line, the first the run's own: date, machine, noise).

  bench-table.py RECORD                    # prints the table
  bench-table.py RECORD --write Docs/performance.md  # puts it in the page, between its markers
  bench-table.py RECORD --check Docs/performance.md  # fails when the page's table is not RECORD's

Scripts/test runs --check, so a figure in Docs/performance.md is always the one the last recorded run printed.
"""
import json, sys

BEGIN = "<!-- performance table: written by `Scripts/bench --record` from Docs/benchmarks.jsonl; do not edit by hand -->"
END = "<!-- end of the performance table -->"


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def number(value, unit, count):
    # Three digits, so that a median just past its target does not read as the target itself.
    digits = (4 if value < 0.1 else 3) if unit == "x" else 1
    return f"{value:.{digits}f}{unit}"


def table(records):
    run, figures = records[0]["run"], records[1:]
    lines = [
        BEGIN,
        f"Recorded {run['date']} on {run['machine']} by `{run['command']}`: {len(figures)} figures, "
        f"{sum(1 for f in figures if f['met'])} met, {sum(1 for f in figures if f['met'] is False)} missed"
        + (f", {untargeted} shown with no target. " if (untargeted := sum(1 for f in figures if f['met'] is None)) else ". ") +
        "A timing is the median of the per-pair ratios of the subject to its peer, each pair run in turn "
        "(at least 7 pairs), with the lowest and highest pair's ratio beside it: the spread is the machine's "
        f"noise in that run. {run.get('noise', '')}".rstrip(),
        "",
        "| what | peer, in the same run | measured: the median (lowest to highest pair) | target | met | command |",
        "|---|---|---|---|---|---|",
    ]
    for f in figures:
        unit, count = f.get("unit", "x"), f["pairs"]
        measured = number(f["ratio"], unit, count)
        if count:
            measured += f" ({number(f['low'], unit, count)} to {number(f['high'], unit, count)}, {count} pairs)"
        if f.get("detail"):
            measured += f"; {f['detail']}"
        lines.append(f"| {cell(f['what'])} | {cell(f['peer'])} | {cell(measured)} | {cell(f['target'])} | "
                     f"{'-' if f['met'] is None else 'yes' if f['met'] else '**no**'} | `{cell(f['command'])}` |")
    lines.append(END)
    return "\n".join(lines) + "\n"


def readme_parts(text):
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        sys.exit("bench-table.py: the page has no performance table markers")
    return text[:start], text[start:end + len(END) + 1], text[end + len(END) + 1:]


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    with open(args[0]) as file:
        records = [json.loads(line) for line in file if line.strip()]
    if not records or "run" not in records[0]:
        sys.exit(f"bench-table.py: {args[0]} does not start with the run's record")
    written = table(records)
    if len(args) == 1:
        sys.stdout.write(written)
        return
    mode, readme = args[1], args[2]
    with open(readme) as file:
        text = file.read()
    before, current, after = readme_parts(text)
    if mode == "--write":
        with open(readme, "w") as file:
            file.write(before + written + after)
    elif mode == "--check":
        if current != written:
            old, new = current.splitlines(), written.splitlines()
            differing = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
            line = before.count("\n") + differing + 1
            found = old[differing] if differing < len(old) else "(the table ends)"
            expected = new[differing] if differing < len(new) else "(the table ends)"
            print(f"bench-table.py: {readme}'s performance table is not the one {args[0]} records; "
                  f"the first difference is on line {line} of {readme}:\n"
                  f"  found:    {found}\n  recorded: {expected}\n"
                  f"Run Scripts/bench --record for new figures, or, to write the table from the record as it is, "
                  f"Scripts/bench-table.py {args[0]} --write {readme}", file=sys.stderr)
            sys.exit(1)
        print(f"bench-table.py: {readme}'s performance table is the recorded run's ({len(records) - 1} figures)")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
