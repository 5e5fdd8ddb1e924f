"""Text → syntax tree: the lark grammar (``grammar.lark``) and a Transformer
that builds the dataclasses of ``tree.py``.

    >>> str(parse_expression("∀a ∈ X₁ a = a"))
    '[∀[a][X1][=[a][a]]]'

Spellings.  Unicode and ASCII tokens are both always understood (their
tables are in ``spelling.py``); the only token whose meaning depends on the
spelling is ``*``: the Cartesian product in ASCII (Exteor's ASCII mode),
integer multiplication in Unicode, which ``_StarPostLexer`` tells apart.
With ``syntax="auto"`` a text is read as ASCII when it uses an ASCII command
and no Unicode operator (``spelling.spelling_of``); otherwise as Unicode.  A
text with neither (``X1*X1``, ``card(S1*S2)``) does not say its spelling:
its ``*`` is parsed as multiplication, and the typifier reads a ``*`` whose
left operand is a set as the product (``products.py``).

Where the two reference implementations disagree on precedence (``a-b+c``,
``a∩b∪c`` without parentheses, ``a∪b×c``) the tree follows ``rslang.md`` and
a warning ``ambiguousPrecedence`` is recorded.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from lark import Lark, Token, v_args
from lark.visitors import Transformer_NonRecursive
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken, VisitError

from ...base import deadline
from . import tree as s
from .errors import Diagnostic, RSLError
from .syntax_errors import (MAX_NESTING, check_brackets, check_characters,  # noqa: F401
                            check_indices, check_names_alone, check_nesting,
                            doubled_parenthesis, syntax_error, too_deep)
from .spelling import SUBSCRIPTS, canonical, spelling_of


# ----------------------------------------------------------------------------
# The lark parser

class _StarPostLexer:
    """Gives ``*`` its meaning in the current spelling (see module doc)."""

    always_accept = ("STAR",)

    def __init__(self) -> None:
        self.local = threading.local()

    def process(self, stream):
        star = "TIMES" if getattr(self.local, "spelling", "unicode") == "ascii" else "MULT"
        for count, token in enumerate(stream):
            if token.type == "STAR":
                token = Token.new_borrow_pos(star, token.value, token)
            if not count & 0xFF:   # a request's deadline (``base.deadline``), now and then
                deadline.check(f"at character {token.start_pos:,}")
            yield token


_POSTLEX = _StarPostLexer()


@lru_cache(maxsize=None)
def lark_parser() -> Lark:
    grammar = resources.files(__package__).joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer="contextual", start=["expression", "schema"],
                propagate_positions=True, maybe_placeholders=False, postlex=_POSTLEX)


# ----------------------------------------------------------------------------
# Tree → dataclasses

def _name(token: Token) -> str:
    return str(token).translate(SUBSCRIPTS)


def _span(meta) -> s.Span:
    return (meta.start_pos, meta.end_pos)


def _tspan(token: Token) -> s.Span:
    return (token.start_pos, token.end_pos)


MAX_DIGITS = 4000
"""The most digits an integer of a formula (a literal, an index) may have:
Python converts at most 4,300 digits, and no formula needs more."""


def _decimal(digits: str, span: s.Span, what: str) -> int:
    """The value of an integer written in a formula; RSLError past MAX_DIGITS."""
    if len(digits) > MAX_DIGITS:
        raise RSLError("unknownSyntax", f"{what} has {len(digits)} digits; at most {MAX_DIGITS} "
                       "are supported", *span)
    return int(digits)


def _indices(token: Token) -> tuple[int, ...]:
    return tuple(_decimal(part, _tspan(token), "an index")
                 for part in _name(token)[2:].split(","))


def as_declaration(node: s.Node) -> s.Declaration:
    """A parsed ``(a, b)`` or ``a`` on the left of ``∈``/``:∈``/``:=``, as a
    declaration of bound variables."""
    if isinstance(node, s.Local):
        return node
    if isinstance(node, s.Tuple):
        return s.TupleDecl(tuple(as_declaration(item) for item in node.items), span=node.span)
    raise RSLError("expectedLocal", "a variable or a tuple of variables is expected here",
                   *node.span)


@v_args(meta=True)
class ToSyntax(Transformer_NonRecursive):
    """Builds tree.py nodes; records warnings in ``self.warnings``."""

    def __init__(self) -> None:
        super().__init__()
        self.warnings: list[Diagnostic] = []
        # id → node of the expressions written in parentheses; the nodes are
        # kept so that no id is reused for another node during the transform.
        self._parenthesised: dict[int, s.Node] = {}

    # -- atoms
    def integer(self, meta, children):
        return s.Integer(_decimal(str(children[0]), _span(meta), "an integer"), span=_span(meta))

    def empty(self, meta, children):
        return s.EmptySet(span=_span(meta))

    def integers(self, meta, children):
        return s.IntegerSet(span=_span(meta))

    def global_(self, meta, children):
        return s.Global(_name(children[0]), span=_span(meta))

    def radical(self, meta, children):
        return s.Radical(_name(children[0]), span=_span(meta))

    def local(self, meta, children):
        return s.Local(_name(children[0]), span=_span(meta))

    def paren(self, meta, children):
        self._parenthesised[id(children[0])] = children[0]
        s.mark_parenthesised(children[0], _span(meta))
        return children[0]

    # -- set and integer expressions
    def set_operation(self, meta, children):
        left, op, right = children
        op = canonical(op)
        for side in (left, right):
            if isinstance(side, s.Product) and id(side) not in self._parenthesised:
                self._warn(meta, f"'×' inside '{op}' without parentheses: read as "
                                 f"'{op}' of a product; ConceptCore may group it otherwise")
        if isinstance(left, s.SetOperation) and id(left) not in self._parenthesised \
                and PORTAL_SET_PRECEDENCE[op] < PORTAL_SET_PRECEDENCE[left.op]:
            self._warn(meta, f"'{left.op}' then '{op}' without parentheses: read left to right "
                             f"as '(…{left.op}…){op}…', as ConceptCore reads it; ConceptPortal "
                             f"reads '…{left.op}(…{op}…)'")
        return s.SetOperation(op, left, right, span=_span(meta))

    def arithmetic(self, meta, children):
        left, op, right = children
        op = canonical(op)
        if op == "+" and isinstance(left, s.Arithmetic) and left.op == "-" \
                and id(left) not in self._parenthesised:
            self._warn(meta, "'-' then '+' without parentheses: read left to right as "
                             "'(a-b)+c', as ConceptCore reads it; ConceptPortal reads 'a-(b+c)'")
        return s.Arithmetic(op, left, right, span=_span(meta))

    def product(self, meta, children):
        factors = tuple(c for c in children if not isinstance(c, Token))
        return s.Product(factors, span=_span(meta))

    def apply(self, meta, children):
        op, arg = children
        s.unmark_argument_parentheses(arg, meta.end_pos)
        return s.Apply(canonical(op), arg, span=_span(meta))

    def projection(self, meta, children):
        token, arg = children
        s.unmark_argument_parentheses(arg, meta.end_pos)
        return s.Projection(str(token)[0] == "P", _indices(token), arg, span=_span(meta))

    def filter(self, meta, children):
        token, args, arg = children
        return s.Filter(_indices(token), args, arg, span=_span(meta))

    def arguments(self, meta, children):
        return tuple(children)

    def tuple(self, meta, children):
        return s.Tuple(tuple(children), span=_span(meta))

    def enumeration(self, meta, children):
        return s.Enumeration(tuple(children), span=_span(meta))

    def declarative(self, meta, children):
        var, op, domain, condition = [c for c in children
                                      if not (isinstance(c, Token) and c.type == "DECLARATIVE")]
        if canonical(op) != "∈":
            raise RSLError("unknownSyntax", f"'∈' is expected after the variable of "
                           f"{{… | …}}, not {op!r}", var.span[1], domain.span[0])
        return s.Declarative(as_declaration(var), domain, condition, span=_span(meta))

    def imperative(self, meta, children):
        result, *blocks = children[1:]
        return s.Imperative(result, tuple(blocks), span=_span(meta))

    def iterate(self, meta, children):
        var, _op, domain = children
        return s.Iterate(as_declaration(var), domain, span=_span(meta))

    def assign(self, meta, children):
        var, _op, value = children
        return s.Assign(as_declaration(var), value, span=_span(meta))

    def recursive(self, meta, children):
        _open, var, _op, init, condition, step = children
        return s.Recursive(var, init, condition, step, span=_span(meta))

    def recursive_short(self, meta, children):
        _open, var, _op, init, step = children
        return s.Recursive(var, init, None, step, span=_span(meta))

    def call(self, meta, children):
        name, args = children
        return s.Call(_name(name), args, span=_span(meta))

    # -- declarations
    def tuple_declaration(self, meta, children):
        return s.TupleDecl(tuple(children), span=_span(meta))

    def declarations(self, meta, children):
        if len(children) == 1:
            return children[0]
        return s.DeclList(tuple(children), span=_span(meta))

    # -- formulas
    def predicate(self, meta, children):
        left, op, right = children
        return s.Predicate(op, left, right, span=_span(meta))

    def pred_op(self, meta, children):
        return canonical(children[0])

    def negation(self, meta, children):
        return s.Negation(children[1], span=_span(meta))

    def connective(self, meta, children):
        left, op, right = children
        return s.Connective(canonical(op), left, right, span=_span(meta))

    def quantifier(self, meta, children):
        op, var, _in, domain, body = children
        return s.Quantifier(canonical(op), var, domain, body, span=_span(meta))

    # -- functions
    def parameter(self, meta, children):
        var, _in, domain = children  # a tuple is the typifier's invalidArgumentCortegeDeclare
        return s.Parameter(var, domain, span=_span(meta))

    def function_def(self, meta, children):
        *params, body = children
        return s.FunctionDef(tuple(params), body, span=_span(meta))

    def global_definition(self, meta, children):
        name, op, body = children
        return s.GlobalDefinition(s.Global(_name(name), span=_tspan(name)), canonical(op), body,
                                  span=_span(meta))

    def _warn(self, meta, message: str) -> None:
        self.warnings.append(Diagnostic("ambiguousPrecedence", message, *_span(meta)))


PORTAL_SET_PRECEDENCE = {"∪": 0, "∩": 1, "\\": 2, "∆": 3}
"""ConceptPortal's binding of the set operators, tightest first (its lezer
grammar): a chain is read differently from ConceptCore's left to right only
where a later operator binds tighter than an earlier one."""


# ----------------------------------------------------------------------------
# Entry points

@dataclass
class Parsed:
    tree: s.Node
    warnings: list[Diagnostic] = field(default_factory=list)
    spelling: str = "unicode"


_LOCK = threading.Lock()


def parse_expression(text: str, syntax: str = "auto") -> s.Node:
    """Parse one expression; raise RSLError on a syntax error."""
    return parse_with_warnings(text, syntax).tree


def parse_with_warnings(text: str, syntax: str = "auto") -> Parsed:
    if syntax not in ("auto", "unicode", "ascii"):
        raise ValueError(f"syntax must be 'auto', 'unicode' or 'ascii', not {syntax!r}")
    spelling = spelling_of(text) if syntax == "auto" else syntax
    check_brackets(text)
    check_characters(text)
    builder = ToSyntax()
    try:
        node = _parse(text, spelling, builder)
    except RSLError as error:
        raise doubled_parenthesis(text) or error from None
    return Parsed(node, builder.warnings, spelling)


def _parse(text: str, spelling: str, builder: "ToSyntax") -> s.Node:
    """The tree of a text whose brackets match; RSLError if it does not parse."""
    check_indices(text)
    flat = text.replace("\n", " ")  # a formula may span lines; positions are kept
    try:
        with _LOCK:
            _POSTLEX.local.spelling = spelling
            try:
                tree = lark_parser().parse(flat, start="expression")
            except (UnexpectedCharacters, UnexpectedToken, UnexpectedEOF) as exc:
                raise syntax_error(text, exc) from None
        node = builder.transform(tree)
        check_nesting(node)
        check_names_alone(text, node)
    except VisitError as exc:
        if isinstance(exc.orig_exc, RecursionError):
            raise too_deep(text) from None
        if isinstance(exc.orig_exc, (RSLError, deadline.TimeUp)):
            raise exc.orig_exc from None
        raise
    except RecursionError:
        raise too_deep(text) from None
    except deadline.TimeUp as exc:
        shown = text if len(text) <= 30 else f"{text[:30]}…"
        raise deadline.TimeUp(f"parsing {shown!r} ({len(text):,} characters; {exc.stage})",
                              exc.deadline) from None
    return node
