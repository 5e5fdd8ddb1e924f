"""The knowledge-based Minesweeper agent of the Russian course assignment.

The assignment (``seeds/003``) replaces propositional logic -- « 2^64
возможных моделей для проверки, что слишком много » -- by *sentences*: « набор
клеток [...] и число, представляющего сколько из них, содержащих мины »,
written ``{A, B, C, D, E, F, G, H} = 1``.  Its three rules:

1. « Каждый раз, когда у нас есть предложение, счётчик которого равен 0, мы
   знаем, что все ячейки этого предложения безопасны. »
   -- :meth:`Sentence.known_safes`;
2. « Каждый раз, когда число ячеек равно числу мин, мы знаем, что все ячейки
   этого предложения должны быть минами. » -- :meth:`Sentence.known_mines`;
3. « [...] множество1 = счётчик1 и множество2 = счётчкик2, где множество1
   является подмножеством множества2, мы можем построить новое предложение
   множество2 - множество1 = счётчик2 - счётчик1. »
   -- :meth:`KnowledgeAgent.infer`.

The classes follow the assignment's ``Sentence`` and ``MinesweeperAI`` with
Pythonic names (``KnowledgeAgent``); "undefined" is ``None``.  The agent's
neighbours are « на одну клетку левее, правее, вниз, вверх или по
диагонали » on a ``height`` x ``width`` grid, or any neighbour map.

Where the text had to be interpreted
------------------------------------

* « Наш ИИ построил бы предложение {E, F, G} = 3. Мы можем сделать вывод, что
  все E, F, H являются минами »: H is a typo for G (the sentence has E, F, G).
* The subset rule is applied to a *proper*, non-empty subset (an equal set
  gives the empty sentence, which says nothing).  Empty sentences are
  dropped, and a sentence already known is not added twice -- the text's «
  Убедитесь, что эти новые выводы добавлены » loop then ends.
* :func:`deduce` runs the agent on a static view: the flags are marked as
  mines and the open cells as safe first (the agent of a real game learns
  them one move at a time; here they are all known), then ``add_knowledge``
  is called for every open cell in board order.  It never uses the total mine count (the agent has none).
"""

from __future__ import annotations

import random

from typing import Iterable, Mapping

from ..engine.position import Cell, InconsistentPosition, Position, grid_neighbours
from .deduction import Deduction, Step, as_position, cell_order

__all__ = ["KnowledgeAgent", "Sentence", "deduce", "play"]

SYSTEM = "course"


class Sentence:
    """« Логическое предложение »: a set of cells and how many of them are mines.

    >>> s = Sentence({"A", "B", "C"}, 2)
    >>> s.mark_safe("C"); print(s)
    {A, B} = 2
    >>> sorted(s.known_mines())
    ['A', 'B']
    """

    def __init__(self, cells: Iterable[Cell], count: int) -> None:
        self.cells: set[Cell] = set(cells)
        self.count: int = count

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sentence) and self.cells == other.cells and self.count == other.count

    __hash__ = None  # type: ignore[assignment]  # mutable, like the assignment's

    def key(self) -> tuple[frozenset[Cell], int]:
        """An immutable snapshot (for sets of sentences)."""
        return frozenset(self.cells), self.count

    def __str__(self) -> str:
        return "{" + ", ".join(map(str, sorted(self.cells))) + "} = " + str(self.count)

    __repr__ = __str__

    def known_mines(self) -> set[Cell]:
        """« known_mines функция должна возвращать ячейки из cells, о которых
        известно, что они являются минами »: all of them when « число ячеек
        равно числу мин », else none."""
        return set(self.cells) if self.cells and len(self.cells) == self.count else set()

    def known_safes(self) -> set[Cell]:
        """« known_safe функция должна возвращать все ячейки из cells, которые
        безопасны »: all of them when « счётчик [...] равен 0 », else none."""
        return set(self.cells) if self.count == 0 else set()

    def mark_mine(self, cell: Cell) -> None:
        """« Если ячейка в предложении, функция должна обновить предложение,
        чтобы ячейка больше не была в предложении, но по-прежнему
        представляла логически правильное предложение »: drop it, count - 1.
        « Если ячейки нет в предложении, то никаких действий не требуется. »"""
        if cell in self.cells:
            self.cells.remove(cell)
            self.count -= 1

    def mark_safe(self, cell: Cell) -> None:
        """The same for a safe cell: drop it, the count stays."""
        self.cells.discard(cell)


class KnowledgeAgent:
    """The assignment's ``MinesweeperAI``.

    ``moves_made`` « ячейки на которые уже нажали »; ``mines`` « ячейки,
    известные как мины »; ``safes`` « ячейки, которые считаются безопасными »;
    ``knowledge`` « список всех предложений, которые ИИ считает истинными ».
    ``steps`` records every inference, for explanation.
    """

    def __init__(self, height: int | None = None, width: int | None = None, *,
                 neighbours: Mapping[Cell, Iterable[Cell]] | None = None) -> None:
        if neighbours is None:
            if height is None or width is None:
                raise ValueError("give height and width, or a neighbour map")
            neighbours = grid_neighbours(height, width, "square")
        self.height, self.width = height, width
        self.neighbours: dict[Cell, frozenset[Cell]] = {c: frozenset(ns) for c, ns in neighbours.items()}
        self.cells: tuple[Cell, ...] = tuple(self.neighbours)
        self._rank = cell_order(self.cells)
        self.moves_made: set[Cell] = set()
        self.mines: set[Cell] = set()
        self.safes: set[Cell] = set()
        self.knowledge: list[Sentence] = []
        self.steps: list[Step] = []

    def _sorted(self, cells: Iterable[Cell]) -> tuple[Cell, ...]:
        return tuple(sorted(cells, key=self._rank.__getitem__))

    def mark_mine(self, cell: Cell) -> None:
        """« добавляет ячейку к mines [...] перебирает все предложения [...] и
        информирует их о том, что ячейка является миной »."""
        self.mines.add(cell)
        for sentence in self.knowledge:
            sentence.mark_mine(cell)

    def mark_safe(self, cell: Cell) -> None:
        """The same for a safe cell."""
        self.safes.add(cell)
        for sentence in self.knowledge:
            sentence.mark_safe(cell)

    def add_knowledge(self, cell: Cell, count: int) -> None:
        """« add_knowledge должен принимать ячейку [...] и ее соответствующий
        счетчик », and do what the assignment lists, in its order."""
        # « Функция должна пометить ячейку как один из сделанных в игре ходов. »
        self.moves_made.add(cell)
        # « Функция должна пометить ячейку как безопасную, обновив также все
        #   предложения, содержащие эту ячейку. »
        self.mark_safe(cell)
        # « добавить новое предложение [...] Не забудьте включить в предложение
        #   только те ячейки, состояние которых ещё не определено. »  Known
        #   mines among the neighbours are taken off the count.
        around = self.neighbours[cell]
        undetermined = {n for n in around if n not in self.mines and n not in self.safes}
        sentence = Sentence(undetermined, count - len(around & self.mines))
        if not 0 <= sentence.count <= len(sentence.cells):
            raise InconsistentPosition(f"{cell} shows {count}, which its neighbours cannot satisfy", cell)
        if sentence.cells and sentence not in self.knowledge:
            self.knowledge.append(sentence)
        # « новые ячейки могут быть помечены как безопасные или как мины [...] новые
        #   предложения [...] также следует добавить [...] каждый раз, когда вы
        #   вносите какие-либо изменения [...] можно сделать новые выводы »
        self.infer()

    def infer(self) -> None:
        """Mark what the sentences make known, then add the subset rule's new
        sentences, and again, until nothing changes."""
        while True:
            marked = self._mark_known()
            self.knowledge = self._tidy()
            if not self._subsets() and not marked:
                return

    def _mark_known(self) -> bool:
        changed = False
        for sentence in list(self.knowledge):
            safes, mines = sentence.known_safes() - self.safes, sentence.known_mines() - self.mines
            if not safes and not mines:
                continue
            rule = "known_safes" if safes else "known_mines"
            why = f"{sentence}: " + ("count 0, all safe" if safes else "as many mines as cells")
            self.steps.append(Step(SYSTEM, rule, self._sorted(sentence.cells),
                                   frozenset(safes), frozenset(mines), why))
            for c in safes:
                self.mark_safe(c)
            for c in mines:
                self.mark_mine(c)
            changed = True
        return changed

    def _tidy(self) -> list[Sentence]:
        """The knowledge without empty or repeated sentences."""
        seen: set[tuple[frozenset[Cell], int]] = set()
        kept = []
        for s in self.knowledge:
            if not 0 <= s.count <= len(s.cells):
                raise InconsistentPosition(f"the sentence {s} cannot hold")
            if s.cells and s.key() not in seen:
                seen.add(s.key())
                kept.append(s)
        return kept

    def _subsets(self) -> bool:
        """« множество1 является подмножеством множества2 [...] новое предложение
        множество2 - множество1 = счётчик2 - счётчик1 »."""
        known = {s.key() for s in self.knowledge}
        holding: dict[Cell, list[Sentence]] = {}
        for s in self.knowledge:
            for c in s.cells:
                holding.setdefault(c, []).append(s)
        new: list[Sentence] = []
        for small in self.knowledge:
            anchor = min(small.cells, key=self._rank.__getitem__)
            for big in holding[anchor]:
                if len(big.cells) > len(small.cells) and small.cells <= big.cells:
                    derived = Sentence(big.cells - small.cells, big.count - small.count)
                    if derived.key() in known:
                        continue
                    known.add(derived.key())
                    new.append(derived)
                    self.steps.append(Step(SYSTEM, "subset", self._sorted(big.cells),
                                           why=f"{small} ⊂ {big} ⇒ {derived}"))
        self.knowledge.extend(new)
        return bool(new)

    def make_safe_move(self) -> Cell | None:
        """« должна возвращать ход, заведомо безопасный [...] а не уже сделанный
        ход »; ``None`` when there is none.  Changes nothing.  (The first in
        board order, so that runs are reproducible.)"""
        for cell in self.cells:
            if cell in self.safes and cell not in self.moves_made:
                return cell
        return None

    def make_random_move(self, rng: random.Random | None = None) -> Cell | None:
        """« должен возвращать случайный ход »: not a move made, not a known
        mine; ``None`` when there is none."""
        choices = [c for c in self.cells if c not in self.moves_made and c not in self.mines]
        if not choices:
            return None
        return (rng or random.Random()).choice(choices)


def deduce(position: Position) -> Deduction:
    """The agent on a static view: flags and open cells first, then every
    open cell's number."""
    position = as_position(position)
    agent = KnowledgeAgent(neighbours=position.neighbours)
    for cell in position.cells:
        if cell in position.flagged:
            agent.mark_mine(cell)
        elif cell in position.shown:
            agent.mark_safe(cell)           # open, hence known safe
    for cell in position.cells:
        if cell in position.shown:
            agent.add_knowledge(cell, position.shown[cell])
    return Deduction(frozenset(agent.safes - agent.moves_made),
                     frozenset(agent.mines - position.flagged), agent.steps)


def play(agent: KnowledgeAgent, mines: Iterable[Cell], rng: random.Random) -> tuple[bool, list[tuple[Cell, bool]]]:
    """Play a game as the assignment's runner does: a safe move if the agent
    has one, else a random move; each click shows that cell's number only.
    Returns (won, [(cell, was it a safe move)])."""
    mine_set = frozenset(mines)
    moves: list[tuple[Cell, bool]] = []
    while True:
        cell = agent.make_safe_move()
        safe_move = cell is not None
        if cell is None:
            cell = agent.make_random_move(rng)
        if cell is None:
            return True, moves
        moves.append((cell, safe_move))
        if cell in mine_set:
            return False, moves
        agent.add_knowledge(cell, len(agent.neighbours[cell] & mine_set))
        if len(agent.moves_made) + len(mine_set) == len(agent.cells):
            return True, moves
