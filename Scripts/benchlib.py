"""The benchmark harness every Scripts/bench* uses for a figure of whole processes: two commands run
in turn, A B A B ..., at least seven pairs, and the figure is the median of the per-pair ratios with
their min and max, so that a slow spell of a shared machine falls on both sides of a pair instead of
on one side's median. In-process figures use the same rule from Swift (listlab-bench's Pairs).

Each figure is printed as one line, and, when LISTLAB_BENCH_RECORD names a file, appended to it as
a JSON record that Scripts/bench-table.py turns into the performance table
of Docs/performance.md.

As a module:   import benchlib; benchlib.pairs(...), benchlib.report(...)
As a command:  benchlib.py pair KEY WHAT PEER TARGET COMMAND_A --vs COMMAND_B [options]
               (see `benchlib.py --help`)
"""
import argparse, json, os, shlex, statistics, subprocess, sys, time

MINIMUM_PAIRS = 7


class Run:
    """One timed process: its wall time in seconds, its CPU time, its peak resident memory in KB,
    and what it printed."""

    def __init__(self, seconds, cpu, peak_kb, output):
        self.seconds, self.cpu, self.peak_kb, self.output = seconds, cpu, peak_kb, output


def run_once(argv, stdin=None, cwd=None, env=None, keep_output=False):
    """Runs ARGV (no shell, so a shell's start-up is not timed) and returns its Run; fails loudly
    when the process fails, so a figure never comes from a run that did not do its work."""
    stdin_file = open(stdin, "rb") if stdin else subprocess.DEVNULL
    try:
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdin=stdin_file, stdout=subprocess.PIPE if keep_output else subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, cwd=cwd, env=env)
        output = process.stdout.read() if keep_output else b""
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
    finally:
        if stdin:
            stdin_file.close()
    if status != 0:
        sys.exit(f"benchlib: {' '.join(argv)} ended with status {status}")
    return Run(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, output)


class Figure:
    """The per-pair ratios of A to B (and each side's runs) of one paired measurement."""

    def __init__(self, a_runs, b_runs, measure=lambda run: run.seconds):
        self.a_runs, self.b_runs = a_runs, b_runs
        self.ratios = [measure(a) / measure(b) for a, b in zip(a_runs, b_runs)]
        self.a = statistics.median(measure(run) for run in a_runs)
        self.b = statistics.median(measure(run) for run in b_runs)

    @property
    def ratio(self):
        return statistics.median(self.ratios)

    def of(self, measure):
        """The same pairs read by another measure (CPU time, peak memory)."""
        return Figure(self.a_runs, self.b_runs, measure)


def pairs(a, b, count=MINIMUM_PAIRS, before=None):
    """Runs A() and B() in turn COUNT times (at least MINIMUM_PAIRS), calling BEFORE() ahead of each
    run (untimed: setting files back), and returns the Figure of the pairs. A and B return Runs."""
    count = max(count, MINIMUM_PAIRS)
    a_runs, b_runs = [], []
    for _ in range(count):
        for side, runs in ((a, a_runs), (b, b_runs)):
            if before:
                before()
            runs.append(side())
    return Figure(a_runs, b_runs)


def spread(figure):
    return f"{figure.ratio:.2f}x [{min(figure.ratios):.2f}x-{max(figure.ratios):.2f}x, {len(figure.ratios)} pairs]"


def report(key, what, peer, ratio, low, high, count, target, met, detail="", command="", unit="x"):
    """Prints a figure's line and records it (LISTLAB_BENCH_RECORD): KEY names the figure in the
    performance table (Docs/performance.md); TARGET is its words ("at most 1.2x"); MET whether the median meets it (None for a
    figure shown for what it says, with no target). COUNT is
    the pairs the median is of (0 for a value that is not a paired timing); UNIT follows each value."""
    # Worded as Docs/performance.md's table words it.
    mark = "no target" if met is None else "met: yes" if met else "met: NO"
    # Three digits, so that a median just past its target does not read as the target itself.
    digits = (4 if ratio < 0.1 else 3) if unit == "x" else 1
    measured = (f"median {ratio:.{digits}f}{unit} ({low:.{digits}f}{unit} to {high:.{digits}f}{unit}, {count} pairs)"
                if count else f"{ratio:.{digits}f}{unit}")
    print(f"  {what}: {measured} vs {peer}; target {target}, {mark}" + (f"; {detail}" if detail else ""))
    sys.stdout.flush()
    record = os.environ.get("LISTLAB_BENCH_RECORD")
    if record:
        with open(record, "a") as file:
            file.write(json.dumps({"key": key, "what": what, "peer": peer, "ratio": round(ratio, 4),
                                   "low": round(low, 4), "high": round(high, 4), "pairs": count,
                                   "target": target, "met": None if met is None else bool(met), "detail": detail, "command": command,
                                   "unit": unit},
                                  sort_keys=True) + "\n")


def report_figure(key, what, peer, figure, target, limit, detail="", command=""):
    """report() of a Figure whose target is a ratio of at most LIMIT."""
    report(key, what, peer, figure.ratio, min(figure.ratios), max(figure.ratios), len(figure.ratios),
           target, figure.ratio <= limit, detail, command)


def report_value(key, what, peer, value, target, met, detail="", command="", unit="x"):
    """report() of one value that is not a paired timing (a memory ratio, a count, a p99)."""
    report(key, what, peer, value, value, value, 0, target, met, detail, command, unit)


def milliseconds(seconds):
    return f"{seconds * 1000:.1f} ms"


def main():
    parser = argparse.ArgumentParser(description="Times two commands in turn and prints the median ratio of A to B.")
    parser.add_argument("mode", choices=["pair"])
    parser.add_argument("key", help="the figure's name in the performance table (Docs/performance.md)")
    parser.add_argument("what", help="what A is, in words")
    parser.add_argument("peer", help="what B is, in words")
    parser.add_argument("limit", type=float, help="the target: A at most LIMIT times B")
    parser.add_argument("a", help="command A (split as a shell would, run without one)")
    parser.add_argument("b", help="command B")
    parser.add_argument("--pairs", type=int, default=MINIMUM_PAIRS)
    parser.add_argument("--stdin", help="a file for both commands' standard input")
    parser.add_argument("--before", help="a shell command run, untimed, before each run")
    parser.add_argument("--measure", choices=["wall", "cpu", "memory"], default="wall")
    parser.add_argument("--command", default="", help="the script that gives the figure, for the table")
    options = parser.parse_args()
    a, b = shlex.split(options.a), shlex.split(options.b)
    before = (lambda: subprocess.run(options.before, shell=True, check=True)) if options.before else None
    figure = pairs(lambda: run_once(a, options.stdin), lambda: run_once(b, options.stdin), options.pairs, before)
    measure = {"wall": lambda r: r.seconds, "cpu": lambda r: r.cpu, "memory": lambda r: r.peak_kb}[options.measure]
    figure = figure.of(measure)
    unit = (lambda v: f"{v / 1024:.1f} MB") if options.measure == "memory" else milliseconds
    report_figure(options.key, options.what, options.peer, figure, f"at most {options.limit:g}x", options.limit,
                  f"{unit(figure.a)} vs {unit(figure.b)} ({options.measure}, medians)", options.command)


if __name__ == "__main__":
    main()
