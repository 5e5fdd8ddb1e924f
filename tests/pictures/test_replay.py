"""The game replay without a browser: the replayed game is the game
``setmine play`` plays; each step's D18 is the schema's D18 evaluated
independently on that position; each step's heat map and count are the
solver's exact probabilities and number of placements; other policies are
judged by A6; errors stay in their step; a long game's boards are packed
and unpack to the same markup; the command's options and errors.  (The page
in a real browser is test_browser.py.)"""

from __future__ import annotations

import re
from fractions import Fraction
from html.parser import HTMLParser

import pytest

from setmine import resources
from setmine.cli import main
from setmine.eval.values.budget import Budget
from setmine.pictures import replay as R
from setmine.rsl.schema import Schema
from setmine.solver.games.game_config import GameConfig
from setmine.solver.games.runs import play_game
from setmine.solver.games.policies import make_policy
from setmine.solver.engine.probability import exact

from .games import hand_played

CORRECTED = Schema.load(resources.CORRECTED_SCHEMA)
BEGINNER = GameConfig.level("beginner")
SEED = 1


@pytest.fixture(scope="module")
def game():
    return R.replay(BEGINNER, "schema", SEED, schema=CORRECTED, level="beginner")


@pytest.fixture(scope="module")
def page(game):
    return R.replay_page(game)


@pytest.fixture(scope="module")
def oracle():
    """The same game played by hand (games.py)."""
    return hand_played(BEGINNER, SEED, CORRECTED)


class Steps(HTMLParser):
    """Each ``section.step`` of a page: its attributes, and per figure
    (``data-term``) the cells drawn in it with their attributes."""

    def __init__(self, html: str):
        super().__init__()
        self.steps: list[dict] = []
        self.term = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section" and "step" in (a.get("class") or "").split():
            self.steps.append({"attrs": a, "figures": {}})
        elif tag == "figure" and self.steps:
            self.term = a.get("data-term")
            self.steps[-1]["figures"][self.term] = {}
        elif tag == "g" and "data-cell" in a and self.term is not None:
            r, c = map(int, a["data-cell"].split(","))
            self.steps[-1]["figures"][self.term][(r, c)] = a

    def handle_endtag(self, tag):
        if tag == "figure":
            self.term = None


# -- the game is the game `setmine play` plays


def test_the_replayed_game_is_the_one_play_plays(game):
    played = play_game(BEGINNER, make_policy("schema", config=BEGINNER), SEED, 0)
    assert game.moves == played.moves and game.guesses == played.guesses
    assert game.steps[0].move == played.first
    assert game.result == ("won" if played.won else "lost")


def test_one_section_per_move_and_one_for_the_end(game, page, oracle):
    played, expected = oracle
    sections = Steps(page).steps
    assert len(sections) == len(played.moves) + 1 == len(expected)
    assert [s["attrs"].get("data-move") for s in sections[:-1]] == \
        [f"{m.cell[0]},{m.cell[1]}" for m in played.moves]
    assert "data-move" not in sections[-1]["attrs"]
    assert [int(s["attrs"]["data-step"]) for s in sections] == list(range(len(sections)))
    assert "hidden" not in sections[0]["attrs"]
    assert all("hidden" in s["attrs"] for s in sections[1:])
    assert f'max="{len(sections) - 1}"' in page and 'id="step"' in page


def test_each_steps_lit_d18_is_the_schemas_d18_on_that_position(page, oracle):
    _, expected = oracle
    for section, (_, d18, _) in zip(Steps(page).steps, expected):
        drawn = section["figures"]["D18"]
        lit = {cell for cell, a in drawn.items() if a.get("data-member") == "1"}
        assert lit == d18, section["attrs"]["data-step"]
        assert len(drawn) == len(BEGINNER.cells)      # every cell drawn, only D18's lit


@pytest.mark.parametrize("index", [0, 1, 5, -2, -1])
def test_the_heat_map_and_count_are_the_solvers_exact_probabilities(page, oracle, index):
    _, expected = oracle
    section = Steps(page).steps[index]
    position = expected[index][0]
    solution = exact(position)
    assert int(section["attrs"]["data-measure-card"]) == solution.total
    shares = {cell: Fraction(a["data-p"]) for cell, a in section["figures"]["D17"].items()
              if "data-p" in a}
    # D17 gives a share to every closed cell that is not a sure mine
    assert shares == {c: p for c, p in solution.probabilities.items() if p < 1}


def test_the_move_and_why(game, page):
    for step in game.steps[:-1]:
        assert step.verdict is True                     # the schema player keeps A6
        assert step.reason in (f"{step.move_text} is sure-safe (D11)",
                               f"{step.move_text} ∈ D18 (A6 holds)")
        assert step.opened >= 1 and step.guess in (True, False)
    assert game.steps[0].reason.endswith("∈ D18 (A6 holds)")   # nothing is open: no D11
    assert game.steps[-1].move is None and game.steps[-1].title.startswith("the end: won")
    assert "is sure-safe (D11)" in page and "won in" in page


def test_the_terms_are_found_by_type_and_by_the_move_axiom():
    terms = R.Terms.of(CORRECTED)
    assert (terms.axiom, terms.move, terms.heat, terms.measure) == ("A6", ("D18",), "D17", "D15")
    assert terms.wanted(True)[-1] == "A6" and "A6" not in terms.wanted(False)


# -- other policies, errors, packing


def test_another_policys_moves_are_judged_by_a6():
    config = GameConfig.level("6x6x6")
    game = R.replay(config, "course", 3, schema=CORRECTED)
    assert game.moves == play_game(config, make_policy("course", config=config), 3, 0).moves
    for step in game.steps[:-1]:
        d18 = dict(step.terms)["D18"].cells
        assert step.verdict == (step.move in d18)
        if step.verdict:
            assert step.reason == f"the policy chose {step.move_text}; A6 holds"
        else:
            assert step.reason == (f"the policy chose {step.move_text}; A6 does not hold "
                                   f"({step.move_text} ∉ D18)")


def test_an_evaluation_error_is_shown_in_its_step():
    game = R.replay(GameConfig.level("5x5x3"), "least", 2, schema=CORRECTED,
                    budget=Budget(max_elements=3))
    assert all(step.errors for step in game.steps)
    page = R.replay_page(game)
    assert 'class="error"' in page and "Traceback" not in page


def test_a_policy_that_cannot_move_stops_the_game():
    game = R.replay(BEGINNER, "schema", SEED, schema=CORRECTED, options={"max_candidates": 2})
    assert game.result == "stopped" and game.moves == 0 and len(game.steps) == 1
    assert game.stopped.startswith("the policy could not choose a move")
    assert "the policy could not choose a move" in R.replay_page(game)


def test_a_long_games_boards_are_packed_and_unpack_to_the_same_markup(game, page):
    packed = R.replay_page(game, plain_limit=0)
    holders = re.findall(r'<div class="sides" data-gzip="([A-Za-z0-9+/=]+)">', packed)
    assert len(holders) == len(game.steps)
    assert len(packed) < len(page) / 3
    for holder in holders:
        boards = R.unpack(holder)
        assert boards in page and 'data-term="D18"' in boards


# -- the command


def test_report_game_writes_the_replay_and_says_where(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["report", "--game", "--level", "beginner", "--seed", str(SEED),
                 "--policy", "schema"]) == 0
    out = capsys.readouterr().out
    written = tmp_path / f"game-beginner-{SEED}.html"
    assert written.is_file() and f"wrote game-beginner-{SEED}.html" in out
    assert "27 steps, policy schema: won in 26 moves" in out
    assert len(Steps(written.read_text(encoding="utf-8")).steps) == 27


@pytest.mark.parametrize("args, message", [
    (["report", "--game", "beginner-midgame"], "--game replays a game: it takes no board"),
    (["report", "beginner-midgame", "--seed", "3"], "--seed goes with --game"),
    (["report", "beginner-midgame", "--level", "expert", "--policy", "least"],
     "--level and --policy go with --game"),
    (["report", "--game", "--policy", "nope"], "unknown policy 'nope' (expected one of:"),
    (["report", "--game", "--level", "huge"], "unknown level 'huge'"),
    (["report", "--game", "--against", "spec/saper.rsl"], "--against goes with a board"),
])
def test_report_game_errors_say_what(args, message, capsys, tmp_path):
    assert main([*args, "-o", str(tmp_path / "x.html")]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x.html").exists()


@pytest.mark.parametrize("config, seed, policy", [
    (GameConfig.level("expert"), 2, "best"),
    (GameConfig.level("beginner", first_click="zero"), 0, "schema"),
    (GameConfig.level("12x5x7", topology="torus", cascade=False), 7, "least"),
])
def test_the_headers_command_deals_and_plays_the_same_game(config, seed, policy):
    """The replay's header names the `setmine play` command of this game:
    parsed by the command line, it makes the very config, seed and policy
    (an expert game's command says --level expert)."""
    import shlex

    from setmine.cli import build_parser
    from setmine.cli.play import _config

    command = R.play_command(config, seed, policy)
    args = build_parser().parse_args(shlex.split(command)[1:])
    assert _config(args) == config
    assert (str(args.seed), args.games, args.policy) == (str(seed), 1, policy)


@pytest.mark.parametrize("spec, warned", [(resources.WRITTEN_SCHEMA, True),
                                          (resources.CORRECTED_SCHEMA, False)])
def test_a_sure_safe_label_from_a_defective_formula_is_flagged(spec, warned):
    """The written schema's player opens the cells of its D11, whose formula
    the defect search found wrong: the replay says so (⚠) instead of
    vouching "sure-safe"; the corrected schema's labels carry no ⚠."""
    schema = Schema.load(spec)
    r = R.replay(GameConfig.level("beginner"), "schema", 1, schema=schema,
                 options={"spec": str(spec)})
    from_d11 = [s.reason for s in r.steps if s.reason and "D11" in s.reason]
    assert from_d11
    assert all(("⚠" in x) == warned for x in from_d11)
    assert all(("sure-safe" in x) != warned for x in from_d11)


def test_the_first_click_is_safe_by_the_game_s_rule_not_sure_safe(game, page):
    """Step 0 says why the first click is no guess: the game's rule, since
    nothing is known of the board yet (issue 37: it said 'the cell was
    sure-safe')."""
    assert game.first_click == "safe" and game.steps[0].guess is False
    first = page[page.index('data-step="0"'):page.index('data-step="1"')]
    assert "the game's rule makes the first click safe (first click: safe)" in first
    assert "the cell was sure-safe" not in first
