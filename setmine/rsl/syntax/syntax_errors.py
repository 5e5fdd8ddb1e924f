"""The syntax errors of RSLang with ConceptPortal's codes and spans: the
checks of the text before and after lark parses it (brackets, characters,
indices, nesting, a function's name alone) and lark's exceptions translated
into the vocabulary of ``errors.py`` (``parser.py`` calls them in order)."""

from __future__ import annotations

import re

from lark import Token
from lark.exceptions import UnexpectedCharacters

from . import tree as s
from .errors import RSLError
from .spelling import SUBSCRIPTS, unknown_commands

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
