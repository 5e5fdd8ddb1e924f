"""``setmine prove [SCHEMA] [--assert F]… [--timeout S] [--sizes SCOPE]
[--integers LO..HI] [--json] [--smt2 DIR] [--write-model OUT]``: is each
statement a theorem of the schema, true in every model of every size?

SCHEMA is any schema setmine reads (.rsl, .trs, the 2013 Exteor file, a
ConceptPortal session or bundle) or a shipped name (written, corrected;
default written).  Each statement (theorem) of the schema is decided in
order, then each --assert.  A statement is

  ✓ proved      for every model: cvc5 shows that its negation contradicts
                the axioms, definitions and earlier statements; the answer
                names those the proof used;
  ✗ refuted     the models scope (--sizes, by default every basic and
                constant set of at most 3 elements) found a counterexample:
                its smallest model is shown (--write-model writes it);
  ? unknown     neither, and the answer says what was tried.

A statement proved is a lemma for the later ones: place a helping
statement before a hard one.  When the axioms contradict each other,
every statement follows and is marked vacuous, never proved.

--timeout S is the prover's time for each statement (default 30); the
models scope takes at most --bounded-seconds (default 60) in all.
--smt2 DIR writes each proof obligation as a standalone SMT-LIB file
(python -m setmine.proof.cvc5run FILE answers it as the cvc5 binary does).
Exit status: 0 when every statement is proved, 1 when one is refuted,
3 when one is unknown or vacuous (and none refuted), 2 on bad input.
docs/proving.md: what "proved" means, the translation, and the JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .commands import summary_of
from .common import help_text, load_valid_schema, writable
from .argtypes import file_name, positive_seconds
from .progress import progress_bar, wanted

REQUEST_SECONDS = 30.0
REQUEST_HELP = ("the prover's time for each statement, in seconds (default {seconds:g}); the "
                "command ends within the statements' times and the models scope's")


def add_parser(sub) -> None:
    p = sub.add_parser("prove", help=summary_of("prove"), description=help_text(__doc__))
    p.add_argument("schema", nargs="?", default=None, metavar="SCHEMA",
                   help="the schema: a file or a shipped name (written, corrected; default "
                        "written)")
    p.add_argument("--assert", dest="assertions", action="append", default=[],
                   metavar="FORMULA", help="a statement to decide after the schema's own "
                                           "(repeatable; named assert1, assert2…)")
    p.add_argument("--sizes", metavar="SIZES",
                   help="the models scope: ALIAS=N or ALIAS<=N for every basic and constant "
                        "set (default: each <=3)")
    p.add_argument("--integers", metavar="LO..HI",
                   help="the integers a Z in a structure's domain stands for in the models "
                        "scope (default -2..2 where one is needed)")
    p.add_argument("--bounded-seconds", type=positive_seconds, default=60.0, metavar="S",
                   help="the models scope's time in all (default 60)")
    p.add_argument("--json", action="store_true", help="the answer as one JSON object")
    p.add_argument("--smt2", metavar="DIR", type=file_name,
                   help="write each proof obligation to DIR as a standalone SMT-LIB file")
    p.add_argument("--write-model", metavar="FILE", type=file_name,
                   help="write the first refuted statement's counterexample as a "
                        "ConceptPortal session")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..proof.decide import ProveInputError, decide, scope_of
    from ..proof.report import exit_status, text_lines, to_json
    from ..verification.models.scope import ModelScopeError
    from . import UserError

    schema = load_valid_schema(args.schema)
    try:
        scope = scope_of(schema, args.sizes, args.integers)
    except ModelScopeError as exc:
        raise UserError(f"--sizes: {exc}") from None
    if args.write_model:
        writable(Path(args.write_model), "--write-model", (schema.path,))
    if args.smt2:
        folder = Path(args.smt2)
        if not folder.is_dir():
            raise UserError(f"--smt2 {args.smt2}: not a folder (make it first)")
    with progress_bar(None, "prove", enabled=wanted(args)) as bar:
        try:
            outcome = decide(schema, args.assertions, timeout=args.timeout, scope=scope,
                             bounded_seconds=args.bounded_seconds, smt2_dir=args.smt2,
                             memory=args.max_memory, progress=lambda text: bar(note=text))
        except ProveInputError as exc:
            raise UserError(str(exc)) from None
    if args.write_model:
        refuted = [st for st in outcome.statements if st.counterexample is not None]
        if not refuted:
            raise UserError("--write-model: no statement was refuted: there is no "
                            "counterexample to write")
        from .verify_models import write_session

        write_session(schema, refuted[0].counterexample, Path(args.write_model),
                      f"setmine prove: a counterexample to {refuted[0].name}", "counterexample")
    if args.json:
        print(json.dumps(to_json(schema, outcome), ensure_ascii=False, indent=1))
    else:
        print("\n".join(text_lines(schema, outcome)))
    sys.stdout.flush()
    return exit_status(outcome)
