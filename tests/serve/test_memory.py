"""Memory returns to its level after a request: nothing a request computes
outlives it but what is stated (``requests.SCHEMAS_KEPT`` schemas).  Before,
module-level caches keyed by ``id()`` kept every indexed set, every
compiled formula and every board's frame, and a server repeating a large
board's request grew from 1.5 to 3.2 GB.

Measured with tracemalloc (what Python holds, not the allocator's pages):
a heavy request repeated, each with a new formula and a new board, must
not leave more behind than one request's worth of noise."""

from __future__ import annotations

import gc
import tracemalloc

from setmine.board import load_board
from setmine.board.files.textfile import write_board
from setmine.resources import board_file
from setmine.serve import api
from setmine.serve.app import _answer

EXPERT = write_board(load_board(board_file("expert-midgame")))


def heavy(i: int) -> None:
    """An expert board's every term, both schemas, and a formula new each
    time (a new tree to compile, a new set to index) — through the
    server's own answer, its deadline and all."""
    import json

    board = EXPERT.replace("name:", f"name: copy {i}", 1) if "name:" in EXPERT else EXPERT
    _answer(api.state, json.dumps({"schema": "written", "board": board}).encode())
    formula = f"D{{x ∈ X1 | card(Pr1(S1) ∩ {{x}}) = {i % 3}}} ∪ D8"
    _answer(api.evaluate, json.dumps({"schema": "corrected", "board": board,
                                      "expression": formula}).encode())


def held() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def test_repeated_heavy_requests_leave_nothing_behind():
    heavy(0)   # the first: what is loaded once (templates, grammar tables)
    heavy(1)
    tracemalloc.start()
    try:
        start = held()
        for i in range(2, 6):
            heavy(i)
        grown = held() - start
    finally:
        tracemalloc.stop()
    # before, each request's trees and values stayed: 3.6 MB after six
    assert grown < 1_000_000, f"{grown:,} bytes more held after 4 heavy requests"
