#!/usr/bin/env python3
"""A class, simulated, against `listlab serve --classroom` (issue 44): TABS tabs for SECONDS
seconds, each a WebSocket of its own on loopback. All but three are students following a
lesson: tours, small uploads, a 100,000-row upload loaded and sorted, shows and edits. Three
abuse it, one each: memory (uploads, saves and loads over and over), output and journals
(`show --all` of 100,000 rows, 60 KB commands, a flood of messages without waiting), and CPU and
the door (a huge threshold, sorts of 100,000 rows, completion of `../` and `/`, a frame past the
limit). The server's resident memory is read every 0.2 s.

Prints one JSON object: each student command's latency (median, p99, max, count), commands that
got no answer, student commands that were stopped or failed, what each abuser was told (the
quota errors it met), and the server's peak memory. The caller (Scripts/check-classroom,
Scripts/bench-classroom) decides what passes. Every connection goes to 127.0.0.1 only, and the
run stops itself after SECONDS plus at most 60 s.

With `alone` after SECONDS, only students run (TABS of them, no abuser): the peer a benchmark
compares a class with.

Usage: classroom-sim.py PORT TOKEN SERVER-PID TABS SECONDS [alone]
"""
import html, json, os, random, re, sys, threading, time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import serve_client

port, token, server_pid, tabs, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
alone = len(sys.argv) > 6 and sys.argv[6] == "alone"
deadline = time.monotonic() + seconds
hard_stop = deadline + 60

students = iter(range(1, 1_000_000))

def connect():
    # Each tab a student's machine of its own, as the server (run with --proxy 127.0.0.1) sees them
    # behind a proxy: one machine holds at most 3 tabs (--tabs-per-student).
    student = next(students)
    return serve_client.open_tab(port, token, timeout=60, header=[f"X-Forwarded-For: 10.{student // 65536}.{student // 256 % 256}.{student % 256}"])

def text(reply):
    """A reply's words: a step's HTML as text, or a refusal's message."""
    body = reply.get("html") or reply.get("message") or ""
    return html.unescape(re.sub(r"<[^>]+>", " ", body))

def ask(tab, message, timing=None):
    """Sends one message and reads replies until its answer (a step, a completion, a refusal,
    an upload's receipt, a lesson, a transcript); downloads after a step are read too. With
    `timing` (a list), appends the seconds until the answer came."""
    start = time.monotonic()
    tab.send(json.dumps(message))
    while True:
        reply = json.loads(tab.recv())
        if reply["kind"] != "download":
            break
    if timing is not None:
        timing.append(time.monotonic() - start)
    # Downloads that follow a step come before the next answer: read what is waiting.
    tab.settimeout(0.05)
    try:
        while True:
            extra = json.loads(tab.recv())
            if extra["kind"] != "download":
                break
    except Exception:
        pass
    tab.settimeout(60)
    return reply

def rows(count, seed):
    rng = random.Random(seed)
    return "id,name,city,score\n" + "".join(f"{i},person {rng.randrange(10**6)},city {i % 40},{rng.randrange(1000)}\n" for i in range(count))

results = {"latencies": [], "unanswered": [], "stopped": [], "big_stopped": [], "failed": [], "abusers": {}, "errors": []}
lock = threading.Lock()
big = rows(100_000, 7)
tour_name = "2-generic-data-sources.lab"

def student(number):
    rng = random.Random(number)
    try:
        tab = connect()
    except Exception as error:
        with lock:
            results["errors"].append(f"student {number} could not connect: {error}")
        return
    def run(message, small=True):
        timing = []
        try:
            reply = ask(tab, message, timing)
        except Exception as error:
            with lock:
                results["unanswered"].append(f"student {number}: {message}: {error}")
            return None
        took = timing[0]
        words = text(reply)
        with lock:
            results["latencies"].append(took)
            if "stopped" in words and "budget" in words:
                # A 100,000-row sort may meet the budget on a busy machine; a small command never should.
                results["stopped" if small else "big_stopped"].append(f"student {number}: {message.get('command')}")
            elif reply.get("failed") and small:
                results["failed"].append(f"student {number}: {message.get('command')}: {words.strip()[:160]}")
        return reply
    run({"tour": "%s" % tour_name})
    run({"upload": f"mine{number}.csv", "text": rows(200, number)})
    if number % 3 == 0:
        run({"upload": "big.csv", "text": big})
        run({"command": "load big.csv"}, small=False)
        run({"command": "sort name"}, small=False)
        run({"command": "filter city=\"city 3\""}, small=False)
        run({"command": "filter off"}, small=False)
    run({"command": f"load mine{number}.csv"})
    lesson = ["show", "select 0.2", "sort name", "sort score desc", "update 0.1 name=Ada", "append name=Grace city=Oslo score=3",
              "show 0.1", "delete 0.0", "scroll +2", "diff", "providers", "load contacts --force", "show", "select 0.1", "load mine%d.csv --force" % number]
    index = 0
    while time.monotonic() < deadline:
        run({"command": lesson[index % len(lesson)]})
        index += 1
        time.sleep(rng.uniform(0.2, 1.0))
    tab.close()

def memory_abuser():
    told = set()
    try:
        tab = connect()
        ask(tab, {"upload": "seed.csv", "text": big})
        ask(tab, {"command": "load seed.csv name c0"})
        def press(message):
            words = text(ask(tab, message))
            for quota in ["not written", "not loaded", "stopped"]:
                if quota in words:
                    told.add(quota)
        # Each quota met first, whatever the machine's speed (a busy machine runs few commands in
        # the class's time): the seed loaded as records until the tab's memory says no, then files
        # written until its folder says no; then both, over and over, until the class ends.
        n = 0
        while time.monotonic() < deadline and "not loaded" not in told:
            n += 1
            press({"command": f"load seed.csv as array name s{n}"})
        while time.monotonic() < deadline and "not written" not in told:
            n += 1
            press({"upload": f"u{n}.csv", "text": big})
            press({"command": f"save c{n}.csv"})
        while time.monotonic() < deadline:
            n += 1
            for message in [{"command": f"save c{n}.csv"}, {"command": f"load c{n}.csv as array name a{n}"}, {"upload": f"u{n}.csv", "text": big},
                            {"command": f"load seed.csv as array name s{n}"}]:
                press(message)
        tab.close()
    except Exception as error:
        told.add(f"connection: {error}")
    results["abusers"]["memory"] = sorted(told)

def output_abuser():
    told = set()
    try:
        tab = connect()
        ask(tab, {"upload": "big.csv", "text": rows(200_000, 8)})
        ask(tab, {"command": "load big.csv"})
        long_command = "append name=" + "x" * 60_000
        while time.monotonic() < deadline:
            for words in [text(ask(tab, {"command": "show --all"})), text(ask(tab, {"command": long_command}))]:
                if "more output, past" in words and "not kept" in words:
                    told.add("output cut")
            # A flood: 100 messages without waiting; past 64 waiting, each one more is refused at once.
            for _ in range(100):
                tab.send(json.dumps({"command": "show 0.0"}))
            for _ in range(100):
                reply = json.loads(tab.recv())
                if reply["kind"] == "refused" and "waiting" in reply.get("message", ""):
                    told.add("flood refused")
        tab.close()
    except Exception as error:
        told.add(f"connection: {error}")
    results["abusers"]["output"] = sorted(told)

def cpu_abuser():
    told = set()
    try:
        tab = connect()
        ask(tab, {"upload": "big.csv", "text": big})
        ask(tab, {"command": "load big.csv"})
        if "at most" in text(ask(tab, {"command": "set threshold 100000000"})):
            told.add("threshold refused")
        while time.monotonic() < deadline:
            for field in ["name", "score desc", "city", "name desc"]:
                words = text(ask(tab, {"command": f"sort {field}"}))
                if "stopped" in words:
                    told.add("stopped")
            for line in ["load ../", "load /", "load ../../"]:
                reply = ask(tab, {"complete": line})
                if reply.get("candidates"):
                    told.add(f"completion listed {line}: {reply['candidates'][:3]}")
            # A frame past the limit closes this connection (1009); the abuser comes back.
            try:
                tab.send("x" * (17 * 1024 * 1024))
                tab.recv()
            except Exception:
                told.add("big frame closed")
            tab = connect()
            ask(tab, {"upload": "big.csv", "text": big})
            ask(tab, {"command": "load big.csv"})
        tab.close()
    except Exception as error:
        told.add(f"connection: {error}")
    results["abusers"]["cpu"] = sorted(told)

peak = [0]
def watch_memory():
    while time.monotonic() < hard_stop and not done.is_set():
        try:
            with open(f"/proc/{server_pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        peak[0] = max(peak[0], int(line.split()[1]) * 1024)
        except OSError:
            return
        time.sleep(0.2)

done = threading.Event()
watcher = threading.Thread(target=watch_memory, daemon=True)
watcher.start()
abusers = [] if alone else [memory_abuser, output_abuser, cpu_abuser][:tabs]
threads = [threading.Thread(target=student, args=(n,), daemon=True) for n in range(tabs - len(abusers))]
threads += [threading.Thread(target=f, daemon=True) for f in abusers]
for thread in threads:
    thread.start()
    time.sleep(0.05)
for thread in threads:
    thread.join(max(0.1, hard_stop - time.monotonic()))
done.set()
still = sum(thread.is_alive() for thread in threads)
latencies = sorted(results["latencies"])
def quantile(q):
    return round(latencies[min(len(latencies) - 1, int(q * len(latencies)))], 4) if latencies else None
print(json.dumps({
    "tabs": tabs, "seconds": seconds, "commands": len(latencies),
    "median": quantile(0.5), "p99": quantile(0.99), "max": round(latencies[-1], 4) if latencies else None,
    "unanswered": results["unanswered"][:10], "unanswered_count": len(results["unanswered"]),
    "stopped": results["stopped"][:10], "big_stopped": len(results["big_stopped"]), "failed": results["failed"][:10], "failed_count": len(results["failed"]),
    "abusers": results["abusers"], "errors": results["errors"], "still_running": still, "peak_bytes": peak[0],
}, sort_keys=True))
