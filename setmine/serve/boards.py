"""The live page on a board of the Saper: one edit of the position (open,
close, a mine, the move), every constituent drawn after it as the report
draws it, why a cell is in a term — and a game the schema's own player
plays, move by move, for the page to step through."""

from __future__ import annotations

import time
from dataclasses import replace

from ..board import Board, BoardError
from ..board.board import cell_str, parse_cell
from ..board.files.textfile import write_board
from ..pictures import report_data
from ..present.output import defect_marks
from ..present.output.header import schema_name
from ..resources import default_against
from ..rsl.syntax.errors import RSLError
from .requests import MAX_DRAWN, SETTINGS, ApiError, board_of, budget, schema_of

EDITS = ("open", "close", "mine", "move")
MAX_GAME_CELLS = 480
"""The largest game the page plays (an expert board)."""
MAX_SEED = 40
"""The longest seed, in digits or characters (`setmine play --seed` takes 30 digits)."""
GAME_SECONDS_FACTOR = 4
"""A game is played under this many request budgets (each move is one
evaluation of the schema; a long game stops, saying so)."""


def edited(board: Board, edit: dict | None) -> Board:
    """``board`` after one edit of the page: ``open`` or ``close`` a cell,
    toggle a ``mine``, make a cell the ``move`` (again: no move).  A state
    the schema's axioms forbid is an ``illegalEdit`` saying why."""
    if edit is None:
        return board
    if not isinstance(edit, dict) or edit.get("op") not in EDITS:
        raise ApiError("badRequest", f"an edit is {{'op': one of {', '.join(EDITS)}, "
                       f"'cell': 'r,c'}}", field="edit")
    try:
        cell = parse_cell(str(edit.get("cell", "")))
    except BoardError as exc:
        raise ApiError("badRequest", exc.message, field="edit") from None
    if cell not in board.neighbours:
        raise ApiError("illegalEdit", f"{cell_str(cell)} is not a cell of the board", field="edit")
    op = edit["op"]
    opened, mines, move = set(board.opened), set(board.mines), board.move
    if op == "open":
        if cell in mines:
            raise ApiError("illegalEdit", f"{cell_str(cell)} holds a mine: an open cell has "
                           f"none (A4: S3 ∩ S2 = ∅); take the mine away first", field="edit")
        opened.add(cell)
        if move == cell:
            move = None
    elif op == "close":
        opened.discard(cell)
    elif op == "mine":
        if cell in opened:
            raise ApiError("illegalEdit", f"{cell_str(cell)} is open: an open cell holds no "
                           f"mine (A4: S3 ∩ S2 = ∅); close it first", field="edit")
        mines.symmetric_difference_update({cell})
    else:
        if cell in opened:
            raise ApiError("illegalEdit", f"{cell_str(cell)} is open: the move is a closed "
                           f"cell", field="edit")
        move = None if move == cell else cell
    try:
        return replace(board, opened=frozenset(opened), mines=frozenset(mines), move=move,
                       total_mines=len(mines), unknown=frozenset(), completed=False)
    except BoardError as exc:
        raise ApiError("illegalEdit", exc.message, field="edit") from None


def state(body: dict) -> dict:
    """The board after ``edit``, and every constituent of the schema drawn
    on it — the corrected schema's beside the written one's, as the report
    draws them (``against``: another schema, or ``null`` for none)."""
    schema = schema_of(body)
    board = edited(board_of(body), body.get("edit"))
    against = None
    if "against" in body and body["against"] is not None:
        against = schema_of(body, "against")
    elif "against" not in body and default_against(schema) is not None:
        against = schema_of({"schema": "corrected"})
    spent = budget()
    mine = report_data.evaluation(schema, board, spent)
    theirs = report_data.evaluation(against, board, spent, known=mine) if against is not None else None
    marks = defect_marks.marks(schema)
    sections = report_data.drawn_sections(board, mine, theirs, marks, MAX_DRAWN)
    return {
        "board": board_json(board),
        "schema": schema_name(schema), "against": schema_name(against) if against else None,
        "axioms": {s.alias: s.side.view.summary for s in sections if s.kind == "axiom"},
        "sections": [section_json(s) for s in sections],
    }


def board_json(board: Board) -> dict:
    """The board as the page draws and edits it (and its ``.board`` text)."""
    from ..board.svg import board_svg

    return {"text": write_board(board), "rows": board.rows, "cols": board.cols,
            "topology": board.topology, "mines": board.total_mines,
            "move": cell_str(board.move) if board.move else None,
            "svg": board_svg(board, show_mines=True, titles=True, label=board.name or "",
                             size=32 if max(board.rows, board.cols) <= 16 else 24)}


def view_json(view, svg=None) -> dict:
    """A value's view as the page draws it: its summary, its picture (the
    view's own, or ``svg``), the cells it lights, a relation's fibers."""
    svg = svg if svg is not None else view.svg
    return {"summary": view.summary, "kind": view.kind, "text": view.text,
            "relation": view.data if view.kind == "relation" else None,
            "note": view.note, "svg": str(svg) if svg else None,
            "cells": sorted(cell_str(c) for c in view.cells) if view.cells else None}


def section_json(s) -> dict:
    mine = view_json(s.side.view)
    other = view_json(s.other.view) if s.other is not None else None
    if other is not None and other["svg"] is not None and other["svg"] == mine["svg"]:
        other["svg"], other["same_picture"] = None, True   # the page copies mine's: sent once
    return {"alias": s.alias, "kind": s.kind, "type": s.type,
            "formula": str(s.formula) if s.formula else None,
            "term": s.term, "convention": s.convention, "gloss": s.gloss,
            "marks": s.mark_text, "differs": s.differs, "same_formula": s.same_formula,
            "mine": mine, "other": other}


def game(body: dict) -> dict:
    """A new game (``level``: ``beginner`` or ``WxHxM``; ``seed``) played
    by the schema's own player — each move a cell of D11, else of D18, as
    ``setmine play --policy schema`` plays — as steps the page loads one at
    a time: the position before each move (the deal's mines, the cells
    open so far, the move as S4), and the end."""
    import random

    from ..player import SchemaInterfaceError, SchemaPlayer
    from ..solver.games.game import Game, GameOver, game_seed, policy_seed
    from ..solver.games.game_config import GameConfig

    schema = schema_of(body)
    level, seed = body.get("level", "beginner"), body.get("seed", 0)
    if not isinstance(level, str) or not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise ApiError("badRequest", "a game is {'level': 'beginner' or 'WxHxM', 'seed': a "
                       "number or a word}", field="level")
    if len(str(seed)) > MAX_SEED:
        raise ApiError("badRequest", f"the seed is {len(str(seed)):,} characters long, more "
                       f"than {MAX_SEED}", field="seed")
    try:
        config = GameConfig.level(level)
    except ValueError as exc:
        raise ApiError("badRequest", str(exc), field="level") from None
    if config.rows * config.cols > MAX_GAME_CELLS:
        raise ApiError("badRequest", f"{level}: {config.rows * config.cols:,} cells, more "
                       f"than the page plays ({MAX_GAME_CELLS:,})", field="level")
    try:
        player = SchemaPlayer(config, schema=schema)
    except SchemaInterfaceError as exc:
        raise ApiError("badSchema", f"the schema cannot play: {exc}", field="schema") from None
    player.max_seconds = SETTINGS.seconds
    played = Game(config, game_seed(seed, 0))
    rng = random.Random(policy_seed(seed, 0))
    player.new_game()
    deadline = time.monotonic() + GAME_SECONDS_FACTOR * SETTINGS.seconds
    moves, stopped = [], ""
    while played.status == "playing":
        if time.monotonic() > deadline:
            stopped = (f"stopped after {len(moves)} moves: the game's budget "
                       f"({GAME_SECONDS_FACTOR} × setmine serve --timeout)")
            break
        opened = frozenset(played.opened)
        try:
            cell = player.choose(played.position, rng)
        except (RSLError, BoardError) as exc:   # an error, or a budget: no move
            stopped = f"the schema's player could not choose a move: {exc}"
            break
        except ValueError:   # min() of nothing: D11 and D18 empty
            stopped = "the schema's player has no move: D11 and D18 are empty"
            break
        try:
            played.open(cell)
        except GameOver as exc:   # an open cell, or not a cell of the board
            stopped = f"the schema's player chose {cell_str(cell)}: {exc}"
            break
        moves.append((opened, cell, player.last_term))
    if not moves:
        raise ApiError("badSchema", stopped or "the game has no move", field="schema")
    whole = played.board(show_mines=True)
    steps = [{"board": write_board(replace(whole, opened=opened, move=cell, unknown=frozenset(),
                                           completed=False)),
              "move": cell_str(cell), "from": term} for opened, cell, term in moves]
    steps.append({"board": write_board(whole), "move": None, "from": None})   # the end
    status = played.status if played.status != "playing" else "stopped"
    return {"level": config.describe(), "seed": seed, "result": status, "moves": len(moves),
            "stopped": stopped, "steps": steps}
