"""A hostile client against a running ``setmine serve`` (issue 46): what a
web page on another site, a DNS-rebinding page, an oversized or deeply
nested body, a huge formula or board, slow clients and an over-full model
do to the server — each case's status, time, answer size and the server's
memory (its VmRSS, or the peak while the case ran), for a before/after table.

    .venv/bin/python bench/hostile_server.py                  # this checkout
    .venv/bin/python bench/hostile_server.py --quick          # without the slowest cases
    .venv/bin/python bench/hostile_server.py --cwd /tmp/before   # another checkout
    .venv/bin/python bench/hostile_server.py --only 1,2,6 --slow-clients 50

Starts ``PYTHON -c "…main()" serve beginner-midgame --no-browser --port 0``
in ``--cwd`` (with ``PYTHONPATH=--cwd``, so that the child imports that
checkout's setmine, not the one the virtualenv installed), reads the address
it prints (its ``?token=…``, if any: then every ordinary request carries it
in ``X-Setmine-Token``), and runs the cases over raw sockets, each request
under its own timeout, so that no case hangs the probe.  A second server, on
``study-plan``, answers case 13.  A server that dies is noted and started
again for the next case; both are stopped at the end (their process groups).

The cases: 1 cross-origin ``text/plain`` POSTs starting verify runs (and
then the page's own run: were the slots taken?); 2 the API without, with a
wrong, with the right token; 3 a foreign ``Host`` (DNS rebinding); 4 an
``Origin`` of another port; 5 ``Access-Control-Allow-Origin`` on any answer;
6 JSON nested 100,000 deep; 7 a game seeded with 5,000 digits; 8 a 100 MB
body (with Content-Length, 20 at once, chunked); 9 a 100,000-character
formula; 10 a 50×50 board; 11 memory over repeated heavy requests; 12 slow
clients sending headers a byte a second; 13 a model set grown past its
limit.  ``--quick`` skips 12 and the twenty 100 MB bodies.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import re
import select
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

LAUNCH = "import sys; from setmine.cli import main; sys.exit(main())"
"""How the child runs ``setmine`` (the console script is ``setmine.cli:main``,
and ``setmine.cli`` has no ``__main__``)."""
TOKEN_HEADER = "X-Setmine-Token"
EVIL = "http://evil.example:9999"
MB = 1 << 20
WRONG_TOKEN = "0123456789abcdef0123456789abcdef"
CLAIM = "D18 ∩ D8 = ∅"


# -- raw HTTP, every read under a deadline

@dataclass
class Reply:
    status: int | None = None
    headers: dict = field(default_factory=dict)
    body: bytes = b""
    seconds: float = 0.0
    error: str = ""

    def data(self):
        try:
            return json.loads(self.body)
        except ValueError:
            return None

    def code(self) -> str | None:
        data = self.data()
        if isinstance(data, dict) and isinstance(data.get("error"), dict):
            return data["error"].get("code")
        return None

    def message(self) -> str:
        data = self.data()
        if isinstance(data, dict) and isinstance(data.get("error"), dict):
            return str(data["error"].get("message", ""))
        return ""


REPLIES: list[Reply] = []
"""Every answer of the run, for case 5 (any Access-Control-Allow-Origin?)."""


def read_reply(sock: socket.socket, deadline: float) -> Reply:
    """One HTTP answer from ``sock`` (the request said ``Connection: close``)."""
    buf = b""

    def more() -> bytes:
        left = deadline - time.monotonic()
        if left <= 0:
            raise socket.timeout
        sock.settimeout(left)
        return sock.recv(1 << 16)

    while b"\r\n\r\n" not in buf:
        chunk = more()
        if not chunk:
            return Reply(error="closed, no answer" if not buf else "closed mid-answer")
        buf += chunk
    head, rest = buf.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    reply = Reply(status=int(lines[0].split()[1]))
    for line in lines[1:]:
        key, _, value = line.partition(":")
        reply.headers[key.strip().lower()] = value.strip()
    if "content-length" in reply.headers:
        wanted = int(reply.headers["content-length"])
        while len(rest) < wanted:
            chunk = more()
            if not chunk:
                break
            rest += chunk
        reply.body = rest[:wanted]
        return reply
    while True:   # chunked, or to the end of the connection
        try:
            chunk = more()
        except (socket.timeout, OSError):
            break
        if not chunk:
            break
        rest += chunk
    if "chunked" in reply.headers.get("transfer-encoding", ""):
        body, data = b"", rest
        while data:
            size_line, _, data = data.partition(b"\r\n")
            size = int(size_line.split(b";")[0] or b"0", 16)
            if size == 0:
                break
            body, data = body + data[:size], data[size + 2:]
        rest = body
    reply.body = rest
    return reply


def head_of(method: str, path: str, host: str, headers: dict) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8")


def request(port: int, method: str, path: str, body: bytes = b"", headers: dict | None = None,
            host: str | None = None, timeout: float = 60.0) -> Reply:
    headers = dict(headers or {})
    if method not in ("GET", "OPTIONS") or body:
        headers["Content-Length"] = str(len(body))
    started = time.monotonic()
    deadline = started + timeout
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
            sock.sendall(head_of(method, path, host or f"127.0.0.1:{port}", headers) + body)
            reply = read_reply(sock, deadline)
    except socket.timeout:
        reply = Reply(error=f"no answer in {timeout:g} s")
    except OSError as exc:
        reply = Reply(error=f"{type(exc).__name__}: {exc.strerror or exc}")
    reply.seconds = time.monotonic() - started
    REPLIES.append(reply)
    return reply


# -- the server under test

class Server:
    """``setmine serve TARGET`` of the checkout ``cwd``, in its own process
    group (a verify run's processes are its children)."""

    def __init__(self, python: str, cwd: str, target: str, wait: float = 120.0):
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (cwd, env.get("PYTHONPATH")) if p)
        self.target = target
        self.log = tempfile.TemporaryFile()
        self.log_mark = 0
        self.proc = subprocess.Popen(
            [python, "-c", LAUNCH, "serve", target, "--no-browser", "--port", "0"],
            cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=self.log, start_new_session=True, text=True)
        lines: queue.Queue = queue.Queue()

        def reading() -> None:   # the first line goes to the queue; the rest is drained
            for line in self.proc.stdout:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=reading, daemon=True).start()
        try:
            line = lines.get(timeout=wait)
        except queue.Empty:
            line = None
        found = re.search(r"https?://\S+", line or "")
        if not found:
            self.stop()
            raise RuntimeError(f"setmine serve {target} printed no address: {line!r}; "
                               f"stderr: {self.new_log()[-2000:]}")
        self.url = found.group(0)
        parts = urlsplit(self.url)
        self.port = parts.port
        tokens = parse_qs(parts.query).get("token") or parse_qs(parts.fragment).get("token")
        self.token = tokens[0] if tokens else None
        self.page = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        self.shown = re.sub(r"token=[^&#]+", "token=…", self.page)   # (not in the table)
        deadline = time.monotonic() + 30
        while True:   # the address is printed before uvicorn binds
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline or not self.alive():
                    self.stop()
                    raise RuntimeError(f"setmine serve {target} does not listen on "
                                       f"{self.port}: {self.new_log()[-2000:]}")
                time.sleep(0.1)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def status(self, key: str) -> int | None:
        """A /proc/PID/status field in bytes (VmRSS, VmHWM); None when gone."""
        try:
            with open(f"/proc/{self.proc.pid}/status") as f:
                for line in f:
                    if line.startswith(key + ":"):
                        return int(line.split()[1]) * 1024
        except (OSError, ValueError):
            return None
        return None

    def rss(self) -> int | None:
        return self.status("VmRSS")

    def new_log(self) -> str:
        """What the server wrote on stderr since the last call."""
        self.log.seek(self.log_mark)
        text = self.log.read()
        self.log_mark += len(text)
        return text.decode("utf-8", "replace")

    def stop(self) -> None:
        try:
            if self.alive():
                os.killpg(self.proc.pid, signal.SIGTERM)
                try:
                    self.proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    pass
            os.killpg(self.proc.pid, signal.SIGKILL)   # the group: verify runs left behind
        except ProcessLookupError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass


class Peak:
    """The server's peak RSS while a block runs: its VmHWM, reset as the
    block starts (where the kernel allows), and samples every 20 ms."""

    def __init__(self, server: Server):
        self.server, self.peak, self._stop = server, 0, threading.Event()

    def __enter__(self) -> Peak:
        try:   # "5" resets the process's VmHWM to its RSS now (proc(5), clear_refs)
            with open(f"/proc/{self.server.proc.pid}/clear_refs", "w") as f:
                f.write("5")
        except OSError:
            pass
        self.hwm = self.server.status("VmHWM") or 0
        self.peak = self.server.rss() or 0

        def sampling() -> None:
            while not self._stop.wait(0.02):
                self.peak = max(self.peak, self.server.rss() or 0)

        self._thread = threading.Thread(target=sampling, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        hwm = self.server.status("VmHWM") or 0
        if hwm > self.hwm:
            self.peak = max(self.peak, hwm)


# -- the table

@dataclass
class Row:
    case: str
    what: str
    status: str = ""
    seconds: float | None = None
    size: int | None = None
    rss: str = ""
    verdict: str = ""


def mb(n: int | None) -> str:
    return "—" if n is None else f"{n / MB:,.0f} MB"


def verdict(reply: Reply, server: Server | None = None) -> str:
    if reply.status is None:
        return reply.error or "no answer"
    if reply.status == 200:
        return "accepted"
    if reply.status >= 500:
        said = f"{reply.status} server error: {reply.body[:40].decode('utf-8', 'replace')!r}"
        if server is not None:
            time.sleep(0.3)   # uvicorn logs the exception after the answer is sent
            log = server.new_log()
            if "Traceback" in log:
                last = [x for x in log.splitlines() if x and not x[0].isspace()][-1]
                said += f"; the server logged a traceback ({last[:70]})"
        return said
    code = reply.code()
    return f"refused {reply.status}" + (f" {code}" if code else "")


def print_table(rows: list[Row], out=sys.stdout) -> None:
    header = ("case", "request", "status", "time", "bytes", "server RSS", "verdict")
    cells = [header] + [(r.case, r.what, r.status or "—",
                         "—" if r.seconds is None else f"{r.seconds:.2f} s",
                         "—" if r.size is None else f"{r.size:,}", r.rss or "—", r.verdict)
                        for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(6)]
    for i, c in enumerate(cells):
        print("  ".join(c[j].ljust(widths[j]) if j in (0, 1, 5) else c[j].rjust(widths[j])
                        for j in range(6)) + "  " + c[6], file=out)
        if i == 0:
            print("  ".join("-" * w for w in widths) + "  " + "-" * 7, file=out)


# -- the requests

def board_text(rows: int = 50, cols: int = 50, mines: int = 400, seed: int = 46) -> str:
    """A mid-game on a rows×cols board: mines at random, regions opened from
    zeros (as a game's first clicks open them) until about 45% is open, the
    move a closed safe cell beside the open ones."""
    rng = random.Random(seed)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    mined = set(rng.sample(cells, mines))

    def around(cell):
        r, c = cell
        return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]

    count = {cell: sum(n in mined for n in around(cell)) for cell in cells}
    opened: set = set()
    zeros = [cell for cell in cells if cell not in mined and count[cell] == 0]
    rng.shuffle(zeros)
    for zero in zeros:
        if len(opened) >= 0.45 * len(cells):
            break
        todo = [zero]
        while todo:
            cell = todo.pop()
            if cell in opened:
                continue
            opened.add(cell)
            if count[cell] == 0:
                todo += [n for n in around(cell) if n not in opened and n not in mined]
    move = next(cell for cell in cells if cell not in opened and cell not in mined
                and any(n in opened for n in around(cell)))
    grid = "\n".join(" ".join(str(count[(r, c)]) if (r, c) in opened
                              else "*" if (r, c) in mined else "." for c in range(cols))
                     for r in range(rows))
    return (f"# {rows}x{cols}, {mines} mines, {len(opened)} cells open (bench/hostile_server.py)\n"
            f"name: hostile {rows}x{cols}\nmines: {mines}\nmove: {move[0]},{move[1]}\n\n{grid}\n")


class Probe:
    def __init__(self, args):
        self.args = args
        self.rows: list[Row] = []
        self.server = self.start("beginner-midgame")

    def start(self, target: str) -> Server:
        server = Server(self.args.python, self.args.cwd, target)
        print(f"[probe] setmine serve {target}: port {server.port} (pid {server.proc.pid}, "
              f"token {'yes' if server.token else 'none'})", file=sys.stderr)
        return server

    def ensure_server(self) -> None:
        if not self.server.alive():
            code = self.server.proc.returncode
            log = self.server.new_log()[-200:]
            self.add(Row("—", "the server had died",
                         verdict=f"exit {code}; started again; log: {log!r}"))
            self.server.stop()
            self.server = self.start("beginner-midgame")

    def add(self, row: Row) -> Row:
        self.rows.append(row)
        print(f"[probe] {row.case:6} {row.what}: {row.status or '—'} "
              f"{'' if row.seconds is None else f'{row.seconds:.2f} s'} {row.verdict}",
              file=sys.stderr, flush=True)
        return row

    def headers(self, token=True, ctype: str = "application/json", origin: str | None = None,
                server: Server | None = None) -> dict:
        """``token``: True the server's, False none, a string that one."""
        server = server or self.server
        out = {"Content-Type": ctype} if ctype else {}
        if origin:
            out["Origin"] = origin
        value = server.token if token is True else token or None
        if value:
            out[TOKEN_HEADER] = value
        return out

    def post(self, path: str, body, token=True, ctype="application/json", origin=None,
             host=None, timeout=None, server: Server | None = None) -> Reply:
        server = server or self.server
        data = body if isinstance(body, bytes) else json.dumps(body).encode("utf-8")
        return request(server.port, "POST", path, data,
                       self.headers(token, ctype, origin, server), host=host,
                       timeout=timeout or self.args.timeout)

    def row(self, case: str, what: str, reply: Reply, note: str = "", rss: str | None = None,
            server: Server | None = None) -> Row:
        server = server or self.server
        said = verdict(reply, server)
        return self.add(Row(case, what, str(reply.status or "—"), reply.seconds, len(reply.body),
                            rss if rss is not None else mb(server.rss()),
                            said + (f"; {note}" if note else "")))

    # the shared request bodies

    def verify_body(self) -> dict:
        return {"schema": "written", "board": self.board, "scope": "positions",
                "shapes": self.args.verify_shapes, "asserts": [CLAIM]}

    def stop_run(self, reply: Reply) -> None:
        data = reply.data()
        if reply.status == 200 and isinstance(data, dict) and data.get("run"):
            self.post("/api/verify/stop", {"run": data["run"]})

    # the cases

    def setup(self) -> None:
        page = request(self.server.port, "GET", self.server.page, timeout=self.args.timeout)
        found = re.search(rb'<script type="application/json" id="start">(.*?)</script>',
                          page.body, re.S)
        start = json.loads(found.group(1)) if found else {}
        self.board = start.get("board") or (Path(self.args.cwd) / "spec/boards/"
                                            "beginner-midgame.board").read_text()
        self.row("0", f"GET {self.server.shown} (the page, as printed)", page)

    def case1(self) -> None:
        body = json.dumps(self.verify_body()).encode("utf-8")
        started = []
        for i in (1, 2, 3):
            reply = self.post("/api/verify", body, token=False, ctype="text/plain",
                              origin=EVIL)
            started.append(reply)
            self.row(f"1.{i}", f"cross-origin text/plain POST /api/verify ({EVIL})", reply,
                     "a verify run started" if reply.status == 200 else reply.message()[:70])
        own = self.post("/api/verify", body)
        ran = sum(r.status == 200 for r in started)
        self.row("1.4", "then the page's own verify (json, token)", own,
                 (f"busy: {ran} cross-origin runs hold the slots" if own.code() == "busy"
                  else f"the slots were free ({ran} cross-origin runs started)"))
        for reply in started + [own]:
            self.stop_run(reply)

    def case2(self) -> None:
        body = json.dumps(self.verify_body()).encode("utf-8")
        for i, (token, what) in enumerate(((False, "no token"), (WRONG_TOKEN, "a wrong token"),
                                           (True, "the right token")), 1):
            reply = self.post("/api/verify", body, token=token)
            note = "" if token is not True or self.server.token else \
                "the server printed no token: none sent"
            if reply.status == 200:
                note = "; ".join(x for x in ("a verify run started", note) if x)
            self.row(f"2.{i}", f"json POST /api/verify, {what}", reply, note)
            self.stop_run(reply)

    def case3(self) -> None:
        state = {"schema": "written", "board": self.board}
        port = self.server.port
        self.row("3.0", "control: json POST /api/state, right Host, token",
                 self.post("/api/state", state))
        evil_host = f"evil.example:{port}"
        reply = request(port, "GET", self.server.page, host=evil_host, timeout=self.args.timeout)
        self.row("3.1", f"GET {self.server.shown} with Host: {evil_host}", reply)
        self.row("3.2", f"POST /api/state with Host: {evil_host}, token",
                 self.post("/api/state", state, host=evil_host))

    def case4(self) -> None:
        state = {"schema": "written", "board": self.board}
        self.row("4.1", "POST /api/state, Origin: http://127.0.0.1:1, token",
                 self.post("/api/state", state, origin="http://127.0.0.1:1"))
        own = f"http://127.0.0.1:{self.server.port}"
        self.row("4.2", f"control: POST /api/state, Origin: {own}, token",
                 self.post("/api/state", state, origin=own))

    def case5(self) -> None:
        reply = request(self.server.port, "OPTIONS", "/api/state", headers={
            "Origin": EVIL, "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": f"content-type, {TOKEN_HEADER.lower()}"},
            timeout=self.args.timeout)
        allowed = reply.headers.get("access-control-allow-origin", "absent")
        self.row("5.1", f"OPTIONS /api/state preflight from {EVIL}", reply,
                 f"Access-Control-Allow-Origin: {allowed}")
        self.acao_row = self.add(Row("5.2", "any answer of the run with "
                                            "Access-Control-Allow-Origin"))

    def finish_case5(self) -> None:
        if getattr(self, "acao_row", None) is None:
            return
        withs = [r for r in REPLIES if "access-control-allow-origin" in r.headers]
        values = sorted({r.headers["access-control-allow-origin"] for r in withs})
        self.acao_row.verdict = (f"{len(withs)} of {len(REPLIES)} answers carry it: {values}"
                                 if withs else f"none of {len(REPLIES)} answers")

    def case6(self) -> None:
        depth = 100_000
        body = b"[" * depth + b"]" * depth
        reply = self.post("/api/state", body)
        self.row("6.1", f"/api/state, a JSON array nested {depth:,} deep", reply,
                 reply.message()[:70])
        body = (b'{"schema": "written", "board": ' + json.dumps(self.board).encode()
                + b', "edit": ' + b'{"a": ' * depth + b"1" + b"}" * depth + b"}")
        reply = self.post("/api/state", body)
        self.row("6.2", f"/api/state, a valid request whose edit is nested {depth:,} deep",
                 reply, reply.message()[:70])

    def case7(self) -> None:
        digits = "7" * 5000
        body = b'{"schema": "written", "level": "beginner", "seed": ' + digits.encode() + b"}"
        reply = self.post("/api/game", body)
        self.row("7.1", "/api/game, seed a JSON number of 5,000 digits", reply,
                 reply.message()[:70] if reply.status != 200 else
                 f"{reply.data().get('moves')} moves")
        reply = self.post("/api/game", {"schema": "written", "level": "beginner", "seed": digits})
        self.row("7.2", "/api/game, seed a string of 5,000 digits", reply,
                 reply.message()[:70] if reply.status != 200 else
                 f"{reply.data().get('moves')} moves")

    def big_post(self, total: int, chunked: bool) -> dict:
        """POST ``total`` bytes (a JSON object with one long string) to
        /api/type in 256 KiB pieces, looking for the answer before each:
        how much was sent when it came, and whether the send stalled."""
        port, step = self.server.port, 256 * 1024
        head = head_of("POST", "/api/type", f"127.0.0.1:{port}", {
            **self.headers(), **({"Transfer-Encoding": "chunked"} if chunked
                                 else {"Content-Length": str(total)})})
        prefix, suffix = b'{"schema": "written", "expression": "', b'"}'
        filler = b"a" * step
        started = time.monotonic()
        deadline = started + self.args.heavy_timeout
        out = {"sent": 0, "answered_at": None, "stalled": False, "send_error": "",
               "reply": Reply()}

        def pieces():
            yield prefix
            left = total - len(prefix) - len(suffix)
            while left > 0:
                yield filler if left >= step else filler[:left]
                left -= step
            yield suffix

        try:
            with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
                sock.sendall(head)
                finished = True
                for piece in pieces():
                    if select.select([sock], [], [], 0)[0]:
                        out["answered_at"], finished = out["sent"], False
                        break
                    sock.settimeout(max(0.05, min(30.0, deadline - time.monotonic())))
                    try:
                        sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
                    except socket.timeout:
                        out["stalled"], finished = True, False
                        break
                    except OSError as exc:
                        out["send_error"], finished = type(exc).__name__, False
                        break
                    out["sent"] += len(piece)
                if finished and chunked:
                    sock.sendall(b"0\r\n\r\n")
                try:
                    reply = read_reply(sock, min(deadline, time.monotonic() + 60)
                                       if out["stalled"] else deadline)
                except socket.timeout:
                    reply = Reply(error="no answer")
                except OSError as exc:
                    reply = Reply(error=f"{type(exc).__name__}")
        except OSError as exc:
            reply = Reply(error=f"{type(exc).__name__}: {exc}")
        reply.seconds = time.monotonic() - started
        REPLIES.append(reply)
        out["reply"] = reply
        return out

    def big_note(self, out: dict, total: int) -> str:
        sent = out["sent"]
        if out["answered_at"] is not None:
            how = f"answered after {sent / MB:,.1f} MB of {total / MB:,.0f} MB sent"
        elif out["stalled"]:
            how = f"the server stopped reading after {sent / MB:,.1f} MB"
        elif out["send_error"]:
            how = f"{out['send_error']} after {sent / MB:,.1f} MB sent"
        else:
            how = f"answered only once all {total / MB:,.0f} MB were sent (it read them all)"
        return how

    def case8(self) -> None:
        total = self.args.body_mb * MB
        with Peak(self.server) as peak:
            out = self.big_post(total, chunked=False)
        self.row("8.a", f"{self.args.body_mb} MB body to /api/type with Content-Length",
                 out["reply"], self.big_note(out, total), rss=f"peak {mb(peak.peak)}")
        time.sleep(1)
        self.ensure_server()
        if not self.args.quick:
            n = self.args.parallel_bodies
            outs: list = [None] * n
            with Peak(self.server) as peak:
                threads = [threading.Thread(target=lambda i=i: outs.__setitem__(
                    i, self.big_post(total, chunked=False))) for i in range(n)]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
            statuses = Counter(str(o["reply"].status or o["reply"].error) for o in outs)
            read_all = sum(o["answered_at"] is None and not o["stalled"] and not o["send_error"]
                           for o in outs)
            slowest = max(o["reply"].seconds for o in outs)
            alive = self.server.alive()
            self.add(Row("8.b", f"{n} such bodies at once",
                         ", ".join(f"{k}×{v}" for k, v in statuses.items()), slowest, None,
                         f"peak {mb(peak.peak)}",
                         f"{read_all} of {n} read whole; slowest {slowest:.1f} s; "
                         f"server {'alive' if alive else 'DEAD'}"))
            time.sleep(1)
            self.ensure_server()
        with Peak(self.server) as peak:
            out = self.big_post(total, chunked=True)
        self.row("8.c", f"{self.args.body_mb} MB body, chunked, no Content-Length", out["reply"],
                 self.big_note(out, total), rss=f"peak {mb(peak.peak)}")
        time.sleep(2)
        self.ensure_server()
        reply = self.post("/api/type", {"schema": "written", "expression": "X1"})
        self.row("8.d", "after case 8: a small /api/type", reply, "RSS after 2 s")

    def case9(self) -> None:
        valid = "X1 ∪ " * 19_999 + "X1"             # 99,997 characters
        invalid = "X1 ∪ " * 20_000                  # a last ∪ with no operand
        nested = "(" * 49_999 + "X1" + ")" * 49_999
        for i, (path, text, what) in enumerate((
                ("/api/type", valid, "/api/type, 'X1 ∪ ' × 19,999 + 'X1' (100k chars)"),
                ("/api/evaluate", valid, "/api/evaluate, the same valid formula"),
                ("/api/type", invalid, "/api/type, 'X1 ∪ ' × 20,000 (invalid, 100k)"),
                ("/api/evaluate", invalid, "/api/evaluate, the same invalid formula"),
                ("/api/type", nested, "/api/type, X1 in 49,999 parentheses")), 1):
            with Peak(self.server) as peak:
                reply = self.post(path, {"schema": "written", "board": self.board,
                                         "expression": text})
            self.row(f"9.{i}", what, reply, reply.message()[:60] if reply.status != 200 else "",
                     rss=f"peak {mb(peak.peak)}")
            self.ensure_server()
        replies: list = [None, None, None]

        def ask(i: int, path: str, body: dict, delay: float = 0.0) -> None:
            time.sleep(delay)
            replies[i] = self.post(path, body)

        big = {"schema": "written", "board": self.board, "expression": valid}
        threads = [threading.Thread(target=ask, args=(0, "/api/evaluate", big)),
                   threading.Thread(target=ask, args=(1, "/api/evaluate", big)),
                   threading.Thread(target=ask, args=(2, "/api/type",
                                                      {"schema": "written", "expression": "X1"},
                                                      0.5))]
        with Peak(self.server) as peak:
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        for i, what in enumerate(("two at once: the first /api/evaluate",
                                  "two at once: the second /api/evaluate",
                                  "meanwhile (0.5 s in) a small /api/type")):
            self.row(f"9.6{'abc'[i]}", what, replies[i], rss=f"peak {mb(peak.peak)}")

    def big_state(self) -> dict:
        if not hasattr(self, "big_board"):
            self.big_board = board_text()
        return {"schema": "written", "board": self.big_board}

    def case10(self) -> None:
        with Peak(self.server) as peak:
            reply = self.post("/api/state", self.big_state(), timeout=self.args.heavy_timeout)
        self.row("10", "/api/state of a 50×50 mid-game (2,500 cells)", reply,
                 reply.message()[:60] if reply.status != 200 else "",
                 rss=f"peak {mb(peak.peak)}")

    def case11(self) -> None:
        before = self.server.rss()
        for i in range(1, 11):
            reply = self.post("/api/state", self.big_state(), timeout=self.args.heavy_timeout)
            self.row(f"11.{i}", "the 50×50 /api/state again", reply)
            self.ensure_server()
        time.sleep(3)
        after = self.server.rss()
        self.add(Row("11.z", "3 s after the loop", rss=mb(after),
                     verdict=f"RSS {mb(before)} before the loop, {mb(after)} after"))

    def case12(self) -> None:
        n, seconds, port = self.args.slow_clients, self.args.slow_seconds, self.server.port
        payload = (f"POST /api/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ").encode() \
            + b"a" * 100_000
        socks, closed, answered = [], 0, Counter()
        for _ in range(n):
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=5)
                sock.setblocking(False)
                socks.append(sock)
            except OSError:
                closed += 1
        opened = len(socks)
        meanwhile: list = [None, None]

        def normal() -> None:
            meanwhile[0] = request(port, "GET", self.server.page, timeout=self.args.timeout)
            meanwhile[1] = self.post("/api/type", {"schema": "written", "expression": "X1"})

        helper = threading.Thread(target=normal)
        started = time.monotonic()
        with Peak(self.server) as peak:
            for second in range(seconds):
                if second == seconds // 2:
                    helper.start()
                for sock in list(socks):
                    try:
                        sock.send(payload[second:second + 1])
                    except (BlockingIOError, InterruptedError):
                        pass
                    except OSError:
                        socks.remove(sock)
                        sock.close()
                        closed += 1
                        continue
                    readable = select.select([sock], [], [], 0)[0]
                    if readable:
                        try:
                            data = sock.recv(4096)
                        except OSError:
                            data = b""
                        if data:
                            answered[data.split(b"\r\n")[0].decode("latin-1")[:40]] += 1
                        else:
                            closed += 1
                        socks.remove(sock)
                        sock.close()
                time.sleep(max(0.0, started + second + 1 - time.monotonic()))
            helper.join(timeout=self.args.timeout)
        still = len(socks)
        for sock in socks:
            sock.close()
        self.add(Row("12.1", f"{n} clients sending headers 1 byte/s, after {seconds} s",
                     f"{still} open", time.monotonic() - started, None, f"peak {mb(peak.peak)}",
                     f"{opened} connected; {still} still open (not closed by the server); "
                     f"{closed} closed by it; answered: {dict(answered) or 'none'}"))
        for i, (reply, what) in enumerate(zip(meanwhile, ("GET the page", "a small /api/type")), 1):
            if reply is None:
                self.add(Row(f"12.{i + 1}", f"meanwhile: {what}", verdict="not done"))
            else:
                self.row(f"12.{i + 1}", f"meanwhile ({seconds // 2} s in): {what}", reply)

    def case13(self) -> None:
        server = self.start("study-plan")
        try:
            page = request(server.port, "GET", server.page, timeout=self.args.timeout)
            found = re.search(rb'<script type="application/json" id="start">(.*?)</script>',
                              page.body, re.S)
            start = json.loads(found.group(1)) if found else {}
            if "model" not in start:
                models = Path(self.args.cwd) / "spec/models"
                start = {"schema": (models / "study-plan.rsl").read_text(),
                         "model": json.loads((models / "study-plan.model.json").read_text())}
            schema, shipped = start["schema"], start["model"]
            model, count, last, steps = shipped, len(shipped["values"]["X1"]), None, 0
            began = time.monotonic()
            stopped = ""
            while count <= 200:
                if time.monotonic() - began > self.args.heavy_timeout:
                    stopped = f"stopped at {count}: over {self.args.heavy_timeout:g} s"
                    break
                last = self.post("/api/model", {"schema": schema, "model": model, "edit": {
                    "op": "add", "alias": "X1", "text": f"student{count + 1}"}}, server=server)
                steps += 1
                if last.status != 200:
                    stopped = f"refused at element {count + 1}: {last.message()[:60]}"
                    break
                model = last.data()["model"]
                count = len(model["values"]["X1"])
            total = time.monotonic() - began
            self.add(Row("13.1", f"/api/model on study-plan: add to X1 one by one, "
                                 f"{len(shipped['values']['X1'])} → {count}",
                         str(last.status if last else "—"), total,
                         len(last.body) if last else None,
                         mb(server.rss()),
                         (stopped or f"accepted: X1 has {count} elements") +
                         f"; {steps} requests, the last {last.seconds:.2f} s" if last else ""))
            reply = self.post("/api/model", {"schema": schema, "model": model}, server=server)
            self.row("13.2", f"then a plain /api/model with that model ({count} elements)",
                     reply, reply.message()[:60] if reply.status != 200 else "", server=server)
            removed = self.post("/api/model", {"schema": schema, "model": model, "edit": {
                "op": "remove", "alias": "X1", "text": f"student{count}"}}, server=server)
            self.row("13.3", "then removing one element (the page's way back)", removed,
                     removed.message()[:60] if removed.status != 200 else "", server=server)
            reply = self.post("/api/model", {"schema": schema, "model": shipped}, server=server)
            self.row("13.4", "then a plain /api/model with the shipped model", reply,
                     server=server)
        finally:
            server.stop()


CASES = {1: "case1", 2: "case2", 3: "case3", 4: "case4", 5: "case5", 6: "case6", 7: "case7",
         8: "case8", 9: "case9", 10: "case10", 11: "case11", 12: "case12", 13: "case13"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter of the checkout under test (default: this one)")
    parser.add_argument("--cwd", default=str(Path(__file__).resolve().parents[1]),
                        help="the checkout under test (default: this one); the server runs "
                             "there with PYTHONPATH=DIR")
    parser.add_argument("--quick", action="store_true",
                        help="skip the slowest cases: the slow clients (12) and the twenty "
                             "100 MB bodies (8.b)")
    parser.add_argument("--only", help="the cases to run, e.g. 1,2,6 (default: all)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds an ordinary request may take (default 60)")
    parser.add_argument("--heavy-timeout", type=float, default=300.0,
                        help="seconds a 100 MB body or a 50×50 board may take (default 300)")
    parser.add_argument("--body-mb", type=int, default=100, help="the large body (default 100)")
    parser.add_argument("--parallel-bodies", type=int, default=20,
                        help="large bodies at once in 8.b (default 20)")
    parser.add_argument("--slow-clients", type=int, default=200,
                        help="slow clients in case 12 (default 200)")
    parser.add_argument("--slow-seconds", type=int, default=30,
                        help="how long the slow clients send (default 30)")
    parser.add_argument("--verify-shapes", default="cells<=8",
                        help="the shapes of the verify runs of cases 1-2 (long enough to hold "
                             "a slot; stopped at once)")
    args = parser.parse_args()
    args.cwd = str(Path(args.cwd).resolve())
    chosen = sorted({int(x) for x in args.only.split(",")}) if args.only else list(CASES)
    if args.quick and not args.only:
        chosen.remove(12)

    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (args.cwd, os.environ.get("PYTHONPATH")) if p))
    which = subprocess.run([args.python, "-c", "import setmine; print(setmine.__file__)"],
                           cwd=args.cwd, env=env, capture_output=True, text=True, timeout=60)
    print(f"checkout under test: {args.cwd} (setmine from {which.stdout.strip() or which.stderr})")
    print(f"python: {args.python}; cases {','.join(map(str, chosen))}"
          f"{' (--quick)' if args.quick else ''}")

    probe = Probe(args)
    started = time.monotonic()
    try:
        probe.setup()
        print(f"server: port {probe.server.port}, "
              f"token: {f'{len(probe.server.token)} characters' if probe.server.token else 'none'}")
        for number in chosen:
            probe.ensure_server()
            try:
                getattr(probe, CASES[number])()
            except Exception as exc:   # a case that failed in the probe: said, and on
                traceback.print_exc()
                probe.add(Row(str(number), "the probe's case failed",
                              verdict=f"{type(exc).__name__}: {exc}"))
        probe.finish_case5()
        if not probe.server.alive():
            probe.add(Row("—", "the server had died",
                          verdict=f"exit {probe.server.proc.returncode}"))
    finally:
        probe.server.stop()
    print(f"\n{len(probe.rows)} rows in {time.monotonic() - started:.0f} s; "
          f"RSS: the server's VmRSS after the request, or its peak while the case ran\n")
    print_table(probe.rows)


if __name__ == "__main__":
    main()
