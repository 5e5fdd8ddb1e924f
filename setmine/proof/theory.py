"""A schema as an SMT-LIB theory, and the proof obligations of its statements.

Each constituent becomes one *named* assertion, so that cvc5's unsat core
says which of them a proof used:

* a structure ``S1 ::= ℬ(X1×X1)``: ``dom.S1``, its value within its domain;
* a term ``D8 :== …``: ``def.D8``, a constant and its definition — by its
  members (``∀x. x ∈ D8 ⇔ …``) when it is a set built by a construct
  (``D{…}``, ``ℬ``, ``×``…), else by an equality (``D1 = X1 \\ S3``);
  ``macros=True`` makes each term defined by an equality a ``define-fun``
  instead (no name: a proof cannot say it used one), which
  bench/prove_targets.py measures against the named assertions;
* an axiom ``A2``: ``ax.A2``; a statement proved earlier: ``lemma.T1``;
* the statement asked: ``goal``, its negation.

The obligation is unsatisfiable exactly when the statement follows.  Only
what the goal needs is asserted: the definitions it reads (transitively),
and the axioms and lemmas that say something of the structures it reads
(``relevant``); a second try asserts every axiom.  Leaving an axiom out
never makes a proof wrong, only harder to find.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rsl.semantics.types import Element, SetType
from ..rsl.syntax import tree as s
from .smtlib import NoTranslation, conj, finite
from .translate import Translator

PREFIX = {"structure": "dom.", "term": "def.", "axiom": "ax.", "lemma": "lemma.", "inline": "fn."}


@dataclass
class Piece:
    """One constituent (or statement) translated: its named assertion."""

    alias: str
    kind: str                        # structure, term, axiom, lemma
    assertion: str                   # a closed formula
    reads: frozenset[str]            # the constituents it reads directly
    declaration: str = ""            # the constant it declares, if any
    macro: str = ""                  # its define-fun, for a term with macros=True
    sort: str = ""                   # a term's sort

    @property
    def name(self) -> str:
        return PREFIX[self.kind] + self.alias


@dataclass
class Goal:
    """A statement translated: ``formula`` is true, ``support`` the axioms
    of the Skolem functions it reads (asserted, never negated), ``guard``
    where each debool it reads is defined (to be proved with it)."""

    name: str
    formula: str
    support: list[str]
    guard: str
    reads: frozenset[str]

    def as_lemma(self, guard: str = "true", support=()) -> Piece:
        """The statement, proved, as a lemma for later ones (with where
        its debools and its definitions' are defined, ``guard``, which its
        proof showed too)."""
        return Piece(self.name, "lemma", conj(self.support + list(support)
                                              + [guard, self.guard, self.formula]), self.reads)


@dataclass
class Obligation:
    text: str                        # the SMT-LIB file, standalone
    asserted: list[str] = field(default_factory=list)   # what it asserts: the aliases


class Theory:
    """The translation of one schema, constituent by constituent, on demand."""

    def __init__(self, schema, functions, macros: bool = False):
        self.schema = schema
        self.macros = macros
        self.translator = Translator(schema, functions)
        self.pieces: dict[str, Piece] = {}
        self.failures: dict[str, NoTranslation] = {}
        self.lemmas: dict[str, Piece] = {}
        self._guards: dict[str, tuple[str, list[str]]] = {}

    # -- constituents
    def piece(self, alias: str) -> Piece:
        """``alias`` translated (cached); NoTranslation if it has none."""
        if alias in self.failures:
            raise self.failures[alias]
        if alias not in self.pieces:
            try:
                self.pieces[alias] = self._translate(alias)
            except NoTranslation as exc:
                self.failures[alias] = exc
                raise
        return self.pieces[alias]

    def _translate(self, alias: str) -> Piece:
        item = self.schema[alias]
        analysis = self.schema.analysis[alias]
        if not analysis.ok:
            raise NoTranslation(None, f"{alias} has an error: {analysis.error.message}")
        t = self.translator
        tree = analysis.tree
        kind = item.kind
        if kind in ("basic", "constant"):
            return Piece(alias, "structure", "true", frozenset(),
                         f"(declare-const {alias} {t.sort_of(t.norm(SetType(Element(alias))))})")
        if kind == "structure":
            own = t.norm(analysis.type)
            inside = t.membership(alias, alias, tree, SetType(own))
            return self._piece(alias, "structure", inside,
                               f"(declare-const {alias} {t.sort_of(own)})")
        if kind == "term":
            own = t.norm(analysis.type)
            body = tree.body if isinstance(tree, s.GlobalDefinition) else tree
            if isinstance(own, SetType) and not finite(body, t.functions):
                raise NoTranslation(body, "an infinite set (built from Z) as a term: the "
                                    "reference evaluator cannot list it")
            if isinstance(own, SetType) and not t.native(body):
                x = t.fresh("x")
                members = t.membership(alias, x, body, own)   # (no macro form: an axiom)
                piece = self._piece(alias, "term", f"(forall (({x} {t.sort_of(own.base)})) "
                                    f"(= (set.member {x} {alias}) {members}))",
                                    f"(declare-const {alias} {t.sort_of(own)})")
                piece.sort = t.sort_of(own)
                return piece
            value = t.value(alias, body, own)
            if self.macros and not t.axioms[alias]:
                piece = self._piece(alias, "term", "true", "")
                piece.macro = f"(define-fun {alias} () {t.sort_of(own)} {value})"
            else:
                piece = self._piece(alias, "term", f"(= {alias} {value})",
                                    f"(declare-const {alias} {t.sort_of(own)})")
            piece.sort = t.sort_of(own)
            return piece
        if kind in ("axiom", "theorem"):
            return self._piece(alias, "axiom", t.statement(alias, tree))
        if kind in ("function", "predicate"):   # unfolded where it is called
            return Piece(alias, "inline", "true", frozenset())
        raise NoTranslation(None, f"{alias} is a {kind}: it has no translation")

    def _piece(self, alias: str, kind: str, main: str, declaration: str = "") -> Piece:
        t = self.translator
        return Piece(alias, kind, conj(t.axioms.get(alias, []) + [main]),
                     frozenset(t.globals_read.get(alias, set())), declaration)

    def statement(self, name: str, tree: s.Node) -> "Goal":
        """A statement (for ``name``): its formula, the Skolem functions'
        axioms it needs (asserted as they are, never negated), and where
        each debool it reads is defined."""
        t = self.translator
        formula = t.statement(name, tree)
        guard = t.definedness(name, tree) if t.partial[name] else "true"
        return Goal(name, formula, list(t.axioms[name]), guard,
                    frozenset(t.globals_read[name]))

    def closure(self, reads) -> list[str]:
        """The constituents ``reads`` depend on, through definitions and
        domains, in the schema's order (translated: NoTranslation if one
        has none)."""
        seen: set[str] = set()
        todo = list(reads)
        while todo:
            alias = todo.pop()
            if alias in seen or alias not in self.schema:
                continue
            seen.add(alias)
            todo.extend(self.piece(alias).reads)
        return [c.alias for c in self.schema if c.alias in seen]

    def structures(self, aliases) -> set[str]:
        return {a for a in aliases if self.schema[a].kind in ("structure", "basic", "constant")}

    def guards(self, aliases) -> tuple[str, list[str]]:
        """Where each debool the definitions of ``aliases`` read is defined
        (one formula), and the Skolem axioms that formula needs."""
        t = self.translator
        conditions, support = [], []
        for alias in aliases:
            if not t.partial.get(alias) or self.schema[alias].kind != "term":
                continue
            owner = f"{alias}.defined"
            tree = self.schema.tree(alias)
            body = tree.body if isinstance(tree, s.GlobalDefinition) else tree
            if owner not in self._guards:
                condition = t.definedness(owner, body)
                self._guards[owner] = (condition, list(t.axioms[owner]))
            condition, needs = self._guards[owner]
            conditions.append(condition)
            support += needs
        return conj(conditions), support

    # -- obligations
    def obligation(self, goal: "Goal | None", lemmas=(), every_axiom=False,
                   unfold=None, comment: str = "", with_axioms: bool = True,
                   extra=(), negated: bool = False) -> Obligation:
        """The SMT-LIB text whose unsatisfiability proves ``goal`` (with
        where its debools are defined) from the axioms (those relevant to
        it, or every one), the given lemmas (Pieces) and the definitions
        they read; ``negated``: proves its negation instead (the goal's
        debools defined still).  ``goal`` None: the axioms alone (are they
        contradictory?).
        ``unfold``: the terms whose definitions are asserted (None: every
        one); the others are constants nothing is said of.  ``with_axioms``
        False: no axiom; ``extra``: more lines, before the goal (a model
        fixed, ``concrete.py``)."""
        axioms = []
        for c in self.schema:
            if c.kind != "axiom" or not with_axioms:
                continue
            try:
                axioms.append(self.piece(c.alias))
            except NoTranslation:
                continue     # left out: a weaker theory, never a wrong proof
        needed = set(self.closure(goal.reads if goal is not None else ()))
        near = self.structures(needed)
        chosen = []
        for piece in list(axioms) + list(lemmas):
            try:
                inside = self.closure(piece.reads)
            except NoTranslation:
                continue
            if every_axiom or goal is None or self.structures(inside) <= near:
                chosen.append(piece)
                needed |= set(inside)
        guard, support = self.guards(sorted(needed)) if goal is not None else ("true", [])
        definitions = [self.piece(a) for a in self.closure(needed)
                       if self.schema[a].kind not in ("axiom", "theorem")]
        if unfold is not None:
            definitions = [p if p.kind != "term" or p.alias in unfold else _unfolded(p)
                           for p in definitions]
        lines = [f"; {line}" for line in comment.splitlines()]
        lines += ["(set-logic ALL)", "(set-option :produce-unsat-cores true)"]
        t = self.translator
        lines += [f"(declare-sort E_{name} 0)" for name in sorted(t.sorts)]
        lines += [p.declaration for p in definitions if p.declaration]
        lines += [p.macro for p in definitions if p.macro]
        lines += t.declarations
        for p in definitions + chosen:
            if p.assertion != "true":
                lines.append(f"(assert (! {p.assertion} :named {p.name}))")
        lines += list(extra)
        if goal is not None:
            support = goal.support + support
            if support:
                lines.append(f"(assert (! {conj(support)} :named goal.support))")
            formula = f"(not {goal.formula})" if negated else goal.formula
            lines.append(f"(assert (! (not {conj([guard, goal.guard, formula])}) :named goal))")
        lines += ["(check-sat)", "(get-unsat-core)" if goal is not None else ""]
        return Obligation("\n".join(line for line in lines if line) + "\n",
                          [p.alias for p in definitions + chosen])


def _unfolded(piece: Piece) -> Piece:
    """A term declared, its definition left out."""
    return Piece(piece.alias, piece.kind, "true", piece.reads,
                 f"(declare-const {piece.alias} {piece.sort})", sort=piece.sort)


def used_aliases(core: list[str]) -> list[str]:
    """The aliases an unsat core names (its definitions', axioms', lemmas'
    and structures' assertions), without the goal."""
    out = []
    for name in core:
        for prefix in PREFIX.values():
            if name.startswith(prefix):
                alias = name[len(prefix):]
                if alias not in out:
                    out.append(alias)
    return out
