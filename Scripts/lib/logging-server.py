#!/usr/bin/env python3
"""An attacker's server for Scripts/check-browser: serves FOLDER on 127.0.0.1 (another port of the
machine listlab serve runs on, so the same site to a browser), and writes every request it gets,
its request line and headers as sent, to LOG, so that a check can look for what a browser gave it
(a cookie, a token). Says `port N` on its first line.

Usage: logging-server.py FOLDER LOG
"""
import functools, http.server, sys

folder, log = sys.argv[1], sys.argv[2]


class Handler(http.server.SimpleHTTPRequestHandler):
    def parse_request(self):
        parsed = super().parse_request()
        with open(log, "a") as file:
            file.write(self.requestline + "\n" + str(getattr(self, "headers", "")) + "\n")
        return parsed

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=folder))
print(f"port {server.server_address[1]}", flush=True)
server.serve_forever()
