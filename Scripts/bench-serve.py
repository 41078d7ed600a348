#!/usr/bin/env python3
"""The load on listlab serve (issue 31): SESSIONS tabs at once, each a WebSocket running its own
200-command transcript (seeded, on lists under 1,000 items), against the same commands run by one
tab alone (the peer). Prints the command latency (median and p99) of both, the server's memory
per tab, and checks that each tab's last `show --all` prints what a shell replaying the same
commands prints (`listlab run`).

Usage: bench-serve.py LISTLAB-SERVE LISTLAB [SESSIONS]
"""
import html, json, multiprocessing, os, random, re, subprocess, sys, tempfile, time
import websocket

serve, listlab = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
sessions = int(sys.argv[3]) if len(sys.argv) > 3 else 50

def commands(seed):
    """200 commands on contacts, kept under 1,000 items, ending with show --all."""
    rng = random.Random(seed)
    out = ["load contacts", "viewport 6"]
    count = 8
    while len(out) < 199:
        kind = rng.randrange(9)
        if kind == 0 or count < 4:
            out.append(f"append name=\"Person {len(out)}\" phone=555-{rng.randrange(10000):04d}")
            count += 1
        elif kind == 1:
            out.append(f"delete 0.{rng.randrange(count)}")
            count -= 1
        elif kind == 2:
            out.append(f"update 0.{rng.randrange(count)} phone=555-{rng.randrange(10000):04d}")
        elif kind == 3:
            out.append(rng.choice(["sort name", "sort phone desc", "sort id"]))
        elif kind == 4:
            out.append(f"select 0.{rng.randrange(count)}")
        elif kind == 5:
            out.append(rng.choice(["scroll +2", "scroll -1", "scroll 0"]))
        elif kind == 6:
            out.append(f"move 0.{rng.randrange(count)} 0.{rng.randrange(count)}")
        else:
            out.append(f"show 0.{rng.randrange(count)}")
    out.append("show --all")
    return out

def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0

def run_tab(port, lines, barrier, results):
    port, token = port
    """One tab, in a process of its own (Python's threads would share one core among the tabs)."""
    # Each reply is still decoded as UTF-8 (in C, which refuses bad bytes); websocket-client's own
    # check of it, in pure Python, cost the client five times the server's CPU a command.
    socket = websocket.create_connection(f"ws://127.0.0.1:{port}/socket", timeout=120, skip_utf8_validation=True,
                                         origin=f"http://127.0.0.1:{port}", cookie=f"listlab-token-{port}={token}")
    socket.send(json.dumps({"hello": ""}))
    while json.loads(socket.recv())["kind"] != "welcome":
        pass
    barrier.wait()
    latencies, last = [], None
    for line in lines:
        start = time.perf_counter()
        socket.send(json.dumps({"command": line}))
        reply = socket.recv()
        latencies.append(time.perf_counter() - start)
        last = reply
    match = re.search(r'<pre class="output">(.*?)</pre>', json.loads(last).get("html", ""), re.S)
    results.put((latencies, html.unescape(match.group(1)).split("\n") if match else []))
    socket.close()

def measure(port, count, server_pid):
    scripts = [commands(1000 + index) for index in range(count)]
    barrier = multiprocessing.Barrier(count)
    results = multiprocessing.Queue()
    tabs = [multiprocessing.Process(target=run_tab, args=(port, scripts[i], barrier, results)) for i in range(count)]
    for tab in tabs:
        tab.start()
    peak, gathered = 0, []
    while len(gathered) < count:
        peak = max(peak, rss_kb(server_pid))
        while not results.empty():
            gathered.append(results.get())
        time.sleep(0.05)
    for tab in tabs:
        tab.join()
    latencies = sorted(latency for latencies, _ in gathered for latency in latencies)
    # The finals come in the order the tabs ended: match them to their scripts by content below.
    return scripts, [final for _, final in gathered], latencies, peak

work = tempfile.mkdtemp(prefix="listlab-bench-serve-")
# The tabs' journals (each tab's session is journaled) go in the scratch folder, not the user's.
server = subprocess.Popen([serve, "--port", "0", "--empty"], cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          env=dict(os.environ, LISTLAB_JOURNALS=os.path.join(work, "journals")))
try:
    address = server.stdout.readline()
    port = (int(re.search(r":(\d+)/", address).group(1)), re.search(r"token=([0-9a-f]+)", address).group(1))
    time.sleep(0.3)
    base = rss_kb(server.pid)
    _, _, alone, _ = measure(port, 1, server.pid)
    scripts, finals, together, peak = measure(port, sessions, server.pid)
    def percentile(values, p):
        return values[min(len(values) - 1, int(len(values) * p))] * 1000
    # Each tab's last show against a shell replaying its commands (the finals come in the order
    # the tabs ended: each must be the end of one replay, and no two the same one).
    replays = []
    for index, script in enumerate(scripts):
        path = os.path.join(work, f"tab{index}.txt")
        with open(path, "w") as file:
            file.write("\n".join(script) + "\n")
        replays.append(subprocess.run([listlab, "run", path], capture_output=True, text=True, cwd=work).stdout.rstrip("\n").split("\n"))
    unmatched = list(range(len(replays)))
    mismatches = 0
    for final in finals:
        found = next((i for i in unmatched if final and replays[i][-len(final):] == final), None)
        if found is None:
            mismatches += 1
        else:
            unmatched.remove(found)
    per_tab = max(0, peak - base) / sessions / 1024
    p99 = percentile(together, 0.99)
    print(f"listlab serve (release build): {sessions} tabs at once, each 200 commands through its WebSocket, on lists under 1,000 items")
    print(f"  one tab alone: median {percentile(alone, 0.5):.2f} ms, p99 {percentile(alone, 0.99):.2f} ms a command")
    print(f"  {sessions} tabs at once: median {percentile(together, 0.5):.2f} ms, p99 {p99:.2f} ms a command"
          f" ({p99 / max(percentile(alone, 0.99), 1e-6):.1f}x the p99 alone) (target p99 under 50 ms) {'ok' if p99 < 50 else 'MISSED'}")
    print(f"  server memory: {base / 1024:.1f} MB idle, {peak / 1024:.1f} MB at the peak: {per_tab:.2f} MB a tab")
    print(f"  each tab's last show against a shell replay of its commands: {sessions - mismatches} of {sessions} the same"
          f" {'ok' if mismatches == 0 else 'MISSED'}")
finally:
    server.terminate()
    server.wait(timeout=10)
    subprocess.run(["rm", "-rf", work])
