"""The front door on any schema: a ConceptPortal session carries its own
schema and model; values come back as plain Python equal to what the
command writes; a model is edited and saved; verify and prove take the
command's arguments and answer what it answers; a wrong input is said in
the user's words."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

import setmine
from setmine import resources
from setmine.cli import main
from setmine.facade.plain import LargeSet, plain
from setmine.model.decode import Label

SESSION = resources.MODEL_DIR / "study-plan.session.json"
BUNDLE = resources.MODEL_DIR / "study-plan.bundle.json"
OWN = resources.MODEL_DIR / "study-plan.model.json"
RSL = resources.MODEL_DIR / "study-plan.rsl"
PLAIN_ATOMS = (str, int, bool, Fraction)


def plain_only(value) -> bool:
    """Nothing but str, int, bool, Fraction, tuple and frozenset (and the
    public LargeSet), all the way down; no Label."""
    if isinstance(value, Label):
        return False
    if isinstance(value, PLAIN_ATOMS) or isinstance(value, LargeSet):
        return True
    if isinstance(value, (tuple, frozenset)):
        return all(plain_only(v) for v in value)
    return False


def command_json(capsys, *argv) -> dict:
    capsys.readouterr()
    code = main([*argv, "--json"])
    out = capsys.readouterr().out
    assert code in (0, 1), out
    return json.loads(out)


def from_json(value):
    """The command's JSON encoding of a value (docs/json.md), back to plain
    Python: the oracle the facade's values are held to."""
    if isinstance(value, dict) and "elements" in value:
        assert value["complete"]
        return frozenset(from_json(v) for v in value["elements"])
    if isinstance(value, list):
        return tuple(from_json(v) for v in value)
    return value


@pytest.mark.parametrize("source", [SESSION, BUNDLE, "study-plan"], ids=["session", "bundle",
                                                                         "by name"])
def test_a_portal_file_is_evaluated_over_its_own_model_as_the_command_does(capsys, source):
    values = setmine.evaluate(str(source))
    told = command_json(capsys, "eval", str(SESSION if source == "study-plan" else source))
    expected = {**{a: from_json(v["value"]) for a, v in told["model"]["values"].items()},
                **{a: from_json(v["value"]) for a, v in told["terms"].items() if "value" in v},
                **told["axioms"]}
    assert len(expected) == 15
    assert all(plain_only(v) for v in values.values() if not isinstance(v, Exception))
    for alias, value in expected.items():
        assert values[alias] == value, alias


def test_the_same_portal_file_as_schema_and_data_is_its_own_model():
    """The issue's case: evaluate(FILE, FILE, term) once read the session as .rsl text."""
    both = setmine.evaluate(str(SESSION), str(SESSION), "D2")
    assert both == setmine.evaluate(str(SESSION), None, "D2") == frozenset({("Boris", "models")})


def test_a_setmine_model_file_is_read_against_the_schema_given():
    assert setmine.evaluate(str(RSL), str(OWN), "D2") == frozenset({("Boris", "models")})
    model = setmine.load_model(str(OWN), schema=str(RSL))
    assert model.sets["X2"] == ("sets", "logic", "algebra", "models")


@pytest.mark.parametrize("call, kind, words", [
    (lambda: setmine.evaluate("corrected", "no-such-board", "D8"), FileNotFoundError,
     "no-such-board: no such board or model file"),
    (lambda: setmine.evaluate("corrected", str(SESSION), "D8"), ValueError,
     "this is a ConceptPortal file, with its own schema and model: pass it as the schema"),
    (lambda: setmine.load_model(str(OWN)), ValueError, "holds no schema: give it"),
    (lambda: setmine.load_model("tiny-2x2"), ValueError, "not a model file"),
    (lambda: setmine.load_board(str(SESSION)), ValueError, "not a Minesweeper board"),
    (lambda: setmine.evaluate(str(RSL)), ValueError, "carries no model"),
    (lambda: setmine.load_schema("nope.rsl"), FileNotFoundError, "no such schema file"),
    (lambda: setmine.verify("study-plan", scope="models", sizes="X9<=2"), ValueError,
     "sizes: "),
    (lambda: setmine.verify("study-plan", scope="models", assertions=["card(X9) = 1"]),
     ValueError, "assertions: 'card(X9) = 1'"),
    (lambda: setmine.verify("study-plan", scope="moduls"), ValueError, "the scopes are"),
    (lambda: setmine.explain("study-plan", None, "D2", ("Zed", "logic")), ValueError,
     "'Zed' is no element of X1"),
    (lambda: setmine.evaluate("study-plan", "tiny-2x2", "D2"), ValueError,
     "a Minesweeper board, but a board gives values to X1"),
    (lambda: setmine.prove("study-plan", ["D2 ⊆ X9"], sizes="X1<=2,X2<=2"), ValueError,
     "assertions: 'D2 ⊆ X9'"),
    (lambda: setmine.load_model("nofile.session.json"), FileNotFoundError,
     "no such model file (shipped models: study-plan)"),
], ids=["unknown board", "portal as data", "own model alone", "board as model",
        "model as board", "schema without model", "unknown schema", "bad sizes",
        "bad assertion", "unknown scope", "unknown element", "board for another schema",
        "prove's assertion", "missing model file"])
def test_a_wrong_input_is_said_in_the_users_words(call, kind, words):
    with pytest.raises(kind) as error:
        call()
    assert words in str(error.value)
    assert "--" not in str(error.value).split(":")[0]   # no command-line option named first


def test_a_formula_that_does_not_type_shows_its_place():
    from setmine.rsl.syntax.errors import RSLError

    with pytest.raises(RSLError) as error:
        setmine.evaluate("corrected", "tiny-2x2", "card(D99)")
    assert str(error.value).splitlines()[1:] == ["card(D99)", "     ^^^"]


def test_the_command_refuses_a_board_for_a_schema_it_does_not_fit(capsys):
    assert main(["eval", "tiny-2x2", "--spec", str(SESSION)]) == 2
    assert "a Minesweeper board, but" in capsys.readouterr().err
    assert main(["check", "tiny-2x2", "--spec", "corrected"]) == 0


def test_spec_takes_the_schema_as_every_command_names_it(capsys):
    assert main(["spec", str(SESSION)]) == 0
    positional = capsys.readouterr().out
    assert main(["spec", "--spec", str(SESSION)]) == 0
    assert capsys.readouterr().out == positional
    assert main(["spec", "--spec", str(SESSION), str(BUNDLE)]) == 2
    assert "give the schema once" in capsys.readouterr().err


def test_a_model_is_replaced_checked_and_saved_whole(tmp_path):
    model = setmine.load_model("study-plan")
    fewer = model.replace(S1=model["S1"] - {("models", "algebra")})
    assert setmine.evaluate(fewer, term="D2") == frozenset()
    assert setmine.check(fewer)["T1"] is True and setmine.check(model)["T1"] is False
    with pytest.raises(ValueError, match="S1"):
        model.replace(S1={("models", "Zed")})
    with pytest.raises(ValueError, match="S4"):
        model.replace(S4={("sets", "six")})
    session = fewer.save(tmp_path / "fewer.session.json")
    again = setmine.load_model(str(session))
    assert again.values == fewer.values and again.sets == fewer.sets
    own = fewer.save(tmp_path / "fewer.model.json")
    assert setmine.load_model(str(own), schema=model).values == fewer.values
    (tmp_path / "dir").mkdir()
    with pytest.raises(Exception, match="folder|directory"):
        fewer.save(tmp_path / "dir")


def test_verify_over_models_answers_what_the_command_answers(capsys):
    mine = setmine.verify(str(SESSION), scope="models", sizes="X1<=2,X2<=2",
                          assertions=["D3 ⊆ X1", "card(D2) = 0"])
    told = command_json(capsys, "verify", "--spec", str(SESSION), "--scope", "models",
                        "--sizes", "X1<=2,X2<=2", "--assert", "D3 ⊆ X1",
                        "--assert", "card(D2) = 0")
    assert dict(mine) == told
    verdicts = {p["name"]: p["holds"] for p in mine["properties"]}
    assert verdicts == {"T1": False, "T2": False, "D3 ⊆ X1": True, "card(D2) = 0": False}
    page = mine._repr_html_()
    assert "counterexample to T1" in page and "Ann" in page    # by the file's names


def test_prove_takes_a_portal_session_and_a_model():
    by_file = setmine.prove(str(SESSION), timeout=10, sizes="X1<=2,X2<=2")
    by_model = setmine.prove(setmine.load_model("study-plan"), timeout=10, sizes="X1<=2,X2<=2")
    assert by_file["axioms"] == "consistent"
    assert [(s["name"], s["verdict"]) for s in by_file["statements"]] == \
        [(s["name"], s["verdict"]) for s in by_model["statements"]] == \
        [("T1", "refuted"), ("T2", "refuted")]


def test_check_and_explain_on_a_model_agree_with_the_command(capsys):
    verdicts = setmine.check("study-plan")
    told = command_json(capsys, "check", str(SESSION))
    assert verdicts == {a["alias"]: a["verdict"] for a in told["axioms"]}
    why = setmine.explain("study-plan", None, "T1")
    assert why.verdict is False and "D2" in str(why)
    assert setmine.explain("study-plan", None, "D2", "(Boris, models)").member is True
    assert setmine.explain("study-plan", None, "D2", ("Ann", "sets")).member is False


def test_a_large_set_is_a_public_lazy_set_with_its_exact_cardinality():
    power = setmine.evaluate("corrected", "expert-midgame", "ℬ(X1)")
    assert isinstance(power, LargeSet) and power.card == 2 ** 480 and type(power.card) is int
    first = power.first(3)
    assert first[0] == frozenset() and all(isinstance(m, frozenset) for m in first)
    assert frozenset() in power
    every = setmine.evaluate("corrected", "expert-midgame")
    assert all(plain_only(v) for v in every.values() if not isinstance(v, Exception))
    assert "Fibered" not in repr(every) and "Label(" not in repr(every)


names = st.sampled_from(["Ann", "Bob", "Cid"])
labels = st.builds(lambda i: Label(i, ["Ann", "Bob", "Cid"][i]), st.integers(0, 2))
inner = st.recursive(st.one_of(labels, st.integers(-3, 3)),
                     lambda kids: st.one_of(st.tuples(kids, kids), st.frozensets(kids, max_size=3)),
                     max_leaves=8)


@settings(max_examples=200, deadline=None)
@given(inner)
def test_plain_names_each_label_and_keeps_the_shape(value):
    """Against a naive oracle: the same value with each Label written as
    its name — same shape, same sizes (no two labels of one set share a
    name here, so no members merge)."""
    def oracle(v):
        if isinstance(v, Label):
            return v.name
        if isinstance(v, tuple):
            return tuple(oracle(x) for x in v)
        if isinstance(v, frozenset):
            return frozenset(oracle(x) for x in v)
        return v
    assert plain(value) == oracle(value) and plain_only(plain(value))


def test_help_shows_each_functions_signature_and_example():
    import pydoc

    text = pydoc.render_doc(setmine.verify, renderer=pydoc.plaintext)
    assert "verify(schema='written', shapes: 'str' = 'cells<=4', *, scope: 'str' = " \
        "'positions'" in text
    assert "sizes: 'str | None' = None" in text and ">>>" in text
    for name in ("load_model", "evaluate", "check", "explain", "prove"):
        shown = pydoc.render_doc(getattr(setmine, name), renderer=pydoc.plaintext)
        assert f"{name}(" in shown and "Help on package" not in shown and ">>>" in shown


def test_a_model_given_with_another_schema_is_read_against_it():
    plan = setmine.load_model("study-plan")
    text = RSL.read_text(encoding="utf-8")
    fewer_terms = setmine.load_schema(text.split("D1 :==")[0] + "D1 :== Pr1(S2)\n")
    assert setmine.evaluate(fewer_terms, plan, "D1") == frozenset({"Ann", "Boris", "Chen"})
    only_people = setmine.load_schema("X1\nS1 ::= ℬ(X1×X1)\n")
    with pytest.raises(ValueError, match="does not fit this schema"):
        setmine.evaluate(only_people, plan, "S1")


def test_a_boards_values_and_verdicts_display_on_the_board():
    import re

    values = setmine.evaluate("corrected", "tiny-2x2")
    page = values._repr_html_()
    figures = page.split("<figure")[1:]
    d18 = next(f for f in figures if "<figcaption>D18</figcaption>" in f)
    lit = {(int(r), int(c)) for r, c in re.findall(
        r'<g [^>]*data-cell="(\d+),(\d+)"[^>]*data-member="1"', d18)}
    assert lit == set(values["D18"])
    assert "<figure" in setmine.check("corrected", "tiny-2x2")._repr_html_()
    model_page = setmine.check("study-plan")._repr_html_()
    assert "<figure" not in model_page and "<table" in model_page


def test_a_model_of_an_untitled_schema_is_named_by_its_file():
    text = RSL.read_text(encoding="utf-8").replace("@title A study plan\n", "")
    untitled = setmine.load_schema(text)
    model = setmine.load_model("study-plan").read_against(untitled)
    assert "of (schema given as text)" in repr(model)
    assert "a model of (schema given as text)" in model._repr_html_()
