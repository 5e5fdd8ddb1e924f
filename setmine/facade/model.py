"""A model of a schema, as the front door hands it out: its schema, its
sets' elements by name and its structures' values as plain Python — read,
edited and written back.

    >>> import setmine
    >>> model = setmine.load_model("study-plan")
    >>> model.name, model.sizes
    ('one term of a small department', {'X1': 3, 'X2': 4})
    >>> sorted(model["S1"])     # (course, a course it requires)
    [('algebra', 'sets'), ('models', 'algebra'), ('models', 'logic')]
    >>> setmine.evaluate(model, term="D2")    # Boris took models before algebra
    frozenset({('Boris', 'models')})
    >>> fewer = model.replace(S1=model["S1"] - {("models", "algebra")})
    >>> ("models", "algebra") in fewer["S1"], ("models", "algebra") in model["S1"]
    (False, True)
    >>> setmine.evaluate(fewer, term="D2")    # models requires only logic: none too early
    frozenset()

A replaced value is checked against its type and domain as a file's is
(``ValueError`` naming the constituent and what is wrong); the model it is
replaced in is left as it was.
"""

from __future__ import annotations

import json
from pathlib import Path

from .display import model_html, schema_title


class Model:
    """A model: ``schema`` (a :class:`~setmine.rsl.schema.Schema`), ``name``,
    ``sets`` (each basic and constant set's elements: names, integers),
    ``values`` (every given constituent's value, plain), ``model[alias]``,
    ``sizes``, ``notes`` (what the file left out); :meth:`replace` and
    :meth:`save`.  ``internal`` is the evaluator's model, for setmine's own
    modules.

        >>> import setmine
        >>> setmine.load_model("study-plan")
        <Model 'one term of a small department' of A study plan (X1: 3, X2: 4)>
    """

    def __init__(self, internal) -> None:
        self.internal = internal

    @property
    def schema(self):
        return self.internal.schema

    @property
    def name(self) -> str:
        """The model's title, else its file's name (without ``.session.json``)."""
        source = Path(self.internal.source or "model").name
        for suffix in (".session.json", ".bundle.json", ".model.json", ".json"):
            source = source.removesuffix(suffix)
        return self.internal.title or source

    @property
    def source(self) -> str:
        return self.internal.source

    @property
    def notes(self) -> tuple[str, ...]:
        return tuple(self.internal.notes)

    @property
    def sizes(self) -> dict[str, int]:
        return self.internal.sizes()

    @property
    def sets(self) -> dict[str, tuple]:
        """Each basic set's elements by name, each constant set's integers,
        in their order."""
        shown = self.internal.shown_names()
        kinds = self.internal.kinds
        return {alias: tuple(shown[alias][i] if kinds[alias] == "basic" else i
                             for i in sorted(names))
                for alias, names in self.internal.names.items()}

    @property
    def values(self) -> dict:
        """alias → plain value of every basic set, constant set and
        structure the model gives."""
        from .plain import plain

        return {alias: plain(value) for alias, value in self.internal.values.items()}

    def __getitem__(self, alias: str):
        from .plain import plain

        if alias not in self.internal.values:
            given = ", ".join(self.internal.values) or "none"
            raise KeyError(f"{alias}: the model gives no value to it (it gives: {given})")
        return plain(self.internal.values[alias])

    def __contains__(self, alias: object) -> bool:
        return alias in self.internal.values

    def replace(self, **values) -> "Model":
        """A new model with these values: a basic set as its elements'
        names (``X1=["a", "b"]``), a constant set as integers, a structure
        as a plain value of its type (sets, tuples, names).  The values
        are checked as a file's are."""
        from ..model.decode import Encoding
        from ..model.interpretation import ModelError, interpret

        raw = self.internal.encoded(Encoding.NAME)
        for alias, value in values.items():
            raw[alias] = _json(value)
        try:
            internal = interpret(self.schema, raw, Encoding.NAME, title=self.internal.title,
                                 source=self.internal.source)
        except ModelError as exc:
            raise ValueError(str(exc)) from None
        return Model(internal)

    def read_against(self, schema) -> "Model":
        """The same values read as a model of another schema (one that
        declares the same sets and structures); ValueError where they do
        not fit it."""
        from ..model.decode import Encoding
        from ..model.interpretation import ModelError, interpret

        try:
            return Model(interpret(schema, self.internal.encoded(Encoding.NAME), Encoding.NAME,
                                   title=self.internal.title, source=self.internal.source))
        except ModelError as exc:
            raise ValueError(f"the model {self.name!r} does not fit this schema: {exc}") \
                from None

    def save(self, path) -> Path:
        """Write the model: a ConceptPortal session (schema and model) when
        ``path`` ends in ``.session.json``, else setmine's model file (the
        values by name; read it back with ``load_model(path, schema)``).
        Only a regular file (or a new one) is written: ``setmine.base.targets``."""
        from ..base.targets import write

        if str(path).endswith(".session.json"):
            document = _session(self)
        else:
            from ..model.own import own_json

            document = own_json(self.internal)
        write(path, json.dumps(document, ensure_ascii=False, indent=1) + "\n")
        return Path(path)

    def __repr__(self) -> str:
        sizes = ", ".join(f"{a}: {n}" for a, n in self.sizes.items())
        return f"<Model {self.name!r} of {schema_title(self.schema)} ({sizes})>"

    def _repr_html_(self) -> str:
        return model_html(self)


def _session(model: Model) -> dict:
    from ..model.decode import Encoding
    from ..portal.writing import readable_by_reference, session_json

    schema = model.schema
    types = {c.alias: str(schema.analysis[c.alias].type) for c in schema
             if c.kind == "structure" and schema.analysis[c.alias].ok}
    return session_json(readable_by_reference(schema), model.internal.encoded(Encoding.INDEX),
                        types, model.name)


def _json(value):
    """A plain value in setmine's model file encoding (by name)."""
    if isinstance(value, (frozenset, set, list, tuple)):
        items = [_json(v) for v in value]
        return items
    return value
