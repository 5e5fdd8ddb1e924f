"""Syntax tree → text: canonical Unicode RSLang and ASCII RSLang (the
spelling tables are in ``spelling.py``; the bracket tree string of the
reference tools, ``[∀[a][X1][=[a][a]]]``, is ``str()`` of a tree, written by
``syntax.bracket_tree``).

The two RSLang printers write as few parentheses as the grammar allows and
never a form on which the reference tools disagree, so that parsing what they
print gives back the same tree (``parse(unicode(t)) == t`` and
``parse(ascii(t), syntax="ascii") == t``).
"""

from __future__ import annotations

from contextvars import ContextVar

from . import tree as s
from .spelling import ASCII, ASCII_COMMAND

# Binding strength, loosest first.  Formulas: ⇔ 10, ⇒ 20, ∨ 30, & 40,
# atoms 50.  Set expressions: ∪∩\∆ 60, +- 70, * 80, × 90, prefix 100.
CONNECTIVE = {"⇔": 10, "⇒": 20, "∨": 30, "&": 40}
ATOM, SET, ADD, MUL, PRODUCT, PREFIX = 50, 60, 70, 80, 90, 100
ASSOCIATIVE_SET_OPS = {"∪", "∩", "∆"}


def strength(node: s.Node) -> int:
    if isinstance(node, s.Connective):
        return CONNECTIVE[node.op]
    if isinstance(node, (s.Predicate, s.Negation, s.Quantifier)):
        return ATOM
    if isinstance(node, s.SetOperation):
        return SET
    if isinstance(node, s.Arithmetic):
        return ADD if node.op in "+-" else MUL
    if isinstance(node, s.Product):
        return PRODUCT
    return PREFIX


class Printer:
    """Canonical Unicode RSLang; ``AsciiPrinter`` overrides the spelling."""

    def op(self, symbol: str) -> str:
        return symbol

    def infix(self, symbol: str) -> str:
        """An infix operator with the spacing of the canonical style."""
        if symbol in CONNECTIVE:
            return f" {symbol} "
        return symbol

    def __call__(self, node: s.Node) -> str:
        return self.show(node)

    def show(self, node: s.Node) -> str:
        method = getattr(self, "show_" + type(node).__name__)
        return method(node)

    def wrap(self, node: s.Node, parens: bool) -> str:
        text = self.show(node)
        return f"({text})" if parens else text

    def operand(self, node: s.Node) -> str:
        """A node where the grammar wants a set expression: a formula there
        (a semantic error, but a tree the parser builds from ``(a=b)``) is
        written in parentheses."""
        return self.wrap(node, strength(node) < SET)

    # -- atoms
    def show_Integer(self, n):
        return str(n.value)

    def show_EmptySet(self, n):
        return self.op("∅")

    def show_IntegerSet(self, n):
        return "Z"

    def show_Global(self, n):
        return n.name

    show_Radical = show_Local = show_Global

    # -- declarations
    def show_TupleDecl(self, n):
        return "(" + ", ".join(self.show(i) for i in n.items) + ")"

    def show_DeclList(self, n):
        return ", ".join(self.show(i) for i in n.items)

    # -- set expressions
    def chain(self, n, left_parens, right_part) -> str:
        """A chain of one kind of binary node (``a∪b∪…``, ``P & Q & …``)
        printed along its left spine without recursion: ``left_parens(node)``
        says whether the node's left operand needs parentheses,
        ``right_part(node)`` gives the operator and the right operand."""
        links = s.chain(n)
        text = self.show(links[0].left)
        for node in links:
            text = (f"({text})" if left_parens(node) else text) + right_part(node)
        return text

    def show_SetOperation(self, n):
        def left_parens(n):
            return strength(n.left) < SET or isinstance(n.left, s.Product) or (
                isinstance(n.left, s.SetOperation)
                and not (n.left.op == n.op and n.op in ASSOCIATIVE_SET_OPS))

        def right_part(n):
            right_parens = strength(n.right) <= SET or isinstance(n.right, s.Product)
            symbol, right = self.infix(self.op(n.op)), self.wrap(n.right, right_parens)
            if symbol == "\\" and ASCII_COMMAND.match(symbol + right):
                symbol += " "  # `X1\ in` (a local named `in`), not the command `\in`
            return symbol + right

        return self.chain(n, left_parens, right_part)

    def show_Arithmetic(self, n):
        def left_parens(n):
            level = strength(n)
            return strength(n.left) < level or (
                isinstance(n.left, s.Arithmetic) and n.left.op == "-" and level == ADD)

        def right_part(n):
            return self.infix(self.op(n.op)) + self.wrap(n.right, strength(n.right) <= strength(n))

        return self.chain(n, left_parens, right_part)

    def show_Product(self, n):
        return self.op("×").join(self.wrap(f, strength(f) <= PRODUCT) for f in n.factors)

    def show_Apply(self, n):
        return f"{self.op(n.op)}({self.show(n.arg)})"

    def show_Projection(self, n):
        name = ("Pr" if n.big else "pr") + ",".join(map(str, n.indices))
        return f"{name}({self.show(n.arg)})"

    def show_Filter(self, n):
        name = "Fi" + ",".join(map(str, n.indices))
        return f"{name}[{self.items(n.params)}]({self.show(n.arg)})"

    def items(self, nodes) -> str:
        return ", ".join(self.operand(i) for i in nodes)

    def show_Enumeration(self, n):
        return "{" + self.items(n.items) + "}"

    def show_Tuple(self, n):
        return "(" + self.items(n.items) + ")"

    def show_Declarative(self, n):
        return (f"D{{{self.show(n.var)}{self.op('∈')}{self.operand(n.domain)} | "
                f"{self.show(n.condition)}}}")

    def show_Iterate(self, n):
        return f"{self.show(n.var)}{self.op(':∈')}{self.operand(n.domain)}"

    def show_Assign(self, n):
        return f"{self.show(n.var)}{self.op(':=')}{self.operand(n.value)}"

    def show_Imperative(self, n):
        blocks = "; ".join(self.show(b) for b in n.blocks)
        return f"I{{{self.operand(n.result)} | {blocks}}}"

    def show_Recursive(self, n):
        head = f"R{{{self.show(n.var)}{self.op(':=')}{self.operand(n.init)}"
        if n.condition is not None:
            head += f" | {self.show(n.condition)}"
        return f"{head} | {self.operand(n.step)}}}"

    def show_Call(self, n):
        return f"{n.name}[{self.items(n.args)}]"

    # -- formulas
    def show_Predicate(self, n):
        return self.operand(n.left) + self.infix(self.op(n.op)) + self.operand(n.right)

    def show_Negation(self, n):
        return self.op("¬") + self.wrap(n.arg, strength(n.arg) < ATOM)

    def show_Connective(self, n):
        return self.chain(
            n, lambda n: strength(n.left) < strength(n),
            lambda n: self.infix(self.op(n.op)) + self.wrap(n.right, strength(n.right) <= strength(n)))

    def show_Quantifier(self, n):
        return (f"{self.op(n.op)}{self.show(n.var)}{self.op('∈')}{self.operand(n.domain)} "
                + self.wrap(n.body, strength(n.body) < ATOM))

    # -- functions
    def show_Parameter(self, n):
        return f"{self.show(n.var)}{self.op('∈')}{self.operand(n.domain)}"

    def show_FunctionDef(self, n):
        return f"[{', '.join(self.show(p) for p in n.params)}] {self.show(n.body)}"

    # -- declarations of constituents
    def show_GlobalDefinition(self, n):
        return f"{self.show(n.alias)} {self.op(n.op).strip()} {self.show(n.body)}"


class AsciiPrinter(Printer):
    """ASCII RSLang (Exteor's ASCII mode); read it back with
    ``syntax="ascii"``."""

    def op(self, symbol: str) -> str:
        word = ASCII.get(symbol, symbol)
        return f" {word} " if word.startswith("\\") else word

    def infix(self, symbol: str) -> str:
        return symbol if symbol.startswith(" ") else Printer.infix(self, symbol)

    def show_Quantifier(self, n):
        return (f"{self.op(n.op).strip()} {self.show(n.var)}{self.op('∈')}"
                f"{self.operand(n.domain)} " + self.wrap(n.body, strength(n.body) < ATOM))

    def show_Negation(self, n):
        return self.op("¬").strip() + " " + self.wrap(n.arg, strength(n.arg) < ATOM)

    def show_Apply(self, n):
        return f"{self.op(n.op).strip()}({self.show(n.arg)})"


def unicode(node: s.Node) -> str:
    return Printer()(node)


def ascii(node: s.Node) -> str:  # noqa: A001 - the name of the spelling
    return AsciiPrinter()(node)


SHOWN = ContextVar("the spelling of formulas shown to a reader", default="unicode")
"""``"unicode"`` or ``"ascii"``: how :func:`shown` writes a formula.  A
command sets it once from ``--spelling``, so that one output uses one
spelling; text that is read back (a schema file, a repair's edit) is
written with :func:`unicode` whatever it says."""


def shown(node: s.Node) -> str:
    """``node`` in the spelling chosen for display (``SHOWN``)."""
    return ascii(node) if SHOWN.get() == "ascii" else unicode(node)
