"""Every answer of the live page, fed any JSON (hypothesis): an answer or
an ApiError (a 400 that says what), never another exception — so never a
server error, whatever a script or a hostile page sends."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine.resources import MODEL_DIR
from setmine.serve import api, proving, verifying

from .conftest import TINY

PLAN = (MODEL_DIR / "study-plan.rsl").read_text(encoding="utf-8")
MODEL = json.loads((MODEL_DIR / "study-plan.model.json").read_text(encoding="utf-8"))

leaves = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.text(max_size=12),
                   st.sampled_from(["written", "corrected", TINY, "X1", "D18", "0,0", "open",
                                    "mine", "remove", "toggle", "X2", "(Ann, sets)", "Ann",
                                    "beginner", "2x2", "X1<=1", PLAN, "S3", "{", "1x2x1",
                                    "S2", "1,1", "games", "models", "positions", "", " ", "# c",
                                    "X1 ::= ℬ(X1)"]))
values = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(
        ["op", "cell", "alias", "text", "to", "format", "values", "X1", "S1"]), inner,
        max_size=3)), max_leaves=8)
KEYS = ["schema", "board", "model", "expression", "edit", "term", "cell", "level", "seed",
        "run", "against", "scope", "shapes", "mines", "sizes", "asserts", "integers",
        "timeout", "bounded_seconds"]
bodies = st.one_of(values, st.dictionaries(st.sampled_from(KEYS), values, max_size=6),
                   st.fixed_dictionaries({"schema": st.sampled_from(["written", PLAN]),
                                          "model": st.sampled_from([MODEL, {"values": 3}]),
                                          "edit": values}))
ANSWERS = [api.typify, api.evaluate, api.explain, api.state, api.model_state, api.game,
           verifying.start, verifying.poll, verifying.stop, proving.start, proving.poll,
           proving.stop]
LEVELS = st.sampled_from(["1x1x0", "1x2x1", "2x2x1", "3x3x8", "4x4x2", "0x0x0", "9x9", 7])


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(ANSWERS), bodies, LEVELS)
def test_any_json_is_answered_or_refused_in_words(answer, body, level):
    if answer is api.game and isinstance(body, dict):
        body = {**body, "level": level}   # a small game, of any shape (beginner: too slow)
    try:
        out = answer(body)
    except api.ApiError as exc:
        assert exc.message and exc.code
        json.dumps(exc.to_json())
        return
    finally:
        verifying.stop_all()
    json.dumps(out)   # whatever is answered is JSON


# -- the same, over HTTP: any headers and any bytes a hostile page or client
#    sends get a refusal or an answer in words, never a server error

ROUTES = ["/api/type", "/api/evaluate", "/api/state", "/api/model", "/api/game",
          "/api/explain", "/api/verify/poll", "/api/verify/stop", "/api/prove/poll",
          "/api/prove/stop", "/", "/api/nothing"]
HOSTS = st.sampled_from(["OWN", "localhost:PORT", "evil.example:PORT", "127.0.0.1:1", "[::1]:PORT",
                         "127.0.0.1", "", "127.0.0.1:PORT:PORT", "[::1"])
ORIGINS = st.sampled_from([None, "http://127.0.0.1:PORT", "http://evil.example", "null",
                           "https://127.0.0.1:PORT", "http://127.0.0.1:PORT/x", "%"])
TOKENS = st.sampled_from(["OWN", None, "", "wrong", "OWN "])
KINDS = st.sampled_from(["application/json", "text/plain", None, "application/json; charset=utf-8",
                         "multipart/form-data; boundary=x", "APPLICATION/JSON"])
RAW = st.one_of(
    bodies.map(lambda b: json.dumps(b).encode("utf-8")),
    st.binary(max_size=64),
    st.integers(1, 3_000).map(lambda n: b"[" * n + b"]" * n),              # deep
    st.integers(90, 6_000).map(lambda n: b'{"seed": ' + b"9" * n + b"}"),  # long numbers
    st.just(b'{"schema": "written", "expression": "' + b"X1 \\u222a " * 300 + b'X1"}'),
)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(ROUTES), HOSTS, ORIGINS, TOKENS, KINDS, RAW)
def test_any_request_over_http_is_answered_or_refused_in_words(server, route, host, origin,
                                                               token, kind, raw):
    from .test_guard import raw as send

    port = server.url.rsplit(":", 1)[1]
    lines = [f"POST {route} HTTP/1.1"]
    if host:
        lines.append("Host: " + host.replace("OWN", f"127.0.0.1:{port}").replace("PORT", port))
    if origin is not None:
        lines.append("Origin: " + origin.replace("PORT", port))
    if token is not None:
        lines.append("X-Setmine-Token: " + token.replace("OWN", server.token))
    if kind is not None:
        lines.append("Content-Type: " + kind)
    lines += [f"Content-Length: {len(raw)}", "Connection: close"]
    try:
        status, head, body = send(server, ("\r\n".join(lines) + "\r\n\r\n").encode() + raw)
    finally:
        verifying.stop_all()
    assert status in (200, 400, 403, 404, 405, 413, 415), (status, body[:300])
    assert b"access-control-allow-origin" not in head.lower()
    if status == 200 and route.startswith("/api/"):
        json.loads(body)
