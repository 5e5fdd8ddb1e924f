"""The typifier: types, value classes, warnings and errors, table-driven.

Every error case asserts the code, the span and the text under the span.
"""

from __future__ import annotations

import pytest

from setmine.rsl.syntax import tree as s
from setmine.rsl.syntax.errors import RSLError
from setmine.rsl.syntax.parser import parse_expression
from setmine.rsl.semantics.types import FunctionType, parse_type
from setmine.rsl.constituents import analyse_constituent, function_type, structure_domain_type
from setmine.rsl.semantics.typification import PROPERTY, VALUE, GlobalInfo
from setmine.rsl.semantics.typifier import typify


def info(kind: str, type_text: str | None, value_class: str = VALUE) -> GlobalInfo:
    return GlobalInfo(kind, parse_type(type_text) if type_text else None, value_class)


ENV = {
    "X1": info("basic", "ℬ(X1)"),
    "X2": info("basic", "ℬ(X2)"),
    "C1": info("constant", "ℬ(C1)"),
    "S1": info("structure", "ℬ(X1×X1)"),
    "S2": info("structure", "ℬ(X1)"),
    "S3": info("structure", "ℬ(X1)"),
    "D1": info("term", "ℬ(X1)"),
    "D2": info("term", "ℬℬ(X1)", PROPERTY),
    "D3": info("term", "ℬℬ(X1)"),
    "D9": info("term", None),                       # a term that failed to type
    "A1": info("axiom", "Logic"),
    "F1": info("function", "[ℬ(R1), ℬ(R1×R2)] → ℬ(R1)"),
    "F2": info("function", "[R1] → ℬ(R1)"),
    "F3": info("function", "ℬ(X1)"),                # not a signature
    "P1": info("predicate", "[X1] → Logic"),
    "P2": info("predicate", "[X1] → ℬ(X1)"),        # a predicate that is not one
}


def typed(text: str, env=ENV):
    return typify(parse_expression(text), env)


def check_error(call, text: str, code: str, span: tuple[int, int], fragment: str) -> None:
    with pytest.raises(RSLError) as caught:
        call()
    error = caught.value
    assert (error.code, error.span) == (code, span), error.message
    assert text[span[0]:span[1]] == fragment
    assert error.message


# ----------------------------------------------------------------------------
# The seed «КС Сапер», each formula in the context of those before it

SEED = [
    # alias, formal definition, type, value class, warnings (code, span)
    ("X1", None, "ℬ(X1)", VALUE, []),
    ("S1", "ℬ(X₁×X₁)", "ℬ(X1×X1)", VALUE, []),
    ("S2", "ℬ(X₁)", "ℬ(X1)", VALUE, []),
    ("S3", "ℬ(X₁)", "ℬ(X1)", VALUE, []),
    ("S4", "ℬ(X₁)", "ℬ(X1)", VALUE, []),
    ("A1", "∀a ∈ X₁ a ∈ Pr₁ (S₁)", "Logic", VALUE, []),
    ("A2", "∀a, b ∈ X₁ ((a, b) ∈ S₁ ⇒ (b, a) ∈ S₁)", "Logic", VALUE, []),
    ("A3", "∀ a ∈ S₁ pr₁ a ≠ pr₂ a", "Logic", VALUE, []),
    ("A4", "S₃ ∩ S₂ = ∅", "Logic", VALUE, []),
    ("D1", "X₁\\S₃", "ℬ(X1)", VALUE, []),
    ("D2", "{a ∈ X₁×ℬ(X₁)| ∀c ∈ pr₂ a, ∃ b ∈ S₁ (pr₁ a = pr₁ b & c = pr₂ b )}",
     "ℬ(X1×ℬ(X1))", PROPERTY, []),
    ("D3", "{a ∈ X₁×ℬ(X₁)| ∃ b ∈ D₂ (pr₁ a = pr₁ b & pr₂ a = pr₂ b ∩ (X₁\\S₃))}",
     "ℬ(X1×ℬ(X1))", PROPERTY, [("invalidPropertyUsage", (21, 23))]),
    ("D4", "{a ∈ X₁×ℬ(X₁)|∃ b ∈ D₃ (pr₁ a = pr₁ b & pr₂ a = pr₂ b ∩ S₂)}",
     "ℬ(X1×ℬ(X1))", PROPERTY, [("invalidPropertyUsage", (20, 22))]),
    ("D5", "{a ∈ D₃| pr₁ a ∈ S₃}", "ℬ(X1×ℬ(X1))", PROPERTY, []),
    ("D6", "{a ∈ D₄| pr₁ a ∈ S₃}", "ℬ(X1×ℬ(X1))", PROPERTY, []),
    ("D7", "D₅ ∩ D₆", "ℬ(X1×ℬ(X1))", PROPERTY, []),
    ("D8", "red (Pr₂ D₇)", "ℬ(X1)", VALUE, [("invalidPropertyUsage", (9, 11))]),
    ("D9", "{a ∈ X₁×ℬ(X₁)| ∃ b ∈ D₆ (pr₁ a = pr₁ b & pr₂ a = pr₂ b ∩ D₈)}",
     "ℬ(X1×ℬ(X1))", PROPERTY, [("invalidPropertyUsage", (21, 23))]),
    ("D10", "{a ∈ X₁×ℬ(X₁)| ∃b ∈ D₆, ∃c ∈ D₉, ∃d ∈ D₅ (pr₁ a = pr₁ b & pr₁ a= pr₁ c & "
            "pr₁ a = pr₁ d & card (pr₂ b) = card (pr₂ c) & pr₂ a = pr₂ d \\ D₈)}",
     "ℬ(X1×ℬ(X1))", PROPERTY, [("invalidPropertyUsage", (20, 22)),
                               ("invalidPropertyUsage", (29, 31)),
                               ("invalidPropertyUsage", (38, 40))]),
    ("D11", "red (Pr₂ D₁₀)", "ℬ(X1)", VALUE, [("invalidPropertyUsage", (9, 12))]),
    ("D12", "{a ∈ X₁×ℬ(X₁)| ∃d ∈ D₅ (pr₁ a = pr₁ d & pr₂ a = (pr₂ d \\ D₈)\\D₁₁)}",
     "ℬ(X1×ℬ(X1))", PROPERTY, [("invalidPropertyUsage", (20, 22))]),
    ("D13", "red (Pr₂ (D₁₂))", "ℬ(X1)", VALUE, [("invalidPropertyUsage", (10, 13))]),
    ("D14", "X₁\\(S₃ ∪ D₁₁ ∪ D₁₃)", "ℬ(X1)", VALUE, []),
    ("D15", "{b ∈ ℬ(X₁)| (card (b) = card (S₂) - card (D₈) & b ∩ (D₈ ∪ D₁₁ ∪ S₃) = ∅ & "
            "∀c ∈ D₅, ∀d ∈ D₆ (pr₁ c = pr₁ d & card (pr₂ c ∩ (D₈ ∪ b)) = card (pr₂ d)))}",
     "ℬℬ(X1)", PROPERTY, [("invalidPropertyUsage", (79, 81)),
                          ("invalidPropertyUsage", (88, 90))]),
    ("D16", "{a ∈ X₁ × ℬ(ℬ(X₁))| pr₁ a ∈ D₁₄ & ∀b ∈ pr₂ a (b ∈ D₁₅ & pr₁ a ∈ b)}",
     "ℬ(X1×ℬℬ(X1))", PROPERTY, []),
    ("D17", "{a ∈ X₁ × ℬ(ℬ(X₁))| pr₁ a ∈ D₁₄ ∪ D₁₁ & ∀b ∈ pr₂ a (b ∈ D₁₅ & pr₁ a ∈ b)}",
     "ℬ(X1×ℬℬ(X1))", PROPERTY, []),
    ("D18", "{a ∈ X₁| ∃c ∈ D₁₇ (pr₁ c = a & ∀d ∈ D₁₇ (card (pr₂ c) ≤ card (pr₂ d)))}",
     "ℬ(X1)", VALUE, [("invalidPropertyUsage", (14, 17)), ("invalidPropertyUsage", (36, 39))]),
    ("A5", "card(S₄) = 1 & debool (S₄) ∈ X₁\\S₃", "Logic", VALUE, []),
    ("A6", "debool (S₄) ∈ D₁₈", "Logic", VALUE, []),
    ("D19", "S₃ ∪ S₄", "ℬ(X1)", VALUE, []),
    ("D20", "{a ∈ S₃ ∪ S₄| X₁\\(S₃ ∪ S₄) = S₂}", "ℬ(X1)", VALUE, [("localNotUsed", (14, 31))]),
    ("D21", "{a ∈ S₃ ∪ S₄| debool (S₄) ∈ S₂}", "ℬ(X1)", VALUE, [("localNotUsed", (14, 30))]),
]


def test_seed_in_file_order():
    env: dict[str, GlobalInfo] = {}
    for alias, formal, type_text, value_class, warnings in SEED:
        tree = parse_expression(formal) if formal is not None else None
        result = analyse_constituent(alias, tree, env)
        assert str(result.info.type) == type_text, alias
        assert result.info.value_class == value_class, alias
        assert [(w.code, w.span) for w in result.warnings] == warnings, alias
        for w in result.warnings:  # a property warning points at the domain/argument
            assert formal[w.start:w.end].strip() != ""
        env[alias] = result.info
    assert env["S1"].kind == "structure" and env["D15"].kind == "term"
    assert env["A6"].kind == "axiom" and env["X1"].kind == "basic"


def test_seed_warnings_point_at_d17_in_d18():
    d18 = SEED[[row[0] for row in SEED].index("D18")]
    assert [d18[1][a:b] for _, (a, b) in d18[4]] == ["D₁₇", "D₁₇"]


# ----------------------------------------------------------------------------
# Passing cases: expression → type, value class (warnings: none unless listed)

PASSING = [
    # atoms
    ("1", "Z", VALUE),
    ("Z", "ℬ(Z)", PROPERTY),
    ("∅", "ℬ(R0)", VALUE),
    ("X1", "ℬ(X1)", VALUE),
    ("C1", "ℬ(C1)", VALUE),
    ("S1", "ℬ(X1×X1)", VALUE),
    ("D2", "ℬℬ(X1)", PROPERTY),
    # arithmetic, card
    ("card(X1)", "Z", VALUE),
    ("card(S1) + 1", "Z", VALUE),
    ("card(X1) * 2 - 1", "Z", VALUE),
    ("1 + 2 * 3", "Z", VALUE),
    # ℬ, bool, debool, red
    ("ℬ(X1)", "ℬℬ(X1)", PROPERTY),
    ("ℬℬ(X1)", "ℬℬℬ(X1)", PROPERTY),
    ("ℬ(X1×X1)", "ℬℬ(X1×X1)", PROPERTY),
    ("bool(X1)", "ℬℬ(X1)", VALUE),
    ("bool(debool(S2))", "ℬ(X1)", VALUE),
    ("debool(S2)", "X1", VALUE),
    ("red(D3)", "ℬ(X1)", VALUE),
    # ×
    ("X1×X1", "ℬ(X1×X1)", VALUE),
    ("X1×X2×C1", "ℬ(X1×X2×C1)", VALUE),
    ("(X1×X1)×X1", "ℬ((X1×X1)×X1)", VALUE),
    ("X1×(X1×X1)", "ℬ(X1×(X1×X1))", VALUE),
    ("X1×ℬ(X1)", "ℬ(X1×ℬ(X1))", PROPERTY),
    ("ℬ(X1)×ℬ(X1)", "ℬ(ℬ(X1)×ℬ(X1))", PROPERTY),
    ("Z×X1", "ℬ(Z×X1)", PROPERTY),
    ("∅×X1", "ℬ(R0×X1)", VALUE),
    # ∪ ∩ \ ∆ and their value classes
    ("X1\\S2", "ℬ(X1)", VALUE),
    ("S2 ∪ S3 ∪ D1", "ℬ(X1)", VALUE),
    ("S2 ∆ S3", "ℬ(X1)", VALUE),
    ("ℬ(X1) ∩ D3", "ℬℬ(X1)", VALUE),
    ("D3 ∩ ℬ(X1)", "ℬℬ(X1)", VALUE),
    ("D2 ∩ ℬ(X1)", "ℬℬ(X1)", PROPERTY),
    ("ℬ(X1) \\ D3", "ℬℬ(X1)", PROPERTY),
    ("D3 \\ ℬ(X1)", "ℬℬ(X1)", VALUE),
    ("ℬ(X1) ∪ D3", "ℬℬ(X1)", PROPERTY),
    ("D3 ∆ ℬ(X1)", "ℬℬ(X1)", PROPERTY),
    # enumerations and tuples
    ("{∅}", "ℬℬ(R0)", VALUE),
    ("{∅, S2}", "ℬℬ(X1)", VALUE),
    ("{S2, ∅}", "ℬℬ(X1)", VALUE),
    ("{1, 2}", "ℬ(Z)", VALUE),
    ("{S2, S3}", "ℬℬ(X1)", VALUE),
    ("{Z}", "ℬℬ(Z)", PROPERTY),
    ("{(∅, 1), (S2, 1)}", "ℬ(ℬ(X1)×Z)", VALUE),
    ("(1, 2)", "Z×Z", VALUE),
    ("(debool(S2), S2)", "X1×ℬ(X1)", VALUE),
    ("((1, 2), 3)", "(Z×Z)×Z", VALUE),
    ("(1, Z)", "Z×ℬ(Z)", PROPERTY),
    # projections, one or several indices
    ("Pr1(S1)", "ℬ(X1)", VALUE),
    ("Pr₁ (S₁)", "ℬ(X1)", VALUE),
    ("Pr2,1(S1)", "ℬ(X1×X1)", VALUE),
    ("Pr1,1(S1)", "ℬ(X1×X1)", VALUE),
    ("Pr1,2(X1×X2×C1)", "ℬ(X1×X2)", VALUE),
    ("Pr3(X1×X2×C1)", "ℬ(C1)", VALUE),
    ("Pr2(X1×ℬ(X2))", "ℬℬ(X2)", VALUE),             # warns, see WARNINGS
    ("pr2((1, S2))", "ℬ(X1)", VALUE),
    ("pr1,3((1, S2, X1))", "Z×ℬ(X1)", VALUE),
    ("pr2,1((1, S2))", "ℬ(X1)×Z", VALUE),
    ("D{a ∈ S1 | pr1(a) = pr2(a)}", "ℬ(X1×X1)", VALUE),
    ("D{a ∈ X1×X2×C1 | pr3,1(a) = pr3,1(a)}", "ℬ(X1×X2×C1)", VALUE),
    # filters
    ("Fi1[S2](S1)", "ℬ(X1×X1)", VALUE),
    ("Fi1,2[S2, S3](S1)", "ℬ(X1×X1)", VALUE),
    ("Fi2,1[S1](S1)", "ℬ(X1×X1)", VALUE),
    ("Fi1[X2](X2×X1)", "ℬ(X2×X1)", VALUE),
    ("Fi3,1[C1, X1](X1×X2×C1)", "ℬ(X1×X2×C1)", VALUE),
    ("Fi1[∅](S1)", "ℬ(X1×X1)", VALUE),
    ("Fi1[Z](Z×X1)", "ℬ(Z×X1)", PROPERTY),
    # declarative sets (a property domain gives a property, without warning)
    ("D{a ∈ X1 | a ∈ S2}", "ℬ(X1)", VALUE),
    ("{b ∈ ℬ(X1) | b ⊆ S2}", "ℬℬ(X1)", PROPERTY),
    ("D{(a, b) ∈ S1 | a ≠ b}", "ℬ(X1×X1)", VALUE),
    ("D{(a, (b, c)) ∈ X1×(X2×C1) | a = a & b = b & c = c}", "ℬ(X1×(X2×C1))", VALUE),
    ("{a ∈ ∅ | a = a}", "ℬ(R0)", VALUE),
    ("{a ∈ Z | a > 1}", "ℬ(Z)", PROPERTY),
    ("D{a ∈ D2 | card(a) = 1}", "ℬℬ(X1)", PROPERTY),
    # imperative sets
    ("I{(a, b) | a :∈ X1; b :∈ S2; a ≠ b}", "ℬ(X1×X1)", VALUE),
    ("I{b | a :∈ X1; b := {a}}", "ℬℬ(X1)", VALUE),
    ("I{(a, c) | (a, b) :∈ X1×S1; c := pr2(b); c ≠ a}", "ℬ(X1×X1)", VALUE),
    ("I{c | (a, b) := (S2, S3); c := a ∪ b}", "ℬℬ(X1)", VALUE),
    # recursive sets
    ("R{a := S2 | a ∪ S3}", "ℬ(X1)", VALUE),
    ("R{a := ∅ | card(a) < 3 | a ∪ S2}", "ℬ(X1)", VALUE),
    ("R{(a, b) := (S2, 1) | (a ∪ S3, b + 1)}", "ℬ(X1)×Z", VALUE),
    ("R{a := 1 | a < 10 | a * 2}", "Z", VALUE),
    # calls, with radical substitution
    ("F1[S2, S1]", "ℬ(X1)", VALUE),
    ("F1[S2, X1×X2]", "ℬ(X1)", VALUE),
    ("F1[∅, S1]", "ℬ(X1)", VALUE),
    ("F1[S2, ∅]", "ℬ(X1)", VALUE),
    ("F1[Z, Z×X1]", "ℬ(Z)", VALUE),
    ("F1[ℬ(X1), D2×X1]", "ℬℬ(X1)", VALUE),
    ("F1[∅, ∅]", "ℬ(R0)", VALUE),
    ("F2[1]", "ℬ(Z)", VALUE),
    ("F2[S2]", "ℬℬ(X1)", VALUE),
    ("F2[(1, S2)]", "ℬ(Z×ℬ(X1))", VALUE),
    ("P1[debool(S2)]", "Logic", VALUE),
    ("P1[debool(S2)] & 1 = 1", "Logic", VALUE),
    # quantifiers
    ("∀a,b∈X1 (a,b) ∈ S1", "Logic", VALUE),
    ("∃(a,b)∈S1 a = b", "Logic", VALUE),
    ("∀a∈X1 ∀b∈S2 a = b", "Logic", VALUE),
    ("∀c ∈ S2, ∀d ∈ S3 c = d", "Logic", VALUE),
    ("∀a∈∅ ∀b∈a b = b", "Logic", VALUE),
    ("∃(a, b)∈∅ a = b", "Logic", VALUE),
    # predicates and connectives
    ("1 < 2", "Logic", VALUE),
    ("card(S2) ≥ card(S3)", "Logic", VALUE),
    ("S2 ⊆ X1", "Logic", VALUE),
    ("∅ ⊆ S2", "Logic", VALUE),
    ("S2 ⊄ ∅", "Logic", VALUE),
    ("S2 = ∅", "Logic", VALUE),
    ("∅ = ∅", "Logic", VALUE),
    ("1 ∈ Z", "Logic", VALUE),
    ("debool(S2) ∉ S3", "Logic", VALUE),
    ("∅ ∈ ℬ(X1)", "Logic", VALUE),
    ("(1, ∅) ∈ Z×ℬ(X1)", "Logic", VALUE),
    ("¬(1 = 1)", "Logic", VALUE),
    ("1 = 1 ⇔ 2 = 2", "Logic", VALUE),
    ("¬∀a∈X1 a ∈ S2 ∨ S2 = S3 ⇒ S2 ⊂ S3", "Logic", VALUE),
    # function definitions
    ("[a∈ℬ(R1), b∈ℬ(R1×R2)] a∩Pr1(b)", "[ℬ(R1), ℬ(R1×R2)] → ℬ(R1)", VALUE),
    ("[a∈X1] a ∈ S2", "[X1] → Logic", VALUE),
    ("[a∈ℬ(X1), b∈a] b ∈ a", "[ℬ(X1), X1] → Logic", VALUE),
    ("[a∈R1×R2] pr2(a)", "[R1×R2] → R2", VALUE),
    ("[a∈R1] {a}", "[R1] → ℬ(R1)", VALUE),
    ("[a∈ℬ(R1×R2), b∈ℬ(R2)] Fi2[b](a)", "[ℬ(R1×R2), ℬ(R2)] → ℬ(R1×R2)", VALUE),
    ("[a∈ℬ(R1)] card(a)", "[ℬ(R1)] → Z", VALUE),
    ("[a∈Z] a + 1", "[Z] → Z", VALUE),
    ("[a∈ℬ(X1)] ℬ(a)", "[ℬ(X1)] → ℬℬ(X1)", PROPERTY),
    # ASCII spelling
    ("\\A a \\in X1 (a \\in S2 \\impl a \\in S3)", "Logic", VALUE),
    ("B(X1*X1) \\setminus {{}}", "ℬℬ(X1×X1)", PROPERTY),
    ("\\E a \\in X1 a \\in {}", "Logic", VALUE),
]


@pytest.mark.parametrize("text, type_text, value_class", PASSING, ids=[p[0] for p in PASSING])
def test_passing(text, type_text, value_class):
    result = typed(text)
    assert str(result.type) == type_text
    assert result.value_class == value_class
    assert all(w.code == "invalidPropertyUsage" for w in result.warnings)


# ----------------------------------------------------------------------------
# Warnings

WARNINGS = [
    ("∀a∈X1 1=1", [("localNotUsed", (6, 9), "1=1")]),
    ("I{a | (a, b) :∈ S1}", [("localNotUsed", (0, 19), "I{a | (a, b) :∈ S1}")]),
    ("[a∈X1, b∈S2] ∅", [("localNotUsed", (13, 14), "∅"), ("localNotUsed", (13, 14), "∅")]),
    ("D{a ∈ X1 | ∃b∈S2 1=1}", [("localNotUsed", (11, 20), "∃b∈S2 1=1"),
                              ("localNotUsed", (17, 20), "1=1")]),
    ("card(ℬ(X1))", [("invalidPropertyUsage", (5, 10), "ℬ(X1)")]),
    ("card(D2 ∩ D2)", [("invalidPropertyUsage", (5, 12), "D2 ∩ D2")]),
    ("card(D2 ∩ D3)", []),
    ("debool(Z)", [("invalidPropertyUsage", (7, 8), "Z")]),
    ("red(ℬℬ(X1))", [("invalidPropertyUsage", (4, 10), "ℬℬ(X1)")]),
    ("red(D2)", [("invalidPropertyUsage", (4, 6), "D2")]),
    ("Pr1(Z×X1)", [("invalidPropertyUsage", (4, 8), "Z×X1")]),
    ("Pr2(X1×ℬ(X2))", [("invalidPropertyUsage", (4, 12), "X1×ℬ(X2)")]),
    ("bool(Z)", [("invalidPropertyUsage", (5, 6), "Z")]),
    ("∀a∈Z a=a", [("invalidPropertyUsage", (3, 4), "Z")]),
    ("∃a∈D2 a=a", [("invalidPropertyUsage", (3, 5), "D2")]),
    ("I{a | a :∈ Z}", [("invalidPropertyUsage", (11, 12), "Z")]),
    ("red(Pr2(D2×D2))", [("invalidPropertyUsage", (8, 13), "D2×D2")]),  # no cascade
]


@pytest.mark.parametrize("text, warnings", WARNINGS, ids=[w[0] for w in WARNINGS])
def test_warnings(text, warnings):
    result = typed(text)
    assert [(w.code, w.span, text[w.start:w.end]) for w in result.warnings] == warnings


# ----------------------------------------------------------------------------
# Errors: at least one case per code, with the span and its text

ERRORS = [
    # globals and radicals
    ("X9", "globalNotTyped", (0, 2), "X9"),
    ("D9 ∪ S2", "globalNotTyped", (0, 2), "D9"),
    ("F5[S2]", "globalNotTyped", (0, 2), "F5"),
    ("F1 ∪ S2", "unknownSyntax", (0, 3), "F1 "),   # a function's name alone: only at the end
    ("S2 ∪ F1", "globalFuncWithoutArgs", (5, 7), "F1"),
    ("R1 ∪ S2", "radicalUsage", (0, 2), "R1"),
    ("[a∈ℬ(R1)] a ∪ R1", "radicalUsage", (14, 16), "R1"),
    ("[a∈ℬ(R0)] a", "radicalUsage", (5, 7), "R0"),
    ("[a∈ℬ(R1)] a ∩ X1", "typesNotEqual", (10, 16), "a ∩ X1"),   # radicals are rigid
    # locals
    ("a ∪ S2", "localUndeclared", (0, 1), "a"),
    ("∀a∈X1 b=a", "localUndeclared", (6, 7), "b"),
    ("∀a∈a a=a", "localUndeclared", (3, 4), "a"),
    ("∀a∈X1 a=a & a=a", "localOutOfScopeParentheses", (12, 13), "a"),
    ("(∀a∈X1 a=a) & ∀b∈a b=b", "localUndeclaredInSubexpr", (17, 18), "a"),
    ("D{a ∈ X1 | 1=1} = {a}", "localOutOfScope", (19, 20), "a"),
    ("∀a∈X1 ∃a∈S2 a=a", "localShadowing", (7, 8), "a"),
    ("D{a ∈ X1 | ∀a∈S2 a=a}", "localShadowing", (12, 13), "a"),
    ("[a∈X1] ∀a∈S2 a=a", "localShadowing", (8, 9), "a"),
    ("∀a, a∈X1 a=a", "localShadowing", (4, 5), "a"),
    ("∀(a, a)∈S1 a=a", "localShadowing", (5, 6), "a"),
    ("I{a | a :∈ X1; a :∈ S2}", "localShadowing", (15, 16), "a"),
    ("[a∈X1, a∈X1] a=a", "localShadowing", (7, 8), "a"),
    ("(∀a∈X1 a=a) & ∀a∈S2 a=a", "localDoubleDeclare", (15, 16), "a"),  # siblings
    ("a=a & ∀a∈X1 a=a", "localUndeclared", (0, 1), "a"),
    ("∀(a,b)∈X1 a=b", "invalidCortegeDeclare", (2, 3), "a"),
    ("∀(a,b,c)∈S1 a=b", "invalidCortegeDeclare", (2, 3), "a"),
    ("D{(a, (b, c)) ∈ S1 | a=b}", "invalidCortegeDeclare", (7, 8), "b"),
    ("R{(a, b) := S2 | S2}", "invalidCortegeDeclare", (3, 4), "a"),
    # type mismatches
    ("S2 ∪ S1", "typesNotEqual", (0, 7), "S2 ∪ S1"),
    ("S2 ⊆ S1", "typesNotEqual", (0, 7), "S2 ⊆ S1"),
    ("R{a := S2 | S1}", "typesNotEqual", (12, 14), "S1"),
    ("R{a := S2 | ℬ(X1)}", "typesNotEqual", (12, 17), "ℬ(X1)"),
    ("S2 = S1", "typesNotCompatible", (0, 7), "S2 = S1"),
    ("1 = S2", "typesNotCompatible", (0, 6), "1 = S2"),
    ("∀a∈S1 pr1(a) ≠ a", "typesNotCompatible", (6, 16), "pr1(a) ≠ a"),
    ("X1 × 1", "invalidDecart", (5, 6), "1"),
    ("X1 × S2 × (1, 2)", "invalidDecart", (10, 16), "(1, 2)"),
    ("ℬ(1)", "invalidBoolean", (2, 3), "1"),
    ("1 ∪ S2", "invalidTypeOperation", (0, 1), "1"),
    ("S2 \\ 1", "invalidTypeOperation", (5, 6), "1"),
    ("S2 ⊆ 1", "invalidTypeOperation", (5, 6), "1"),
    ("card(1)", "invalidCard", (5, 6), "1"),
    ("debool(1)", "invalidDebool", (7, 8), "1"),
    ("red(S2)", "invalidReduce", (4, 6), "S2"),
    ("red(1)", "invalidReduce", (4, 5), "1"),
    ("{1, S2}", "invalidEnumeration", (4, 6), "S2"),
    ("{S2, S3, S1}", "invalidEnumeration", (9, 11), "S1"),
    ("1 ∈ 2", "invalidTypeOperation", (4, 5), "2"),
    ("1 ∈ S2", "invalidElementPredicate", (0, 6), "1 ∈ S2"),
    ("S2 ∉ S2", "invalidElementPredicate", (0, 7), "S2 ∉ S2"),
    # ∅ where it makes no sense
    ("card(∅)", "invalidEmptySetUsage", (5, 6), "∅"),
    ("debool(∅)", "invalidEmptySetUsage", (7, 8), "∅"),
    ("red(∅)", "invalidEmptySetUsage", (4, 5), "∅"),
    ("Pr1(∅)", "invalidEmptySetUsage", (4, 5), "∅"),
    ("pr1(∅)", "invalidEmptySetUsage", (4, 5), "∅"),
    ("∅ ∪ S2", "invalidEmptySetUsage", (0, 1), "∅"),
    ("S2 \\ ∅", "invalidEmptySetUsage", (5, 6), "∅"),
    ("S2 ∩ ∅", "invalidEmptySetUsage", (5, 6), "∅"),
    ("S2 ∆ ∅", "invalidEmptySetUsage", (5, 6), "∅"),
    # calls
    ("F1[S2]", "invalidArgsArity", (0, 6), "F1[S2]"),
    ("F1[S2, S2, S2]", "invalidArgsArity", (0, 14), "F1[S2, S2, S2]"),
    ("F3[S2]", "invalidArgsArity", (0, 6), "F3[S2]"),
    ("F1[S2, S2]", "invalidArgumentType", (7, 9), "S2"),
    ("F1[S2, Z×X1]", "invalidArgumentType", (7, 11), "Z×X1"),   # R1 = X1, then R1 = Z
    ("F1[1, S1]", "invalidArgumentType", (3, 4), "1"),
    ("P1[1]", "invalidArgumentType", (3, 4), "1"),
    # arithmetic and order
    ("S2 + 1", "arithmeticNotSupported", (0, 2), "S2"),
    ("1 * X1", "arithmeticNotSupported", (4, 6), "X1"),
    ("card(S2) - S2", "arithmeticNotSupported", (11, 13), "S2"),
    ("debool(S2) < debool(S2)", "orderingNotSupported", (0, 10), "debool(S2)"),
    ("1 ≥ S2", "orderingNotSupported", (4, 6), "S2"),
    # formulas and set expressions in the wrong place
    ("P2[debool(S2)] & 1=1", "expectedLogic", (0, 14), "P2[debool(S2)]"),
    ("A1 ∪ S2", "expectedSetexpr", (0, 2), "A1"),
    ("bool(A1)", "expectedSetexpr", (5, 7), "A1"),
    # domains of variables
    ("∀a∈1 a=a", "invalidQuantifierDomain", (3, 4), "1"),
    ("D{a∈1 | a=a}", "invalidTypeOperation", (4, 5), "1"),
    ("I{a | a :∈ 1}", "invalidTypeOperation", (11, 12), "1"),
    ("[a∈1] a", "invalidTypeOperation", (3, 4), "1"),
    # projections
    ("Pr1(1)", "projectionSetArgumentNotSet", (4, 5), "1"),
    ("Pr1(S2)", "projectionSetArgumentNotTupleSet", (4, 6), "S2"),
    ("Pr3(S1)", "projectionSetIndexOutOfRange", (4, 6), "S1"),
    ("Pr1,0(S1)", "unknownSyntax", (3, 5), ",0"),   # indices count from 1
    ("pr1(1)", "projectionTupleArgumentNotTuple", (4, 5), "1"),
    ("∀a∈X1 pr1(a) = a", "projectionTupleArgumentNotTuple", (10, 11), "a"),
    ("pr3((1,2))", "projectionTupleIndexOutOfRange", (4, 9), "(1,2)"),
    ("∀a∈S1 pr1,3(a) = a", "projectionTupleIndexOutOfRange", (12, 13), "a"),
    # filters
    ("Fi1[S2](S2)", "invalidFilterArgumentType", (8, 10), "S2"),
    ("Fi1[S2](1)", "invalidFilterArgumentType", (8, 9), "1"),
    ("Fi1[1](S1)", "invalidFilterParameterType", (4, 5), "1"),
    ("Fi1[S1](S1)", "invalidFilterParameterType", (4, 6), "S1"),
    ("Fi1,2[S2](S1)", "invalidFilterParameterType", (6, 8), "S2"),
    ("Fi3[S2](S1)", "invalidFilterIndex", (8, 10), "S1"),
    ("Fi1[debool(S2)](S1)", "invalidFilterBooleanEchelon", (4, 14), "debool(S2)"),
    ("Fi1,2[S2, S2, S2](S1)", "invalidFilterArity", (14, 16), "S2"),
]


@pytest.mark.parametrize("text, code, span, fragment", ERRORS, ids=[e[0] for e in ERRORS])
def test_errors(text, code, span, fragment):
    check_error(lambda: typed(text), text, code, span, fragment)


def test_expected_logic_inside_a_formula():
    # The grammar cannot write a set expression under ¬; a built tree can.
    tree = s.Negation(s.Global("S2", span=(1, 3)), span=(0, 3))
    check_error(lambda: typify(tree, ENV), "¬S2", "expectedLogic", (1, 3), "S2")


def test_the_first_error_wins():
    text = "card(1) = debool(1)"
    check_error(lambda: typed(text), text, "invalidCard", (5, 6), "1")


def test_every_code_of_the_table_is_exercised():
    codes = {e[1] for e in ERRORS} | {"expectedLogic", "globalStructure"}
    warnings = {w[0] for case in WARNINGS for w in case[1]}
    assert {
        "globalNotTyped", "globalFuncWithoutArgs", "radicalUsage", "localUndeclared",
        "localOutOfScope", "localShadowing", "localDoubleDeclare", "invalidCortegeDeclare",
        "typesNotEqual", "typesNotCompatible", "invalidDecart", "invalidBoolean",
        "invalidTypeOperation", "invalidCard", "invalidDebool", "invalidReduce",
        "invalidEnumeration", "invalidElementPredicate", "invalidEmptySetUsage",
        "invalidArgsArity", "invalidArgumentType", "arithmeticNotSupported",
        "orderingNotSupported", "expectedSetexpr", "invalidQuantifierDomain",
        "projectionSetArgumentNotSet", "projectionSetArgumentNotTupleSet",
        "projectionSetIndexOutOfRange", "projectionTupleArgumentNotTuple",
        "projectionTupleIndexOutOfRange", "invalidFilterArgumentType", "invalidFilterArity",
        "invalidFilterParameterType", "invalidFilterBooleanEchelon", "invalidFilterIndex",
    } <= codes
    assert warnings == {"localNotUsed", "invalidPropertyUsage"}


# ----------------------------------------------------------------------------
# Structures, functions, constituents

STRUCTURES = [
    ("ℬ(X₁×X₁)", "ℬ(X1×X1)"),
    ("ℬ(X1)", "ℬ(X1)"),
    ("X1", "X1"),
    ("X1×C1", "X1×C1"),
    ("ℬℬ(X1)", "ℬℬ(X1)"),
    ("ℬ(X1×ℬ(X2×Z))", "ℬ(X1×ℬ(X2×Z))"),
    ("Z", "Z"),
    # built from structures and terms, as the reference allows: the type is
    # the domain's element type, the value must also lie in the domain's value
    ("ℬ(S2)", "ℬ(X1)"),
    ("ℬ(S2×S3)", "ℬ(X1×X1)"),
    ("ℬ(X1×D1)", "ℬ(X1×X1)"),
    ("ℬ(D3×D3×X2)", "ℬ(ℬ(X1)×ℬ(X1)×X2)"),
    ("S1", "X1×X1"),
]


@pytest.mark.parametrize("text, type_text", STRUCTURES, ids=[t for t, _ in STRUCTURES])
def test_structure_domains(text, type_text):
    assert str(structure_domain_type(parse_expression(text), ENV)) == type_text


STRUCTURE_ERRORS = [
    # anything but globals, Z, ℬ and ×: the reference marks the whole domain
    ("ℬ(X1) ∪ ℬ(X1)", "globalStructure", (0, 13), "ℬ(X1) ∪ ℬ(X1)"),
    ("ℬ(bool(X1))", "globalStructure", (0, 11), "ℬ(bool(X1))"),
    ("ℬ(Pr1(S1))", "globalStructure", (0, 10), "ℬ(Pr1(S1))"),
    ("{X1}", "globalStructure", (0, 4), "{X1}"),
    ("ℬ(X9)", "globalNotTyped", (2, 4), "X9"),
    ("ℬ(A1)", "expectedSetexpr", (2, 4), "A1"),
]


@pytest.mark.parametrize("text, code, span, fragment", STRUCTURE_ERRORS,
                         ids=[e[0] for e in STRUCTURE_ERRORS])
def test_structure_domain_errors(text, code, span, fragment):
    check_error(lambda: structure_domain_type(parse_expression(text), ENV),
                text, code, span, fragment)


def test_function_type():
    tree = parse_expression("[a∈ℬ(R1), b∈ℬ(R1×R2)] a∩Pr1(b)")
    signature = function_type(tree, ENV)
    assert isinstance(signature, FunctionType)
    assert str(signature) == "[ℬ(R1), ℬ(R1×R2)] → ℬ(R1)"
    assert str(function_type(parse_expression("[a∈X1] a ∈ S2"), ENV)) == "[X1] → Logic"
    with pytest.raises(TypeError):
        function_type(parse_expression("S2"), ENV)


def test_defined_function_then_called():
    env = dict(ENV)
    result = analyse_constituent("F7", parse_expression("[a∈ℬ(R1), b∈ℬ(R1×R2)] a∩Pr1(b)"), env)
    env["F7"] = result.info
    assert result.info.kind == "function"
    assert str(typed("F7[S2, S2×X2]", env).type) == "ℬ(X1)"
    result = analyse_constituent("P7", parse_expression("[a∈R1, b∈ℬ(R1)] a ∈ b"), env)
    env["P7"] = result.info
    assert str(result.info.type) == "[R1, ℬ(R1)] → Logic"
    assert typed("P7[debool(S2), S3] & P7[1, Z]", env).type == parse_type("Logic")
    text = "P7[debool(S2), Z]"
    check_error(lambda: typed(text, env), text, "invalidArgumentType", (15, 16), "Z")


CONSTITUENT_ERRORS = [
    ("D7", "1 = 1", "expectedType", (0, 5), "1 = 1"),
    ("D7", "[a∈X1] {a}", "expectedType", (0, 10), "[a∈X1] {a}"),
    ("A7", "S2 ∪ S3", "expectedType", (0, 7), "S2 ∪ S3"),
    ("T7", "card(S2)", "expectedType", (0, 8), "card(S2)"),
    ("F7", "S2", "expectedType", (0, 2), "S2"),
    ("F7", "[a∈X1] a ∈ S2", "expectedType", (0, 13), "[a∈X1] a ∈ S2"),
    ("P7", "[a∈X1] {a}", "expectedType", (0, 10), "[a∈X1] {a}"),
    ("S7", "ℬ(D1∪X1)", "globalStructure", (0, 8), "ℬ(D1∪X1)"),
]


@pytest.mark.parametrize("alias, text, code, span, fragment", CONSTITUENT_ERRORS,
                         ids=[f"{e[0]} {e[1]}" for e in CONSTITUENT_ERRORS])
def test_constituent_errors(alias, text, code, span, fragment):
    check_error(lambda: analyse_constituent(alias, parse_expression(text), ENV),
                text, code, span, fragment)


def test_basic_and_constant_sets():
    assert str(analyse_constituent("X3", None, {}).info.type) == "ℬ(X3)"
    assert analyse_constituent("C2", None, {}).info == GlobalInfo("constant", parse_type("ℬ(C2)"))
    with pytest.raises(ValueError):
        analyse_constituent("Q1", None, {})
    with pytest.raises(ValueError):
        analyse_constituent("D1", None, {})
