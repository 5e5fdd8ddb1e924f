"""Who may talk to the live page's server, and how much: the checks every
request passes before any work, as Jupyter's server makes them.

A page the user visits on another site can send requests to 127.0.0.1
(``fetch(…, {mode: "no-cors"})`` with ``text/plain`` needs no preflight),
and a DNS-rebinding page can even read the answers.  So, in this order:

==================  ======  ==============================================
check               status  why
==================  ======  ==============================================
``Host``            403     a loopback name or address with the server's
                            port, or what ``--host`` named (with a
                            wildcard ``--host``, any IP address): a
                            rebound DNS name is never one of them
``Origin``          403     absent (not a browser's cross-site request) or
                            the server's own (``http://`` + an allowed
                            ``Host``)
the token           403     ``GET /`` carries ``?token=…``; every other
                            request (the API's) the ``X-Setmine-Token``
                            header — a secret only the printed address
                            and the page hold
``Content-Type``    415     ``application/json`` on a POST: a cross-site
                            form or ``no-cors`` fetch cannot send it
``Content-Length``  413     at most ``MAX_BODY``, looked at before the
                            body is read; a body without one is read up
                            to ``MAX_BODY`` and refused there
body time           408     the body arrives within ``BODY_SECONDS``
==================  ======  ==============================================

No answer carries ``Access-Control-Allow-Origin``: no other origin may
read one.  Slow clients that never finish their headers are cut off by
:class:`Protocol` after ``HEADER_SECONDS``.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import secrets
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from uvicorn.protocols.http.h11_impl import H11Protocol

MAX_BODY = 1_000_000
"""The largest request body, in bytes."""

BODY_SECONDS = 30.0
"""How long a request's body may take to arrive."""

HEADER_SECONDS = 10.0
"""How long a connection may take to send a request's headers."""

MAX_CONNECTIONS = 64
"""Connections and requests at once; past it, a 503 (uvicorn's
``limit_concurrency``)."""

TOKEN_HEADER = "x-setmine-token"
CHECKED = ("host", "origin", TOKEN_HEADER, "content-type", "content-length")
"""The headers the checks read: each may be given once."""

LOOPBACK = ("localhost", "127.0.0.1", "::1")
WILDCARDS = ("0.0.0.0", "::", "")


def new_token() -> str:
    return secrets.token_urlsafe(24)


def _split_host(value: str) -> tuple[str, int | None] | None:
    """``host[:port]`` (``[v6]:port`` for an IPv6 address) → (host, port);
    None when it does not read."""
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        name, rest = value[1:end], value[end + 1:]
        if rest and not rest.startswith(":"):
            return None
        port = rest[1:] if rest else None
    else:
        name, colon, port = value.rpartition(":")
        if not colon:
            name, port = value, None
        elif ":" in name:   # a bare IPv6 address, no port
            name, port = value, None
    if port is not None and not (port.isascii() and port.isdigit() and len(port) <= 5):
        return None   # (isdigit alone takes '²')
    return name.lower().rstrip("."), int(port) if port is not None else None


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Trust:
    """What the server accepts: its ``token``, and the names it answers to
    (``host`` as ``--host`` gave it, on ``port``)."""

    token: str
    host: str
    port: int

    def host_allowed(self, value: str) -> bool:
        split = _split_host(value)
        if split is None:
            return False
        name, port = split
        if port is None:
            port = 80
        if port != self.port:
            return False
        if name in LOOPBACK or name == self.host.lower().strip("[]"):
            return True
        # ``--host 0.0.0.0`` (or ``::``) listens on every address: any IP
        # address may name it — a DNS name still may not (rebinding)
        return self.host in WILDCARDS and _is_ip(name)

    def origin_allowed(self, value: str) -> bool:
        try:
            parts = urlsplit(value)
        except ValueError:
            return False
        return (parts.scheme == "http" and not parts.path and not parts.query
                and bool(parts.netloc) and self.host_allowed(parts.netloc))

    def token_matches(self, given: str | None) -> bool:
        return given is not None and secrets.compare_digest(given.encode("utf-8", "replace"),
                                                            self.token.encode("utf-8"))


def _refusal(status: int, code: str, message: str, html: bool = False) -> tuple[int, bytes, str]:
    if html:
        body = (f"<!doctype html><meta charset=utf-8><title>setmine serve</title>"
                f"<p>{message}</p>").encode("utf-8")
        return status, body, "text/html; charset=utf-8"
    body = json.dumps({"error": {"code": code, "message": message, "span": None,
                                 "field": None}}).encode("utf-8")
    return status, body, "application/json"


class Guard:
    """An ASGI middleware that refuses, before the app sees it, a request
    the table above refuses."""

    def __init__(self, app, trust: Trust, headers: dict[str, str]):
        self.app, self.trust, self.headers = app, trust, headers

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":   # a websocket, say: the app has none, so none is served
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return None
            return await self.app(scope, receive, send)
        try:
            refusal = self.refusal(scope)
        except Exception:   # a header no check foresaw: refused, never a server error
            refusal = _refusal(400, "badRequest", "the request's headers do not read")
        if refusal is None:
            return await self.app(scope, receive, send)
        status, body, kind = refusal
        headers = [(b"content-type", kind.encode()), (b"content-length", str(len(body)).encode()),
                   (b"connection", b"close")]
        headers += [(k.lower().encode(), v.encode()) for k, v in self.headers.items()]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    def refusal(self, scope) -> tuple[int, bytes, str] | None:
        headers: dict[str, str] = {}
        for key, value in scope["headers"]:
            name = key.decode("latin-1").lower()
            if name in headers and name in CHECKED:   # which of two would count?
                return _refusal(400, "badRequest", f"the header {name} is given twice")
            headers[name] = value.decode("latin-1")
        page = scope["path"] == "/"   # the page; anything else is the API's, or nothing
        host = headers.get("host")
        if host is None or not self.trust.host_allowed(host):
            return _refusal(403, "forbidden", "this server answers only to its own address "
                            "(the Host header names another)", html=page)
        origin = headers.get("origin")
        if origin is not None and not self.trust.origin_allowed(origin):
            return _refusal(403, "forbidden", "a page of another origin may not use this "
                            "server", html=page)
        if page:
            given = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token")
            if not self.trust.token_matches(given[0] if given else None):
                return _refusal(403, "forbidden", "open the address setmine serve printed: "
                                "it carries the page's token (…/?token=…)", html=True)
            return None
        if not self.trust.token_matches(headers.get(TOKEN_HEADER)):
            return _refusal(403, "forbidden", "the request lacks this server's token (the "
                            "X-Setmine-Token header its page sends)")
        if scope["method"] == "POST":
            kind = headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                return _refusal(415, "badRequest", "a request's body must be JSON "
                                "(Content-Type: application/json)")
            length = headers.get("content-length")
            if length is not None:
                if not length.isdigit() or len(length) > 18:
                    return _refusal(400, "badRequest", "the Content-Length header is no "
                                    "number")
                if int(length) > MAX_BODY:
                    return _refusal(413, "badRequest", f"the request is {int(length):,} bytes, "
                                    f"more than {MAX_BODY:,}")
        return None


class BodyTooLarge(Exception):
    pass


async def read_body(receive, limit: int = MAX_BODY, seconds: float = BODY_SECONDS) -> bytes:
    """The request's body, read as it arrives: :class:`BodyTooLarge` as
    soon as it passes ``limit`` bytes (a body sent without a
    Content-Length), ``asyncio.TimeoutError`` past ``seconds``."""
    async def gather() -> bytes:
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise ConnectionResetError("the client went away")
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                raise BodyTooLarge(size)
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)

    return await asyncio.wait_for(gather(), seconds)


class Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, with a deadline on a request's headers:
    a connection that has not sent them whole ``HEADER_SECONDS`` after its
    first byte (or after it opened) is closed.  uvicorn times out only an
    idle kept-alive connection, so a client sending a byte a second would
    hold its socket for ever."""

    header_seconds = HEADER_SECONDS

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._header_timer = None
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._awaiting_headers():
            if self._header_timer is None:
                self._arm()
        else:
            self._disarm()

    def connection_lost(self, exc) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        self._disarm()
        super().on_response_complete()

    def _awaiting_headers(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _arm(self) -> None:
        self._header_timer = self.loop.call_later(self.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        timer, self._header_timer = getattr(self, "_header_timer", None), None
        if timer is not None:
            timer.cancel()

    def _too_slow(self) -> None:
        self._header_timer = None
        if self._awaiting_headers() and not self.transport.is_closing():
            self.transport.close()
