"""Hypothesis strategies for RSLang syntax trees (``setmine.rsl.syntax.tree``).

``expressions()`` draws well-formed trees of every node kind, with bounded
depth: set expressions where the grammar wants a set expression, formulas
where it wants a formula, declarations (locals and tuples of them) on the
left of ``∈``/``:∈``/``:=``; ``misplaced_expressions()`` also puts either
kind in any operand's place and draws declarations of constituents
(``D1 :== …``), which the parser reads too.  The names include tricky ones: Greek locals,
locals spelled like ASCII commands (``in``, ``and``: ``X1\\ in`` must not
print as ``X1\\in``), names that start like keywords (``cardinal``).

Also ``texts()`` (random strings over the RSLang alphabet) and
``mutations(text)`` (one character deleted, inserted or replaced) for the
robustness tests of the parser.
"""

from __future__ import annotations

from functools import lru_cache

from hypothesis import strategies as st

from setmine.rsl.syntax import tree as s

LOCALS = ("a", "b", "c1", "x_2", "ξ", "α1", "in", "and", "le", "cardinal", "reduce", "prime")
GLOBALS = ("X1", "X2", "C1", "S1", "S12", "D15", "A1", "T3")  # a function's name alone:
# read only at the end of a text (parser.check_names_alone), so never an operand here
RADICALS = ("R1", "R2")
FUNCTIONS = ("F1", "F12")
PREDICATES = ("P1", "P3")

PREDICATE_OPS = ("∈", "∉", "⊆", "⊂", "⊄", "=", "≠", "<", ">", "≤", "≥")
CONNECTIVES = ("&", "∨", "⇒", "⇔")
SET_OPS = ("∪", "∩", "\\", "∆")
ARITHMETIC_OPS = ("+", "-", "*")
APPLY_OPS = ("ℬ", "card", "bool", "debool", "red")
QUANTIFIERS = ("∀", "∃")

DEPTH = 3

locals_ = st.sampled_from(LOCALS).map(s.Local)
indices = st.lists(st.integers(1, 12), min_size=1, max_size=3).map(tuple)


def _pair(a, b):
    return st.tuples(a, b)


@lru_cache(maxsize=None)
def declarations(depth: int = 2) -> st.SearchStrategy:
    """A local or a (nested) tuple of locals: ``a``, ``(a, (b, c))``."""
    if depth <= 0:
        return locals_
    return st.one_of(
        locals_, locals_,
        st.lists(declarations(depth - 1), min_size=2, max_size=3)
        .map(lambda items: s.TupleDecl(tuple(items))))


def quantifier_variables() -> st.SearchStrategy:
    """What ``∀ … ∈`` declares: a declaration or a list ``a, (b, c)``."""
    return st.one_of(
        declarations(),
        st.lists(declarations(1), min_size=2, max_size=3)
        .map(lambda items: s.DeclList(tuple(items))))


ATOMS = st.one_of(
    st.integers(0, 10**6).map(s.Integer),
    st.just(s.EmptySet()),
    st.just(s.IntegerSet()),
    st.sampled_from(GLOBALS).map(s.Global),
    st.sampled_from(RADICALS).map(s.Radical),
    locals_,
)


def _items(strategy, low: int, high: int):
    return st.lists(strategy, min_size=low, max_size=high).map(tuple)


def _operands(depth: int, mixed: bool, formula: bool) -> st.SearchStrategy:
    """The operands of a node: of the kind its place wants (a formula when
    ``formula``), or, ``mixed``, of either kind — the misplaced operands the
    parser reads and the typifier rejects (``(a=b) ∪ X1``, ``X1 & a=b``)."""
    if mixed:
        return st.one_of(setexprs(depth, True), formulas(depth, True))
    return formulas(depth) if formula else setexprs(depth)


@lru_cache(maxsize=None)
def setexprs(depth: int = DEPTH, mixed: bool = False) -> st.SearchStrategy:
    """Set and integer expressions of depth at most ``depth``; ``mixed``:
    with operands of either kind (see ``_operands``)."""
    if depth <= 0:
        return ATOMS
    sub = _operands(depth - 1, mixed, False)
    cond = _operands(depth - 1, mixed, True)
    return st.one_of(
        ATOMS,
        st.builds(s.Arithmetic, st.sampled_from(ARITHMETIC_OPS), sub, sub),
        st.builds(s.SetOperation, st.sampled_from(SET_OPS), sub, sub),
        st.builds(s.Product, _items(sub, 2, 3)),
        st.builds(s.Apply, st.sampled_from(APPLY_OPS), sub),
        st.builds(s.Projection, st.booleans(), indices, sub),
        st.builds(s.Filter, indices, _items(sub, 1, 2), sub),
        st.builds(s.Enumeration, _items(sub, 1, 3)),
        st.builds(s.Tuple, _items(sub, 2, 3)),
        st.builds(s.Declarative, declarations(), sub, cond),
        st.builds(s.Imperative, sub, _items(blocks(depth - 1, mixed), 1, 3)),
        st.builds(s.Recursive, declarations(), sub, st.none() | cond, sub),
        st.builds(s.Call, st.sampled_from(FUNCTIONS), _items(sub, 1, 2)),
    )


@lru_cache(maxsize=None)
def formulas(depth: int = DEPTH, mixed: bool = False) -> st.SearchStrategy:
    """Formulas of depth at most ``depth`` (their set expressions included);
    ``mixed``: with operands of either kind (see ``_operands``)."""
    sub_expr = _operands(max(depth - 1, 0), mixed, False) if depth > 0 else setexprs(0)
    predicate = st.builds(s.Predicate, st.sampled_from(PREDICATE_OPS), sub_expr, sub_expr)
    call = st.builds(s.Call, st.sampled_from(PREDICATES), _items(sub_expr, 1, 2))
    if depth <= 0:
        return predicate | call
    sub = _operands(depth - 1, mixed, True)
    return st.one_of(
        predicate, call,
        st.builds(s.Negation, sub),
        st.builds(s.Connective, st.sampled_from(CONNECTIVES), sub, sub),
        st.builds(s.Quantifier, st.sampled_from(QUANTIFIERS), quantifier_variables(),
                  sub_expr, sub),
    )


@lru_cache(maxsize=None)
def blocks(depth: int, mixed: bool = False) -> st.SearchStrategy:
    """The blocks of ``I{… | block; …}``."""
    sub = _operands(depth, mixed, False)
    return st.one_of(
        st.builds(s.Iterate, declarations(), sub),
        st.builds(s.Assign, declarations(), sub),
        _operands(depth, mixed, True),
    )


def function_definitions(depth: int = DEPTH - 1, mixed: bool = False) -> st.SearchStrategy:
    variables = declarations() if mixed else locals_  # a tuple: invalidArgumentCortegeDeclare
    parameter = st.builds(s.Parameter, variables, _operands(1, mixed, False))
    return st.builds(s.FunctionDef, _items(parameter, 1, 3),
                     setexprs(depth, mixed) | formulas(depth, mixed))


def expressions(depth: int = DEPTH) -> st.SearchStrategy:
    """Anything ``parse_expression`` returns for a well-formed text: a
    formula, a set expression or a function definition."""
    return st.one_of(formulas(depth), setexprs(depth), function_definitions(depth - 1))


def global_definitions(depth: int = DEPTH - 1) -> st.SearchStrategy:
    """``D1 :== body``, ``S1 ::= domain``: a constituent's declaration."""
    return st.builds(s.GlobalDefinition, st.sampled_from(GLOBALS + FUNCTIONS + PREDICATES).map(s.Global),
                     st.sampled_from((":==", "::=")),
                     st.one_of(formulas(depth), setexprs(depth), function_definitions(depth - 1)))


def misplaced_expressions(depth: int = DEPTH) -> st.SearchStrategy:
    """Anything the parser reads, the semantic errors of misplaced operands
    and the declarations of constituents included."""
    return st.one_of(formulas(depth, True), setexprs(depth, True),
                     function_definitions(depth - 1, True), global_definitions())


# ----------------------------------------------------------------------------
# Texts

ALPHABET = (
    "abcxyzXCSDATFPRIBZξ0123456789₁₂₅ \t\n"
    "∀∃¬&∨⇒⇔=≠<>≤≥∈∉⊆⊂⊄∪∩\\∆×ℬ+-*∅(){}[],;|:"
)
WORDS = (
    "∀a∈X1 ", "∃b∈S1 ", "pr1 ", "Pr1,2", "pr₂ a", "card", "debool", "red", "bool", "Fi1[",
    "D{", "I{", "R{", ":∈", ":=", "\\A ", "\\E ", "\\in ", "\\and ", "\\neg ", "\\union ",
    "\\setminus ", "\\from ", "\\assign ", "B(", "ℬ(", "X₁", "D₁₅", "{}", ", ", " | ",
)
# Characters outside the alphabet of RSLang.
FORBIDDEN = "@$#!?%^~`'\"" + "абв" + "Ωλ€\x00\x0b"


def texts(max_size: int = 40) -> st.SearchStrategy:
    """Random texts over the RSLang alphabet, with whole tokens mixed in."""
    piece = st.one_of(st.sampled_from(ALPHABET), st.sampled_from(ALPHABET),
                      st.sampled_from(WORDS))
    return st.lists(piece, max_size=max_size).map("".join)


@st.composite
def mutations(draw, text: str) -> str:
    """``text`` with one character deleted, inserted or replaced."""
    kind = draw(st.sampled_from(("delete", "insert", "replace")))
    pool = st.sampled_from(ALPHABET + FORBIDDEN)
    if kind == "insert" or not text:
        at = draw(st.integers(0, len(text)))
        return text[:at] + draw(pool) + text[at:]
    at = draw(st.integers(0, len(text) - 1))
    if kind == "delete":
        return text[:at] + text[at + 1:]
    return text[:at] + draw(pool) + text[at + 1:]
