"""A formula as HTML whose every sub-term tells, on hover, its type and its
value on the board.

    >>> from setmine.rsl import parse
    >>> from setmine.rsl.semantics.typification import GlobalInfo
    >>> from setmine.rsl.semantics.types import parse_type
    >>> env = {"X1": GlobalInfo("basic", parse_type("ℬ(X1)")),
    ...        "S3": GlobalInfo("structure", parse_type("ℬ(X1)"))}
    >>> print(formula_html(parse("card(S3)"), env, {"X1": {1, 2, 3}, "S3": {2}}))
    <span class="st" title="Z = 1" data-type="Z" data-value="1">card(<span class="st" \
title="ℬ(X1) = {2}" data-type="ℬ(X1)" data-value="{2}">S3</span>)</span>

The text is exactly what ``rsl.unicode`` prints; each term, formula and
bound variable in it is a ``<span class="st">`` (sub-term) whose ``title``
is the browser's own tooltip — no script needed — and whose ``data-type``
and ``data-value`` are there for a stylesheet or a script (a part that the
typifier could not type, in a formula with a type error, has neither).
Parentheses the printer adds around an operand stay outside its span.
Three passes:

1. **Types.**  The typifier gives the type of the whole; ``rsl.semantics.node_types`` runs the
   typifier so that it also writes down the type of every node it visits (one
   ``visit`` method dispatches them all), of every local where its
   declaration binds it (the scopes see every binding) and of the inner
   links of chains (``a∪b`` in ``a∪b∪c``, which the typifier folds in a
   loop instead of visiting).
2. **Text.**  ``Marking`` is the printer that puts a marker around the text
   of every node (private-use characters, never in RSLang): the printer's
   methods stay as they are, the text is escaped once as a whole, and the
   markers then become tags.
3. **Values.**  Every closed sub-term — no free local — is evaluated on the
   board, children before parents, by one evaluator: its memory keeps the
   children's values for their parents.  Each sub-term gets its own budget
   of ``budget_elements`` candidates; one that overruns it, or fails, shows
   no value.  A set of at most ``max_members`` members is listed, a larger
   one gives its exact cardinality (``card 301``).  Equal texts are
   evaluated once.

``values`` maps the aliases of the schema to their values on the board (the
board's structure with every computed term, as ``evaluate_schema`` gives
them); ``types_env`` is ``schema.environment()``; ``functions`` are the
schema's function definitions, alias → tree.
"""

from __future__ import annotations

import re
from typing import Callable, Mapping

from markupsafe import Markup, escape

from ..eval.interpret.evaluator import Evaluator
from ..eval.shapes.terms import free_locals
from ..eval.values import cardinal
from ..eval.values.budget import Budget
from ..eval.values.sets import CURRENT_BUDGET, card
from ..present.output.values import is_set, show
from ..rsl.semantics.node_types import node_types
from ..rsl.semantics.types import FunctionType, Type
from ..rsl.semantics.typification import GlobalInfo
from ..rsl.syntax import tree as s
from ..rsl.syntax.errors import RSLError
from ..rsl.syntax.printer import Printer
from ..rsl.syntax.spelling import ASCII_COMMAND

SECONDS = 2.0  # the longest one sub-term may be computed


def formula_html(tree: s.Node, types_env: Mapping[str, GlobalInfo],
                 values: Mapping[str, object] | None = None, *,
                 functions: Mapping[str, s.FunctionDef] | None = None,
                 budget_elements: int = 20_000, max_members: int = 12,
                 root_value: object = None) -> Markup:
    """``rsl.unicode(tree)`` with every sub-term in a span that tells its
    type and, when it is closed and ``values`` are given, its value (see
    the module doc).  ``root_value``, when not None, is the whole formula's
    value, already computed (a constituent's): it is shown, not computed
    again.  Never raises on what the formula or the board hold."""
    types = node_types(tree, types_env)
    printer = Marking()
    marked = printer(tree)
    shown: dict[int, str] = {}
    if values is not None:
        known = {id(tree): root_value} if root_value is not None else {}
        shown = value_texts(printer.nodes, printer.texts, types, values, types_env,
                            functions or {}, budget_elements, max_members, known)

    def tag(match: re.Match) -> str:
        node = printer.nodes[int(match[1])]
        return opening(types.get(id(node)), shown.get(id(node)))

    return Markup(OPENING.sub(tag, str(escape(marked))).replace(CLOSE, "</span>"))


def opening(typ: Type | None, value: str | None) -> str:
    """The tag that opens a sub-term's span."""
    if typ is None:
        return '<span class="st">'
    title = f"{typ} = {value}" if value is not None else str(typ)
    extra = f' data-value="{escape(value)}"' if value is not None else ""
    return f'<span class="st" title="{escape(title)}" data-type="{escape(str(typ))}"{extra}>'


# ----------------------------------------------------------------------------
# 1. Types


# ----------------------------------------------------------------------------
# 2. Text

OPEN, MID, CLOSE = "\ue000", "\ue001", "\ue002"  # ⟨OPEN n MID⟩ text ⟨CLOSE⟩: node n
OPENING = re.compile(f"{OPEN}(\\d+){MID}")
MARKERS = re.compile(f"{OPEN}\\d+{MID}|{CLOSE}")
PARTS = (s.Iterate, s.Assign, s.Parameter, s.DeclList)  # pieces of a construct, not terms


def plain(marked: str) -> str:
    return MARKERS.sub("", marked)


class Marking(Printer):
    """The Unicode printer with each node's text between markers; ``nodes``
    are the marked nodes in the order their text ends (children before
    parents), ``texts`` their printed texts."""

    def __init__(self):
        self.nodes: list[s.Node] = []
        self.texts: list[str] = []

    def mark(self, node: s.Node, text: str) -> str:
        if isinstance(node, PARTS):
            return text
        self.nodes.append(node)
        self.texts.append(plain(text))
        return f"{OPEN}{len(self.nodes) - 1}{MID}{text}{CLOSE}"

    def show(self, node: s.Node) -> str:
        return self.mark(node, super().show(node))

    def chain(self, n, left_parens: Callable, right_part: Callable) -> str:
        """``Printer.chain``, marking the inner links (the last one is ``n``,
        marked by ``show``)."""
        links = s.chain(n)
        text = self.show(links[0].left)
        for node in links:
            right = right_part(node)
            if right.startswith("\\") and not right.startswith("\\ ") \
                    and ASCII_COMMAND.match(plain(right)):
                right = "\\ " + right[1:]  # as the printer writes `X1\ in`, seeing no markers
            text = (f"({text})" if left_parens(node) else text) + right
            if node is not n:
                text = self.mark(node, text)
        return text


# ----------------------------------------------------------------------------
# 3. Values

def value_texts(nodes: list[s.Node], texts: list[str], types: Mapping[int, Type],
                values: Mapping[str, object], env: Mapping[str, GlobalInfo],
                functions: Mapping[str, s.FunctionDef], budget_elements: int,
                max_members: int, known: Mapping[int, object] = {}) -> dict[int, str]:
    """id(node) → the text of its value, for the closed typed sub-terms
    whose value is computed within the budget; ``nodes`` come children
    first, so that the evaluator's memory serves their parents."""
    budget = Budget(max_elements=budget_elements, max_seconds=SECONDS)
    evaluator = Evaluator(values, functions, budget)
    cells = frozenset().union(*(evaluator.data.get(a, ()) for a, info in env.items()
                                if info.kind == "basic"))
    by_text: dict[str, str | None] = {}
    out: dict[int, str] = {}
    for node, text in zip(nodes, texts):
        typ = types.get(id(node))
        if typ is None or isinstance(typ, FunctionType) or isinstance(node, s.TupleDecl) \
                or free_locals(node):
            continue
        if text not in by_text:
            budget.restart()
            by_text[text] = value_text(evaluator, node, budget, cells, max_members,
                                       known.get(id(node)))
        if by_text[text] is not None:
            out[id(node)] = by_text[text]
    return out


def value_text(evaluator: Evaluator, node: s.Node, budget: Budget, cells: frozenset,
               max_members: int, value: object = None) -> str | None:
    """A closed sub-term's value (``value`` when it is known) as text — a
    small set listed, a large one by its cardinality — or None when it
    cannot be had within ``budget``."""
    try:
        if value is None:
            value = evaluator.evaluate(node)
        size = size_within(value, budget) if is_set(value) else 0
    except RSLError:
        return None
    if isinstance(size, int) and size <= max_members:
        return show(value, max_members, cells)
    return f"card {cardinality_text(size)}"


def cardinality_text(size) -> str:
    """``cardinal.show``, with each long number that is a small one times a
    power of two written so: ``card ℬ(X1)`` of 480 cells is ``2^480``, and
    of ``X1×ℬ(X1)`` ``15·2^485``, not 145 digits."""
    def power(match: re.Match) -> str:
        n = int(match[0])
        k = (n & -n).bit_length() - 1
        odd = n >> k
        if odd >= 10**6:
            return match[0]
        text = f"2^{k}" if odd == 1 else f"{odd}·2^{k}"
        return f"({text})" if match.string[match.start() - 1:match.start()] == "^" else text

    return LONG_NUMBER.sub(power, cardinal.show(size))


LONG_NUMBER = re.compile(r"\d{13,}")


def size_within(value, budget: Budget):
    """The exact cardinality of a set, if counting it fits the budget."""
    if isinstance(value, frozenset):
        return len(value)
    token = CURRENT_BUDGET.set(budget)
    try:
        return card(value)
    finally:
        CURRENT_BUDGET.reset(token)


__all__ = ["formula_html", "node_types", "value_text"]
