#!/usr/bin/env python3
"""Opens pages in tabs of one headless Chromium, at once (a window each), and drives it over the
DevTools protocol (websocket-client, from PyPI). A tab is one of:
  NAME=URL...        a page that writes its own report into <pre id="listlab-check"> (an attacker's);
  NAME@=URL          a page of listlab render, whose figures the driver plays and reads
                     (listlabDriver.checkPictures());
  NAME+LINES=URL...  listlab serve's page, worked by Scripts/lib/page-driver.js with the lines of the
                     file LINES (commands, and the driver's :tour, :step, ...), which then writes
                     what the page drew into that element.
A tab visits its URLs in turn. Each visit of the first URL's origin (the server's page) in a tab
with LINES is driven with no line, which waits for the page's welcome; after its last URL, such a
tab is waited for on that origin again (an attacker's page may be what sends it there) and driven
with its lines. The report element is saved as NAME.dom in OUT, and with --screenshot a picture of
the first tab. The pages' animations play 100 times as fast (DevTools' Animation.setPlaybackRate).
Fails after 60 seconds without every report. The tabs after --after open, in the same browser, once
every tab before it has reported.

Windows are 1100x1500 pixels, or --size WIDTHxHEIGHT (a projector's 1024x768).

Usage: browse-tabs.py CHROMIUM OUT [--screenshot FILE] [--size WxH] TAB... [--after TAB...]
"""
import base64, json, os, re, subprocess, sys, tempfile, time, urllib.parse
import websocket

args = sys.argv[1:]
chromium, out = args[0], args[1]
rest = args[2:]
screenshot = None
if rest and rest[0] == "--screenshot":
    screenshot, rest = rest[1], rest[2:]
width, height = 1100, 1500
if rest and rest[0] == "--size":
    width, height = (int(part) for part in rest[1].split("x"))
    rest = rest[2:]
later = []
if "--after" in rest:
    at = rest.index("--after")
    rest, later = rest[:at], rest[at + 1:]
driver = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib", "page-driver.js")).read()
REPORT = "(document.getElementById('listlab-check') || {}).outerHTML || ''"


def parse(tab):
    """NAME[+LINES]=URL... as (name, lines or None, urls); NAME@=URL as (name, "pictures", [url])."""
    head, urls = tab.split("=", 1)
    if head.endswith("@"):
        return head[:-1], "pictures", urls.split()
    name, _, lines = head.partition("+")
    return name, (open(lines).read().splitlines() if lines else None), urls.split()


profile = tempfile.mkdtemp(prefix="listlab-browse-")
browser = subprocess.Popen(
    [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
     "--no-first-run", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", f"--user-data-dir={profile}",
     "about:blank"],
    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
try:
    # Chromium says where its DevTools listen on standard error.
    endpoint = None
    deadline = time.time() + 20
    while endpoint is None and time.time() < deadline:
        line = browser.stderr.readline()
        match = re.search(r"DevTools listening on (ws://\S+)", line)
        if match:
            endpoint = match.group(1)
    if endpoint is None:
        sys.exit("browse-tabs: chromium did not start")
    connection = websocket.create_connection(endpoint, timeout=30)
    counter = [0]
    exceptions = []  # the pages' uncaught script errors, said when a report does not come
    names = {}  # DevTools session: the tab's name

    def call(method, params=None, session=None, tolerate=False):
        """The result of METHOD; with TOLERATE, None for an error (a page navigating away)."""
        counter[0] += 1
        message = {"id": counter[0], "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        connection.send(json.dumps(message))
        while True:
            reply = json.loads(connection.recv())
            if reply.get("method") == "Runtime.exceptionThrown":
                details = reply["params"]["exceptionDetails"]
                text = details.get("exception", {}).get("description") or details.get("text", "an exception")
                exceptions.append(names.get(reply.get("sessionId"), "?") + ": " + text)
            if reply.get("id") == counter[0]:
                if "error" in reply:
                    if tolerate:
                        return None
                    sys.exit(f"browse-tabs: {method}: {reply['error']}")
                return reply.get("result", {})

    def evaluate(expression, session):
        result = call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session, tolerate=True)
        return (result or {}).get("result", {}).get("value")

    # Downloads (the page's Save session) go nowhere: a headless browser would write them in the user's folder.
    call("Browser.setDownloadBehavior", {"behavior": "deny"})

    def work(name, session, lines, urls, stage):
        """The tab's visits, a generator that yields while it waits; STAGE[0] says what it waits for."""
        origin = "{0.scheme}://{0.netloc}".format(urllib.parse.urlsplit(urls[0]))
        # The server's page, a document not driven yet (the one before may still be there, or an attacker's).
        ready = f"location.origin === {json.dumps(origin)} && !!window.listlabDriver && !document.getElementById('listlab-check')"
        report = ""
        if lines == "pictures":
            call("Page.navigate", {"url": urls[0]}, session)
            stage[0] = "the rendered page's scripts"
            while not evaluate("location.protocol !== 'about:' && document.readyState === 'complete' && !!window.listlabDriver", session):
                yield
            call("Runtime.evaluate", {"expression": "listlabDriver.checkPictures()"}, session)
            urls = []
            stage[0] = "its report"
            while not (report := evaluate(REPORT, session)):
                yield
        for index, url in enumerate(urls):
            call("Page.navigate", {"url": url}, session)
            last = index == len(urls) - 1
            driven = lines is not None and (last or url.startswith(origin + "/"))
            if not driven and (lines is not None or not last):
                continue
            if driven:
                stage[0] = f"the server's page (after {url})"
                while not evaluate(ready, session):
                    yield
                call("Runtime.evaluate", {"expression": f"listlabDriver.drive({json.dumps(lines if last else [])})"}, session)
            stage[0] = f"its report (after {url})"
            while not (report := evaluate(REPORT, session)):
                yield
        with open(os.path.join(out, name + ".dom"), "w") as file:
            file.write(report)

    def open_and_wait(tabs):
        """Opens the tabs at once, waits for every report, and returns their DevTools sessions."""
        sessions, pending = [], {}
        for tab in tabs:
            name, lines, urls = parse(tab)
            # A window each: a tab behind another is not drawn, and its animations would never end.
            target = call("Target.createTarget", {"url": "about:blank", "newWindow": True})["targetId"]
            session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            names[session] = name
            call("Runtime.enable", {}, session)
            call("Page.enable", {}, session)  # without it, the driver is not added to new documents
            call("Animation.enable", {}, session)  # and the rate below holds for each new document
            call("Animation.setPlaybackRate", {"playbackRate": 100}, session)
            call("Page.addScriptToEvaluateOnNewDocument", {"source": driver}, session)
            call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session)
            sessions.append(session)
            stage = ["its first address"]
            pending[name] = (work(name, session, lines, urls, stage), stage)
        # Every tab goes a step before any is waited for: the tabs run at once.
        deadline = time.time() + 60
        while pending and time.time() < deadline:
            for name, (steps, _) in list(pending.items()):
                if next(steps, "done") == "done":
                    del pending[name]
            time.sleep(0.1)
        if pending:
            sys.exit("browse-tabs: after 60 seconds, " + "; ".join(f"{name} still waits for {stage[0]}" for name, (_, stage) in pending.items())
                     + "".join("\n  script error: " + text for text in exceptions))
        return sessions

    sessions = open_and_wait(rest)
    open_and_wait(later)
    if screenshot:
        # The page's top, where its first steps are (the page scrolls to its last).
        evaluate("window.scrollTo(0, 0)", sessions[0])
        data = call("Page.captureScreenshot", {"format": "png"}, sessions[0])["data"]
        with open(screenshot, "wb") as file:
            file.write(base64.b64decode(data))
    connection.close()
finally:
    browser.terminate()
    try:
        browser.wait(timeout=10)
    except subprocess.TimeoutExpired:
        browser.kill()
    subprocess.run(["rm", "-rf", profile])
