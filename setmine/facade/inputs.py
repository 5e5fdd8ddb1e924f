"""What the front door's functions are given, read as what it is.

A *schema* is a shipped one by name (``"written"``, ``"corrected"``), a
file of any format setmine reads (``.rsl``, Exteor, a ConceptPortal session
or bundle), ``.rsl`` text, a :class:`~setmine.rsl.schema.Schema` or a
:class:`~setmine.facade.model.Model` (its schema).  *Data* is what the
schema is evaluated over: a board (a shipped one by name, a board file,
``.board`` text or a :class:`~setmine.board.Board`), a model (a
:class:`Model`, a ConceptPortal file, a shipped model by name such as
``"study-plan"``, or setmine's model file, read against the schema).

Every fault is said in the user's words, and is a Python exception a
caller can catch by kind: :class:`FileNotFoundError` for a name that is no
file and no shipped board, model or schema; :class:`ValueError` for a file
that is not what it was given as.

    >>> schema, subject = resolve("study-plan", None)
    >>> schema.path.endswith("study-plan.session.json"), subject.model is not None
    (True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import resources
from .model import Model

SHIPPED_SCHEMAS = ", ".join(map(repr, resources.SCHEMAS))


def _shipped(kind: str) -> str:
    boards = ", ".join(p.stem for p in resources.shipped_boards())
    models = ", ".join(p.name.removesuffix(".session.json") for p in resources.shipped_models())
    return {"board": f"shipped boards: {boards}; shipped models: {models}",
            "model": f"shipped models: {models}",
            "schema": f"shipped schemas: {SHIPPED_SCHEMAS}; shipped models, each with its "
                      f"schema: {models}"}[kind]


def _exists(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):   # a name the system refuses (too long, a NUL byte)
        return False


def load_schema(spec="written"):
    """A schema: ``"written"`` (as the user wrote it), ``"corrected"`` (each
    defect repaired), a shipped model's name (``"study-plan"``: its schema),
    any schema file setmine reads (``.rsl``, an Exteor file, a ConceptPortal
    session or bundle), ``.rsl`` text, a :class:`Model` (its schema) or a
    loaded schema as it is.

    >>> load_schema("corrected").typify("D15")
    'ℬℬ(X1)'
    >>> load_schema("study-plan").typify("S1")
    'ℬ(X2×X2)'
    """
    from ..rsl.schema import Schema
    from ..rsl.syntax.errors import RSLError
    from ..sources import SourceError, read_schema

    if isinstance(spec, Schema):
        return spec
    if isinstance(spec, Model):
        return spec.schema
    if not isinstance(spec, (str, Path)):
        raise TypeError(f"a schema is a name, a file, .rsl text or a Schema, not "
                        f"{type(spec).__name__}")
    if isinstance(spec, str) and "\n" in spec:
        try:
            return Schema.parse(spec, "(schema given as text)")
        except RSLError as exc:
            raise ValueError(f"the schema text: {exc}") from None
    path = _schema_path(spec)
    try:
        return read_schema(path)
    except SourceError as exc:
        raise ValueError(str(exc)) from None


def _schema_path(spec) -> Path:
    if str(spec) in resources.SCHEMAS and not _exists(Path(spec)):
        return resources.SCHEMAS[str(spec)]
    path = Path(spec)
    if _exists(path):
        return path
    model = resources.resolve_board(spec)
    if _exists(model) and model.parent == resources.MODEL_DIR:
        return model
    raise FileNotFoundError(f"{spec}: no such schema file ({_shipped('schema')})")


def load_board(spec):
    """A board: a shipped one by name (``"beginner-midgame"``), a file (any
    format ``setmine`` reads), the text of a ``.board`` file, or a Board.

    >>> board = load_board("tiny-2x2")
    >>> board.rows, board.cols, sorted(board.mines)
    (2, 2, [(1, 0)])
    """
    from ..board import Board, BoardError, load_board as read, parse_board

    if isinstance(spec, Board):
        return spec
    if isinstance(spec, str) and "\n" in spec:
        try:
            return parse_board(spec)
        except BoardError as exc:
            raise ValueError(f"the board text: {exc}") from None
    if isinstance(spec, Model):
        raise ValueError(f"{spec.name}: a model of a schema, not a Minesweeper board")
    path = resources.resolve_board(spec)
    if not _exists(path):
        raise FileNotFoundError(f"{spec}: no such board or model file ({_shipped('board')})")
    if _is_model_file(path):
        raise ValueError(f"{spec}: a model of a schema (a ConceptPortal file or a setmine "
                         f"model), not a Minesweeper board: load it with load_model")
    try:
        return read(path)
    except BoardError as exc:
        raise ValueError(str(exc)) from None


def _is_model_file(path: Path) -> bool:
    from ..sources import is_model_file

    return path.suffix.lower() not in (".board", ".mine", ".txt") and is_model_file(path)


def load_model(file, schema=None) -> Model:
    """A model of a schema, read from ``file``: a ConceptPortal session or
    bundle (its own schema and model), a shipped model by name
    (``"study-plan"``), or setmine's model file (``setmine-model/1``), read
    against ``schema`` (any schema :func:`load_schema` takes).  A
    :class:`Model` is returned as it is.

    >>> model = load_model("study-plan")
    >>> model.sets["X1"], model.sizes
    (('Ann', 'Boris', 'Chen'), {'X1': 3, 'X2': 4})
    """
    if isinstance(file, Model):
        return file
    path = resources.resolve_board(file)
    if not _exists(path):
        raise FileNotFoundError(f"{file}: no such model file ({_shipped('model')})")
    if not _is_model_file(path):
        raise ValueError(f"{file}: not a model file: a model is a ConceptPortal session or "
                         f"bundle, or a setmine model file (format setmine-model/1); a board "
                         f"is loaded with load_board")
    return _model_of(_contents(path), schema, file)


def _contents(path: Path):
    """What the file holds (``sources.read_contents``), read once."""
    from ..sources import SourceError, read_contents

    try:
        return read_contents(path)
    except SourceError as exc:
        raise ValueError(str(exc)) from None


def _model_of(contents, schema, given) -> Model:
    """The model of a file already read: a ConceptPortal file's own, a
    setmine model file's against ``schema``."""
    from ..sources import SourceError, model_from

    portal = contents.portal is not None
    if portal and schema is not None:
        raise ValueError(f"{given}: this is a ConceptPortal file, with its own schema: load it "
                         f"without schema= (load_model({str(given)!r}))")
    if not portal and schema is None:
        raise ValueError(f"{given}: a setmine model file holds no schema: give it, "
                         f"load_model({str(given)!r}, schema=…)")
    try:
        return Model(model_from(contents, None if schema is None else load_schema(schema)))
    except SourceError as exc:
        raise ValueError(str(exc)) from None


@dataclass
class Subject:
    """What a schema is evaluated over: a board (``board``) or a model
    (``model``); ``data`` the values of its basic sets and structures."""

    data: dict
    board: object = None
    model: Model | None = None
    name: str = ""


def carried_model(spec) -> Model | None:
    """The model a schema argument carries: a :class:`Model`, or a
    ConceptPortal file (or a shipped model's name); None otherwise."""
    if isinstance(spec, Model):
        return spec
    if isinstance(spec, (str, Path)) and "\n" not in str(spec):
        try:
            path = _schema_path(spec)
        except FileNotFoundError:
            return None
        if _is_model_file(path):
            return load_model(path)
    return None


def resolve(schema, data):
    """(schema, :class:`Subject`) of a function that evaluates a schema over
    data.  ``data`` None: the model the schema carries (a Model, a
    ConceptPortal file), else, for a shipped schema, the shipped board
    ``beginner-midgame``."""
    from ..board import Board, structure

    carried = carried_model(schema)
    loaded = carried.schema if carried is not None else load_schema(schema)
    if data is None:
        if carried is not None:
            return loaded, Subject(dict(carried.internal.values), model=carried,
                                   name=carried.name)
        if str(schema) in resources.SCHEMAS or _is_shipped(loaded):
            data = "beginner-midgame"
        else:
            raise ValueError(f"{_named(loaded)} carries no model: give the data to evaluate it "
                             f"over (a board, a model, or a model file)")
    if isinstance(data, Model):
        model = data if data.schema is loaded else data.read_against(loaded)
        return loaded, Subject(dict(model.internal.values), model=model, name=model.name)
    if isinstance(data, (str, Path)) and "\n" not in str(data) and not isinstance(data, Board):
        path = resources.resolve_board(data)
        if _exists(path) and _is_model_file(path):
            contents = _contents(path)
            if contents.portal is not None:
                if carried is not None and _same(carried.source, path):
                    return loaded, Subject(dict(carried.internal.values), model=carried,
                                           name=carried.name)
                raise ValueError(f"{data}: this is a ConceptPortal file, with its own schema "
                                 f"and model: pass it as the schema (evaluate({str(data)!r}, "
                                 f"term=…)), and no data")
            model = _model_of(contents, loaded, data)
            return loaded, Subject(dict(model.internal.values), model=model, name=model.name)
    from ..board_fit import misfit

    board = load_board(data)
    problem = misfit(loaded)
    if problem is not None:
        raise ValueError(f"{data}: a Minesweeper board, but {problem}")
    return loaded, Subject(structure(board), board=board, name=str(data))


def _same(a, b) -> bool:
    try:
        return bool(a) and Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


def _is_shipped(schema) -> bool:
    try:
        return schema.path is not None and Path(schema.path).resolve() in \
            {Path(p).resolve() for p in resources.SCHEMAS.values()}
    except OSError:
        return False


def _named(schema) -> str:
    return schema.path or "the schema"
