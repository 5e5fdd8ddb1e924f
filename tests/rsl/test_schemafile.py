"""The .rsl file format: reading, writing, round trips and file errors."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setmine.rsl.syntax.errors import RSLError
from setmine.rsl.schemafile import Constituent, SchemaText, read_schema_text, write_schema_text

ROOT = Path(__file__).resolve().parents[2]
SAPER = ROOT / "spec" / "saper.rsl"


def test_saper_file_has_the_32_constituents_of_the_seed_in_order():
    schema = read_schema_text(SAPER.read_text(encoding="utf-8"))
    aliases = [c.alias for c in schema.constituents]
    assert aliases == (["X1", "S1", "S2", "S3", "S4", "A1", "A2", "A3", "A4"]
                       + [f"D{i}" for i in range(1, 19)] + ["A5", "A6", "D19", "D20", "D21"])
    assert schema.alias == "КС Сапер"
    assert schema.title == "Концептуализаиция Сапер"


def test_saper_file_keeps_formulas_character_for_character():
    schema = read_schema_text(SAPER.read_text(encoding="utf-8"))
    by = {c.alias: c for c in schema.constituents}
    assert by["S1"].formal == "ℬ(X₁×X₁)"
    assert by["A3"].formal == "∀ a ∈ S₁ pr₁ a ≠ pr₂ a"
    assert by["D2"].formal == "{a ∈ X₁×ℬ(X₁)| ∀c ∈ pr₂ a, ∃ b ∈ S₁ (pr₁ a = pr₁ b & c = pr₂ b )}"
    assert by["D10"].formal.startswith("{a ∈ X₁×ℬ(X₁)| ∃b ∈ D₆, ∃c ∈ D₉, ∃d ∈ D₅ (pr₁ a = pr₁ b & pr₁ a= pr₁ c")
    assert by["D18"].term == "Целевой терм"
    assert by["D6"].term == "Card (pr2) - уровень минной опасности открытой ячейки"
    assert all(c.gloss for c in schema.constituents)


def test_declaration_lines_by_kind():
    text = "X1\nC1\nS3 ::= C1\nS1 ::= ℬ(X1×X1)\nD1 :== X1\\S1\nA1 :== ∀a∈X1 a=a\n" \
           "T1 :== ∀a∈X1 a=a\nF1 :== [a∈ℬ(X1), b∈ℬ(X1)] a∪b\nP1 :== [a∈X1] a∈X1\n"
    schema = read_schema_text(text)
    assert [(c.alias, c.kind, c.formal) for c in schema.constituents] == [
        ("X1", "basic", ""), ("C1", "constant", ""), ("S3", "structure", "C1"),
        ("S1", "structure", "ℬ(X1×X1)"), ("D1", "term", "X1\\S1"),
        ("A1", "axiom", "∀a∈X1 a=a"), ("T1", "theorem", "∀a∈X1 a=a"),
        ("F1", "function", "[a∈ℬ(X1), b∈ℬ(X1)] a∪b"), ("P1", "predicate", "[a∈X1] a∈X1")]


def test_comments_blank_lines_ascii_operators_and_continuations():
    text = ("# a comment\n\n@alias demo\n# another\nX1\n\n\nD1 \\defexpr X1\n  > \\setminus X1\n"
            "  convention: first line\n  > second line\n  note: one\n  note: two\n")
    schema = read_schema_text(text)
    d1 = schema.constituents[1]
    assert schema.alias == "demo"
    assert d1.formal == "X1\n\\setminus X1"
    assert d1.convention == "first line\nsecond line"
    assert d1.notes == ("one", "two")


@pytest.mark.parametrize("text, code, line, column", [
    ("X1 :== X1\n", "unknownSyntax", 1, 4),          # a basic set has no definition
    ("D1 ::= X1\n", "unknownSyntax", 1, 4),          # a term is defined with :==
    ("D1\n", "unknownSyntax", 1, 1),                 # ... and needs it
    ("X1\n  colour: red\n", "unknownSyntax", 2, 3),  # unknown attribute
    ("X1\nX1\n", "duplicateAlias", 2, 1),
    ("@version 2\nX1\n", "unknownSyntax", 1, 1),
    ("X1\nthis is not a line\n", "unknownSyntax", 2, 1),
    ("X1\n  convention: a\n  convention: b\n", "unknownSyntax", 3, 3),
    # traits: a constant's only, known names, once
    ("X1\n  traits: ordered\n", "unknownSyntax", 2, 3),
    ("X1\nS1 ::= ℬ(X1)\n  traits: none\n", "unknownSyntax", 3, 3),
    ("C1\n  traits: big\n", "unknownSyntax", 2, 11),
    ("C1\n  traits: integral, integral\n", "unknownSyntax", 2, 11),
    ("C1\n  traits: none, ordered\n", "unknownSyntax", 2, 11),
    ("C1\n  traits:\n", "unknownSyntax", 2, 3),
    ("C1\n  traits: ordered\n  traits: none\n", "unknownSyntax", 3, 3),
])
def test_file_errors_say_where(text, code, line, column):
    with pytest.raises(RSLError) as info:
        read_schema_text(text, "demo.rsl")
    err = info.value
    assert (err.code, err.line, err.column) == (code, line, column)
    assert "demo.rsl:" in str(err) and "^" in str(err)


def test_writer_refuses_values_it_cannot_keep():
    schema = SchemaText((Constituent("X1", convention=" leading space"),))
    with pytest.raises(RSLError):
        write_schema_text(schema)
    for wrong in (Constituent("X1", traits=("ordered",)), Constituent("C1", traits=("big",))):
        with pytest.raises(RSLError):
            write_schema_text(SchemaText((wrong,)))


@pytest.mark.parametrize("line, traits", [
    (None, None),                                   # no line: the defaults (integral, ordered)
    ("traits: integral, ordered", ("integral", "ordered")),
    ("traits: ordered, integral", ("integral", "ordered")),
    ("traits: integral", ("integral",)),
    ("traits: ordered", ("ordered",)),
    ("traits: none", ()),
    ("traits:  ordered ,integral", ("integral", "ordered")),
])
def test_traits_of_a_constant_are_read_and_written(line, traits):
    text = "X1\nC1\n" + (f"  {line}\n" if line else "") + "  term: a constant\n"
    schema = read_schema_text(text)
    c1 = schema.constituents[1]
    assert (c1.traits, c1.term) == (traits, "a constant")
    assert schema.constituents[0].traits is None
    written = write_schema_text(schema)
    assert ("traits:" in written) == (traits is not None)
    assert read_schema_text(written) == schema


def test_a_basic_set_with_traits_says_what_and_where():
    with pytest.raises(RSLError) as info:
        read_schema_text("X1\n  traits: integral\n", "demo.rsl")
    assert "only a constant set" in info.value.message and "X1 is a basic" in info.value.message
    assert (info.value.line, info.value.column) == (2, 3)


line_text = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=30) \
    .map(str.strip)
value = st.lists(line_text, min_size=1, max_size=3).map("\n".join).filter(
    lambda v: all(p == p.strip() for p in v.split("\n")))
formula = st.lists(line_text.filter(bool), min_size=1, max_size=2).map("\n".join)


@st.composite
def constituents(draw):
    kind = draw(st.sampled_from("XCSDATFP"))
    alias = f"{kind}{draw(st.integers(1, 99))}"
    formal = "" if kind in "XC" else draw(formula)
    traits = draw(st.sampled_from([None, (), ("integral",), ("ordered",),
                                   ("integral", "ordered")])) if kind == "C" else None
    return Constituent(alias, formal, term=draw(value), text=draw(value),
                       convention=draw(value), gloss=draw(value),
                       notes=tuple(draw(st.lists(value.filter(bool), max_size=2))),
                       traits=traits)


@settings(max_examples=150, deadline=None)
@given(st.lists(constituents(), max_size=5, unique_by=lambda c: c.alias),
       line_text.filter(lambda t: t == t.strip()), line_text)
def test_write_then_read_is_the_identity(items, alias, title):
    schema = SchemaText(tuple(items), alias=alias, title=title)
    assert read_schema_text(write_schema_text(schema, "a preamble\nof two lines")) == schema
