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
                                    "beginner", "2x2", "X1<=1", PLAN, "S3", "{", "1x2x1"]))
values = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(
        ["op", "cell", "alias", "text", "to", "format", "values", "X1", "S1"]), inner,
        max_size=3)), max_leaves=8)
KEYS = ["schema", "board", "model", "expression", "edit", "term", "cell", "level", "seed",
        "run", "against"]
bodies = st.one_of(values, st.dictionaries(st.sampled_from(KEYS), values, max_size=6),
                   st.fixed_dictionaries({"schema": st.sampled_from(["written", PLAN]),
                                          "model": st.sampled_from([MODEL, {"values": 3}]),
                                          "edit": values}))
ANSWERS = [api.typify, api.evaluate, api.explain, api.state, api.model_state, api.game,
           verifying.poll, verifying.stop]


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(ANSWERS), bodies)
def test_any_json_is_answered_or_refused_in_words(answer, body):
    if answer is api.game and isinstance(body, dict):
        body = {**body, "level": "1x2x1"} if body.get("level") not in (None, "1x2x1") else body
    try:
        out = answer(body)
    except api.ApiError as exc:
        assert exc.message and exc.code
        json.dumps(exc.to_json())
        return
    json.dumps(out)   # whatever is answered is JSON
