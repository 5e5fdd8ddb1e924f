"""``setmine spec [FILE] [--json]``: every constituent of a schema with its
kind, typification, value class, formula as written and normalised, and its
texts."""

from __future__ import annotations

import json
import sys

from ..present.output import defect_marks
from ..present.output.header import schema_line
from ..rsl import unicode
from .common import help_text, load_schema


def add_parser(sub) -> None:
    p = sub.add_parser("spec", help="show a schema's constituents, typed",
                       description=help_text(__doc__))
    p.add_argument("file", nargs="?", help="a .rsl schema (default: the shipped spec/saper.rsl)")
    p.add_argument("--json", action="store_true", help="a JSON list of objects")
    p.set_defaults(run=run)


def rows(schema) -> list[dict]:
    marks = defect_marks.marks(schema)
    out = []
    for alias, a in schema.analysis.items():
        c = a.constituent
        out.append({
            "alias": alias,
            "kind": c.kind,
            "type": str(a.type) if a.type is not None else None,
            "value_class": a.value_class,
            "formal": c.formal,
            "normalised": unicode(a.tree) if a.tree is not None else None,
            "term": c.term,
            "text": c.text,
            "convention": c.convention,
            "gloss": c.gloss,
            "notes": list(c.notes),
            "error": ({"code": a.error.code, "message": a.error.message,
                       "start": a.error.start, "end": a.error.end,
                       "line": a.error.line, "column": a.error.column}
                      if a.error is not None else None),
            "warnings": [{"code": w.code, "message": w.message, "start": w.start, "end": w.end}
                         for w in a.warnings],
            "defects": [m.as_json() for m in marks.get(alias, [])],
        })
    return out


def run(args) -> int:
    schema = load_schema(args.file)
    data = rows(schema)
    if args.json:
        json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
        print()
    else:
        print_table(schema, data)
    return 1 if any(row["error"] for row in data) else 0


def print_table(schema, data: list[dict]) -> None:
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from ..present.output.console import terminal

    console = terminal(highlight=False, soft_wrap=False)
    console.print(Text(schema_line(schema), style="bold"))
    summary = defect_marks.summary_line(defect_marks.marks(schema))
    if summary:
        console.print(Text(summary, style="yellow"))
    title = schema.text.alias or schema.path or "schema"
    if schema.text.title:
        title += f" — {schema.text.title}"
    table = Table(title=title, box=box.SIMPLE_HEAD, show_lines=True, expand=True)
    table.add_column("alias", style="bold", no_wrap=True)
    table.add_column("kind", no_wrap=True)
    table.add_column("typification", no_wrap=True)
    table.add_column("formula (as written → normalised)", ratio=3)
    table.add_column("term · convention · gloss", ratio=2)
    for row in data:
        formula = Text(row["formal"] or "")
        if row["normalised"] and row["normalised"] != row["formal"]:
            formula.append("\n→ " + row["normalised"], style="dim")
        kind = row["kind"] + (f"\n{row['value_class']}" if row["value_class"] else "")
        typ = Text(row["type"] or "—")
        if row["error"]:
            typ = Text("error", style="bold red")
            formula.append(f"\n{row['error']['code']}: {row['error']['message']}", style="red")
        for w in row["warnings"]:
            formula.append(f"\nwarning {w['code']}: {w['message']}", style="yellow")
        texts = Text()
        for key, style in (("term", "bold"), ("convention", ""), ("gloss", "italic")):
            if row[key]:
                if texts:
                    texts.append("\n")
                texts.append(row[key], style=style)
        if row["defects"]:
            formula.append(f"\n{defect_marks.MARKER} differs from its convention — "
                           f"{row['defects'][0]['page']}", style="yellow")
        table.add_row(row["alias"], kind, typ, formula, texts)
    console.print(table)
    errors = [row for row in data if row["error"]]
    for a in schema.analysis.values():
        if a.error is not None:
            console.print(Text(str(a.error), style="red"), soft_wrap=True)  # never wrap a location
    console.print(f"{len(data)} constituents, {len(errors)} with errors.")
