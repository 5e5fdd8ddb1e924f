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

import re
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from lark import Lark, Token, v_args
from lark.visitors import Transformer_NonRecursive
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken, VisitError

from . import tree as s
from .errors import Diagnostic, RSLError
from .spelling import SUBSCRIPTS, canonical, spelling_of, unknown_commands


# ----------------------------------------------------------------------------
# The lark parser

class _StarPostLexer:
    """Gives ``*`` its meaning in the current spelling (see module doc)."""

    always_accept = ("STAR",)

    def __init__(self) -> None:
        self.local = threading.local()

    def process(self, stream):
        star = "TIMES" if getattr(self.local, "spelling", "unicode") == "ascii" else "MULT"
        for token in stream:
            if token.type == "STAR":
                token = Token.new_borrow_pos(star, token.value, token)
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


FUNCTION_NAME = re.compile(r"[FP][0-9₀-₉]+")
FUNCTION_BEFORE = re.compile(r"(?<![A-Za-z0-9_₀-₉])([FP][0-9₀-₉]+)\s*\[?\s*$")


def check_names_alone(text: str, tree: s.Node) -> None:
    """A function's or predicate's name without its arguments is read only
    at the end of the text (the typifier then says globalFuncWithoutArgs);
    anywhere else ConceptPortal's parser stops there: unknownSyntax from
    the name to the next token."""
    stack = [tree.body] if isinstance(tree, s.GlobalDefinition) else [tree]  # not its alias
    while stack:
        node = stack.pop()
        stack.extend(node.children())
        if isinstance(node, s.Global) and FUNCTION_NAME.fullmatch(node.name):
            start, end = node.span
            rest = text[end:]
            if rest.strip():
                raise RSLError("unknownSyntax", f"{node.name} is a function's or predicate's "
                               f"name: its arguments in brackets, {node.name}[…], are expected "
                               f"here", start, len(text) - len(rest.lstrip()))


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
        if isinstance(exc.orig_exc, RSLError):
            raise exc.orig_exc from None
        raise
    except RecursionError:
        raise too_deep(text) from None
    return node


def too_deep(text: str) -> RSLError:
    return RSLError("unknownSyntax", "the expression is nested too deeply", 0, len(text))


MAX_NESTING = 100
"""How deeply an expression may nest.  A chain of one operator (``a∪b∪…``,
``P & Q & …``, ``1+2+…``) counts as one level however long it is, and every
walker of syntax trees takes such chains without recursion; nesting itself is
bounded so that the recursive walkers (typifier, evaluator) stay within
Python's stack."""

def check_nesting(tree: s.Node) -> None:
    """RSLError (with the span of the node one level too deep) when the
    tree nests more than :data:`MAX_NESTING` levels."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_NESTING:
            raise RSLError("unknownSyntax", f"the expression is nested too deeply (more than "
                           f"{MAX_NESTING} levels)", *node.span)
        for child in node.children():
            stack.append((child, depth if s.continues_chain(node, child) else depth + 1))


INDEXED = re.compile(r"(?<![A-Za-z0-9_α-ω₀-₉])(?:[Pp]r|Fi)([0-9₀-₉]+)((?:,[0-9₀-₉]+)*)")
ZERO = "0₀"


def check_indices(text: str) -> None:
    """Indices of ``Pr``, ``pr`` and ``Fi`` count from 1 and have no leading
    zero.  As ConceptPortal's parser: a first index ``0`` makes no token,
    unknownSyntax over the whole text; a later one, from its comma on."""
    for match in INDEXED.finditer(text):
        if match.group(1)[0] in ZERO:
            raise RSLError("unknownSyntax", f"{match.group(0)}: indices count from 1",
                           0, len(text))
        at = match.start(2)
        for index in match.group(2).split(",")[1:]:
            if index[0] in ZERO:
                raise RSLError("unknownSyntax", f"{match.group(0)}: indices count from 1",
                               at, match.end(2))
            at += len(index) + 1


OPENERS = {"(": ")", "[": "]", "{": "}"}
CLOSERS = {v: k for k, v in OPENERS.items()}


def check_brackets(text: str) -> None:
    """Bracket errors come before any other syntax error, with the span of the
    bracket at fault, as ConceptPortal reports them: the first of a
    closing bracket that closes nothing or the wrong one, or else the first
    bracket never closed."""
    stack: list[tuple[str, int]] = []
    for i, ch in enumerate(text):
        if ch in OPENERS:
            stack.append((ch, i))
        elif ch in CLOSERS:
            if not stack:
                raise RSLError("missingOpenBracket", f"'{ch}' closes nothing", i, i + 1)
            opener, at = stack.pop()
            if OPENERS[opener] != ch:
                raise RSLError("bracketMismatch",
                               f"'{ch}' does not match '{opener}' at {at}", i, i + 1)
    if stack:
        opener, at = stack[0]
        raise RSLError("missingCloseBracket", f"'{opener}' is never closed", at, at + 1)


def doubled_parenthesis(text: str) -> RSLError | None:
    """``doubleParenthesis`` at the first ``((`` whose two pairs close
    together (``card((X1))``), which ConceptPortal reports in place of any
    other syntax error of a text that does not parse."""
    for at in range(len(text)):
        if _doubled(text, at):
            return RSLError("doubleParenthesis", "doubled parentheses '((…))': one pair says "
                            "the same", at, at + 2)
    return None


def _doubled(text: str, at: int) -> bool:
    """``((`` at ``at`` whose two pairs close together: ``((X1))``, not
    ``((a, b) ∈ S1 ⇒ …)``."""
    if not text.startswith("((", at):
        return False
    inner = _closing(text, at + 1)
    return inner >= 0 and _closing(text, at) == inner + 1


def _closing(text: str, at: int) -> int:
    """Where the bracket opened at ``at`` closes; -1 if it never does properly."""
    depth = []
    for i in range(at, len(text)):
        ch = text[i]
        if ch in OPENERS:
            depth.append(ch)
        elif ch in CLOSERS:
            if not depth or OPENERS[depth.pop()] != ch:
                return -1
            if not depth:
                return i
    return -1


# The characters an expression can be written with; any other one is a
# forbiddenCharacter (after the bracket errors, before any other error).
ALPHABET = re.compile(r"[A-Za-z0-9_α-ωϑϕϖ₀-₉ \t\n\r\f∀∃¬&∨⇒⇔=≠<>≤≥∈∉⊆⊂⊄∪∩\\∆×ℬ+\-*∅(){}\[\],;|:]*")
WORD = re.compile(r"\\?[A-Za-z0-9_α-ωϑϕϖ₀-₉]+")


def check_characters(text: str) -> None:
    at = ALPHABET.match(text).end()
    if at < len(text):
        raise RSLError("forbiddenCharacter", f"the character {text[at]!r} is not RSLang",
                       at, at + 1)


OPERAND_TOKENS = {"SET_OP", "ADD_OP", "MULT", "TIMES", "AND", "OR", "IMPL", "EQUIV", "IN",
                  "NOTIN", "SUBSETEQ", "SUBSET", "NOTSUBSET", "EQ", "NE", "LT", "GT", "LE",
                  "GE", "NOT", "BOOLEAN", "CARD", "BOOL", "DEBOOL", "RED", "PROJECTION",
                  "ITERATE", "ASSIGN"}
# Terminals of the schema-file part of the grammar: the contextual lexer
# falls back on them when no expression token fits (``a:b``, ``R{a X1``).
SCHEMA_TOKENS = {"META_KEY", "ATTR_KEY", "ALIAS", "DEFINE", "REST", "COMMENT", "_NL"}
DEFINE_OPERATORS = ("::=", ":==")
# Where a declaration is followed by the domain of its variables.
DOMAIN_CONTEXTS = {"QUANTIFIER", "LSQB", "DECLARATIVE", "LBRACE"}


def syntax_error(text: str, exc: Exception) -> RSLError:
    """Translate a lark exception into the error vocabulary of rslang.md; a
    backslash word that is no ASCII command (LaTeX's ``\\cap``) is named,
    with the command it most likely means."""
    error = _syntax_error(text, exc)
    unknown = unknown_commands(text)
    if unknown:
        hints = ", ".join(f"{word} is not an RSLang command" + (f" (write {near})" if near else "")
                          for word, near in unknown)
        error = RSLError(error.code, f"{error.message}; {hints}", error.start, error.end)
    return error


def _syntax_error(text: str, exc: Exception) -> RSLError:
    if isinstance(exc, UnexpectedCharacters):
        at = min(exc.pos_in_stream, len(text))
        token = None
    else:
        token = getattr(exc, "token", None)
        at = len(text) if token is None or token.type == "$END" else token.start_pos
    at_end = at >= len(text)
    if at_end:
        end = at = len(text)
    elif token is None or token.type in SCHEMA_TOKENS:
        # Not a token of the expression grammar: blame the word or the
        # character that starts there.
        word = WORD.match(text, at)
        end = word.end() if word else at + 1
    else:
        end = token.end_pos
    if text.startswith(DEFINE_OPERATORS, at):  # `:==` out of place, not read as `:=` then `=`
        end = at + 3
    found = "the end of the text" if at_end else repr(text[at:end])
    expected = set(getattr(exc, "expected", ()) or getattr(exc, "accepts", ()) or ())
    expected.discard("STAR")  # accepted everywhere, see _StarPostLexer
    previous = _previous_token(exc)
    name = FUNCTION_BEFORE.search(text, 0, at)
    if name is not None and not at_end:
        alias = name.group(1).translate(SUBSCRIPTS)
        if text[at] == "(" and "[" not in name.group(0):
            return RSLError("globalFuncParenCall", f"{alias}'s arguments are written in "
                            f"square brackets, {alias}[…]", *name.span(1))
        if text[at] == "]":
            return RSLError("globalFuncWithoutArgs", f"{alias}[] has no arguments",
                            *name.span(1))
    if previous == "QUANTIFIER" or ("LOCAL" in expected and expected <= {"LOCAL", "LPAR"}):
        return RSLError("expectedLocal", f"a variable is expected, found {found}", at, end)
    if "IN" in expected and expected <= {"IN", "COMMA", "ASSIGN", "RPAR"}:
        if _context(exc) == "RECURSIVE":
            return RSLError("unknownSyntax", f"':=' is expected, found {found}", at, end)
        return RSLError("expectedQuantifierDomain",
                        f"'∈' and the domain of the variable are expected, found {found}",
                        at, end)
    if previous == "NOT":
        return RSLError("expectedUnaryOperand", f"a formula to negate is expected after '¬', "
                        f"found {found}", at, end)
    if previous in OPERAND_TOKENS or at_end:
        return RSLError("expectedRightOperand", f"an operand is expected, found {found}",
                        at, end)
    return RSLError("unknownSyntax", f"unexpected {found}", at, end)


def _value_stack(exc: Exception) -> list:
    try:
        return list(exc.interactive_parser.parser_state.value_stack)  # type: ignore[attr-defined]
    except AttributeError:
        return []


def _previous_token(exc: Exception) -> str | None:
    """The type of the token just before the error, if it is still a token."""
    stack = _value_stack(exc)
    if stack and isinstance(stack[-1], Token):
        return stack[-1].type
    return None


def _context(exc: Exception) -> str | None:
    """The innermost construct that declares variables around the error."""
    for item in reversed(_value_stack(exc)):
        if isinstance(item, Token) and item.type in DOMAIN_CONTEXTS | {"RECURSIVE"}:
            return item.type
    return None
