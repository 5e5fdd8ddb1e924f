"""The grammar and the parser: every construct in both spellings, the 2013
forms of the seed, precedence, scope and the ambiguousPrecedence warnings.

Trees are compared through their bracket tree (``str(tree)``) and through
``==`` (spans do not take part in equality).
"""

from __future__ import annotations

import io
import logging
from importlib import resources

import pytest
from lark import Lark, logger as lark_logger

from setmine import resources as setmine_resources
from setmine.rsl.syntax import tree as s
from setmine.rsl.syntax.errors import RSLError
from setmine.rsl.syntax.parser import parse_expression, parse_with_warnings
from setmine.rsl.syntax.spelling import spelling_of


def tree(text: str, syntax: str = "auto") -> str:
    return str(parse_expression(text, syntax))


def warnings(text: str, syntax: str = "auto") -> list[str]:
    return [w.code for w in parse_with_warnings(text, syntax).warnings]


# ----------------------------------------------------------------------------
# 1. Every construct, Unicode and ASCII spelling

CONSTRUCTS = [
    # quantifiers, variable lists, tuple declarations
    ("∀a∈X1 a=a", r"\A a \in X1 a \eq a", "[∀[a][X1][=[a][a]]]"),
    ("∃a∈X1 a≠a", r"\E a \in X1 a \noteq a", "[∃[a][X1][≠[a][a]]]"),
    ("∀a,b∈X1 a=b", r"\A a, b \in X1 a \eq b", "[∀[ENUM_DECLARATION[a][b]][X1][=[a][b]]]"),
    ("∀a,b,c∈X1 a=c", r"\A a,b,c \in X1 a \eq c",
     "[∀[ENUM_DECLARATION[a][b][c]][X1][=[a][c]]]"),
    ("∀(a,b)∈S1 a=b", r"\A (a, b) \in S1 a \eq b", "[∀[TUPLE_DECLARATION[a][b]][S1][=[a][b]]]"),
    ("∃((a,b),c)∈S1 a∈c", r"\E ((a,b),c) \in S1 a \in c",
     "[∃[TUPLE_DECLARATION[TUPLE_DECLARATION[a][b]][c]][S1][∈[a][c]]]"),
    ("∃(a,(b,c),d)∈S1 a=d", r"\E (a,(b,c),d) \in S1 a \eq d",
     "[∃[TUPLE_DECLARATION[a][TUPLE_DECLARATION[b][c]][d]][S1][=[a][d]]]"),
    ("∀(a,b),c∈S1 c=a", r"\A (a,b),c \in S1 c \eq a",
     "[∀[ENUM_DECLARATION[TUPLE_DECLARATION[a][b]][c]][S1][=[c][a]]]"),
    ("∀a∈X1 ∃b∈X1 a=b", r"\A a \in X1 \E b \in X1 a \eq b", "[∀[a][X1][∃[b][X1][=[a][b]]]]"),
    # predicates
    ("a∈X1", r"a \in X1", "[∈[a][X1]]"),
    ("a∉X1", r"a \notin X1", "[∉[a][X1]]"),
    ("S1⊆S2", r"S1 \subseteq S2", "[⊆[S1][S2]]"),
    ("S1⊂S2", r"S1 \subset S2", "[⊂[S1][S2]]"),
    ("S1⊄S2", r"S1 \notsubset S2", "[⊄[S1][S2]]"),
    ("a=b", r"a \eq b", "[=[a][b]]"),
    ("a≠b", r"a \noteq b", "[≠[a][b]]"),
    ("1<2", r"1 \ls 2", "[<[1][2]]"),
    ("1>2", r"1 \gr 2", "[>[1][2]]"),
    ("1≤2", r"1 \le 2", "[≤[1][2]]"),
    ("1≥2", r"1 \ge 2", "[≥[1][2]]"),
    # connectives
    ("¬a=b", r"\neg a \eq b", "[¬[=[a][b]]]"),
    ("¬¬a=b", r"\neg \neg a \eq b", "[¬[¬[=[a][b]]]]"),
    ("a=b & b=c", r"a \eq b \and b \eq c", "[&[=[a][b]][=[b][c]]]"),
    ("a=b ∨ b=c", r"a \eq b \or b \eq c", "[∨[=[a][b]][=[b][c]]]"),
    ("a=b ⇒ b=c", r"a \eq b \impl b \eq c", "[⇒[=[a][b]][=[b][c]]]"),
    ("a=b ⇔ b=c", r"a \eq b \equiv b \eq c", "[⇔[=[a][b]][=[b][c]]]"),
    # set operations
    ("X1∪X2", r"X1 \union X2", "[∪[X1][X2]]"),
    ("X1∩X2", r"X1 \intersect X2", "[∩[X1][X2]]"),
    ("X1\\X2", r"X1 \setminus X2", "[\\[X1][X2]]"),
    ("X1∆X2", r"X1 \symmdiff X2", "[∆[X1][X2]]"),
    ("X1×X2", "X1*X2", "[×[X1][X2]]"),
    ("X1×X2×C1", "X1*X2*C1", "[×[X1][X2][C1]]"),
    ("(X1×X2)×C1", "(X1*X2)*C1", "[×[×[X1][X2]][C1]]"),
    ("X1×(X2×C1)", "X1*(X2*C1)", "[×[X1][×[X2][C1]]]"),
    ("ℬ(X1)", "B(X1)", "[ℬ[X1]]"),
    ("ℬℬ(X1)", "BB(X1)", "[ℬ[ℬ[X1]]]"),
    ("ℬ(ℬ(X1))", "B(B(X1))", "[ℬ[ℬ[X1]]]"),
    ("ℬ(X1×X1)", "B(X1*X1)", "[ℬ[×[X1][X1]]]"),
    ("ℬ(X1)×ℬ(X1)", "B(X1)*B(X1)", "[×[ℬ[X1]][ℬ[X1]]]"),
    # integers
    ("1+2", r"1 \plus 2", "[+[1][2]]"),
    ("1-2", r"1 \minus 2", "[-[1][2]]"),
    ("1*2", r"1 \multiply 2", "[*[1][2]]"),
    ("card(X1)+1", r"card(X1) \plus 1", "[+[card[X1]][1]]"),
    ("0", "0", "[0]"),
    ("12345", "12345", "[12345]"),
    ("Z", "Z", "[Z]"),
    ("1∈Z", r"1 \in Z", "[∈[1][Z]]"),
    # set functions, projections, filters
    ("card(S1)", "card(S1)", "[card[S1]]"),
    ("bool(a)", "bool(a)", "[bool[a]]"),
    ("debool(S4)", "debool(S4)", "[debool[S4]]"),
    ("red(S1)", "red(S1)", "[red[S1]]"),
    ("Pr1(S1)", "Pr1(S1)", "[Pr1[S1]]"),
    ("Pr1,2(S1)", "Pr1,2(S1)", "[Pr1,2[S1]]"),
    ("Pr2,1,3(S1)", "Pr2,1,3(S1)", "[Pr2,1,3[S1]]"),
    ("pr2(a)", "pr2(a)", "[pr2[a]]"),
    ("pr2,1(a)", "pr2,1(a)", "[pr2,1[a]]"),
    ("pr12(a)", "pr12(a)", "[pr12[a]]"),
    ("Fi1[X1](S1)", "Fi1[X1](S1)", "[Fi1[X1][S1]]"),
    ("Fi1,2[X1,X2](S1)", "Fi1,2[X1, X2](S1)", "[Fi1,2[X1][X2][S1]]"),
    # enumerations, tuples, the empty set
    ("{a}", "{a}", "[ENUMERATION[a]]"),
    ("{a, b, 1}", "{a, b, 1}", "[ENUMERATION[a][b][1]]"),
    ("{∅}", "{{}}", "[ENUMERATION[∅]]"),
    ("(a, b)", "(a, b)", "[TUPLE[a][b]]"),
    ("(a, (b, c), d)", "(a, (b, c), d)", "[TUPLE[a][TUPLE[b][c]][d]]"),
    ("∅", "{}", "[∅]"),
    ("X1∪∅", r"X1 \union {}", "[∪[X1][∅]]"),
    # constructions
    ("{a∈X1 | a=a}", r"{a \in X1 | a \eq a}", "[DECLARATIVE[a][X1][=[a][a]]]"),
    ("D{a∈X1 | a=a}", r"D{a \in X1 | a \eq a}", "[DECLARATIVE[a][X1][=[a][a]]]"),
    ("D{(a,b)∈S1 | a≠b}", r"D{(a,b) \in S1 | a \noteq b}",
     "[DECLARATIVE[TUPLE_DECLARATION[a][b]][S1][≠[a][b]]]"),
    ("{(a,b)∈S1 | a≠b}", r"{(a,b) \in S1 | a \noteq b}",
     "[DECLARATIVE[TUPLE_DECLARATION[a][b]][S1][≠[a][b]]]"),
    ("I{(a, b) | a:∈X1; b:=a; a≠b}", r"I{(a, b) | a \from X1; b \assign a; a \noteq b}",
     "[IMPERATIVE[TUPLE[a][b]][:∈[a][X1]][:=[b][a]][≠[a][b]]]"),
    ("I{a | (a, b):∈S1}", r"I{a | (a, b) \from S1}",
     "[IMPERATIVE[a][:∈[TUPLE_DECLARATION[a][b]][S1]]]"),
    ("I{c | a:∈X1; c:=(a, a); a∈S2 & c∈S1}",
     r"I{c | a \from X1; c \assign (a, a); a \in S2 \and c \in S1}",
     "[IMPERATIVE[c][:∈[a][X1]][:=[c][TUPLE[a][a]]][&[∈[a][S2]][∈[c][S1]]]]"),
    ("R{a:=X1 | card(a)>1 | a∩X2}", r"R{a \assign X1 | card(a) \gr 1 | a \intersect X2}",
     "[RECURSIVE[a][X1][>[card[a]][1]][∩[a][X2]]]"),
    ("R{a:=X1 | a∪X2}", r"R{a \assign X1 | a \union X2}", "[RECURSIVE[a][X1][∪[a][X2]]]"),
    ("R{(a,b):=(X1,X2) | (a∪b, b)}", r"R{(a,b) \assign (X1,X2) | (a \union b, b)}",
     "[RECURSIVE[TUPLE_DECLARATION[a][b]][TUPLE[X1][X2]][TUPLE[∪[a][b]][b]]]"),
    # calls and function definitions
    ("F1[X1, X2]", "F1[X1, X2]", "[F1[X1][X2]]"),
    ("P1[X1, a]", "P1[X1, a]", "[P1[X1][a]]"),
    ("¬P1[a] & P2[b]", r"\neg P1[a] \and P2[b]", "[&[¬[P1[a]]][P2[b]]]"),
    ("[a∈ℬ(R1), b∈ℬ(R1×R2)] a∩Pr1(b)", r"[a \in B(R1), b \in B(R1*R2)] a \intersect Pr1(b)",
     "[FUNCTION_DEFINITION[ARGUMENT[a][ℬ[R1]]][ARGUMENT[b][ℬ[×[R1][R2]]]][∩[a][Pr1[b]]]]"),
    ("[a∈X1, b∈ℬ(X1)] a∈b", r"[a \in X1, b \in B(X1)] a \in b",
     "[FUNCTION_DEFINITION[ARGUMENT[a][X1]][ARGUMENT[b][ℬ[X1]]][∈[a][b]]]"),
    # names
    ("R1", "R1", "[R1]"),
    ("D15", "D15", "[D15]"),
    ("A1∪T2∪C3", r"A1 \union T2 \union C3", "[∪[∪[A1][T2]][C3]]"),
    ("ξ∈X1", r"ξ \in X1", "[∈[ξ][X1]]"),
    ("∀ξ∈X1 ξ∈X1", r"\A ξ \in X1 ξ \in X1", "[∀[ξ][X1][∈[ξ][X1]]]"),
    ("b1_x∈X1", r"b1_x \in X1", "[∈[b1_x][X1]]"),
    ("cardinal∪reduce", r"cardinal \union reduce", "[∪[cardinal][reduce]]"),
]


@pytest.mark.parametrize("unicode_text, ascii_text, expected", CONSTRUCTS)
def test_construct_in_both_spellings(unicode_text, ascii_text, expected):
    in_unicode = parse_expression(unicode_text, "unicode")
    in_ascii = parse_expression(ascii_text, "ascii")
    assert str(in_unicode) == expected
    assert str(in_ascii) == expected
    assert in_unicode == in_ascii
    assert str(parse_expression(unicode_text)) == expected  # auto reads it as Unicode


SUBSCRIPTS = [
    ("X₁", "[X1]"),
    ("D₁₅", "[D15]"),
    ("S₁₂∪X₂", "[∪[S12][X2]]"),
    ("pr₁(a)", "[pr1[a]]"),
    ("Pr₂(S₁)", "[Pr2[S1]]"),
    ("Pr₁,₂(S₁)", "[Pr1,2[S1]]"),
    ("Fi₁[X₁](S₁)", "[Fi1[X1][S1]]"),
    ("F₁[X₁]", "[F1[X1]]"),
    ("P₁[X₁]", "[P1[X1]]"),
    ("R₁", "[R1]"),
    ("a₁∈X₁", "[∈[a1][X1]]"),
]


@pytest.mark.parametrize("text, expected", SUBSCRIPTS)
def test_subscript_digits(text, expected):
    assert tree(text) == expected


@pytest.mark.parametrize("text, syntax, expected", [
    ("a*b", "unicode", "[*[a][b]]"),
    ("a*b", "ascii", "[×[a][b]]"),
    ("a*b", "auto", "[*[a][b]]"),
    ("a*b*c", "ascii", "[×[a][b][c]]"),
    (r"a*b \union c", "auto", "[∪[×[a][b]][c]]"),  # an ASCII command: ASCII, * is ×
    ("B(X1*X1)", "auto", "[ℬ[×[X1][X1]]]"),       # B for ℬ: ASCII
    (r"1 \multiply 2 \plus 3", "ascii", "[+[*[1][2]][3]]"),
])
def test_star_by_spelling(text, syntax, expected):
    assert tree(text, syntax) == expected


@pytest.mark.parametrize("text, spelling", [
    ("∀a∈X1 a=a", "unicode"),
    (r"\A a \in X1 a \eq a", "ascii"),
    ("B(X1)", "ascii"),
    ("BB(X1)", "ascii"),
    ("X₁\\S₃", "unicode"),      # a bare backslash is the set difference of both
    ("X1\\S3*X1", "unicode"),
    ("X1 \\setminus S3", "ascii"),
    (r"a \in X1 ∪ X2", "unicode"),  # a Unicode operator wins
    ("a*b", "unicode"),
])
def test_spelling_of(text, spelling):
    assert spelling_of(text) == spelling
    assert parse_with_warnings(text).spelling == spelling


@pytest.mark.parametrize("text, expected", [
    ("P1", "[P1]"),            # a predicate name without arguments: a semantic error
    ("F1", "[F1]"),
    ("X1=P1", "[=[X1][P1]]"),
])
def test_function_names_without_arguments_parse_at_the_end(text, expected):
    assert tree(text) == expected


@pytest.mark.parametrize("text, code, span", [
    ("P1=X1", "unknownSyntax", (0, 2)),      # to the next token, as ConceptPortal's parser
    ("F1 ∪ X1", "unknownSyntax", (0, 3)),
    ("card(F1)", "unknownSyntax", (5, 7)),
    ("F1(X1)", "globalFuncParenCall", (0, 2)),
    ("F1[]", "globalFuncWithoutArgs", (0, 2)),
    ("X1 ∪ P1 [ ]", "globalFuncWithoutArgs", (5, 7)),
])
def test_function_names_elsewhere_are_syntax_errors(text, code, span):
    with pytest.raises(RSLError) as caught:
        parse_expression(text)
    assert (caught.value.code, caught.value.span) == (code, span)


def test_free_spacing_and_line_breaks():
    assert parse_expression("∀ a ∈ X1\n   a = a\t&\ta ∈ X1") \
        == parse_expression("∀a∈X1 a=a & a∈X1")
    assert parse_expression("  card ( b )  ") == parse_expression("card(b)")
    assert parse_expression("{ a ∈ X1 |\n a = a }") == parse_expression("D{a∈X1 | a=a}")


def test_declarative_forms_are_the_same_node():
    short = parse_expression("{a∈X1 | a∈S2}")
    long = parse_expression("D{a∈X1 | a∈S2}")
    assert isinstance(short, s.Declarative) and short == long


def test_spans_are_code_points():
    node = parse_expression("∀a ∈ X₁ a ∈ Pr₁ (S₁)")
    assert node.span == (0, 20)
    assert node.domain.span == (5, 7)
    assert node.body.right.span == (12, 20)


# ----------------------------------------------------------------------------
# 2. The 2013 forms: the 27 formulas of the seed, character for character

SEED = [
    ("A1", "∀a ∈ X₁ a ∈ Pr₁ (S₁)",
     "∀a∈X1 a∈Pr1(S1)"),
    ("A2", "∀a, b ∈ X₁ ((a, b) ∈ S₁ ⇒ (b, a) ∈ S₁)",
     "∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∈S1)"),
    ("A3", "∀ a ∈ S₁ pr₁ a ≠ pr₂ a",
     "∀a∈S1 pr1(a)≠pr2(a)"),
    ("A4", "S₃ ∩ S₂ = ∅",
     "S3∩S2=∅"),
    ("D1", "X₁\\S₃",
     "X1\\S3"),
    ("D2", "{a ∈ X₁×ℬ(X₁)| ∀c ∈ pr₂ a, ∃ b ∈ S₁ (pr₁ a = pr₁ b & c = pr₂ b )}",
     "D{a∈X1×ℬ(X1) | ∀c∈pr2(a) ∃b∈S1 (pr1(a)=pr1(b) & c=pr2(b))}"),
    ("D3", "{a ∈ X₁×ℬ(X₁)| ∃ b ∈ D₂ (pr₁ a = pr₁ b & pr₂ a = pr₂ b ∩ (X₁\\S₃))}",
     "D{a∈X1×ℬ(X1) | ∃b∈D2 (pr1(a)=pr1(b) & pr2(a)=pr2(b)∩(X1\\S3))}"),
    ("D4", "{a ∈ X₁×ℬ(X₁)|∃ b ∈ D₃ (pr₁ a = pr₁ b & pr₂ a = pr₂ b ∩ S₂)}",
     "D{a∈X1×ℬ(X1) | ∃b∈D3 (pr1(a)=pr1(b) & pr2(a)=pr2(b)∩S2)}"),
    ("D5", "{a ∈ D₃| pr₁ a ∈ S₃}",
     "D{a∈D3 | pr1(a)∈S3}"),
    ("D6", "{a ∈ D₄| pr₁ a ∈ S₃}",
     "D{a∈D4 | pr1(a)∈S3}"),
    ("D7", "D₅ ∩ D₆",
     "D5∩D6"),
    ("D8", "red (Pr₂ D₇)",
     "red(Pr2(D7))"),
    ("D9", "{a ∈ X₁×ℬ(X₁)| ∃ b ∈ D₆ (pr₁ a = pr₁ b & pr₂ a = pr₂ b ∩ D₈)}",
     "D{a∈X1×ℬ(X1) | ∃b∈D6 (pr1(a)=pr1(b) & pr2(a)=pr2(b)∩D8)}"),
    ("D10", "{a ∈ X₁×ℬ(X₁)| ∃b ∈ D₆, ∃c ∈ D₉, ∃d ∈ D₅ (pr₁ a = pr₁ b & pr₁ a= pr₁ c & "
            "pr₁ a = pr₁ d & card (pr₂ b) = card (pr₂ c) & pr₂ a = pr₂ d \\ D₈)}",
     "D{a∈X1×ℬ(X1) | ∃b∈D6 ∃c∈D9 ∃d∈D5 (pr1(a)=pr1(b) & pr1(a)=pr1(c) & pr1(a)=pr1(d)"
     " & card(pr2(b))=card(pr2(c)) & pr2(a)=pr2(d)\\D8)}"),
    ("D11", "red (Pr₂ D₁₀)",
     "red(Pr2(D10))"),
    ("D12", "{a ∈ X₁×ℬ(X₁)| ∃d ∈ D₅ (pr₁ a = pr₁ d & pr₂ a = (pr₂ d \\ D₈)\\D₁₁)}",
     "D{a∈X1×ℬ(X1) | ∃d∈D5 (pr1(a)=pr1(d) & pr2(a)=(pr2(d)\\D8)\\D11)}"),
    ("D13", "red (Pr₂ (D₁₂))",
     "red(Pr2(D12))"),
    ("D14", "X₁\\(S₃ ∪ D₁₁ ∪ D₁₃)",
     "X1\\(S3∪D11∪D13)"),
    ("D15", "{b ∈ ℬ(X₁)| (card (b) = card (S₂) - card (D₈) & b ∩ (D₈ ∪ D₁₁ ∪ S₃) = ∅ & "
            "∀c ∈ D₅, ∀d ∈ D₆ (pr₁ c = pr₁ d & card (pr₂ c ∩ (D₈ ∪ b)) = card (pr₂ d)))}",
     "D{b∈ℬ(X1) | card(b)=card(S2)-card(D8) & b∩(D8∪D11∪S3)=∅"
     " & ∀c∈D5 ∀d∈D6 (pr1(c)=pr1(d) & card(pr2(c)∩(D8∪b))=card(pr2(d)))}"),
    ("D16", "{a ∈ X₁ × ℬ(ℬ(X₁))| pr₁ a ∈ D₁₄ & ∀b ∈ pr₂ a (b ∈ D₁₅ & pr₁ a ∈ b)}",
     "D{a∈X1×ℬℬ(X1) | pr1(a)∈D14 & ∀b∈pr2(a) (b∈D15 & pr1(a)∈b)}"),
    ("D17", "{a ∈ X₁ × ℬ(ℬ(X₁))| pr₁ a ∈ D₁₄ ∪ D₁₁ & ∀b ∈ pr₂ a (b ∈ D₁₅ & pr₁ a ∈ b)}",
     "D{a∈X1×ℬ(ℬ(X1)) | pr1(a)∈D14∪D11 & ∀b∈pr2(a) (b∈D15 & pr1(a)∈b)}"),
    ("D18", "{a ∈ X₁| ∃c ∈ D₁₇ (pr₁ c = a & ∀d ∈ D₁₇ (card (pr₂ c) ≤ card (pr₂ d)))}",
     "D{a∈X1 | ∃c∈D17 (pr1(c)=a & ∀d∈D17 (card(pr2(c))≤card(pr2(d))))}"),
    ("A5", "card(S₄) = 1 & debool (S₄) ∈ X₁\\S₃",
     "card(S4)=1 & debool(S4)∈X1\\S3"),
    ("A6", "debool (S₄) ∈ D₁₈",
     "debool(S4)∈D18"),
    ("D19", "S₃ ∪ S₄",
     "S3∪S4"),
    ("D20", "{a ∈ S₃ ∪ S₄| X₁\\(S₃ ∪ S₄) = S₂}",
     "D{a∈S3∪S4 | X1\\(S3∪S4)=S2}"),
    ("D21", "{a ∈ S₃ ∪ S₄| debool (S₄) ∈ S₂}",
     "D{a∈S3∪S4 | debool(S4)∈S2}"),
]

# The structure domains of the seed (S1–S4) are formulas of their own.
SEED_DOMAINS = [("S1", "ℬ(X₁×X₁)", "ℬ(X1×X1)"), ("S2", "ℬ(X₁)", "ℬ(X1)")]

# The meaning of a few, spelled out.
SEED_TREES = {
    "A1": "[∀[a][X1][∈[a][Pr1[S1]]]]",
    "A3": "[∀[a][S1][≠[pr1[a]][pr2[a]]]]",
    "D2": "[DECLARATIVE[a][×[X1][ℬ[X1]]][∀[c][pr2[a]][∃[b][S1]"
          "[&[=[pr1[a]][pr1[b]]][=[c][pr2[b]]]]]]]",
    "D8": "[red[Pr2[D7]]]",
    "D10": "[DECLARATIVE[a][×[X1][ℬ[X1]]][∃[b][D6][∃[c][D9][∃[d][D5]"
           "[&[&[&[&[=[pr1[a]][pr1[b]]][=[pr1[a]][pr1[c]]]][=[pr1[a]][pr1[d]]]]"
           "[=[card[pr2[b]]][card[pr2[c]]]]][=[pr2[a]][\\[pr2[d]][D8]]]]]]]]",
    "D12": "[DECLARATIVE[a][×[X1][ℬ[X1]]][∃[d][D5][&[=[pr1[a]][pr1[d]]]"
           "[=[pr2[a]][\\[\\[pr2[d]][D8]][D11]]]]]]",
    "D14": "[\\[X1][∪[∪[S3][D11]][D13]]]",
    "D15": "[DECLARATIVE[b][ℬ[X1]][&[&[=[card[b]][-[card[S2]][card[D8]]]]"
           "[=[∩[b][∪[∪[D8][D11]][S3]]][∅]]][∀[c][D5][∀[d][D6][&[=[pr1[c]][pr1[d]]]"
           "[=[card[∩[pr2[c]][∪[D8][b]]]][card[pr2[d]]]]]]]]]",
    "D16": "[DECLARATIVE[a][×[X1][ℬ[ℬ[X1]]]][&[∈[pr1[a]][D14]][∀[b][pr2[a]]"
           "[&[∈[b][D15]][∈[pr1[a]][b]]]]]]",
    "A5": "[&[=[card[S4]][1]][∈[debool[S4]][\\[X1][S3]]]]",
}


def test_the_seed_has_27_formulas():
    assert len(SEED) == 27
    assert len({alias for alias, _, _ in SEED}) == 27


@pytest.mark.parametrize("alias, text, modern", SEED + SEED_DOMAINS,
                         ids=[row[0] for row in SEED + SEED_DOMAINS])
def test_seed_formula(alias, text, modern):
    parsed = parse_with_warnings(text)
    assert parsed.warnings == []
    assert parsed.spelling == "unicode"
    assert parsed.tree == parse_expression(modern, "unicode")
    assert str(parsed.tree) == str(parse_expression(modern))
    if alias in SEED_TREES:
        assert str(parsed.tree) == SEED_TREES[alias]


SEED_FILE = setmine_resources.SEED  # the user's Exteor file, as shipped


def test_seed_formulas_are_quoted_exactly():
    dump = SEED_FILE.read_text(encoding="utf-8")
    for alias, text, _ in SEED + SEED_DOMAINS:
        assert text in dump, alias


@pytest.mark.parametrize("old, modern", [
    ("∀c ∈ D₅, ∀d ∈ D₆ (c = d)", "∀c∈D5 ∀d∈D6 (c=d)"),
    ("∃b ∈ D₆, ∃c ∈ D₉, ∃d ∈ D₅ b=c", "∃b∈D6 ∃c∈D9 ∃d∈D5 b=c"),
    ("∀a, b ∈ X₁, ∃c ∈ S₁ a=c", "∀a,b∈X1 ∃c∈S1 a=c"),
    ("∀(a, b) ∈ S₁, ∀c ∈ X₁ a=c", "∀(a,b)∈S1 ∀c∈X1 a=c"),
    ("pr₂ d \\ D₈", "pr2(d)\\D8"),
    ("red (Pr₂ D₇)", "red(Pr2(D7))"),
    ("Pr₁ (S₁)", "Pr1(S1)"),
    ("pr₁ a", "pr1(a)"),
    ("pr₁ pr₂ a", "pr1(pr2(a))"),
    ("card pr₂ a", "card(pr2(a))"),
    ("card (b)", "card(b)"),
    ("Pr₁,₂ S₁ × X₁", "Pr1,2(S1)×X1"),
    ("ℬ X₁", "ℬ(X1)"),
    ("pr₁ a= pr₁ c", "pr1(a)=pr1(c)"),
    ("∀ a ∈ S₁ pr₁ a ≠ pr₂ a", "∀a∈S1 pr1(a)≠pr2(a)"),
    ("card (S₂) - card (D₈)", "card(S2)-card(D8)"),
])
def test_2013_forms(old, modern):
    assert parse_expression(old) == parse_expression(modern)


# ----------------------------------------------------------------------------
# 3. Precedence and scope

PRECEDENCE = [
    # (text, bracket tree, warned)
    ("∀a∈X1 a=a & a=a", "[&[∀[a][X1][=[a][a]]][=[a][a]]]", False),
    ("∀a∈X1 (a=a & a=a)", "[∀[a][X1][&[=[a][a]][=[a][a]]]]", False),
    ("∀a∈X1 ¬a=a ∨ a∈S1", "[∨[∀[a][X1][¬[=[a][a]]]][∈[a][S1]]]", False),
    ("¬a=a & b=b", "[&[¬[=[a][a]]][=[b][b]]]", False),
    ("¬(a=a & b=b)", "[¬[&[=[a][a]][=[b][b]]]]", False),
    ("¬∀a∈X1 a=a & b=b", "[&[¬[∀[a][X1][=[a][a]]]][=[b][b]]]", False),
    ("a=a & b=b ∨ c=c", "[∨[&[=[a][a]][=[b][b]]][=[c][c]]]", False),
    ("a=a ∨ b=b & c=c", "[∨[=[a][a]][&[=[b][b]][=[c][c]]]]", False),
    ("a=a ∨ b=b ⇒ c=c", "[⇒[∨[=[a][a]][=[b][b]]][=[c][c]]]", False),
    ("a=a ⇒ b=b ∨ c=c", "[⇒[=[a][a]][∨[=[b][b]][=[c][c]]]]", False),
    ("a=a ⇒ b=b ⇔ c=c", "[⇔[⇒[=[a][a]][=[b][b]]][=[c][c]]]", False),
    ("a=a ⇔ b=b ⇒ c=c", "[⇔[=[a][a]][⇒[=[b][b]][=[c][c]]]]", False),
    ("a=a & b=b & c=c", "[&[&[=[a][a]][=[b][b]]][=[c][c]]]", False),
    ("a=a & b=b ∨ c=c ⇒ d=d ⇔ e=e",
     "[⇔[⇒[∨[&[=[a][a]][=[b][b]]][=[c][c]]][=[d][d]]][=[e][e]]]", False),
    ("a∪b∈c", "[∈[∪[a][b]][c]]", False),
    ("a∪b=c∩d", "[=[∪[a][b]][∩[c][d]]]", False),
    # set expressions
    ("a∪b×c", "[∪[a][×[b][c]]]", True),
    ("a×b∪c", "[∪[×[a][b]][c]]", True),
    ("{1}∪{2}×{3}", "[∪[ENUMERATION[1]][×[ENUMERATION[2]][ENUMERATION[3]]]]", True),
    ("a∪(b×c)", "[∪[a][×[b][c]]]", False),
    ("(a∪b)×c", "[×[∪[a][b]][c]]", False),
    ("1-2+3", "[+[-[1][2]][3]]", True),
    ("1-2-3", "[-[-[1][2]][3]]", False),
    ("(1-2)+3", "[+[-[1][2]][3]]", False),
    ("1-(2+3)", "[-[1][+[2][3]]]", False),
    ("a+b-c", "[-[+[a][b]][c]]", False),
    ("a+b+c", "[+[+[a][b]][c]]", False),
    ("a∩b∪c", "[∪[∩[a][b]][c]]", True),
    ("a∪b∩c", "[∩[∪[a][b]][c]]", False),
    ("a\\b\\c", "[\\[\\[a][b]][c]]", False),
    ("a∪b\\c", "[\\[∪[a][b]][c]]", False),
    ("(a∩b)∪c", "[∪[∩[a][b]][c]]", False),
    ("a∩(b∪c)", "[∩[a][∪[b][c]]]", False),
    ("a∪b∪c", "[∪[∪[a][b]][c]]", False),
    ("a∩b∩c", "[∩[∩[a][b]][c]]", False),
    ("a∆b∆c", "[∆[∆[a][b]][c]]", False),
    # binding strengths: prefix > × > * > + - > ∪∩\∆
    ("card a×b", "[×[card[a]][b]]", False),
    ("ℬ X1×X1", "[×[ℬ[X1]][X1]]", False),
    ("pr1 a×b", "[×[pr1[a]][b]]", False),
    ("card(a)×b", "[×[card[a]][b]]", False),
    ("a*b×c", "[*[a][×[b][c]]]", False),
    ("a×b*c", "[*[×[a][b]][c]]", False),
    ("a+b*c", "[+[a][*[b][c]]]", False),
    ("a*b+c", "[+[*[a][b]][c]]", False),
    ("a*b*c", "[*[*[a][b]][c]]", False),
    ("a-b*c", "[-[a][*[b][c]]]", False),
    ("a∪b+c", "[∪[a][+[b][c]]]", False),
    ("a+b∪c", "[∪[+[a][b]][c]]", False),
    ("a\\b*c", "[\\[a][*[b][c]]]", False),
    ("card(a)+card(b)*2", "[+[card[a]][*[card[b]][2]]]", False),
    ("card a+1", "[+[card[a]][1]]", False),
    ("debool red a", "[debool[red[a]]]", False),
]


@pytest.mark.parametrize("text, expected, warned", PRECEDENCE)
def test_precedence(text, expected, warned):
    parsed = parse_with_warnings(text, "unicode")
    assert str(parsed.tree) == expected
    codes = [w.code for w in parsed.warnings]
    assert codes == (["ambiguousPrecedence"] if warned else [])
    for w in parsed.warnings:
        assert 0 <= w.start < w.end <= len(text)


def test_warning_spans_cover_the_ambiguous_expression():
    parsed = parse_with_warnings("X1=a∩b∪c")
    [warning] = parsed.warnings
    assert warning.span == (3, 8)


def test_no_warning_for_any_seed_formula():
    for _alias, text, modern in SEED:
        assert warnings(text) == []
        assert warnings(modern) == []


@pytest.mark.parametrize("text, expected", [
    ("a=b=c", "[=[=[a][b]][c]]"),          # to the left, as the reference's parser
    ("a∈b∈c", "[∈[∈[a][b]][c]]"),
    ("1<2<3", "[<[<[1][2]][3]]"),
    ("(a=b)=c", "[=[=[a][b]][c]]"),
    ("{a=b}", "[ENUMERATION[=[a][b]]]"),   # a formula where a set is expected…
    ("F1[a=b]", "[F1[=[a][b]]]"),
    ("(a=b, c)", "[TUPLE[=[a][b]][c]]"),
])
def test_predicates_chain_and_formulas_parse_where_sets_are_expected(text, expected):
    assert tree(text) == expected


@pytest.mark.parametrize("text, span", [
    ("1=1=1", (0, 3)),                       # …and the typifier says expectedSetexpr there
    ("{1=1, 2}", (1, 4)),
    ("(2, 1=1)", (4, 7)),
    ("card(1=1)", (5, 8)),
])
def test_a_formula_where_a_set_is_expected_is_expected_setexpr(text, span):
    from setmine.rsl.semantics.typifier import typify
    with pytest.raises(RSLError) as caught:
        typify(parse_expression(text), {})
    assert (caught.value.code, caught.value.span) == ("expectedSetexpr", span)


def test_a_quantifier_needs_a_body():
    with pytest.raises(RSLError):
        parse_expression("∀a∈X1")


@pytest.mark.parametrize("text, expected", [
    # As the reference's parser, the grammar reads a set expression where a
    # formula is expected and a parenthesised formula where a set expression
    # is; the typifier rejects them (tests/rsl/test_parse_conformance.py).
    ("(a=b)=c", "[=[=[a][b]][c]]"),
    ("card(a=b)", "[card[=[a][b]]]"),
    ("a∪(b∈c)", "[∪[a][∈[b][c]]]"),
    ("¬a", "[¬[a]]"),
    ("a & b", "[&[a][b]]"),
    ("∀a∈X1 X1", "[∀[a][X1][X1]]"),
    ("{a∈X1 | X1}", "[DECLARATIVE[a][X1][X1]]"),
])
def test_misplaced_formulas_and_sets_parse(text, expected):
    assert tree(text) == expected


# ----------------------------------------------------------------------------
# The grammar itself

def test_grammar_is_lalr_without_conflicts():
    grammar = resources.files("setmine.rsl.syntax").joinpath("grammar.lark").read_text(encoding="utf-8")
    buffer = io.StringIO()
    handler = logging.StreamHandler(buffer)
    level = lark_logger.level
    lark_logger.addHandler(handler)
    lark_logger.setLevel(logging.DEBUG)
    try:
        Lark(grammar, parser="lalr", lexer="contextual", start=["expression", "schema"],
             debug=True)
    finally:
        lark_logger.removeHandler(handler)
        lark_logger.setLevel(level)
    assert "conflict" not in buffer.getvalue().lower()
