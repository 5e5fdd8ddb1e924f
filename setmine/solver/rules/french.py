"""Rules 0-7 of « DEMINEUR : CRÉATION ET SOLUTION » and its pseudo-statistical guess.

The seed text (``seeds/001``) gives each rule in French, then in pseudo-code,
over these notions -- quoted, and how they are read here (class :class:`Vue`):

    I(x) = Inconnus autour de x              closed neighbours of x neither
                                             known as bombs nor found free
    V(x) = Tous les voisins directs de x     ``position.neighbours[x]``
    E(x) = Etat de x                         the number shown, or BOMBE,
                                             LIBRE, INCONNU
    B(x) = Nombre total de bombes voisines de x     the number x shows
    T(x) = Nombre de bombes non trouvées autour de x    B(x) - C(x)
    C(x) = Nombre de bombes connues autour de x    flags and bombs found
    x inc y = voisins de x Inclus dans y     written ``I(x) inc I(y)``: I(x) ⊆ I(y)
    x int y = intersection de x et y         I(x) ∩ I(y) (the same as the
                                             unknowns in V(x) ∩ V(y))

``x`` and ``y`` range over the open cells (those that show B).  A cell found
``Libre`` cannot be opened here (a position reveals no new number): it simply
stops being an unknown.

Where the text had to be interpreted
------------------------------------

* ``C`` applied to a set, ``C(I(x) - (x int y))`` in rules 3-7, is the number
  of cells of the set: rule 4 says so in words (« le nombre d'inconnus de x
  qui n'appartiennent pas à l'intersection »).  :meth:`Vue.card`.
* Rule 3 is implemented as printed, and as printed it is false: with
  ``I(x) inc I(y)`` the set ``I(x) - (x int y)`` is empty, so the test
  ``T(y) - T(x) == C(I(x) - (x int y))`` is ``T(y) == T(x)`` (the French
  sentence, « T(x) - T(y) = le nombre d'inconnus autour de x - le nombre
  d'intersections », says the same), and under it the cells of
  ``I(y) - (x int y)`` are free (rule 2), not bombs.  It does no harm in the
  text's order: rule 2 has the very same test and is tried first, so rule 3
  never fires in a full run.  :func:`deduce` refuses to run rule 3 without
  rule 2.  What the conclusion needs -- ``T(y) - T(x) == card(I(y) - (x int
  y))`` -- is :func:`regle_3_corrigee` (``deduce(..., corrected_rule_3=True)``);
  rule 5 on the pair (y, x) already concludes it, so the cells found are the
  same either way.
* Rules 6 and 7 are rules 4 and 5 word for word, French and pseudo-code, so
  :func:`regle_6` is :func:`regle_4` and :func:`regle_7` is :func:`regle_5`
  (their steps say so).  Also, rules 4 and 5 test the same equation
  (``T(x) - card(I(x) - (x int y)) == T(y)``), with different conclusions.
* « Les règles 6 et 7 sont utilisées en dernier ressort car plus complexes »:
  :func:`deduce` gives the rules priority in the text's order -- it applies
  the first rule that concludes anything, on the first ``x`` (or pair) where
  it does, then starts again from rule 0, until no rule concludes anything.
  Hence rules 6 and 7 never fire in a full run: they are tried only when
  rules 4 and 5 have just found nothing with the same tests.  ``deduce(p,
  rules=...)`` runs a subset of the rules, e.g. ``(0, 1, 2, 6, 7)``.
* Pairs: ordered pairs of distinct open cells whose unknowns meet.  A pair
  with disjoint unknowns concludes only what rules 0 and 1 conclude alone.
* « Si aucune règle ne marche, j'utilise une pseudo règle statistique
  (surement à améliorer) » is all the text says about it; it gives no formula.
  :func:`pseudo_statistical_guess` implements the naive reading documented
  there.  It is a heuristic, not a probability.

Every rule but rule 3 as printed is sound on a consistent view; so is the
whole system.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable, Mapping, Union

from ..engine.position import Cell, InconsistentPosition, Position
from .deduction import Deduction, Step, as_position, cell_order

__all__ = ["BOMBE", "INCONNU", "LIBRE", "REGLES", "Conclusion", "Guess", "Regle", "Vue", "deduce",
           "next_move", "pseudo_statistical_guess", "regle_0", "regle_1", "regle_2", "regle_3",
           "regle_3_corrigee", "regle_4", "regle_5", "regle_6", "regle_7"]

BOMBE, LIBRE, INCONNU = "Bombe", "Libre", "Inconnu"
SYSTEM = "french"


def _s(cells: Iterable[Cell]) -> str:
    return "{" + ", ".join(map(str, sorted(cells))) + "}"


class Vue:
    """The solver's state of knowledge: the position, plus the cells already
    found to be bombs (starting with the flags) or free."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.bombes: set[Cell] = set(position.flagged)
        self.libres: set[Cell] = set()
        self.rang = cell_order(position.cells)
        self.numeros: tuple[Cell, ...] = tuple(c for c in position.cells if c in position.shown)
        # caches of I, C and partenaires, per open cell, cleared by marquer()
        self._I: dict[Cell, frozenset[Cell]] = {}
        self._C: dict[Cell, int] = {}
        self._P: dict[Cell, list[Cell]] = {}

    def marquer(self, libres: Iterable[Cell] = (), bombes: Iterable[Cell] = ()) -> None:
        """Record cells found ``Libre`` or ``Bombe``."""
        for cells, into in ((libres, self.libres), (bombes, self.bombes)):
            for u in cells:
                into.add(u)
                for x in self.V(u):
                    for cache in (self._I, self._C, self._P):
                        cache.pop(x, None)

    def V(self, x: Cell) -> frozenset[Cell]:
        """« Tous les voisins directs de x »."""
        return self.position.neighbours[x]

    def E(self, x: Cell) -> Union[int, str]:
        """« Etat de x »: the number shown, or BOMBE, LIBRE, INCONNU."""
        if x in self.position.shown:
            return self.position.shown[x]
        return BOMBE if x in self.bombes else LIBRE if x in self.libres else INCONNU

    def B(self, x: Cell) -> int:
        """« Nombre total de bombes voisines de x »: the number x shows."""
        return self.position.shown[x]

    def C(self, x: Cell) -> int:
        """« Nombre de bombes connues autour de x »."""
        if x not in self._C:
            self._C[x] = sum(1 for v in self.V(x) if v in self.bombes)
        return self._C[x]

    def T(self, x: Cell) -> int:
        """« Nombre de bombes non trouvées autour de x »: B(x) - C(x)."""
        return self.B(x) - self.C(x)

    def I(self, x: Cell) -> frozenset[Cell]:
        """« Inconnus autour de x »."""
        if x not in self._I:
            self._I[x] = frozenset(v for v in self.V(x) if self.E(v) == INCONNU)
        return self._I[x]

    def inc(self, x: Cell, y: Cell) -> bool:
        """``I(x) inc I(y)``: « voisins de x Inclus dans y »."""
        return self.I(x) <= self.I(y)

    def int(self, x: Cell, y: Cell) -> frozenset[Cell]:
        """``x int y``: « intersection de x et y » (of their unknowns)."""
        return self.I(x) & self.I(y)

    @staticmethod
    def card(cells: frozenset[Cell]) -> int:
        """``C`` applied to a set of cells: how many cells it has."""
        return len(cells)

    def check(self, x: Cell) -> None:
        """Raise :class:`InconsistentPosition` if x cannot be satisfied."""
        t, n = self.T(x), len(self.I(x))
        if not 0 <= t <= n:
            raise InconsistentPosition(f"{x} shows {self.B(x)}: {t} bombs left for {n} unknowns", x)

    def partenaires(self, x: Cell) -> list[Cell]:
        """The open cells y ≠ x whose unknowns meet those of x, in board order."""
        if x not in self._P:
            shown = self.position.shown
            ys = {y for u in self.I(x) for y in self.V(u) if y in shown and y != x}
            self._P[x] = sorted(ys, key=self.rang.__getitem__)
        return self._P[x]


@dataclass(frozen=True)
class Conclusion:
    """What one rule concludes on ``x`` (and ``y``): ``Libre`` and ``Bombe`` cells."""
    libres: frozenset[Cell] = frozenset()
    bombes: frozenset[Cell] = frozenset()
    why: str = ""


# ---------------------------------------------------------------------------
# The rules, in the text's order.  Each returns a Conclusion or None.


def regle_0(v: Vue, x: Cell) -> Conclusion | None:
    """Règle 0. « S'IL reste autant de bombes à trouver qu'il y a d'inconnus
    autour de x ALORS tous les inconnus autour de x sont des bombes »
    -- ``Si I(x) == T(x)  I(x) = Bombe``."""
    I, T = v.I(x), v.T(x)
    if I and len(I) == T:
        return Conclusion(bombes=I, why=f"card(I(x)) = {len(I)} = T(x) = {v.B(x)} - {v.C(x)}")
    return None


def regle_1(v: Vue, x: Cell) -> Conclusion | None:
    """Règle 1. « SI toutes les bombes à trouver autour de x sont trouvées
    ALORS tous les inconnus autour de x sont vides » -- ``Si T(x) == 0
    I(x) = Libre``."""
    I = v.I(x)
    if I and v.T(x) == 0:
        return Conclusion(libres=I, why=f"T(x) = {v.B(x)} - {v.C(x)} = 0")
    return None


def regle_2(v: Vue, x: Cell, y: Cell) -> Conclusion | None:
    """Règle 2. « SI les inconnus de x sont inclus dans les inconnus de y et le
    nombre de bombes non trouvées autour de x est égal au nombre de bombes à
    trouver autour de y ALORS les inconnus autour de y (et de x) qui ne sont
    pas dans l'intersection de x et y sont libres » -- ``Si I(x) inc I(y) ET
    T(x) == T(y)  I(y) - (x int y) = Libre``."""
    Ix, Iy = v.I(x), v.I(y)
    reste = Iy - (Ix & Iy)
    if Ix <= Iy and v.T(x) == v.T(y) and reste:
        return Conclusion(libres=reste, why=f"I(x) = {_s(Ix)} inc I(y) = {_s(Iy)}, T(x) = T(y) = {v.T(x)}")
    return None


def regle_3(v: Vue, x: Cell, y: Cell) -> Conclusion | None:
    """Règle 3. « SI les inconnus autour de x sont inclus dans ceux de y et le
    nombre de bombes non trouvées autour de x - le nombre de bombes non
    trouvées autour de y = le nombre d'inconnus autour de x - le nombr[e]
    d'intersections ALORS les inconnus de y qui ne sont pas dans
    l'intersection ont une bombe » -- ``Si I(x) inc I(y) ET T(y) - T(x) ==
    C(I(x) - (x int y))  I(y) - (x int y) = Bombe``.

    As printed.  Under the inclusion ``C(I(x) - (x int y)) = 0``: the test is
    rule 2's, and the conclusion false -- never reached after rule 2."""
    Ix, Iy = v.I(x), v.I(y)
    reste = Iy - (Ix & Iy)
    Tx, Ty, k = v.T(x), v.T(y), v.card(Ix - (Ix & Iy))
    if Ix <= Iy and reste and Ty - Tx == k:
        return Conclusion(bombes=reste, why=f"I(x) = {_s(Ix)} inc I(y) = {_s(Iy)}, "
                          f"T(y) - T(x) = {Ty} - {Tx} = {k} = C(I(x) - (x int y)) [as printed]")
    return None


def regle_3_corrigee(v: Vue, x: Cell, y: Cell) -> Conclusion | None:
    """Rule 3 with the test its conclusion needs: ``Si I(x) inc I(y) ET T(y)
    - T(x) == C(I(y) - (x int y))  I(y) - (x int y) = Bombe`` (rule 5 on the
    pair (y, x), restricted to an inclusion)."""
    Ix, Iy = v.I(x), v.I(y)
    reste = Iy - (Ix & Iy)
    Tx, Ty = v.T(x), v.T(y)
    if Ix <= Iy and reste and Ty - Tx == v.card(reste):
        return Conclusion(bombes=reste, why=f"I(x) = {_s(Ix)} inc I(y) = {_s(Iy)}, "
                          f"T(y) - T(x) = {Ty} - {Tx} = {Ty - Tx} = C(I(y) - (x int y)) [corrected]")
    return None


def regle_4(v: Vue, x: Cell, y: Cell, *, nom: str = "") -> Conclusion | None:
    """Règle 4. « SI le nombre de bombes non trouvées autour de x - le nombre
    d'inconnus de x qui n'appartiennent pas à l'intersection de x et y est
    égal au nombre de bombes non trouvées autour de y ALORS les inconnus de y
    qui ne sont pas dans l'intersection sont libres » -- ``Si T(x) - C(I(x) -
    (x int y)) == T(y)  I(y) - (x int y) = Libre``.  (x's bombs outside the
    intersection are at most that many, so the intersection holds all T(y).)"""
    Ix, Iy = v.I(x), v.I(y)
    inter = Ix & Iy
    Tx, Ty, k = v.T(x), v.T(y), v.card(Ix - inter)
    if Iy - inter and Tx - k == Ty:
        return Conclusion(libres=Iy - inter, why=f"{nom}I(x) = {_s(Ix)}, I(y) = {_s(Iy)}, "
                          f"T(x) - C(I(x) - (x int y)) = {Tx} - {k} = {Ty} = T(y)")
    return None


def regle_5(v: Vue, x: Cell, y: Cell, *, nom: str = "") -> Conclusion | None:
    """Règle 5. « SI le nombre de bombes non trouvées autour de x - le nombre
    de bombes non trouvées autour de y est égal au nombre de bombes non
    trouvées autour de x qui n'appartiennent pas à l'intersection de x et y
    ALORS les inconnus de x qui ne sont pas dans l'intersection ont une
    bombe » -- ``Si C(I(x) - (x int y)) == T(x) - T(y)  I(x) - (x int y) =
    Bombe``.  (The intersection holds at most T(y) of x's bombs.)"""
    Ix, Iy = v.I(x), v.I(y)
    inter = Ix & Iy
    Tx, Ty, k = v.T(x), v.T(y), v.card(Ix - inter)
    if Ix - inter and k == Tx - Ty:
        return Conclusion(bombes=Ix - inter, why=f"{nom}I(x) = {_s(Ix)}, I(y) = {_s(Iy)}, "
                          f"C(I(x) - (x int y)) = {k} = {Tx} - {Ty} = T(x) - T(y)")
    return None


def regle_6(v: Vue, x: Cell, y: Cell) -> Conclusion | None:
    """Règle 6: the text repeats rule 4 word for word (« Si T(x) - C(I(x) -
    (x int y)) == T(y)  I(y) - (x int y) = Libre »), so this is rule 4."""
    return regle_4(v, x, y, nom="identique à la règle 4: ")


def regle_7(v: Vue, x: Cell, y: Cell) -> Conclusion | None:
    """Règle 7: the text repeats rule 5 word for word (« Si C(I(x) - (x int
    y)) == T(x) - T(y)  I(x) - (x int y) = Bombe »), so this is rule 5."""
    return regle_5(v, x, y, nom="identique à la règle 5: ")


@dataclass(frozen=True)
class Regle:
    numero: int
    paire: bool                     # a rule on a pair (x, y), else on x alone
    fonction: Callable[..., Conclusion | None]


REGLES: tuple[Regle, ...] = (
    Regle(0, False, regle_0), Regle(1, False, regle_1), Regle(2, True, regle_2),
    Regle(3, True, regle_3), Regle(4, True, regle_4), Regle(5, True, regle_5),
    Regle(6, True, regle_6), Regle(7, True, regle_7),
)


# ---------------------------------------------------------------------------
# The engine


def _premiere(v: Vue, regle: Regle) -> tuple[tuple[Cell, ...], Conclusion] | None:
    """The first x (or pair x, y), in board order, on which the rule
    concludes something, with its conclusion."""
    for x in v.numeros:
        if regle.numero == 0:
            v.check(x)
        if not v.I(x):
            continue
        for args in ([(x,)] if not regle.paire else [(x, y) for y in v.partenaires(x)]):
            c = regle.fonction(v, *args)
            if c is not None:
                return args, c
    return None


def deduce(position: Position, rules: Iterable[int] = range(8),
           corrected_rule_3: bool = False) -> Deduction:
    """Apply the rules (all eight, or those numbered in ``rules``) with
    priority in the text's order: one firing of the first rule that concludes
    anything (at its first x or pair in board order), then again from rule 0,
    until no rule concludes anything.

    Rule 3 as printed is unsound without rule 2 before it: asking for it
    alone raises ValueError.  ``corrected_rule_3`` uses
    :func:`regle_3_corrigee` instead."""
    position = as_position(position)
    v = Vue(position)
    numbers = sorted(set(rules))
    if 3 in numbers and 2 not in numbers and not corrected_rule_3:
        raise ValueError("rule 3 as printed concludes bombs where rule 2 (same test) "
                         "finds free cells: run it after rule 2, or use corrected_rule_3=True")
    chosen = [REGLES[n] for n in numbers]
    if corrected_rule_3:
        chosen = [Regle(3, True, regle_3_corrigee) if r.numero == 3 else r for r in chosen]
    steps: list[Step] = []
    while True:
        for regle in chosen:
            found = _premiere(v, regle)
            if found is not None:
                break
        else:
            break                       # no rule concludes anything: fixpoint
        args, c = found
        v.marquer(c.libres, c.bombes)
        steps.append(Step(SYSTEM, f"règle {regle.numero}", args, c.libres, c.bombes, c.why))
    for x in v.numeros:
        v.check(x)
    return Deduction(frozenset(v.libres), frozenset(v.bombes - position.flagged), steps)


# ---------------------------------------------------------------------------
# « Si aucune règle ne marche, j'utilise une pseudo règle statistique »


@dataclass(frozen=True)
class Guess:
    """The pseudo-statistical choice: ``cell``, of lowest ``estimate``."""
    cell: Cell
    estimate: Fraction
    estimates: Mapping[Cell, Fraction]
    step: Step


def pseudo_statistical_guess(position: Position, deduction: Deduction | None = None) -> Guess | None:
    """The text's last resort, which it names but does not define (« une
    pseudo règle statistique (surement à améliorer) »).  Implemented naively:

    * each open x spreads its T(x) bombs evenly on its unknowns: an unknown
      of x gets T(x) / card(I(x));
    * an unknown seen by several numbers keeps the largest of these (the most
      alarming);
    * an unknown seen by none gets the density of the bombs still to find,
      (mines of the board - bombs known) / (unknowns of the board);
    * the guess is the unknown with the lowest estimate, the first in board
      order on a tie.

    Known flaws (kept -- it is « à améliorer »): the estimates are not
    probabilities; they ignore how numbers share cells, so the guess can be
    a cell that the exact engine rates riskier than another.  Returns
    ``None`` when no unknown is left.
    """
    position = as_position(position)
    if deduction is None:
        deduction = deduce(position)
    v = Vue(position)
    v.marquer(deduction.safe, deduction.mines)
    inconnus = [c for c in position.cells if v.E(c) == INCONNU]
    if not inconnus:
        return None
    local: dict[Cell, Fraction] = {}
    for x in v.numeros:
        I = v.I(x)
        if I:
            share = Fraction(v.T(x), len(I))
            for c in I:
                local[c] = max(local.get(c, share), share)
    left = max(0, position.total_mines - len(v.bombes))
    density = min(Fraction(1), Fraction(left, len(inconnus)))
    estimates = {c: local.get(c, density) for c in inconnus}
    cell = min(inconnus, key=lambda c: (estimates[c], v.rang[c]))
    seen = "T(x) / card(I(x)), the largest over its numbers" if cell in local else \
        f"seen by no number: {left} bombs left / {len(inconnus)} unknowns"
    step = Step(SYSTEM, "pseudo règle statistique", (cell,),
                why=f"lowest estimate {estimates[cell]} ({seen}); a guess, not a deduction")
    return Guess(cell, estimates[cell], estimates, step)


def next_move(position: Position) -> tuple[Cell, Step] | None:
    """The cell the French solver opens next: the first cell the rules found
    free (with the step that freed it), else the pseudo-statistical guess."""
    position = as_position(position)
    d, rang = deduce(position), cell_order(position.cells)
    for step in d.steps:
        if step.safe:
            return min(step.safe, key=rang.__getitem__), step
    g = pseudo_statistical_guess(position, d)
    return None if g is None else (g.cell, g.step)
