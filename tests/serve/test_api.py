"""The live page's API (issue 38), on a real server: ``POST /api/evaluate``
answers what ``setmine.evaluate`` computes, in docs/json.md's encoding;
errors are HTTP 400 with the reference's code and the span; hostile input
(a huge formula, a malformed board, script in a name, a value too large to
list) is answered, never a hang; requests run side by side."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

import setmine
from setmine.board import parse_board
from setmine.present.output.values import to_json

from .conftest import TINY

MIDGAME = setmine.resources.board_file("beginner-midgame").read_text(encoding="utf-8")


def expected(schema: str, board_text: str, expression: str) -> dict:
    s = setmine.load_schema(schema)
    value = setmine.evaluate(schema, parse_board(board_text), expression)
    from setmine.serve.formulas import tree_type
    return to_json(value, tree_type(s, expression))


@pytest.mark.parametrize("schema", ["written", "corrected"])
@pytest.mark.parametrize("expression", ["D18", "D8", "card(D15)", "A6", "D11 ∪ D8",
                                        "\\A a \\in D18 a \\in X1"])
def test_evaluate_answers_what_the_evaluator_computes(server, schema, expression):
    status, answer = server.post("/api/evaluate", {"schema": schema, "board": MIDGAME,
                                                   "expression": expression})
    assert status == 200, answer
    assert answer["value"] == expected(schema, MIDGAME, expression)
    assert answer["type"] == setmine.load_schema(schema).typify(expression)


def test_a_set_of_cells_comes_with_its_cells_and_picture(server):
    status, answer = server.post("/api/evaluate", {"schema": "corrected", "board": TINY,
                                                   "expression": "D18"})
    board = parse_board(TINY)
    cells = setmine.evaluate("corrected", board, "D18")
    assert answer["cells"] == sorted(f"{r},{c}" for r, c in cells)
    assert answer["svg"].startswith("<svg") and answer["svg"].count('data-member="1"') == len(cells)


@pytest.mark.parametrize("expression, code, span", [
    ("D18 ∪", "expectedRightOperand", [5, 5]),
    ("D18 ∪ 1", None, None),
    ("D99", None, None),
    ("X1 ∪ ℬ(X1)", "typesNotEqual", None),
])
def test_an_error_has_the_references_code_and_its_span(server, expression, code, span):
    for path in ("/api/type", "/api/evaluate"):
        status, answer = server.post(path, {"schema": "written", "board": TINY,
                                            "expression": expression})
        assert status == 400, answer
        error = answer["error"]
        assert error["field"] == "expression" and error["message"]
        assert error["code"] == setmine_code(expression)
        if code is not None:
            assert error["code"] == code
        if span is not None:
            assert error["span"] == span
        else:
            assert error["span"] is None or 0 <= error["span"][0] <= error["span"][1] <= len(expression)


def setmine_code(expression: str) -> str:
    try:
        setmine.load_schema("written").typify(expression)
    except setmine.rsl.RSLError as exc:
        return exc.code
    raise AssertionError(f"{expression} types")


def test_a_type_as_one_types(server):
    status, answer = server.post("/api/type", {"schema": "corrected", "expression": "D15"})
    assert (status, answer) == (200, {"type": "ℬℬ(X1)"})


@pytest.mark.parametrize("body, field", [
    ({"schema": "written", "board": "1 x\n", "expression": "D1"}, "board"),
    ({"schema": "written", "board": "mines: 1\n\n3 *\n", "expression": "D1"}, "board"),
    ({"schema": "written", "board": 7, "expression": "D1"}, "board"),
    ({"schema": "written", "board": TINY}, "expression"),
    ({"schema": "written", "board": TINY, "expression": "X1 ∪ " * 40_001}, "expression"),
    ({"schema": "X1\nD1 :== X1 ∪", "board": TINY, "expression": "D1"}, None),
    ({"schema": "written", "board": "mines: 0\n\n" + ("." * 60 + "\n") * 60,
      "expression": "D1"}, "board"),
])
def test_malformed_requests_are_400_saying_what(server, body, field):
    status, answer = server.post("/api/evaluate", body)
    assert status == 400, answer
    assert answer["error"]["message"] and answer["error"]["field"] in (field, "expression")


def test_a_body_that_is_not_json(server):
    """(A body too large is refused before it is read: test_guard.py sends
    one over a raw socket, since a client library stops at the refusal.)"""
    assert server.post("/api/evaluate", None, raw=b"{not json")[0] == 400


def test_a_value_too_large_to_list_is_answered_with_its_exact_size(server):
    status, answer = server.post("/api/evaluate", {"schema": "written", "board": TINY,
                                                   "expression": "ℬℬℬℬ(X1)"})
    assert status == 200, answer
    assert answer["type"] == "ℬℬℬℬℬ(X1)" and answer["summary"] == "card 2^2^65536"
    assert answer["value"]["card"] == "2^2^65536" and answer["value"]["complete"] is False


def test_script_in_a_boards_name_is_text(server):
    board = "name: <script>alert(1)</script>\nmines: 1\n\n1 *\n"
    status, answer = server.post("/api/state", {"schema": "corrected", "board": board})
    assert status == 200, answer
    markup = [answer["board"]["svg"]] + [side["svg"] or "" for s in answer["sections"]
                                         for side in (s["mine"], s["other"]) if side]
    assert all("<script" not in m for m in markup)
    assert "&lt;script&gt;" in answer["board"]["svg"]     # the name, as the board's label


def test_requests_run_side_by_side_and_each_gets_its_own_answer(server):
    asks = [("corrected", e) for e in ("D18", "D8", "D11", "card(D15)", "D1", "D5")] * 3
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda a: server.post("/api/evaluate", {
            "schema": a[0], "board": MIDGAME, "expression": a[1]}), asks))
    for (schema, expression), (status, answer) in zip(asks, answers):
        assert status == 200
        assert answer["value"] == expected(schema, MIDGAME, expression)


def test_an_edit_changes_the_board_and_every_term(server):
    status, answer = server.post("/api/state", {"schema": "written", "board": TINY,
                                                "edit": {"op": "open", "cell": "0,1"}})
    assert status == 200, answer
    board = parse_board(answer["board"]["text"])
    assert (0, 1) in board.opened
    d18 = next(s for s in answer["sections"] if s["alias"] == "D18")
    want = setmine.evaluate("written", board, "D18")
    assert d18["mine"]["cells"] == sorted(f"{r},{c}" for r, c in want)
    assert answer["against"] == "spec/saper-corrected.rsl" and d18["other"] is not None
    assert {a for a in answer["axioms"]} == {c.alias for c in setmine.load_schema("written")
                                             if c.kind == "axiom"}


@pytest.mark.parametrize("edit, words", [
    ({"op": "open", "cell": "1,0"}, "holds a mine"),
    ({"op": "mine", "cell": "0,0"}, "is open"),
    ({"op": "open", "cell": "9,9"}, "not a cell"),
    ({"op": "dig", "cell": "0,0"}, "an edit is"),
])
def test_an_illegal_edit_says_why_and_changes_nothing(server, edit, words):
    status, answer = server.post("/api/state", {"schema": "written", "board": TINY, "edit": edit})
    assert status == 400 and words in answer["error"]["message"], answer


def test_the_page_loads_nothing_from_elsewhere(server):
    status, page, headers = server.get("/")
    assert status == 200
    assert "http://" not in page.replace("http://www.w3.org", "") and "https://" not in page
    assert "default-src 'none'" in headers["content-security-policy"]
