"""The server trusts only its own page (``serve/guard.py``): a request with
another Host, another Origin, no token or the wrong one, a body that is
not JSON, or too large, is refused before any work — on a real server,
over raw sockets where a client library would tidy the request up."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setmine.serve import guard, verifying
from setmine.serve.guard import Trust

from .conftest import TINY

STATE = json.dumps({"schema": "written", "board": TINY}).encode("utf-8")


def raw(server, request: bytes, timeout: float = 60) -> tuple[int, bytes, bytes]:
    """Send ``request`` as is; (status, headers, body) of the answer."""
    host, port = server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=timeout) as conn:
        conn.sendall(request)
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), head, body


def request(server, method: str = "POST", path: str = "/api/state", body: bytes = STATE,
            host: str | None = "default", token: str | None = "default",
            origin: str | None = None, kind: str | None = "application/json",
            extra: str = "", version: str = "1.1") -> bytes:
    port = server.url.rsplit(":", 1)[1]
    lines = [f"{method} {path} HTTP/{version}"]
    if host is not None:
        lines.append(f"Host: {f'127.0.0.1:{port}' if host == 'default' else host}")
    if token is not None:
        lines.append(f"X-Setmine-Token: {server.token if token == 'default' else token}")
    if origin is not None:
        lines.append(f"Origin: {origin.replace('PORT', port)}")
    if kind is not None and method == "POST":
        lines.append(f"Content-Type: {kind}")
    if method == "POST":
        lines.append(f"Content-Length: {len(body)}")
    lines.append("Connection: close")
    return ("\r\n".join(lines) + extra + "\r\n\r\n").encode("latin-1") + (body if method == "POST"
                                                                          else b"")


CASES = [
    # (what, request's changes, status)
    ("the page's own request", {}, 200),
    ("no token", {"token": None}, 403),
    ("another token", {"token": "not-the-token"}, 403),
    ("an empty token", {"token": ""}, 403),
    ("a rebound DNS name", {"host": "evil.example:PORT"}, 403),
    ("a rebound name, no port", {"host": "evil.example"}, 403),
    ("another port", {"host": "127.0.0.1:1"}, 403),
    ("no Host (HTTP/1.0)", {"host": None, "version": "1.0"}, 403),
    ("no Host (HTTP/1.1: uvicorn refuses it)", {"host": None}, 400),
    ("localhost", {"host": "localhost:PORT"}, 200),
    ("localhost, upper case", {"host": "LOCALHOST:PORT"}, 200),
    ("a superscript port", {"host": "127.0.0.1:\u00b2"}, 403),
    ("a superscript origin port", {"origin": "http://127.0.0.1:\u00b2"}, 403),
    ("another origin", {"origin": "http://evil.example"}, 403),
    ("another port as origin", {"origin": "http://127.0.0.1:1"}, 403),
    ("the null origin", {"origin": "null"}, 403),
    ("https origin", {"origin": "https://127.0.0.1:PORT"}, 403),
    ("its own origin", {"origin": "http://127.0.0.1:PORT"}, 200),
    ("its own origin by name", {"origin": "http://localhost:PORT"}, 200),
    ("text/plain (a no-cors fetch)", {"kind": "text/plain"}, 415),
    ("a form", {"kind": "application/x-www-form-urlencoded"}, 415),
    ("no Content-Type", {"kind": None}, 415),
    ("JSON with a charset", {"kind": "application/json; charset=utf-8"}, 200),
    ("a second Host (uvicorn refuses it)", {"extra": "\r\nHost: evil.example"}, 400),
    ("a second Origin", {"extra": "\r\nOrigin: http://evil.example",
                         "origin": "http://127.0.0.1:PORT"}, 400),
]


@pytest.mark.parametrize("what, changes, status", CASES, ids=[c[0] for c in CASES])
def test_who_may_call_the_api(server, what, changes, status):
    port = server.url.rsplit(":", 1)[1]
    changes = {k: v.replace("PORT", port) if isinstance(v, str) else v
               for k, v in changes.items()}
    got, head, body = raw(server, request(server, **changes))
    assert got == status, (what, head, body[:300])
    assert b"access-control-allow-origin" not in head.lower()
    if status != 200 and "uvicorn" not in what:
        assert "error" in json.loads(body)   # in words, not a traceback


@pytest.mark.parametrize("query, host, status", [
    ("?token=", "default", 403), ("", "default", 403), ("?token=wrong", "default", 403),
    ("?token=TOKEN", "default", 200), ("?token=TOKEN", "evil.example:PORT", 403),
])
def test_the_page_needs_its_token_and_its_host(server, query, host, status):
    port = server.url.rsplit(":", 1)[1]
    query = query.replace("TOKEN", server.token)
    got, head, body = raw(server, request(server, "GET", "/" + query,
                                          host=host.replace("PORT", port), token=None))
    assert got == status
    assert b"access-control-allow-origin" not in head.lower()
    if status == 200:
        assert server.token.encode() in body   # the page holds it, to send it
    else:
        assert server.token.encode() not in body


def test_a_cross_site_no_cors_verify_starts_nothing(server):
    """What a page on another site can send without a preflight: text/plain,
    no custom header — three of them took both run slots before."""
    body = json.dumps({"schema": "written", "scope": "positions", "shapes": "2x2",
                       "asserts": ["D18 ∩ D8 = ∅"]}).encode("utf-8")
    before = set(verifying._RUNS)
    for _ in range(3):
        got, _, _ = raw(server, request(server, path="/api/verify", body=body, token=None,
                                        origin="http://evil.example", kind="text/plain"))
        assert got == 403
    assert set(verifying._RUNS) == before


def test_a_huge_body_is_refused_before_it_is_read(server):
    """A Content-Length of 100 MB: the 413 comes with only the headers sent
    — a server that waited for the body would never answer, and the
    socket's timeout would fail the test."""
    head = request(server, body=b"").replace(b"Content-Length: 0",
                                               b"Content-Length: 100000000")
    got, _, body = raw(server, head, timeout=30)
    assert got == 413 and "100,000,000" in json.loads(body)["error"]["message"]


def test_a_chunked_body_is_cut_at_the_limit(server):
    """No Content-Length: the body is read up to the limit, then refused
    — the rest of a 100 MB stream is never taken."""
    port = server.url.rsplit(":", 1)[1]
    head = (f"POST /api/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"X-Setmine-Token: {server.token}\r\nContent-Type: application/json\r\n"
            f"Transfer-Encoding: chunked\r\n\r\n").encode()
    chunk = b"x" * 65536
    host, port = server.url.removeprefix("http://").split(":")
    sent = 0
    with socket.create_connection((host, int(port)), timeout=30) as conn:
        conn.sendall(head)
        try:
            while sent < 100_000_000:
                conn.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
                sent += len(chunk)
        except OSError:   # the server answered and closed
            pass
        data = b""
        try:
            while part := conn.recv(65536):
                data += part
        except OSError:
            pass
    assert sent < 20_000_000, f"the server read {sent:,} bytes"
    if data:   # the answer may be lost to the reset of the unread stream
        assert data.split()[1] == b"413"


def test_slow_headers_are_cut_off():
    """A client sending its headers a byte at a time is closed after the
    header deadline (here one second); a normal request still answers."""
    from setmine.serve.app import Background

    running = Background({"schema": "written", "board": TINY, "formula": ""},
                         header_seconds=1.0)
    try:
        host, port = running.url.removeprefix("http://").split(":")
        slow = [socket.create_connection((host, int(port)), timeout=30) for _ in range(20)]
        closed = [False] * len(slow)

        def dribble(i, conn):
            try:
                for byte in b"POST /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n":
                    conn.sendall(bytes([byte]))
                    time.sleep(0.2)
            except OSError:
                closed[i] = True
                return
            closed[i] = conn.recv(1) == b""

        threads = [threading.Thread(target=dribble, args=(i, c)) for i, c in enumerate(slow)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        assert all(closed), f"{closed.count(False)} slow clients still connected"
        for conn in slow:
            conn.close()
    finally:
        running.stop()


@settings(max_examples=300, deadline=None)
@given(st.text(min_size=0, max_size=40))
def test_only_loopback_names_and_ip_addresses_are_hosts(name):
    """No DNS name but localhost is ever a Host the server answers to, with
    any ``--host``; on a wildcard, an IP address is."""
    import ipaddress

    for listen in ("127.0.0.1", "0.0.0.0"):
        trust = Trust("t", listen, 8765)
        if trust.host_allowed(f"{name}:8765"):
            bare = name.lower().rstrip(".").strip("[]")
            try:
                ipaddress.ip_address(bare)
            except ValueError:
                assert bare == "localhost", name


@pytest.mark.parametrize("listen, host, ok", [
    ("127.0.0.1", "127.0.0.1:\u00b2", False), ("127.0.0.1", "127.0.0.1:\u0668765", False),
    ("127.0.0.1", "127.0.0.1:8765", True), ("127.0.0.1", "[::1]:8765", True),
    ("127.0.0.1", "192.168.1.5:8765", False), ("0.0.0.0", "192.168.1.5:8765", True),
    ("0.0.0.0", "box.lan:8765", False), ("box.lan", "box.lan:8765", True),
    ("box.lan", "BOX.LAN.:8765", True), ("::", "[fe80::1]:8765", True),
    ("127.0.0.1", "127.0.0.1", False), ("127.0.0.1", "127.0.0.1:08765", True),
    ("127.0.0.1", "127.0.0.1:x", False), ("127.0.0.1", "[::1", False),
])
def test_hosts_by_listening_address(listen, host, ok):
    assert Trust("t", listen, 8765).host_allowed(host) is ok


def test_the_token_is_long_and_fresh():
    tokens = {guard.new_token() for _ in range(100)}
    assert len(tokens) == 100 and min(map(len, tokens)) >= 32


def test_a_page_on_another_port_cannot_use_the_server(browser, server):
    """In Chromium: a page served from another port of this machine sends
    what a hostile site would — a no-cors text/plain verify (no preflight),
    a JSON request (preflighted), one with a guessed token — and nothing
    starts, nothing is read."""
    import http.server

    from .browsing import wait_for

    verify = json.dumps({"schema": "written", "scope": "positions", "shapes": "2x2",
                         "asserts": ["D18 ∩ D8 = ∅"]})
    script = f"""
    const api = {json.dumps(server.url)}, body = {json.dumps(verify)};
    window.outcome = [];
    async function attempt(what, options) {{
      try {{
        const r = await fetch(api + "/api/verify", options);
        outcome.push(what + ": read " + r.status + " " + (await r.text()).slice(0, 40));
      }} catch (e) {{ outcome.push(what + ": failed"); }}
    }}
    (async () => {{
      await attempt("no-cors", {{method: "POST", mode: "no-cors",
                                 headers: {{"Content-Type": "text/plain"}}, body}});
      await attempt("cors", {{method: "POST", headers: {{"Content-Type": "application/json"}}, body}});
      await attempt("token", {{method: "POST", headers: {{"Content-Type": "application/json",
                                                          "X-Setmine-Token": "guess"}}, body}});
      window.finished = true;
    }})();"""
    page = f"<!doctype html><title>elsewhere</title><script>{script}</script>".encode()

    class Elsewhere(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args):
            pass

    # threaded: Chromium's speculative second connection, which sends nothing,
    # would hold a one-thread server (and the page's load) for a minute and more
    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Elsewhere)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    before = set(verifying._RUNS)
    try:
        browser.get(f"http://127.0.0.1:{other.server_address[1]}/")
        wait_for(browser, lambda d: d.execute_script("return window.finished === true"),
                 "the other page's attempts")
        outcome = browser.execute_script("return window.outcome")
    finally:
        other.shutdown()
    # a no-cors answer is opaque (status 0, no text); the others never get one
    assert outcome == ["no-cors: read 0 ", "cors: failed", "token: failed"], outcome
    assert set(verifying._RUNS) == before


@pytest.mark.parametrize("path, token, status", [
    ("/api/nothing", None, 403), ("/api/nothing", "default", 404),
    ("/favicon.ico", None, 403), ("http://evil.example/api/state", None, 403),
    ("//api/state", None, 403),
])
def test_every_path_but_the_page_needs_the_token(server, path, token, status):
    got, head, _ = raw(server, request(server, "GET", path, token=token))
    assert got == status and b"access-control-allow-origin" not in head.lower()
