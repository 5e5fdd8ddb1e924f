"""``setmine repair [ALIAS]… [--spec FILE] [--scope SCOPE] [--localize]
[--max-edits N] [--seconds S] [--max-candidates N] [--fixes N] [--validate
SCOPE|none] [--json] [--apply -o FILE]``: find the part of a term's formula
that betrays its convention and the smallest change that makes it right.
Each term (default: every term and axiom setmine knows the convention of,
in dependency order) is judged on every position of the scope (default
cells<=6) in isolation — the terms it uses given their right values — so a
term whose only fault is a term it uses is reported as inherited, not
faulty.  Its sub-expressions are ranked by how much a single change there
separates the failing positions from the passing ones (--localize stops
there); then every well-typed change of up to --max-edits edits (operators,
quantifiers, connectives, predicates, negation, an operand for the whole,
a global or bound variable for another of its type, ℬ red card Pr pr added
or removed) is tried, most suspicious first, each first on the positions
that rejected earlier candidates.  A fix is right on every position of the
scope; it is then validated on --validate (default every grid of each topology
up to 8 cells) and the whole
schema with it in place is cross-checked on the scope.  Each term is
repaired on the schema with the fixes found for the terms before it.
--apply -o FILE writes that schema, each fix with a note: repair: line.
Exit 0 when every term means its convention or was fixed, 1 when a fault
is left without a fix within the bounds, 2 on bad usage.
docs/repair.md: the operators, the search and the JSON format."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..crosscheck.reference import NOTIONS
from ..eval.interpret.model import dependency_order
from ..present.output.header import schema_line
from ..repairing.search import (DEFAULT_CANDIDATES, DEFAULT_EDITS, DEFAULT_FIXES, DEFAULT_SCOPE,
                             DEFAULT_SECONDS, DEFAULT_VALIDATE, RepairError, repair)
from ..repairing.text import applied, render, to_json
from ..verification.boards.scope import ScopeError, parse_shapes
from .commands import summary_of
from .common import SPEC_HELP, help_text, load_schema, writable, write_output
from .argtypes import file_name, positive_int, positive_seconds
from .progress import progress_bar, wanted

MAX_EDITS = 4


def add_parser(sub) -> None:
    p = sub.add_parser("repair", help=summary_of("repair"),
                       description=help_text(__doc__))
    p.add_argument("aliases", nargs="*", metavar="ALIAS",
                   help="the terms to repair (default: every term with a known convention)")
    p.add_argument("--spec", help=SPEC_HELP)
    p.add_argument("--scope", default=DEFAULT_SCOPE,
                   help=f"the boards whose every position judges a formula, as verify's "
                        f"--shapes (default {DEFAULT_SCOPE})")
    p.add_argument("--localize", action="store_true",
                   help="only rank the sub-expressions by suspicion; do not search for fixes")
    p.add_argument("--max-edits", type=positive_int, default=DEFAULT_EDITS, metavar="N",
                   help=f"at most N edits per fix, N ≤ {MAX_EDITS} (default {DEFAULT_EDITS})")
    p.add_argument("--seconds", type=positive_seconds, default=DEFAULT_SECONDS, metavar="S",
                   help=f"at most S seconds of search per term (default {DEFAULT_SECONDS:g})")
    p.add_argument("--max-candidates", type=positive_int, default=DEFAULT_CANDIDATES,
                   metavar="N", help=f"try at most N candidate formulas per term "
                                     f"(default {DEFAULT_CANDIDATES:,})")
    p.add_argument("--fixes", type=positive_int, default=DEFAULT_FIXES, metavar="N",
                   help=f"stop after N fixes of the fewest edits (default {DEFAULT_FIXES})")
    p.add_argument("--validate", default=DEFAULT_VALIDATE, metavar="SCOPE",
                   help=f"validate each fix on every position of SCOPE, or none "
                        f"(default {DEFAULT_VALIDATE})")
    p.add_argument("--json", action="store_true", help="the repairs as one JSON object")
    p.add_argument("--apply", action="store_true",
                   help="write the schema with the first fix of each term (needs -o)")
    p.add_argument("-o", "--output", metavar="FILE", type=file_name,
                   help="where --apply writes the schema")
    p.set_defaults(run=run)


def _scope(option: str, text: str) -> str:
    from . import UserError

    try:
        parse_shapes(text)
    except ScopeError as exc:
        raise UserError(f"{option} {text!r}: {exc}") from None
    return text


def terms(schema, aliases: list[str]) -> list[str]:
    """The terms to repair, in dependency order."""
    from . import UserError

    for alias in aliases:
        if alias not in schema:
            raise UserError(f"{alias!r} is not a constituent of {schema.path or 'the schema'}")
    order = [a for a in dependency_order(schema) if a in NOTIONS]
    if not aliases:
        return order
    unknown = [a for a in aliases if a not in order]
    if unknown:
        raise UserError(f"{unknown[0]} cannot be repaired: setmine knows the convention of "
                        f"{', '.join(NOTIONS)} only (the conventions of «КС Сапер»)")
    return [a for a in order if a in aliases]


def run(args) -> int:
    from . import UserError

    if args.apply and not args.output:
        raise UserError("--apply writes the repaired schema: give the file with -o FILE")
    if args.output and not args.apply:
        raise UserError("-o FILE is where --apply writes the repaired schema: add --apply")
    if args.apply:   # before the search, not after it
        writable(Path(args.output), "-o", (args.spec,))
    if args.max_edits > MAX_EDITS:
        raise UserError(f"--max-edits {args.max_edits}: at most {MAX_EDITS} (the candidates "
                        f"grow as the number of sub-expressions to the power of the edits)")
    scope = _scope("--scope", args.scope)
    validate = None if args.validate.strip().lower() == "none" else \
        _scope("--validate", args.validate)
    schema = load_schema(args.spec)
    if schema.errors():
        raise UserError(f"{schema.path}: the schema has errors; run `setmine spec` to see them")
    todo = terms(schema, args.aliases)
    results = []
    with progress_bar(len(todo), "repairing", wanted(args)) as bar:
        for i, alias in enumerate(todo):
            def progress(what, counts, alias=alias, done=i):
                bar(completed=done, note=f"{alias}: {what}, {counts.tried:,} candidates")
            try:
                result = repair(schema, alias, scope, max_edits=args.max_edits,
                                seconds=args.seconds, max_candidates=args.max_candidates,
                                fixes=args.fixes, validate=validate,
                                localize_only=args.localize, progress=progress)
            except RepairError as exc:
                raise UserError(str(exc)) from None
            results.append(result)
            fix = next((f for f in result.fixes if f.wrong_on is None), None)
            if fix is not None:  # the terms after it are repaired with this fix in place
                schema = applied(result, fix)
    if args.apply:
        write_output(Path(args.output), schema.source)
    if args.json:
        json.dump({"schema": args.spec or "spec/saper.rsl", "scope": scope,
                   "validate": validate, "max_edits": args.max_edits,
                   "terms": [to_json(r) for r in results],
                   "applied_to": args.output if args.apply else None},
                  sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        print(schema_line(results[0].schema if results else schema))
        for r in results:
            if r.status == "agrees" and not args.aliases:
                continue  # the whole schema: only what is wrong
            print()
            print("\n".join(render(r)))
        print()
        print(summary(results, args))
    left = [r for r in results if r.status in ("not-found", "undecided", "localized")]
    return 1 if left else 0


def summary(results, args) -> str:
    rows = [f"{r.alias}: {r.status}" + (f" ({len(r.fixes[0].edits)} edit"
                                         f"{'s' if len(r.fixes[0].edits) > 1 else ''})"
                                         if r.fixes else "")
            for r in results if r.status != "agrees"]
    agree = sum(r.status == "agrees" for r in results)
    return (f"{len(results)} term{'s' if len(results) != 1 else ''} judged on {args.scope}; "
            f"{agree} mean their conventions" + ("; " + ", ".join(rows) if rows else "")
            + (f"; the repaired schema is in {args.output}" if args.apply else ""))
