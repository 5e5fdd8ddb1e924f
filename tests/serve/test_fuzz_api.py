"""Every answer of the live page, fed any JSON (hypothesis): an answer or
an ApiError (a 400 that says what), never another exception — so never a
server error, whatever a script or a hostile page sends."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine.resources import MODEL_DIR
from setmine.serve import api, verifying

from .conftest import TINY

PLAN = (MODEL_DIR / "study-plan.rsl").read_text(encoding="utf-8")
MODEL = json.loads((MODEL_DIR / "study-plan.model.json").read_text(encoding="utf-8"))

leaves = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.text(max_size=12),
                   st.sampled_from(["written", "corrected", TINY, "X1", "D18", "0,0", "open",
                                    "mine", "remove", "toggle", "X2", "(Ann, sets)", "Ann",
                                    "beginner", "2x2", "X1<=1", PLAN, "S3", "{", "1x2x1",
                                    "S2", "1,1", "games", "models", "positions"]))
values = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(
        ["op", "cell", "alias", "text", "to", "format", "values", "X1", "S1"]), inner,
        max_size=3)), max_leaves=8)
KEYS = ["schema", "board", "model", "expression", "edit", "term", "cell", "level", "seed",
        "run", "against", "scope", "shapes", "mines", "sizes", "asserts"]
bodies = st.one_of(values, st.dictionaries(st.sampled_from(KEYS), values, max_size=6),
                   st.fixed_dictionaries({"schema": st.sampled_from(["written", PLAN]),
                                          "model": st.sampled_from([MODEL, {"values": 3}]),
                                          "edit": values}))
ANSWERS = [api.typify, api.evaluate, api.explain, api.state, api.model_state, api.game,
           verifying.start, verifying.poll, verifying.stop]
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
