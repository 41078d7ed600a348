#!/usr/bin/env python3
"""Opens pages in tabs of one headless Chromium, at once, and drives it over the DevTools
protocol (websocket-client, from PyPI): waits until each page has written its report into
<pre id="listlab-check"> (listlab serve's #check=...), then saves that element as NAME.dom in
OUT, and with --screenshot a picture of the first tab. Fails after 60 seconds without a report.
The tabs after --after open, in the same browser, once every tab before it has reported (so a page
that needs what another set, such as a cookie, waits for it in real time, not in virtual time).

Usage: browse-tabs.py CHROMIUM OUT [--screenshot FILE] NAME=URL... [--after NAME=URL...]
"""
import base64, json, os, re, subprocess, sys, tempfile, time, urllib.request
import websocket

args = sys.argv[1:]
chromium, out = args[0], args[1]
rest = args[2:]
screenshot = None
if rest and rest[0] == "--screenshot":
    screenshot, rest = rest[1], rest[2:]
later = []
if "--after" in rest:
    at = rest.index("--after")
    rest, later = rest[:at], [pair.split("=", 1) for pair in rest[at + 1:]]
tabs = [pair.split("=", 1) for pair in rest]

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
    port = re.search(r":(\d+)/", endpoint).group(1)
    connection = websocket.create_connection(endpoint, timeout=30)
    counter = [0]
    exceptions = []  # the pages' uncaught script errors, said when a report does not come

    def call(method, params=None, session=None):
        counter[0] += 1
        message = {"id": counter[0], "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        connection.send(json.dumps(message))
        while True:
            reply = json.loads(connection.recv())
            if reply.get("method") == "Runtime.exceptionThrown":
                details = reply["params"]["exceptionDetails"]
                exceptions.append(details.get("exception", {}).get("description") or details.get("text", "an exception"))
            if reply.get("id") == counter[0]:
                if "error" in reply:
                    sys.exit(f"browse-tabs: {method}: {reply['error']}")
                return reply.get("result", {})

    def open_and_wait(tabs):
        """Opens the tabs at once, waits for every report, and returns their DevTools sessions."""
        sessions = []
        for name, url in tabs:
            target = call("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            call("Runtime.enable", {}, session)
            call("Emulation.setDeviceMetricsOverride", {"width": 1100, "height": 1500, "deviceScaleFactor": 1, "mobile": False}, session)
            sessions.append((name, session))
        # Every tab navigates before any is waited for: the tabs run at once.
        for (name, session), (_, url) in zip(sessions, tabs):
            call("Page.navigate", {"url": url}, session)
        deadline = time.time() + 60
        pending = dict(sessions)
        while pending and time.time() < deadline:
            for name, session in list(pending.items()):
                result = call("Runtime.evaluate", {"expression": "(document.getElementById('listlab-check') || {}).outerHTML || ''",
                                                    "returnByValue": True}, session)
                report = result.get("result", {}).get("value", "")
                if report:
                    with open(os.path.join(out, name + ".dom"), "w") as file:
                        file.write(report)
                    del pending[name]
            time.sleep(0.1)
        if pending:
            sys.exit("browse-tabs: no report from " + ", ".join(pending) + " within 60 seconds"
                     + "".join("\n  script error: " + text for text in exceptions))
        return sessions

    sessions = open_and_wait(tabs)
    open_and_wait(later)
    if screenshot:
        data = call("Page.captureScreenshot", {"format": "png"}, sessions[0][1])["data"]
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
