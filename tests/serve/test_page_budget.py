"""The page's candidates per term (``requests.CANDIDATES``, a tenth of the
command line's) are enough for every shipped board: each term of both
schemas computes within them exactly when it does within the command
line's — the page shows what ``setmine eval`` shows, only sooner refused
where a term is too large (the written D15 on a 50×50 board)."""

from __future__ import annotations

import pytest

import setmine
from setmine.board import load_board
from setmine.board.structure import structure
from setmine.eval.interpret.model import evaluate_schema
from setmine.eval.values.budget import Budget
from setmine.resources import BOARD_DIR
from setmine.serve.requests import CANDIDATES, SETTINGS

BOARDS = sorted(p.stem for p in BOARD_DIR.glob("*.board"))


@pytest.mark.parametrize("name", BOARDS)
def test_every_shipped_board_computes_within_the_page_s_candidates(name):
    assert SETTINGS.candidates == CANDIDATES
    data = structure(load_board(BOARD_DIR / f"{name}.board"))
    for schema in ("written", "corrected"):
        schema = setmine.load_schema(schema)
        page = evaluate_schema(schema, data, Budget(max_elements=CANDIDATES, max_seconds=600))
        command = evaluate_schema(schema, data, Budget(max_seconds=600))
        assert {a: r.error.code if r.error else None for a, r in page.items()} == \
            {a: r.error.code if r.error else None for a, r in command.items()}
