"""A tab of `listlab serve` as a program (websocket-client, from PyPI), for the checks and benchmarks
that drive the server without a browser. The server prints its address with the token in the
fragment (`http://127.0.0.1:PORT/#token=HEX`); its page proves the token on the socket as a
subprotocol (`listlab.token.HEX`), from the page's own origin, and says hello within 10 s. These
tabs do the same.

    import serve_client
    port, token = serve_client.address(line)     # the line the server printed
    tab = serve_client.open_tab(port, token)     # a tab, greeted: its next message answers yours
"""
import json, re

import websocket


def address(text):
    """The port and token of the address the server printed in TEXT (the token is None when the
    server runs without one); fails when TEXT holds no address."""
    match = re.search(r"http://127\.0\.0\.1:(\d+)/\S*", text)
    if not match:
        raise ValueError(f"no address of listlab serve in {text!r}")
    token = re.search(r"#token=([0-9a-f]+)", match.group(0))
    return int(match.group(1)), token.group(1) if token else None


def connect(port, token, timeout=30, **options):
    """A socket as the page opens it: from the page's origin, with the token as a subprotocol.
    OPTIONS go to websocket.create_connection (skip_utf8_validation, ...)."""
    protocols = ["listlab"] + ([f"listlab.token.{token}"] if token else [])
    return websocket.create_connection(f"ws://127.0.0.1:{port}/socket", timeout=timeout, origin=f"http://127.0.0.1:{port}",
                                       subprotocols=protocols, **options)


def hello(tab, key="", student=None):
    """Says hello (a new session, or KEY's again; in a classroom, with the browser's key STUDENT, whose
    session that ended a new tab takes up) and returns the messages up to and including the
    welcome: a session's steps so far come before it."""
    tab.send(json.dumps({"hello": key} | ({"student": student} if student else {})))
    messages = []
    while not messages or messages[-1]["kind"] != "welcome":
        messages.append(json.loads(tab.recv()))
    return messages


def open_tab(port, token, timeout=30, student=None, **options):
    """A new tab, greeted (see connect for OPTIONS), of the browser STUDENT when given."""
    tab = connect(port, token, timeout, **options)
    hello(tab, student=student)
    return tab
