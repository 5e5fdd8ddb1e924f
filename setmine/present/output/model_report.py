"""``setmine eval``'s report on a model of any schema: the schema and the
model it used, each basic set, constant set and structure as the model
gives it, then each term, axiom and theorem — its type, size, value with
the elements by name, and its texts (the term's name, its convention).
The JSON (``docs/json.md``) has the same values in the one encoding of
values, elements of basic sets by name."""

from __future__ import annotations

from . import values as present
from .eval_report import method, results_json
from .header import declaration, schema_line, schema_name
from ...rsl.semantics.domains import GIVEN



def model_summary(model) -> dict:
    """The model in a command's JSON: its name, file, set sizes, notes."""
    out = {"name": model.title, "file": model.source, "sizes": model.sizes()}
    if model.notes:
        out["notes"] = list(model.notes)
    return out


def given_values(model, limit: int) -> dict:
    """alias → {"type", "value"} of every basic set, constant and structure
    that has a value, elements by name."""
    out = {}
    for c in model.schema:
        if c.kind in GIVEN and c.alias in model.values:
            analysis = model.schema.analysis[c.alias]
            if analysis.type is None:
                continue
            out[c.alias] = {"type": str(analysis.type),
                            "value": present.to_json(model.values[c.alias], analysis.type, limit)}
    return out


def print_model_results(schema, model, results, types, limit: int, given: bool = True) -> None:
    """The text report; ``given``: show the model's own values first."""
    from rich.padding import Padding
    from rich.text import Text

    from .console import terminal

    console = terminal(highlight=False)

    def indented(text, style="", indent=2):
        console.print(Padding(Text(text, style=style), (0, 0, 0, indent), expand=False))

    console.print(Text(schema_line(schema), style="bold"))
    title = schema.text.alias or ""
    if schema.text.title:
        title = f"{title} — {schema.text.title}" if title else schema.text.title
    sizes = ", ".join(f"{a} {n}" for a, n in model.sizes().items())
    console.print(Text(f"model: {model.title or model.source}"
                       + (f" ({sizes})" if sizes else "")
                       + (f" · {title}" if title else ""), style="bold"))
    for note in model.notes:
        console.print(Text("note: " + note, style="yellow"))
    for c in schema:
        if not given or c.kind not in GIVEN or c.alias not in model.values:
            continue
        typ = schema.analysis[c.alias].type
        console.print()
        head = Text(c.alias, style="bold cyan")
        head.append(f"  {typ}  {c.kind}")
        if c.term:
            head.append(f"  {schema.displayed(c.alias).term}", style="dim")
        console.print(head)
        indented(present.to_text(model.values[c.alias], typ, limit))
    for name, r in results.items():
        typ = types[name]
        c = schema.displayed(name) if name in schema else None
        console.print()
        head = Text(name, style="bold cyan")
        head.append(f"  {typ if typ is not None else '—'}")
        if r.error is not None:
            head.append(f"  error {r.error.code}", style="bold red")
        elif r.kind in ("axiom", "theorem", "formula") or isinstance(r.value, bool):
            head.append("  true" if r.value else "  false", style="green" if r.value else "red")
        elif present.is_set(r.value):
            head.append(f"  card {present.size_text(r.value)}")
        if r.error is None or r.seconds:
            head.append(f"  · {method(r)} · {r.seconds * 1000:.1f} ms", style="dim")
        console.print(head)
        if c is not None and c.formal:
            indented(declaration(schema, name), "dim")
        for text, style in ((c.term, "bold dim"), (c.convention, "dim"), (c.gloss, "italic dim")) \
                if c is not None else ():
            if text:
                indented(text, style)
        if r.error is not None:
            indented(r.error.message, "red")
            continue
        if r.kind in ("axiom", "theorem", "formula") or isinstance(r.value, bool):
            continue
        indented(present.to_text(r.value, typ, limit))


def model_contract(schema, model, results, types, max_elements: int) -> dict:
    """``setmine eval --json`` on a model (docs/json.md)."""
    terms, axioms, errors = results_json(results, types, max_elements)
    out = {"schema": schema_name(schema), "spec": schema.path,
           "model": {**model_summary(model), "values": given_values(model, max_elements)},
           "terms": terms, "axioms": axioms}
    if errors:
        out["errors"] = errors
    return out
