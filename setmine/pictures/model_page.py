"""``setmine report MODEL``: a model of any schema as one self-contained
HTML page — the model's basic sets and structures, then every constituent
in the schema's order: its kind, type, formula, texts and value (an axiom's
or theorem's verdict, explained), elements by name.  A set of tuples is a
table, one row per tuple; a set of sets lists its members; anything large
gives its exact cardinality and its first members (``values.listing``).
The page needs no network; Jinja2 escapes every name and formula."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..eval.interpret.evaluator import Evaluator
from ..eval.interpret.model import evaluate_schema, functions
from ..eval.values.sets import CURRENT_BUDGET
from ..present.explain.trace import explain, render as render_trace
from ..present.output import values as present
from ..present.output.header import schema_name
from ..rsl.semantics.types import SetType, TupleType
from .page import asset, render

ROWS = 60          # tuples shown as table rows
MEMBERS = 40       # members of any other set listed


@dataclass
class Section:
    alias: str
    kind: str
    type: str
    formula: str = ""
    term: str = ""
    convention: str = ""
    text: str = ""
    verdict: bool | None = None
    explanation: list[str] = field(default_factory=list)
    error: str = ""
    size: str = ""
    columns: list[str] = field(default_factory=list)   # a set of tuples: its factors' types
    rows: list[list[str]] = field(default_factory=list)
    members: list[str] = field(default_factory=list)   # any other set
    text_value: str = ""                               # an element, an integer
    more: str = ""                                     # what the listing left out


@dataclass
class ModelPage:
    schema: str
    title: str
    model: str
    sizes: str
    notes: list[str]
    sections: list[Section]
    seconds: float = 0.0


def build(schema, model, budget) -> ModelPage:
    started = time.perf_counter()
    results = evaluate_schema(schema, model.values, budget)
    data = {**model.values, **{a: r.value for a, r in results.items() if r.ok and r.kind == "term"}}
    evaluator = Evaluator(data, functions(schema), budget)
    sections = []
    for c in schema:
        a = schema.analysis[c.alias]
        shown = schema.displayed(c.alias)
        section = Section(c.alias, c.kind, str(a.type) if a.type is not None else "—",
                          c.declaration if c.kind not in ("basic", "constant") else "",
                          shown.term, shown.convention, shown.text)
        if a.error is not None:
            section.error = f"{a.error.code}: {a.error.message}"
        elif c.kind in ("axiom", "theorem"):
            result = results[c.alias]
            if result.error is not None:
                section.error = f"{result.error.code}: {result.error.message}"
            else:
                token = CURRENT_BUDGET.set(budget)
                try:
                    budget.restart(c.alias)
                    trace = explain(evaluator, a.tree)
                finally:
                    CURRENT_BUDGET.reset(token)
                section.verdict = bool(result.value)
                section.explanation = render_trace(trace)
        elif c.kind in ("basic", "constant", "structure", "term"):
            result = results.get(c.alias)
            if result is not None and result.error is not None:
                section.error = f"{result.error.code}: {result.error.message}"
            elif c.alias in data:
                _fill(section, data[c.alias], a.type)
        sections.append(section)
    title = " — ".join(t for t in (schema.text.alias, schema.text.title) if t)
    sizes = ", ".join(f"{alias}: {n}" for alias, n in model.sizes().items())
    return ModelPage(schema_name(schema), title, model.title or model.source, sizes,
                     list(model.notes), sections, time.perf_counter() - started)


def _fill(section: Section, value, typ) -> None:
    if not (present.is_set(value) and isinstance(typ, SetType)):
        section.text_value = present.to_text(value, typ)
        return
    base = typ.base
    tuples = isinstance(base, TupleType)
    got = present.listing(value, ROWS if tuples else MEMBERS)
    section.size = got.size_text
    if tuples:
        section.columns = [str(f) for f in base.factors]
        section.rows = [[present.to_text(v, f, 8) for v, f in zip(t, base.factors)]
                        for t in got.items]
    else:
        section.members = [present.to_text(m, base, 8) for m in got.items]
    if not got.complete:
        section.more = got.stopped or f"the first {len(got.items)} of {got.size_text}"


def model_page(page: ModelPage) -> str:
    return render("model.html.j2", p=page, css=asset("report.css"))
