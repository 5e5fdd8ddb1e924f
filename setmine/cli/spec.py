"""``setmine spec [FILE] [ALIAS…] [--json]``: every constituent of a schema
(or only the ALIASes named: ``setmine spec D15``, ``setmine spec corrected D8
D11``) with its kind, typification, value class, formula and texts.  Formulas are
written in one spelling: RSLang's printer's (``--spelling unicode`` or
``ascii``), or, with ``--as-written``, the author's own text."""

from __future__ import annotations

import json
import re
import sys

from ..present.output import defect_marks
from ..present.output.header import schema_line
from ..rsl import shown
from .commands import summary_of
from .common import help_text, load_schema


def add_parser(sub) -> None:
    p = sub.add_parser("spec", help=summary_of("spec"),
                       description=help_text(__doc__))
    p.add_argument("items", nargs="*", metavar="FILE|ALIAS",
                   help="a schema file or shipped name (default: the shipped spec/saper.rsl), "
                        "then the aliases to show (default: every constituent)")
    p.add_argument("--spec", metavar="FILE",
                   help="the schema, as every other command names it (the same as giving "
                        "FILE first)")
    p.add_argument("--json", action="store_true", help="a JSON list of objects")
    p.add_argument("--as-written", action="store_true",
                   help="show each formula as the schema's author wrote it (X₁ beside D7, "
                        "spacing kept), not as RSLang's printer writes it")
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
            "normalised": shown(a.tree) if a.tree is not None else None,
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


ALIAS = re.compile(r"[A-Z][0-9]+")


def split_items(items: list[str]) -> tuple[str | None, list[str]]:
    """(the schema file, the aliases): a first item that is not an alias
    (``D15``) names the file; the others are aliases."""
    if items and not ALIAS.fullmatch(items[0]):
        return items[0], items[1:]
    return None, items


def run(args) -> int:
    from . import UserError

    file, aliases = split_items(args.items)
    if args.spec is not None:
        if file is not None:
            raise UserError(f"--spec {args.spec} and {file}: give the schema once")
        file = args.spec
    schema = load_schema(file)
    unknown = [a for a in aliases if not ALIAS.fullmatch(a) or a not in schema]
    if unknown:
        raise UserError(f"{', '.join(unknown)}: not {'a constituent' if len(unknown) == 1 else 'constituents'} of "
                        f"{schema.path or 'the schema'} (it has {', '.join(c.alias for c in schema)})")
    data = rows(schema)
    if aliases:
        data = [row for row in data if row["alias"] in aliases]
    if args.json:
        json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
        print()
    else:
        print_table(schema, data, args.as_written)
    return 1 if any(row["error"] for row in data) else 0


WIDE = 120
"""From this width on, the constituents are a table; below it, each is a
row (alias, kind, typification, the formula when it fits) with its formula
and texts folded on indented lines under it, as ``man`` writes a page."""


def print_table(schema, data: list[dict], as_written: bool = False) -> None:
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
    texts = {row["alias"]: schema.displayed(row["alias"]) for row in data}
    if console.width >= WIDE:
        _table(console, title, data, texts, as_written)
    else:
        _rows(console, title, data, texts, as_written)
    errors = [row for row in data if row["error"]]
    listed = {row["alias"] for row in data}
    for alias, a in schema.analysis.items():
        if a.error is not None and alias in listed:
            console.print(Text(str(a.error), style="red"), soft_wrap=True)  # never wrap a location
    console.print(f"{len(data)} constituent{'s' if len(data) != 1 else ''}, "
                  f"{len(errors)} with errors.")


def _notes(row: dict) -> list[tuple[str, str]]:
    """What is said under a formula: its error, its warnings, its defect."""
    out = []
    if row["error"]:
        out.append((f"{row['error']['code']}: {row['error']['message']}", "red"))
    warnings = [f"{w['code']}: {w['message']}" for w in row["warnings"]]
    for text in dict.fromkeys(warnings):
        times = warnings.count(text)
        out.append((f"warning {text}" + (f" (×{times})" if times > 1 else ""), "yellow"))
    if row["defects"]:
        out.append((f"{defect_marks.MARKER} differs from its convention — "
                    f"{row['defects'][0]['page']}", "yellow"))
    return out


def _formula(row: dict, as_written: bool) -> str:
    # one spelling: the printer's (--spelling), or the author's text; a formula
    # that does not parse has only the latter
    return (row["formal"] if as_written else row["normalised"]) or row["formal"] or ""


TEXTS = (("term", "bold"), ("convention", ""), ("gloss", "italic"))


def _rows(console, title: str, data: list[dict], texts: dict, as_written: bool) -> None:
    """Each constituent as a row and its folded lines (the narrow layout)."""
    from rich.text import Text

    from ..present.output.folding import fold_formula, wrap

    width, indent = console.width, " " * 6
    console.print(Text(title, style="bold"))
    console.print(Text("alias kind · typification · " +
                       ("formula as written" if as_written else "formula"), style="dim"))
    console.print(Text(f"{indent}term · convention · gloss", style="dim"))
    for row in data:
        console.print()
        head = Text(f"{row['alias']:<5} ", style="bold")
        head.append(row["kind"] + (f" {row['value_class']}" if row["value_class"] else ""))
        head.append("  ")
        head.append("error" if row["error"] else row["type"] or "—",
                    style="bold red" if row["error"] else "")
        formula = _formula(row, as_written)
        lines = fold_formula(formula, width - len(indent)) if formula else []
        if len(lines) == 1 and "\n" not in formula and len(head) + 2 + len(formula) <= width:
            head.append("  " + formula)
            lines = []
        console.print(head)
        for line in lines:
            console.print(Text(indent + line), soft_wrap=True)
        said = [(text, style) for text, style in _notes(row)] + \
            [(getattr(texts[row["alias"]], key), style) for key, style in TEXTS
             if getattr(texts[row["alias"]], key)]
        for text, style in said:
            for line in wrap(text, width - len(indent)):
                console.print(Text(indent + line, style=style), soft_wrap=True)


def _table(console, title: str, data: list[dict], texts: dict, as_written: bool) -> None:
    from rich import box
    from rich.table import Table
    from rich.text import Text

    table = Table(title=title, box=box.SIMPLE_HEAD, show_lines=True, expand=True)
    table.add_column("alias", style="bold", no_wrap=True)
    table.add_column("kind", no_wrap=True)
    table.add_column("typification", no_wrap=True)
    table.add_column("formula as written" if as_written else "formula", ratio=3,
                     overflow="fold")
    table.add_column("term · convention · gloss", ratio=2, overflow="fold")
    for row in data:
        formula = Text(_formula(row, as_written))
        kind = row["kind"] + (f"\n{row['value_class']}" if row["value_class"] else "")
        typ = Text("error", style="bold red") if row["error"] else Text(row["type"] or "—")
        for text, style in _notes(row):
            formula.append("\n" + text, style=style)
        said = Text()
        for key, style in TEXTS:
            text = getattr(texts[row["alias"]], key)
            if text:
                if said:
                    said.append("\n")
                said.append(text, style=style)
        table.add_row(row["alias"], kind, typ, formula, said)
    console.print(table)
