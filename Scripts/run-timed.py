#!/usr/bin/env python3
"""Runs `listlab` on `load FILE` (rows.csv by default), waits PAUSE seconds,
replaces FILE with changed.EXT (its extension) when CHANGE is 1, then runs
COMMAND and quits; prints the process's wall time in seconds (the pause and
the copy taken off) and its peak memory in KB. For the columnar benchmark
(Scripts/bench-columns): /usr/bin/time's 10 ms steps were a third of a
100,000-row command.

Usage: run-timed.py BIN PAUSE CHANGE COMMAND [FILE]
"""
import os, shutil, subprocess, sys, time

binary, pause, change, command = sys.argv[1], float(sys.argv[2]), sys.argv[3] == "1", sys.argv[4]
file = sys.argv[5] if len(sys.argv) > 5 else "rows.csv"
changed = "changed" + os.path.splitext(file)[1]
start = time.perf_counter()
process = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
process.stdin.write(b"load " + file.encode() + b"\n")
process.stdin.flush()
idle = 0.0
if pause > 0:
    # The load is over well within the pause; the process waits for its next line meanwhile.
    before = time.perf_counter()
    time.sleep(pause)
    if change:
        shutil.copyfile(changed, file)
    idle = time.perf_counter() - before
process.stdin.write(command.encode() + b"\n")
process.stdin.close()
_, status, usage = os.wait4(process.pid, 0)
seconds = time.perf_counter() - start - idle
if status != 0:
    sys.exit(f"listlab ended with status {status}")
print(f"{seconds:.4f} {usage.ru_maxrss}")
