"""Helpers shared by the sub-commands: loading files with clear errors."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .. import resources
from ..board_fit import misfit
from .argtypes import memory_size, nonnegative_int, positive_int, positive_seconds, quoted, shown
from ..rsl import RSLError

if TYPE_CHECKING:
    from ..rsl.schema import Schema

DEFAULT_SPEC = resources.WRITTEN_SCHEMA
SPEC_HELP = ("the schema: a .rsl file, an Exteor .trs, a ConceptPortal session or bundle "
             "(default: the shipped spec/saper.rsl, the schema as written)")

_REST = re.compile(r":[a-z]+:`~?([^`]+)`|``([^`]+)``")


def help_text(doc: str | None) -> str | None:
    """A module's text as ``--help`` shows it: reST markup (````code````,
    ``:mod:`x```, ``:func:`x```) becomes the plain words it marks."""
    return _REST.sub(lambda m: m.group(1) or m.group(2), doc) if doc else doc


def load_schema(path: str | Path | None) -> Schema:
    """The schema at ``path`` (default: the shipped written schema), or a clear
    error.  Any schema file is read (``.rsl``, Exteor, a ConceptPortal
    session or bundle: ``setmine.sources``).  A shipped schema named by its
    place in the project (``spec/saper-corrected.rsl``) is found from any
    folder."""
    from ..sources import SourceError, read_schema
    from . import UserError

    _not_too_long(str(path or ""), "schema")
    if path and str(path) in resources.SCHEMAS and not _exists(Path(path)):
        path = resources.SCHEMAS[str(path)]   # --spec written, --spec corrected
    path = Path(path) if path else DEFAULT_SPEC
    if not _exists(path) and path.parent == Path("spec") \
            and _exists(resources.schema_file(path.name)):
        path = resources.schema_file(path.name)
    if not _exists(path):
        hint = (f" (nor a shipped schema; those are, by name from any folder: "
                f"{', '.join(resources.SCHEMAS)})" if path.parent == Path(".") else "")
        raise UserError(f"{path}: no such file{hint}")
    try:
        return read_schema(path)
    except SourceError as exc:
        raise UserError(str(exc)) from None


MAX_PATH = 4096
"""The longest path a command opens (Linux's PATH_MAX)."""


def _not_too_long(path: str, what: str) -> None:
    from . import UserError

    if len(path) > MAX_PATH or any(len(part) > 255 for part in Path(path).parts):
        raise UserError(f"{shown(path)}: not a {what} file: the name is too long to open")


def _exists(path: Path) -> bool:
    """Does ``path`` exist?  A name the system refuses (too long, a NUL
    byte) does not: the caller's message names it."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


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
    _not_too_long(path, "board")
    path = str(resources.resolve_board(path))
    if is_model_argument(path):
        raise UserError(f"{path}: a model of a schema (a ConceptPortal file or a setmine model), "
                        f"not a Minesweeper board: this command needs a board; evaluate a model "
                        f"with eval, check or explain")
    if not _exists(Path(path)):
        hint = ""
        if Path(path).parent == Path("."):
            names = ", ".join(p.stem for p in resources.shipped_boards())
            models = ", ".join(p.name.removesuffix(".session.json")
                               for p in resources.shipped_models())
            hint = (f" (nor a shipped board or model; those are, by name from any folder: "
                    f"{names}; models: {models})")
        raise UserError(f"{path}: cannot read: no such file{hint}")
    from ..board.board import BoardTooLarge
    from .limits import GRID_DEGREE, cells_that_fit, fits_in_memory, too_large

    try:
        board = load_board(path, max_cells=cells_that_fit(), **options)
    except BoardTooLarge as exc:
        raise UserError(f"{path}: {too_large(exc.cells, exc.cells * GRID_DEGREE, False)}") \
            from None
    except BoardError as exc:
        raise UserError(str(exc)) from None
    except OSError as exc:
        raise UserError(f"{path}: cannot read: {exc.strerror or exc}") from None
    fits_in_memory(board)
    return board


def add_board_options(parser, spec: bool = True) -> None:
    """The options of a command that reads a board (and, with ``spec``, a
    schema): --spec FILE, and --mines N for the boards that do not say it."""
    if spec:
        parser.add_argument("--spec", help=SPEC_HELP)
    parser.add_argument("--mines", type=nonnegative_int,
                        help="the total mine count (minesweepr .txt boards)")


BOARD_HELP = ("a board (.board, .json, .mine or minesweepr .txt file, or a shipped board by "
              "name: beginner-midgame, expert-midgame, tiny-2x2, …) or a model: a ConceptPortal "
              "session or bundle (schema and model), or a setmine model file with --spec")


def load_inputs(args):
    """(schema, board) of a command that evaluates a schema over a board:
    --spec (valid), --term TERM… (each an alias of it or an expression over
    it, see :func:`requested_terms`), the board."""
    schema = load_valid_schema(args.spec)
    if (problem := misfit(schema)) is not None:   # a board gives X1, S1…S4, nothing else
        from . import UserError
        raise UserError(f"{args.board}: a Minesweeper board, but {problem}")
    requested_terms(schema, getattr(args, "term", None))
    return schema, load_board_file(args.board, args.mines)


@dataclass
class Subject:
    """What a command evaluates a schema over: a board (the Saper's
    structure, ``board`` set) or a model of any schema (``model`` set);
    ``data`` is the values of the basic sets and structures either way."""

    schema: object
    data: dict
    board: object = None
    model: object = None


def is_model_argument(path: str) -> bool:
    from ..sources import is_model_file

    resolved = Path(path)
    return _exists(resolved) and resolved.suffix.lower() not in (".board", ".mine", ".txt") \
        and is_model_file(resolved)


def load_subject(args, budget=None) -> Subject:
    """The schema and the board or model of a command's positional argument:
    a ConceptPortal session or bundle (schema and model; no --spec), a
    setmine model file (with --spec), or a board (with --spec, default the
    Saper schema, which must be valid).  --term is checked against the
    schema."""
    from ..board import structure
    from ..sources import SourceError, read_model
    from . import UserError

    _not_too_long(args.board, "board or model")
    path = str(resources.resolve_board(args.board))
    if is_model_argument(path):
        if getattr(args, "mines", None) is not None:
            raise UserError(f"--mines applies to minesweepr .txt boards, not to the model {path}")
        spec = load_schema(args.spec) if args.spec else None
        try:
            model = read_model(path, spec, budget)
        except SourceError as exc:
            raise UserError(str(exc)) from None
        requested_terms(model.schema, getattr(args, "term", None))
        return Subject(model.schema, dict(model.values), model=model)
    schema, board = load_inputs(args)
    return Subject(schema, structure(board), board=board)


ALIAS = re.compile(r"[A-Z][0-9]+")


@dataclass(frozen=True)
class Requested:
    """One --term: its text, the alias it names (None for an expression),
    its syntax tree and its type."""

    text: str
    alias: str | None
    tree: object
    type: object


def call_hint(schema, name: str) -> str:
    """How to call a function or predicate: a call on the schema's own
    globals that type-checks (``--term 'F1[X1, S3]'``), or its parameters'
    types when no global fits one."""
    from ..rsl import parse_with_warnings
    from ..rsl.semantics.types import FunctionType
    from ..rsl.semantics.typifier import typify

    signature = schema.analysis[name].type
    if not isinstance(signature, FunctionType):
        return f"write a call such as {name}[…]"
    env = schema.environment()
    args = []
    for param in signature.params:
        fits = [c.alias for c in schema if c.alias != name and c.alias in env
                and c.kind in ("basic", "constant", "structure", "term")
                and schema.analysis[c.alias].ok and schema.analysis[c.alias].type == param]
        if not fits:
            break
        args.append(fits[0])
    if len(args) == len(signature.params):
        call = f"{name}[{', '.join(args)}]"
        try:
            typify(parse_with_warnings(call).tree, env)
            return f"write a call, e.g. --term '{call}'"
        except RSLError:
            pass
    wanted = ", ".join(str(p) for p in signature.params)
    return f"write a call {name}[…] with arguments of types {wanted}"


def requested_terms(schema, texts) -> list[Requested]:
    """Each --term as an alias of ``schema`` or an RSLang expression over it
    (``card(D15)``); an unknown alias lists the valid ones, an expression
    that does not parse or type says where."""
    from ..rsl import parse_with_warnings
    from ..rsl.semantics.typifier import typify
    from . import UserError

    out = []
    for text in texts or ():
        name = text.strip()
        if name in schema:
            analysis = schema.analysis[name]
            if schema[name].kind in ("function", "predicate"):
                raise UserError(f"--term {name}: a {schema[name].kind} is evaluated at arguments: "
                                f"{call_hint(schema, name)}")
            out.append(Requested(text, name, analysis.tree, analysis.type))
            continue
        if ALIAS.fullmatch(name):
            known = ", ".join(c.alias for c in schema if c.kind in ("term", "axiom", "theorem"))
            raise UserError(f"--term {name}: no constituent {name} in {schema.path}; its terms "
                            f"and axioms: {known}")
        try:
            typed = typify(parse_with_warnings(name).tree, schema.environment())
            tree, typ = typed.tree, typed.type
        except RSLError as exc:
            raise UserError(f"--term {quoted(text)}: {exc.within(name)}") from None
        out.append(Requested(text, None, tree, typ))
    return out


def add_budget_options(parser) -> None:
    """The evaluation budget of a command that evaluates terms."""
    from ..eval.values.budget import DEFAULT_MAX_ELEMENTS, DEFAULT_MAX_SECONDS

    parser.add_argument("--max-candidates", type=positive_int, default=DEFAULT_MAX_ELEMENTS,
                        metavar="N", help=f"enumerate at most N candidates per term "
                                          f"(default {DEFAULT_MAX_ELEMENTS:,})")
    parser.add_argument("--max-seconds", type=positive_seconds, default=DEFAULT_MAX_SECONDS,
                        metavar="S", help=f"spend at most S seconds per term "
                                          f"(default {DEFAULT_MAX_SECONDS:g})")


def budget_from(args):
    """The budget the options ask for; its messages name the options that
    raise each of its limits."""
    from ..eval.values.budget import Budget

    return Budget(max_elements=args.max_candidates, max_seconds=args.max_seconds,
                  max_memory=getattr(args, "max_memory", None),
                  options={"candidates": "--max-candidates", "seconds": "--max-seconds",
                           "memory": "--max-memory"})


def add_limit_options(parser, request_seconds: float | None = None,
                      request_help: str | None = None) -> None:
    """The limits of every command: its memory and its whole running time —
    or, for a server (``request_seconds``, its default), each request's
    (``request_help``: what a request is for this command, ``{seconds}``
    its default)."""
    from .limits import DEFAULT_TIMEOUT, default_memory, default_memory_text

    parser.add_argument("--max-memory", type=memory_size, default=default_memory(),
                        metavar="SIZE",
                        help=f"stop with an error past SIZE of memory per process, e.g. 800M "
                             f"or 2G (default {default_memory_text()}; the default is a quarter "
                             f"of the memory, between 1G and 4G)")
    if request_seconds is not None:
        parser.add_argument("--timeout", type=positive_seconds, default=request_seconds,
                            metavar="S", help=(request_help or
                                               "answer each request with an error after S "
                                               "seconds (default {seconds:g})").format(
                                seconds=request_seconds))
        parser.set_defaults(per_request=True)
        return
    parser.add_argument("--timeout", type=positive_seconds, default=DEFAULT_TIMEOUT,
                        metavar="S", help=f"stop with an error after S seconds in all "
                                          f"(default {DEFAULT_TIMEOUT:g})")
    parser.set_defaults(per_request=False)


def add_spelling_option(parser) -> None:
    """How every command shows formulas: one spelling per output."""
    parser.add_argument("--spelling", choices=("unicode", "ascii"), default="unicode",
                        help="write formulas in RSLang's Unicode (∀a∈X1 …, the default) or its "
                             "ASCII spelling (\\A a \\in X1 …, Exteor's ASCII mode)")


def write_output(path: Path | str, text: str | bytes, option: str = "-o", *,
                 stdout: bool = False):
    """Write ``text`` to an option's file by the one rule of
    ``setmine.base.targets`` (a regular file replaced whole, keeping its
    permissions; a link written through; a FIFO, the null device, ``-`` when
    ``stdout``, written in place; anything else refused); the target
    written, UserError on failure."""
    from ..base.targets import TargetError, write
    from . import UserError

    try:
        return write(path, text, option, stdout=stdout)
    except TargetError as exc:
        raise UserError(str(exc)) from None


def writable(output: Path | str, option: str = "-o", inputs=(), *, stdout: bool = False):
    """Fail before the work, not after it, on a target that may not be
    written (``setmine.base.targets``: a folder not there, a device, a
    socket…) or on one of the command's own input files (``inputs``: paths
    or None); the target, as ``setmine.base.targets.target`` finds it."""
    from ..base.targets import TargetError, target
    from . import UserError

    for given in inputs:
        if given and str(output) != "-" and _same_file(Path(output), Path(given)):
            raise UserError(f"{option} {output}: is the command's own input {given}; give "
                            f"another file name")
    try:
        return target(output, option, stdout=stdout)
    except TargetError as exc:
        raise UserError(str(exc)) from None


def checkpoint_usable(path: str | None, option: str = "--checkpoint") -> None:
    """Fail before the work on a checkpoint that is not a regular file (nor
    a name not there yet): a device, a FIFO, a folder is never read."""
    from ..base.targets import TargetError, checkpoint
    from . import UserError

    if path is None:
        return
    try:
        checkpoint(path, option)
    except TargetError as exc:
        raise UserError(str(exc)) from None


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and a.samefile(b)
    except OSError:
        return False
