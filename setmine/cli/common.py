"""Helpers shared by the sub-commands: loading files with clear errors."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .. import resources
from ..rsl import RSLError

if TYPE_CHECKING:
    from ..rsl.schema import Schema

DEFAULT_SPEC = resources.WRITTEN_SCHEMA
SPEC_HELP = "the schema (default: the shipped spec/saper.rsl, the schema as written)"

_REST = re.compile(r":[a-z]+:`~?([^`]+)`|``([^`]+)``")


def help_text(doc: str | None) -> str | None:
    """A module's text as ``--help`` shows it: reST markup (````code````,
    ``:mod:`x```, ``:func:`x```) becomes the plain words it marks."""
    return _REST.sub(lambda m: m.group(1) or m.group(2), doc) if doc else doc


def load_schema(path: str | Path | None) -> Schema:
    """The schema at ``path`` (default: the shipped written schema), or a clear
    error.  A shipped schema named by its place in the project
    (``spec/saper-corrected.rsl``) is found from any folder."""
    from ..rsl.schema import Schema
    from . import UserError

    path = Path(path) if path else DEFAULT_SPEC
    if not path.exists() and path.parent == Path("spec") and resources.schema_file(path.name).is_file():
        path = resources.schema_file(path.name)
    if not path.exists():
        raise UserError(f"{path}: no such file")
    try:
        return Schema.load(path)
    except RSLError as exc:
        raise UserError(str(exc)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: cannot read: {exc}") from None


def load_valid_schema(path):
    """A schema that parses and types without errors, or a clear error."""
    from . import UserError

    schema = load_schema(path)
    if schema.errors():
        raise UserError(f"{schema.path}: the schema has errors; run `setmine spec` to see them:\n"
                        + str(schema.errors()[0]))
    return schema


def load_board_file(path: str, mines: int | None = None):
    """A board from a .board/.json/.mine/.txt file (or a shipped board named
    by its stem, ``beginner-midgame``, from any folder), or a clear error."""
    from ..board import BoardError, load_board
    from . import UserError

    options = {"mines": mines} if mines is not None else {}
    path = str(resources.resolve_board(path))
    if not Path(path).exists():
        hint = ""
        if Path(path).parent == Path("."):
            names = ", ".join(p.stem for p in resources.shipped_boards())
            hint = f" (nor a shipped board; those are, by name from any folder: {names})"
        raise UserError(f"{path}: cannot read: no such file{hint}")
    try:
        return load_board(path, **options)
    except BoardError as exc:
        raise UserError(str(exc)) from None
    except OSError as exc:
        raise UserError(f"{path}: cannot read: {exc.strerror or exc}") from None


def add_board_options(parser, spec: bool = True) -> None:
    """The options of a command that reads a board (and, with ``spec``, a
    schema): --spec FILE, and --mines N for the boards that do not say it."""
    if spec:
        parser.add_argument("--spec", help=SPEC_HELP)
    parser.add_argument("--mines", type=int, help="the total mine count (minesweepr .txt boards)")


BOARD_HELP = ("a .board, .json, .mine or minesweepr .txt file, or a shipped board by name "
              "(beginner-midgame, expert-midgame, tiny-2x2, …)")


def load_inputs(args):
    """(schema, board) of a command that evaluates a schema over a board:
    --spec (valid), --term TERM… (each an alias of it or an expression over
    it, see :func:`requested_terms`), the board."""
    schema = load_valid_schema(args.spec)
    requested_terms(schema, getattr(args, "term", None))
    return schema, load_board_file(args.board, args.mines)


ALIAS = re.compile(r"[A-Z][0-9]+")


@dataclass(frozen=True)
class Requested:
    """One --term: its text, the alias it names (None for an expression),
    its syntax tree and its type."""

    text: str
    alias: str | None
    tree: object
    type: object


def requested_terms(schema, texts) -> list[Requested]:
    """Each --term as an alias of ``schema`` or an RSLang expression over it
    (``card(D15)``); an unknown alias lists the valid ones, an expression
    that does not parse or type says where."""
    from ..rsl import parse_with_warnings
    from ..rsl.typifier import typify
    from . import UserError

    out = []
    for text in texts or ():
        name = text.strip()
        if name in schema:
            analysis = schema.analysis[name]
            if schema[name].kind in ("function", "predicate"):
                raise UserError(f"--term {name}: a {schema[name].kind} is evaluated at arguments: "
                                f"write a call, e.g. --term '{name}[…]'")
            out.append(Requested(text, name, analysis.tree, analysis.type))
            continue
        if ALIAS.fullmatch(name):
            known = ", ".join(c.alias for c in schema if c.kind in ("term", "axiom", "theorem"))
            raise UserError(f"--term {name}: no constituent {name} in {schema.path}; its terms "
                            f"and axioms: {known}")
        try:
            tree = parse_with_warnings(name).tree
            typ = typify(tree, schema.environment()).type
        except RSLError as exc:
            raise UserError(f"--term {text!r}: {exc}") from None
        out.append(Requested(text, None, tree, typ))
    return out


def add_budget_options(parser) -> None:
    from ..eval.budget import DEFAULT_MAX_ELEMENTS, DEFAULT_MAX_SECONDS

    parser.add_argument("--max-candidates", type=int, default=DEFAULT_MAX_ELEMENTS, metavar="N",
                        help=f"enumerate at most N candidates per term (default {DEFAULT_MAX_ELEMENTS:,})")
    parser.add_argument("--max-seconds", type=float, default=DEFAULT_MAX_SECONDS, metavar="S",
                        help=f"spend at most S seconds per term (default {DEFAULT_MAX_SECONDS:g})")


def budget_from(args):
    from ..eval.budget import Budget

    return Budget(max_elements=args.max_candidates, max_seconds=args.max_seconds)


def completion_note(board) -> str | None:
    from ..board.model import plural

    if getattr(board, "completed", False):
        return (f"this board is a player's view: S2 was completed with one placement of "
                f"{plural(board.total_mines, 'mine')} consistent with what is shown "
                f"({len(board.unknown)} unknown cells)")
    return None
