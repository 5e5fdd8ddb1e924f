"""The Russian course's knowledge-based agent (seeds/003): its Sentence
examples, add_knowledge's steps, the moves, and whole games."""

from __future__ import annotations

import copy
import random

import pytest

from setmine.solver import InconsistentPosition, Position, grid_neighbours, random_game, solve
from setmine.solver.rules.course import KnowledgeAgent, Sentence, deduce, play

LETTERS = "ABCDEFGH"


def graph_agent(numbers: dict[str, str]) -> KnowledgeAgent:
    """An agent over letters A..H and the open cells named in ``numbers``
    (name -> the letters around it)."""
    nbrs: dict[str, set[str]] = {c: set() for c in LETTERS}
    for x, around in numbers.items():
        nbrs[x] = set(around)
        for c in around:
            nbrs[c].add(x)
    return KnowledgeAgent(neighbours=nbrs)


# ---------------------------------------------------------------------------
# Sentence: the text's examples


def test_one_of_eight():
    # « {A, B, C, D, E, F, G, H} = 1 »: nothing known yet
    s = Sentence(LETTERS, 1)
    assert s.known_mines() == set() and s.known_safes() == set()
    assert str(s) == "{A, B, C, D, E, F, G, H} = 1"


def test_count_zero_all_safe():
    # « {D, E, G} = 0, означающее, что 0 клеток из D, E, G содержат мины »
    s = Sentence("DEG", 0)
    assert s.known_safes() == {"D", "E", "G"} and s.known_mines() == set()


def test_as_many_mines_as_cells():
    # « {E, F, G} = 3. Мы можем сделать вывод, что все E, F, H [sic: G] являются минами »
    s = Sentence("EFG", 3)
    assert s.known_mines() == {"E", "F", "G"} and s.known_safes() == set()


def test_mark_safe_keeps_count():
    # « {A, B, C}=2 [...] C безопасна [...] оставив {A, B} = 2 »
    s = Sentence("ABC", 2)
    s.mark_safe("C")
    assert s == Sentence("AB", 2)
    assert s.known_mines() == {"A", "B"}


def test_mark_mine_decrements():
    # « {A, B, C} = 2, и нам сказали бы, что C - это мина [...] {A, B} = 1 »
    s = Sentence("ABC", 2)
    s.mark_mine("C")
    assert s == Sentence("AB", 1)


def test_mark_outside_does_nothing():
    s = Sentence("ABC", 2)
    s.mark_mine("D")
    s.mark_safe("E")
    assert s == Sentence("ABC", 2)


def test_subset_rule_example():
    # « {A, B, C} = 1 [...] {A, B, C, D, E} = 2. Мы могли бы построить новое
    #   предложение, что {D, E} = 1 »
    agent = graph_agent({"top": "ABC", "bottom": "ABCDE"})
    agent.add_knowledge("top", 1)
    agent.add_knowledge("bottom", 2)
    assert Sentence("DE", 1) in agent.knowledge
    assert Sentence("ABC", 1) in agent.knowledge and Sentence("ABCDE", 2) in agent.knowledge
    assert not agent.mines and agent.safes == {"top", "bottom"}
    assert [s.why for s in agent.steps] == ["{A, B, C} = 1 ⊂ {A, B, C, D, E} = 2 ⇒ {D, E} = 1"]


def test_subset_chains_to_a_fixpoint():
    # derived sentences are themselves used: {A,B}=1, {D,E}=1, {A..E}=2 => C safe
    agent = graph_agent({"x": "AB", "y": "DE", "z": "ABCDE"})
    for cell, n in (("x", 1), ("y", 1), ("z", 2)):
        agent.add_knowledge(cell, n)
    assert agent.safes - agent.moves_made == {"C"}
    assert agent.make_safe_move() == "C"


# ---------------------------------------------------------------------------
# The 3x3 boards of the text


def test_three_by_three_example():
    # three 1s and four 0s: bottom right is a mine, top left is not
    rows = ["?00", "011", "01?"]
    agent = KnowledgeAgent(3, 3)
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch.isdigit():
                agent.add_knowledge((r, c), int(ch))
    assert agent.mines == {(2, 2)}
    assert agent.safes == {(r, c) for r in range(3) for c in range(3)} - {(2, 2)}
    assert agent.make_safe_move() == (0, 0)
    d = deduce(Position.from_grid(rows, total_mines=1))
    assert d.safe == {(0, 0)} and d.mines == {(2, 2)}


def test_middle_cell_sentence():
    agent = KnowledgeAgent(3, 3)
    agent.add_knowledge((1, 1), 1)
    assert agent.knowledge == [Sentence({(r, c) for r in range(3) for c in range(3)} - {(1, 1)}, 1)]


# ---------------------------------------------------------------------------
# add_knowledge, make_safe_move, make_random_move


def test_add_knowledge_steps():
    agent = KnowledgeAgent(3, 3)
    agent.mark_mine((0, 0))
    agent.mark_safe((0, 1))
    agent.add_knowledge((1, 1), 2)
    assert (1, 1) in agent.moves_made and (1, 1) in agent.safes
    # only undetermined cells; the known mine comes off the count
    assert agent.knowledge == [Sentence({(0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)}, 1)]
    # a later safe cell updates the sentence
    agent.add_knowledge((2, 1), 1)
    assert (2, 1) not in agent.knowledge[0].cells


def test_add_knowledge_marks_and_infers():
    agent = KnowledgeAgent(1, 3)
    agent.add_knowledge((0, 0), 1)              # {(0,1)} = 1: a mine
    assert agent.mines == {(0, 1)}
    assert agent.knowledge == []                # empty sentences are dropped
    assert [s.rule for s in agent.steps] == ["known_mines"]


def test_inconsistent_number():
    agent = KnowledgeAgent(1, 2)
    with pytest.raises(InconsistentPosition):
        agent.add_knowledge((0, 0), 2)


def test_make_safe_move_changes_nothing():
    agent = KnowledgeAgent(3, 3)
    agent.add_knowledge((0, 0), 0)
    before = copy.deepcopy((agent.moves_made, agent.mines, agent.safes, agent.knowledge))
    move = agent.make_safe_move()
    assert move in {(0, 1), (1, 0), (1, 1)}
    assert move not in agent.moves_made
    assert (agent.moves_made, agent.mines, agent.safes, agent.knowledge) == before
    for cell in ((0, 1), (1, 0), (1, 1)):
        agent.moves_made.add(cell)
    assert agent.make_safe_move() is None


def test_make_random_move():
    agent = KnowledgeAgent(2, 2)
    agent.add_knowledge((0, 0), 3)               # all three neighbours are mines
    assert agent.mines == {(0, 1), (1, 0), (1, 1)}
    assert agent.make_random_move(random.Random(1)) is None
    agent = KnowledgeAgent(3, 3)
    agent.add_knowledge((0, 0), 1)
    agent.mark_mine((2, 2))
    rng = random.Random(0)
    moves = {agent.make_random_move(rng) for _ in range(200)}
    assert moves == set(agent.cells) - {(0, 0), (2, 2)}


def test_arbitrary_neighbours():
    pos, _ = random_game(random.Random(3), 6, 6, 7, 3, "hex")
    agent = KnowledgeAgent(neighbours=grid_neighbours(6, 6, "hex"))
    for cell in pos.cells:
        if cell in pos.shown:
            agent.add_knowledge(cell, pos.shown[cell])
    sol = solve(pos)
    assert agent.safes - agent.moves_made <= sol.safe and agent.mines <= sol.mines


# ---------------------------------------------------------------------------
# The knowledge at rest, and whole games


def assert_closed(agent: KnowledgeAgent) -> None:
    keys = {s.key() for s in agent.knowledge}
    for s in agent.knowledge:
        assert s.cells and not s.known_mines() and not s.known_safes()
        assert not s.cells & (agent.mines | agent.safes)
        for t in agent.knowledge:
            if s.cells < t.cells:
                assert (frozenset(t.cells - s.cells), t.count - s.count) in keys


@pytest.mark.parametrize("seed", range(25))
def test_knowledge_closed_after_add_knowledge(seed):
    pos, _ = random_game(random.Random(seed), 8, 8, 10, 4, ["square", "torus", "hex"][seed % 3])
    agent = KnowledgeAgent(neighbours=pos.neighbours)
    for cell in pos.cells:
        if cell in pos.shown:
            agent.add_knowledge(cell, pos.shown[cell])
            assert_closed(agent)


def test_games_safe_moves_are_safe():
    wins = 0
    for seed in range(40):
        rng = random.Random(seed)
        mines = rng.sample([(r, c) for r in range(8) for c in range(8)], 8)
        agent = KnowledgeAgent(8, 8)
        won, moves = play(agent, mines, rng)
        wins += won
        for cell, safe_move in moves:
            if safe_move:
                assert cell not in mines
        assert agent.mines <= set(mines)
        assert_closed(agent)
    assert wins >= 5
