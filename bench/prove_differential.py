"""The prover's translation against the evaluator, on random formulas over
random finite models: the figure docs/conformance.md quotes.

    .venv/bin/python bench/prove_differential.py --formulas 5000 --seed 1

The schemas, models and formulas are the conformance runs' own
(``rslgen``: bench/differential.py's generator).  For each well-typed
formula of type Logic that the evaluator answers without an error, the
model is fixed in SMT-LIB (``setmine/proof/concrete.py``: the basic sets
as distinct constants, the structures as set literals, the terms by their
translated definitions) and cvc5 is asked whether the translated formula
is true there, and whether it is false.  Counted:

* agree — cvc5 shows the evaluator's truth value;
* DIFFER — cvc5 shows the opposite (a translation fault: the run lists each);
* undecided — cvc5 shows neither within its time (no harm: a proof needs
  an unsat answer, which it did not give);
* no translation — the formula reads a construct the prover does not say
  (I{…}, R{…}, debool under a binder, an order on a constant set), by
  construct.

A model where a structure the formula reads has no value (an element
structure over an empty set) is no model of RSLang's and is skipped.
Exit status 1 when any formula differs.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from rslgen import make_case  # noqa: E402


def run(formulas: int, seed: int, seconds: float = 5.0, verbose: bool = False) -> dict:
    from setmine.eval.interpret.model import evaluate, functions
    from setmine.proof.concrete import truth
    from setmine.proof.theory import Theory
    from setmine.proof.translate import NoTranslation
    from setmine.rsl.syntax.errors import RSLError
    from setmine.sources import read_model

    rng = random.Random(seed)
    counts: collections.Counter = collections.Counter()
    differing: list[tuple[str, bool, bool, str]] = []
    asked = 0
    number = 0
    with tempfile.TemporaryDirectory() as folder:
        while asked < formulas:
            number += 1
            case = make_case(rng, number, 30, 0.0)
            path = Path(folder) / f"case{number}.json"
            path.write_text(json.dumps(case.session, ensure_ascii=False), encoding="utf-8")
            try:
                model = read_model(str(path))
            except Exception:  # noqa: BLE001 — a model setmine refuses is not this bench's
                counts["model refused"] += 1
                continue
            schema = model.schema
            valued = set(model.values)
            for i, expression in enumerate(case.expressions):
                if asked >= formulas:
                    break
                try:
                    if schema.typify(expression.text) != "Logic":
                        continue
                    tree = schema.expression_tree(expression.text)
                    want = evaluate(schema, expression.text, model.values)
                except (RSLError, RecursionError):
                    continue
                if not isinstance(want, bool):
                    continue
                theory = Theory(schema, functions(schema))
                try:
                    theory.statement("probe", tree)
                    reads = theory.closure(theory.translator.globals_read["probe"])
                except NoTranslation as exc:
                    asked += 1
                    counts[f"no translation: {exc.construct}"] += 1
                    continue
                if any(schema[a].kind == "structure" and a not in valued for a in reads):
                    counts["skipped: a structure without a value"] += 1
                    continue
                asked += 1
                theory = Theory(schema, functions(schema))
                try:
                    got = truth(theory, dict(model.values), f"f{i}", tree, seconds)
                except NoTranslation as exc:
                    counts[f"no translation: {exc.construct}"] += 1
                    continue
                if got is None:
                    counts["undecided"] += 1
                elif got == want:
                    counts["agree"] += 1
                else:
                    counts["DIFFER"] += 1
                    differing.append((expression.text, want, got, schema.dump()))
                    if verbose:
                        print("DIFFER", expression.text, want, got, flush=True)
    return {"formulas": asked, "counts": dict(counts), "differing": differing,
            "schemas": number}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--formulas", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=5.0, help="cvc5's time per question")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    started = time.monotonic()
    found = run(args.formulas, args.seed, args.seconds, args.verbose)
    spent = time.monotonic() - started
    counts = found["counts"]
    decided = counts.get("agree", 0) + counts.get("DIFFER", 0)
    print(f"{found['formulas']:,} formulas over {found['schemas']:,} random schemas and models "
          f"(seed {args.seed}), {spent:.0f} s")
    for key, n in sorted(counts.items(), key=lambda kv: -kv[1]):
        print(f"  {n:6,}  {key}")
    print(f"decided by cvc5: {decided:,}; differing from the evaluator: "
          f"{counts.get('DIFFER', 0):,}")
    for text, want, got, _ in found["differing"][:20]:
        print(f"  DIFFER {text}: evaluator {want}, translation {got}")
    return 1 if counts.get("DIFFER") else 0


if __name__ == "__main__":
    sys.exit(main())
