"""A schema: its constituents, their syntax trees, typifications and value
classes, analysed in dependency order.

    >>> schema = Schema.load("spec/saper.rsl")
    >>> schema.typify("D15")
    'ℬℬ(X1)'
    >>> schema.typify("card(S2) - card(D8)")
    'Z'

Each constituent is parsed from its formal definition as written (the 2013
forms included) and typed in the context of the constituents it uses.  An
unknown alias, a cycle of definitions, a structure domain that is not an
echelon, or any syntax or type error makes that constituent's ``analysis``
hold the error (with its line and column in the file), and the constituents
that depend on it report ``globalNotTyped``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Iterator

from .constituents import analyse_constituent, function_type
from .markup import rendered
from .schemafile import Constituent, SchemaText, read_schema_text, write_schema_text
from .semantics.types import Type
from .semantics.typification import GlobalInfo
from .semantics.typifier import typify
from .syntax import tree as s
from .syntax.errors import Diagnostic, Location, RSLError
from .syntax.parser import parse_with_warnings


@dataclass
class Analysis:
    """What setmine knows of one constituent."""

    constituent: Constituent
    tree: s.Node | None = None
    type: Type | None = None
    value_class: str | None = None
    error: RSLError | None = None
    warnings: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def typification(self) -> str:
        return str(self.type) if self.type is not None else "—"


class Schema:
    """A schema read from ``.rsl`` text (``Schema.parse``/``Schema.load``) or
    built from an Exteor document."""

    def __init__(self, text: SchemaText, path: str | None = None, source: str = ""):
        self.text = text
        self.path = path
        self.source = source
        self.by_alias = {c.alias: c for c in text.constituents}

    # -- construction
    @classmethod
    def parse(cls, text: str, path: str | None = None) -> "Schema":
        return cls(read_schema_text(text, path), path, text)

    @classmethod
    def load(cls, path: str | Path) -> "Schema":
        path = Path(path)
        return cls.parse(path.read_text(encoding="utf-8"), str(path))

    def dump(self, preamble: str = "") -> str:
        return write_schema_text(self.text, preamble)

    # -- access
    @property
    def constituents(self) -> tuple[Constituent, ...]:
        return self.text.constituents

    def __iter__(self) -> Iterator[Constituent]:
        return iter(self.text.constituents)

    def __len__(self) -> int:
        return len(self.text.constituents)

    def __getitem__(self, alias: str) -> Constituent:
        return self.by_alias[alias]

    def __contains__(self, alias: object) -> bool:
        return alias in self.by_alias

    def displayed(self, alias: str) -> Constituent:
        """A constituent as output shows it: the Portal's markup in its term,
        text and convention rendered (``markup.py``); ``schema[alias]`` keeps
        the raw text, which is what a file written back holds."""
        return self._displayed.get(alias) or self.by_alias[alias]

    @cached_property
    def _displayed(self) -> dict[str, Constituent]:
        return {c.alias: c for c in rendered(self.text).constituents}

    def uses(self, alias: str) -> tuple[str, ...]:
        """The globals ``alias``'s formula names directly, in order of first
        use (none when it did not parse)."""
        if alias not in self._uses:
            analysis = self.analysis.get(alias)
            self._uses[alias] = tuple(name for name, _ in
                                      dependencies(analysis.tree if analysis else None))
        return self._uses[alias]

    def closure(self, alias: str) -> frozenset[str]:
        """Every constituent ``alias`` depends on, directly or through
        others (``alias`` itself only through a cycle)."""
        if alias not in self._closures:
            out: set[str] = set()
            stack = list(self.uses(alias))
            while stack:
                name = stack.pop()
                if name not in out and name in self:
                    out.add(name)
                    stack.extend(self.uses(name))
            self._closures[alias] = frozenset(out)
        return self._closures[alias]

    @cached_property
    def _uses(self) -> dict[str, tuple[str, ...]]:
        return {}

    @cached_property
    def _closures(self) -> dict[str, frozenset[str]]:
        return {}

    def tree(self, alias: str) -> s.Node:
        """The syntax tree of a constituent's formal definition."""
        analysis = self.analysis[alias]
        if analysis.tree is None:
            raise analysis.error  # type: ignore[misc]
        return analysis.tree

    # -- analysis
    @cached_property
    def analysis(self) -> dict[str, Analysis]:
        """Every constituent analysed, in file order."""
        results: dict[str, Analysis] = {}
        self._typed: dict[str, GlobalInfo] = {}
        for item in self.constituents:
            results[item.alias] = self._parse(item)
        done: set[str] = set()
        for alias in self.by_alias:
            self._analyse(alias, results, done, [])
        return results

    def errors(self) -> list[RSLError]:
        return [a.error for a in self.analysis.values() if a.error is not None]

    def environment(self) -> dict[str, GlobalInfo]:
        """The typing context the constituents define."""
        return {alias: GlobalInfo(a.constituent.kind, a.type if a.ok else None,
                                  a.value_class or "value", _traits(a.constituent))
                for alias, a in self.analysis.items()}

    def typify(self, expression: str) -> str:
        """The printed typification of an alias or of any expression in the
        context of this schema; raises RSLError."""
        if expression in self.by_alias:
            analysis = self.analysis[expression]
            if analysis.error is not None:
                raise analysis.error
            return analysis.typification
        tree = parse_with_warnings(expression).tree
        if isinstance(tree, s.FunctionDef):
            return str(function_type(tree, self.environment()))
        return str(typify(tree, self.environment()).type)

    def expression_tree(self, expression: str) -> s.Node:
        """The syntax tree of an alias of the schema or of any expression
        over it (parsed and typed against the schema: an RSLError says what
        is wrong and where).  An alias is the global it names, as the
        reference reads it: its value, not its definition (a function's
        alias alone is ``globalFuncWithoutArgs``)."""
        if expression in self.by_alias:
            kind = self[expression].kind
            if kind in ("function", "predicate"):  # as the reference: a call needs arguments
                raise RSLError("globalFuncWithoutArgs", f"{expression} is a {kind}: it needs "
                               f"arguments, {expression}[…]", 0, len(expression))
            if kind in ("term", "axiom", "theorem") and self.analysis[expression].error:
                raise RSLError("globalNotTyped", f"{expression} has an error, so it has no "
                               f"type: {self.analysis[expression].error.message}",
                               0, len(expression))
            if kind != "nominal":
                return s.Global(expression, span=(0, len(expression)))  # its value
            return self.tree(expression)
        tree = parse_with_warnings(expression).tree
        return typify(tree, self.environment()).tree or tree

    def _location(self, item: Constituent) -> Location | None:
        if not self.source:
            return None
        return Location(self.source, item.formal_offset, self.path)

    def _parse(self, item: Constituent) -> Analysis:
        analysis = Analysis(item)
        if item.operator is None:
            if item.formal.strip():  # a basic or constant set from a file that gave it a formula
                analysis.error = self._locate(RSLError(
                    "definitionNotAllowed", f"{item.alias} is a {item.kind} set: it has no "
                    f"formal definition (its elements are given by a model)",
                    0, len(item.formal)), item)
            return analysis
        if not item.formal.strip():
            analysis.error = self._locate(RSLError(
                "cstEmptyDerived", f"{item.alias} has no formal definition", 0, 0), item)
            return analysis
        try:
            parsed = parse_with_warnings(item.formal)
        except RSLError as exc:
            analysis.error = self._locate(exc, item)
            return analysis
        analysis.tree = parsed.tree
        analysis.warnings.extend(parsed.warnings)
        return analysis

    def _locate(self, exc: RSLError, item: Constituent) -> RSLError:
        location = self._location(item)
        return exc.located(location) if location is not None else exc

    def _analyse(self, root: str, results: dict[str, Analysis], done: set[str],
                 path: list[str]) -> None:
        """Analyse ``root`` after what it uses, depth first.  The walk keeps
        its own stack (one generator per constituent on ``path``), so a
        schema may chain its definitions as long as it likes."""
        steps: list = []

        def enter(alias: str) -> None:
            if alias in done:
                return
            if alias in path:
                item = results[alias].constituent
                cycle = path[path.index(alias):] + [alias]
                results[alias].error = self._locate(RSLError(
                    "cyclicDefinition", "the definitions form a cycle: " + " → ".join(cycle),
                    0, len(item.formal)), item)
                done.add(alias)
                return
            path.append(alias)
            steps.append(self._steps(alias, results, done))

        enter(root)
        while steps:
            try:
                enter(next(steps[-1]))
            except StopIteration:
                steps.pop()
                path.pop()

    def _steps(self, alias: str, results: dict[str, Analysis], done: set[str]) -> Iterator[str]:
        """Analyse one constituent, yielding each constituent it uses to have
        it analysed first."""
        analysis = results[alias]
        item = analysis.constituent
        if analysis.error is None:
            for name, node in dependencies(analysis.tree):
                span = (node.span[0], node.span[0] + len(name))  # the name, not a whole call
                if name not in results:
                    analysis.error = self._locate(RSLError(
                        "globalNotTyped", f"{name} is not a constituent of this schema",
                        *span), item)
                    break
                yield name
                if alias in done:  # closed a cycle through us
                    return
                if results[name].error is not None:
                    analysis.error = self._locate(RSLError(
                        "globalNotTyped", f"{name} has an error, so it has no type",
                        *span), item)
                    break
        if analysis.error is None:
            try:
                self._typify(analysis, results)
            except RSLError as exc:
                analysis.error = self._locate(exc, item)
        done.add(alias)

    def _typify(self, analysis: Analysis, results: dict[str, Analysis]) -> None:
        env = self._typed  # the constituents typed so far, grown one at a time
        typing = analyse_constituent(analysis.constituent.alias, analysis.tree, env,
                                     _traits(analysis.constituent), analysis.constituent.kind)
        analysis.type = typing.info.type
        analysis.value_class = typing.info.value_class
        analysis.warnings.extend(typing.warnings)
        if typing.tree is not None:
            analysis.tree = typing.tree  # as typed: a `*` of sets is a product
        if analysis.type is not None:
            alias = analysis.constituent.alias
            env[alias] = GlobalInfo(analysis.constituent.kind, analysis.type,
                                    analysis.value_class or "value", typing.info.traits)


def _traits(item: Constituent) -> frozenset[str] | None:
    """A constituent's traits as written (None: its kind's default)."""
    return None if item.traits is None else frozenset(item.traits)


def dependencies(tree: s.Node | None) -> list[tuple[str, s.Node]]:
    """The globals a formula uses (constituents and called functions), in
    order of first use."""
    if tree is None:
        return []
    seen: dict[str, s.Node] = {}
    for node in tree.walk():
        if isinstance(node, s.Global):
            seen.setdefault(node.name, node)
        elif isinstance(node, s.Call):
            seen.setdefault(node.name, node)
    return list(seen.items())
