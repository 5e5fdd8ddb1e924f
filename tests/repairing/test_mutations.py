"""The edits of a formula: sites and paths, the operators (a table of
formulas and the edits they must offer), and every edit well typed — on the
shipped schemas' formulas and on random ones."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from setmine.repairing.mutations import Mutator, at, replaced, sites
from setmine.repairing.search import dependents
from setmine.resources import CORRECTED_SCHEMA, WRITTEN_SCHEMA
from setmine.rsl.syntax import tree as s
from setmine.rsl.syntax.errors import RSLError
from setmine.rsl.syntax.parser import parse_expression
from setmine.rsl.schema import Schema
from setmine.rsl.semantics.typifier import typify

from ..eval.strategies import expressions

WRITTEN = Schema.load(WRITTEN_SCHEMA)
CORRECTED = Schema.load(CORRECTED_SCHEMA)


def mutator_for(schema: Schema, alias: str) -> Mutator:
    allowed = {a for a in schema.by_alias if a not in dependents(schema, alias) | {alias}}
    return Mutator(schema.environment(), allowed, schema.analysis[alias].type)


def edits_of(schema: Schema, alias: str) -> dict[str, str]:
    """edit text → the operator, for every well-typed single edit of a term."""
    m = mutator_for(schema, alias)
    return {str(e): e.operator for e, _ in m.edits(schema.tree(alias))}


@pytest.mark.parametrize("schema", [WRITTEN, CORRECTED], ids=["written", "corrected"])
def test_a_path_leads_to_its_node_and_replacing_a_node_by_itself_changes_nothing(schema):
    for c in schema:
        if schema.analysis[c.alias].tree is None:
            continue
        tree = schema.tree(c.alias)
        for site in sites(tree):
            assert at(tree, site.path) is site.node
            assert replaced(tree, site.path, site.node) == tree


def test_sites_skip_the_declared_variables_and_know_what_is_in_scope():
    tree = parse_expression("∀a ∈ X1 ∃b ∈ X1 a = b")
    found = {str(site.node): [x.name for x in site.scope] for site in sites(tree)}
    assert found["[=[a][b]]"] == ["a", "b"]
    assert found["[X1]"] == [] or found["[X1]"] == ["a"]  # the inner domain sees a
    assert not any(site.path and site.path[-1][0] == "var" for site in sites(tree))


EXPECTED = [  # (schema, term, edits that must be offered)
    (WRITTEN, "D14", {"D13 → D8": "identifier", "∪ → ∩": "set-operator", "\\ → ∪": "set-operator"}),
    (WRITTEN, "D15", {"& → ⇒": "connective", "∀ → ∃": "quantifier", "= → ≠": "predicate",
                      "¬ added": "negation", "c → d": "identifier", "S2 → D1": "identifier"}),
    (WRITTEN, "D8", {"D7 → D5": "identifier"}),
    (CORRECTED, "D18", {"≤ → <": "predicate", "≤ → ≥": "predicate", "c → d": "identifier"}),
]


@pytest.mark.parametrize("schema,alias,wanted", EXPECTED,
                         ids=[f"{a}-{i}" for i, (_, a, _) in enumerate(EXPECTED)])
def test_the_operators_offer_the_edits_of_the_table(schema, alias, wanted):
    found = edits_of(schema, alias)
    for text, operator in wanted.items():
        if operator is None:
            continue
        assert found.get(text) == operator, (text, sorted(found))


def test_no_edit_puts_in_the_term_itself_or_a_term_that_uses_it():
    # D13 is used by D14: D13's edits never name D14, D15 …, nor D13
    found = edits_of(WRITTEN, "D13")
    users = dependents(WRITTEN, "D13") | {"D13"}
    for text in found:
        assert not any(text.endswith(f"→ {u}") for u in users), text


def test_every_edit_type_checks_to_the_terms_type():
    for schema in (WRITTEN, CORRECTED):
        env = schema.environment()
        for alias in ("D3", "D8", "D15", "D18"):
            want = schema.analysis[alias].type
            m = mutator_for(schema, alias)
            count = 0
            for _, edited in m.edits(schema.tree(alias)):
                assert typify(edited, env).type == want
                assert edited != schema.tree(alias)
                count += 1
            assert count >= 5


def test_an_edit_that_does_not_type_check_is_not_offered():
    # D14 is a set of cells: card(…), ℬ(…) or red(…) anywhere in it would not
    # type-check, nor card removed from card(b) = … in D15
    assert not {t for t, op in edits_of(WRITTEN, "D14").items() if op == "wrap"}
    assert "card removed" not in edits_of(WRITTEN, "D15")
    assert "red removed" not in edits_of(WRITTEN, "D8")  # ℬ(ℬ(X1)) is not ℬ(X1)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(expressions(depth=2))
def test_every_edit_of_a_random_formula_is_well_typed_and_new(text):
    schema = WRITTEN
    env = schema.environment()
    tree = parse_expression(text)
    try:
        want = typify(tree, env).type
    except RSLError:
        return
    m = Mutator(env, set(schema.by_alias), want)
    seen = set()
    for edit, edited in m.edits(tree):
        assert at(edited, edit.path) == edit.new
        assert typify(edited, env).type == want
        assert edited != tree and edited not in seen
        seen.add(edited)
        assert isinstance(edit.old, s.Node)
