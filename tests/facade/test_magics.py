"""``%load_ext setmine`` in a real IPython shell: the ``%%rsl`` cell types
and binds a schema (and its model), ``%rsl`` evaluates over it, and a
mistake is a short message, not a traceback."""

from __future__ import annotations

import re

import pytest

import setmine
from setmine import resources

IPython = pytest.importorskip("IPython")
from IPython.core.error import UsageError  # noqa: E402

KINSHIP = """\
@title Kinship
X1
  term: people
S1 ::= ℬ(X1×X1)
  term: parent: (parent, child)
A1 :== ∀a∈X1 (a,a)∉S1
D1 :== D{σ∈X1×X1 | ∃τ∈S1 ∃υ∈S1 (pr1(σ)=pr1(τ) & pr2(τ)=pr1(υ) & pr2(υ)=pr2(σ))}
"""
MODEL = """@model
{"X1": ["Ann", "Bob", "Cid"], "S1": [["Ann", "Bob"], ["Bob", "Cid"]]}
"""


@pytest.fixture()
def shell():
    from IPython.core.interactiveshell import InteractiveShell

    ip = InteractiveShell.instance()
    ip.run_line_magic("load_ext", "setmine")
    ip.run_line_magic("reload_ext", "setmine")   # a fresh "last schema" for each test
    yield ip
    for name in ("kin", "bad", "saper", "plan", "mine"):
        ip.user_ns.pop(name, None)


def test_a_cell_with_a_model_binds_the_model_and_rsl_evaluates_over_it(shell):
    shown = shell.run_cell_magic("rsl", "kin", KINSHIP + MODEL)
    kin = shell.user_ns["kin"]
    assert isinstance(kin, setmine.Model) and kin.sets["X1"] == ("Ann", "Bob", "Cid")
    assert repr(shown) == "kin: 4 constituents, no errors"
    page = shown._repr_html_()
    assert "ℬ(X1×X1)" in page and "<td" in page and "Ann" in page
    value = shell.run_line_magic("rsl", "D1")
    assert value.value == frozenset({("Ann", "Cid")}) == setmine.evaluate(kin, term="D1")
    assert value.type == "ℬ(X1×X1)" and "(Ann, Cid)" in value._repr_html_()
    assert setmine.check(kin) == {"A1": True}


def test_a_cell_with_errors_is_shown_and_bound_still(shell):
    shown = shell.run_cell_magic("rsl", "bad", KINSHIP + "D2 :== card(X9)\n")
    assert isinstance(shell.user_ns["bad"], setmine.load_schema("written").__class__)
    assert repr(shown) == "bad: 5 constituents, errors in D2"
    assert "X9" in shown._repr_html_()
    typed = shell.run_line_magic("rsl", "Pr1(S1)")
    assert typed.type == "ℬ(X1)" and typed.value is None and "no model" in repr(typed)


@pytest.mark.parametrize("line, cell, words", [
    ("", KINSHIP, "%%rsl NAME"),
    ("kin --modle x", KINSHIP, "the options are --model M or --board B"),
    ("kin", KINSHIP + "@model\n{\"X1\": [\"Ann\",}", "the model under @model, line 1"),
    ("kin", KINSHIP + "@model\n{\"S1\": [[\"Ann\", \"Zed\"]]}", "S1"),
    ("kin --model study-plan", KINSHIP, "this is a ConceptPortal file"),
    ("kin --board no-such-board", KINSHIP, "no such board or model file"),
    ("kin --board tiny-2x2", KINSHIP + "X2\n", "a Minesweeper board, but"),
], ids=["no name", "unknown option", "bad JSON", "unknown element", "portal model",
        "unknown board", "board that does not fit"])
def test_a_mistaken_cell_is_a_short_message(shell, line, cell, words):
    with pytest.raises(UsageError) as error:
        shell.run_cell_magic("rsl", line, cell)
    assert words in str(error.value)


def test_a_formula_that_does_not_type_points_at_its_place(shell):
    shell.run_cell_magic("rsl", "kin", KINSHIP + MODEL)
    with pytest.raises(UsageError) as error:
        shell.run_line_magic("rsl", "card(X7)")
    text = str(error.value)
    assert "X7" in text and re.search(r"\n\s*\^", text)


def test_a_formula_before_any_schema_says_so():
    from IPython.core.interactiveshell import InteractiveShell

    ip = InteractiveShell.instance()
    ip.run_line_magic("reload_ext", "setmine")
    with pytest.raises(UsageError, match="no schema yet"):
        ip.run_line_magic("rsl", "X1")


def test_a_saper_cell_over_a_board_draws_its_cells(shell):
    text = resources.CORRECTED_SCHEMA.read_text(encoding="utf-8")
    shell.run_cell_magic("rsl", "saper --board tiny-2x2", text)
    d18 = shell.run_line_magic("rsl", "D18")
    assert d18.value == setmine.evaluate("corrected", "tiny-2x2", "D18")
    page = d18._repr_html_()
    lit = {(int(r), int(c)) for r, c in re.findall(
        r'<g [^>]*data-cell="(\d+),(\d+)"[^>]*data-member="1"', page)}
    assert lit == set(d18.value)


def test_a_model_in_the_notebook_or_a_model_file_is_given_by_name(shell, tmp_path):
    plan = setmine.load_model("study-plan")
    shell.user_ns["mine"] = plan.replace(S1=frozenset())
    schema = (resources.MODEL_DIR / "study-plan.rsl").read_text(encoding="utf-8")
    shell.run_cell_magic("rsl", "plan --model mine", schema)
    assert shell.run_line_magic("rsl", "D2").value == frozenset()
    own = plan.save(tmp_path / "plan.model.json")
    shell.run_cell_magic("rsl", f"plan --model {own}", schema)
    assert shell.run_line_magic("rsl", "D2").value == frozenset({("Boris", "models")})
