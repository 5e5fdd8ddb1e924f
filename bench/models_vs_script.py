"""setmine verify --scope models against a plain script, side by side.

    .venv/bin/python bench/models_vs_script.py            # sizes 3 and 4
    .venv/bin/python bench/models_vs_script.py --sizes 4 5 --beyond 6 7

For graphs (irreflexive, symmetric) and partial orders (reflexive,
antisymmetric, transitive) on exactly n elements, both count the models up
to isomorphism and labelled: setmine's search on the RSLang schema (what
``verify --scope models`` runs: the SAT search with symmetry broken, nauty's
classes), and a script that tries every relation with itertools, checks the
axioms by hand and finds classes by trying every permutation.  It prints
each one's seconds and their ratio (script / setmine: above 1, setmine is
faster), and checks that the counts agree.  ``--beyond`` sizes are run by
setmine alone (the script would take hours), against the known counts.
Last, the kinship schema of bench/schemas (one basic set, four structures,
sixty terms, functions and predicates): the seconds to check its statements
over every model at X1<=4 and show the smallest counterexamples.

Issue 36 asks: partial orders on 5 elements at least 20× faster than the
script; on 6 faster than the script on 5; graphs on 7 under a minute;
kinship's counterexample at X1<=4 under 10 s.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from setmine.rsl.schema import Schema  # noqa: E402
from setmine.cli.verify_models import search  # noqa: E402
from setmine.verification.models.scope import parse_model_scope  # noqa: E402
# the plain script is the tests' own: itertools over every relation, by hand
from tests.verify.test_models_naive import by_hand, is_graph, is_order  # noqa: E402

SCHEMAS = {
    "graphs": "X1\nS1 ::= ℬ(X1×X1)\nA1 :== ∀a∈X1 (a,a)∉S1\nA2 :== ∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∈S1)\n",
    "partial orders": "X1\nS1 ::= ℬ(X1×X1)\nA1 :== ∀a∈X1 (a,a)∈S1\n"
                      "A2 :== ∀a,b∈X1 ((a,b)∈S1 & (b,a)∈S1 ⇒ a=b)\n"
                      "A3 :== ∀a,b,c∈X1 ((a,b)∈S1 & (b,c)∈S1 ⇒ (a,c)∈S1)\n",
}


TESTS = {"graphs": is_graph, "partial orders": is_order}


def script(name: str, n: int) -> tuple[int, int]:
    return by_hand(n, TESTS[name])


KNOWN = {("graphs", 6): (156, 32768), ("graphs", 7): (1044, 2097152),
         ("partial orders", 6): (318, 130023), ("partial orders", 7): (2045, 6129859)}
KINSHIP = Path(__file__).resolve().parent / "schemas" / "kinship.rsl"


def setmine(name: str, n: int) -> tuple[int, int]:
    schema = Schema.parse(SCHEMAS[name])
    found = search(schema, parse_model_scope(schema, f"X1={n}"), [], 0, count=True)
    return found["models"], found["labelled"]


def timed(f, *args):
    started = time.perf_counter()
    out = f(*args)
    return out, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--beyond", type=int, nargs="*", default=[])
    args = parser.parse_args()
    print(f"{'structures':<16}{'n':>3}{'models':>8}{'labelled':>10}"
          f"{'setmine s':>11}{'script s':>10}{'ratio':>8}")
    for name in SCHEMAS:
        for n in args.sizes:
            started = time.perf_counter()
            mine = setmine(name, n)
            mine_s = time.perf_counter() - started
            started = time.perf_counter()
            theirs = script(name, n)
            theirs_s = time.perf_counter() - started
            assert mine == theirs, (name, n, mine, theirs)
            print(f"{name:<16}{n:>3}{mine[0]:>8}{mine[1]:>10}"
                  f"{mine_s:>11.2f}{theirs_s:>10.2f}{theirs_s / mine_s:>8.2f}")
        for n in args.beyond:
            mine, mine_s = timed(setmine, name, n)
            assert mine == KNOWN[(name, n)], (name, n, mine)
            print(f"{name:<16}{n:>3}{mine[0]:>8}{mine[1]:>10}{mine_s:>11.2f}{'—':>10}{'':>8}")
    schema = Schema.load(KINSHIP)
    found, seconds = timed(search, schema, parse_model_scope(schema, "X1<=4"), [], 0)
    failed = [p["name"] for p in found["properties"] if not p["holds"]]
    print(f"kinship (X1<=4): statements failing: {', '.join(failed)}; {seconds:.2f} s")


if __name__ == "__main__":
    main()
