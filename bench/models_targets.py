"""Issue 45's targets for ``setmine verify --scope models``, measured side by
side in one run.

    .venv/bin/python bench/models_targets.py            # every row
    .venv/bin/python bench/models_targets.py --quick    # without the old ways' slow runs

Each row times what a user runs — the command itself, in a fresh process,
start-up included — against the way the same answer was got before this
issue: every model listed by the SAT search and sorted by nauty, each
property evaluated on each class (``listing.py``, still the fallback where
a formula does not translate exactly), capped at ``--cap`` seconds.

* graphs on 8 vertices counted (target: under 15 s);
* the starter bundle's stand-in (bench/schemas/starter.rsl) at
  ``--sizes 'X1<=3,X2<=2' --integers 0..3``: a false ``--assert`` refuted
  (under 20 s), ``--instances 1`` (under 10 s), every model counted (under
  60 s);
* kinship (bench/schemas/kinship.rsl) at ``X1<=4``, its statements decided
  (under 10 s);
* random schemas against the plain enumeration (``naive.py``: every
  interpretation, every axiom evaluated), at the sizes where it takes a
  second or more (target: at least 3× faster);
* one size vector on a local Dask cluster of 2 workers against 1 (target:
  at least 1.7× on 2 cores): connected graphs on 8 vertices, whose
  recursive axiom is evaluated on each model listed, and partial orders on
  8, counted by Ganak.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from setmine.rsl.schema import Schema  # noqa: E402
from setmine.verification.models import naive  # noqa: E402
from setmine.verification.models.answers.listing import listing  # noqa: E402
from setmine.verification.models.answers.run import search  # noqa: E402
from setmine.verification.models.scope import parse_model_scope  # noqa: E402

SCHEMAS = ROOT / "bench" / "schemas"
GRAPHS = "X1\nS1 ::= ℬ(X1×X1)\nA1 :== ∀a∈X1 (a,a)∉S1\nA2 :== ∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∈S1)\n"
ORDERS = ("X1\nS1 ::= ℬ(X1×X1)\nA1 :== ∀a∈X1 (a,a)∈S1\n"
          "A2 :== ∀a,b∈X1 ((a,b)∈S1 & (b,a)∈S1 ⇒ a=b)\n"
          "A3 :== ∀a,b,c∈X1 ((a,b)∈S1 & (b,c)∈S1 ⇒ (a,c)∈S1)\n")
STARTER = ("--sizes", "X1<=3,X2<=2", "--integers", "0..3")
FALSE = "∀c∈X2 card(F1[c]) ≤ 1"


def command(*argv: str, want: int | None = None) -> float:
    """Seconds of ``setmine verify --scope models ARGV`` in a fresh process
    (``want``: the models it must count)."""
    started = time.perf_counter()
    done = subprocess.run([str(Path(sys.executable).parent / "setmine"), "verify", "--scope",
                           "models", "--json", *argv], capture_output=True, text=True, cwd=ROOT)
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 1) or not done.stdout.startswith("{"):
        raise SystemExit(f"setmine failed: {done.stderr.strip()[-400:]}")
    if want is not None:
        import json
        found = json.loads(done.stdout)["models"]
        assert found == want, (argv, found, want)
    return seconds


def capped(cap: float, fn, *args) -> str:
    """``fn(*args)``'s seconds in a child, or ``>cap``."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    started = time.perf_counter()
    child = context.Process(target=fn, args=args)
    child.start()
    child.join(cap)
    if child.is_alive():
        child.kill()
        child.join()
        return f">{cap:g}"
    return f"{time.perf_counter() - started:.2f}"


def list_every_model(text: str, sizes: str, integers, properties: list[str]) -> None:
    """The way before: every model listed, classes by nauty, each property
    evaluated on each class."""
    schema = Schema.parse(text)
    scope = parse_model_scope(schema, sizes, integers)
    props = [{"name": c.alias, "formula": c.formal} for c in schema if c.kind == "theorem"] + \
        [{"name": f, "formula": f} for f in properties]
    for vector in scope.size_vectors():
        one = parse_model_scope(schema, ",".join(f"{a}={n}" for a, n in vector.items()),
                                integers)
        listing(schema, one, props, None, True)


def row(name: str, target: float, now: float, before: str) -> None:
    ratio = f"{float(before) / now:.1f}×" if before[0] != ">" else f">{float(before[1:]) / now:.0f}×"
    verdict = "ok" if now < target else "MISSED"
    print(f"{name:<44}{now:>8.2f}{before:>10}{ratio:>9}   < {target:g} s: {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="leave out the old ways' runs")
    parser.add_argument("--cap", type=float, default=120.0,
                        help="seconds an old way may run before it is called '>cap'")
    args = parser.parse_args()
    cap = 0.0 if args.quick else args.cap

    def before(*what) -> str:
        return capped(cap, list_every_model, *what) if cap else ">0"

    tmp = ROOT / "bench" / ".graphs8.rsl"
    tmp.write_text(GRAPHS, encoding="utf-8")
    try:
        print(f"{'what':<44}{'now s':>8}{'before s':>10}{'ratio':>9}   target")
        row("graphs on 8 vertices, counted", 15,
            command("--spec", str(tmp), "--sizes", "X1=8"), before(GRAPHS, "X1=8", None, []))
        starter = str(SCHEMAS / "starter.rsl")
        text = (SCHEMAS / "starter.rsl").read_text(encoding="utf-8")
        row("starter: a false --assert refuted", 20,
            command("--spec", starter, *STARTER, "--assert", FALSE),
            before(text, "X1<=3,X2<=2", "0..3", [FALSE]))
        row("starter: --instances 1", 10, command("--spec", starter, *STARTER, "--instances", "1"),
            ">0" if not cap else before(text, "X1<=3,X2<=2", "0..3", []))
        row("starter: every model counted", 60, command("--spec", starter, *STARTER),
            before(text, "X1<=3,X2<=2", "0..3", []))
        kinship = SCHEMAS / "kinship.rsl"
        row("kinship X1<=4: its statements decided", 10,
            command("--spec", str(kinship), "--sizes", "X1<=4"),
            before(kinship.read_text(encoding="utf-8"), "X1<=4", None, []))
    finally:
        tmp.unlink()
    random_schemas()
    workers()


POOL = ["∀a∈X1 (a,a)∉S1", "S2 ⊆ Pr1(S1)", "card(S2) ≤ 2", "∃a∈X1 (a,a)∈S1",
        "∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∈S1)", "Pr2(S1) ⊆ S2", "S1 ≠ ∅ ⇒ S2 ≠ ∅",
        "D{x∈X1 | (x,x)∈S1} = S2", "card(S1) ≥ card(S2)", "∀x∈S2 ∃y∈X1 (x,y)∈S1"]


def random_schemas(seed: int = 45, schemas: int = 6) -> None:
    """Random axioms over two structures: the plain enumeration against
    setmine's count, at X1=3 (the plain enumeration's seconds)."""
    rng = random.Random(seed)
    print(f"\n{'random schema (X1=3, counted)':<44}{'setmine':>8}{'plain':>10}{'ratio':>9}"
          f"   target: ≥ 3×")
    worst = None
    for k in range(schemas):
        axioms = rng.sample(POOL, 2)
        text = "X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\n" + "".join(
            f"A{i} :== {a}\n" for i, a in enumerate(axioms, 1))
        schema = Schema.parse(text)
        scope = parse_model_scope(schema, "X1=3")
        started = time.perf_counter()
        found = search(schema, scope, [], count=True)
        mine = time.perf_counter() - started
        started = time.perf_counter()
        plain = naive.census(schema, scope)
        theirs = time.perf_counter() - started
        assert (found["models"], found["labelled"]) == (plain.models, plain.labelled), text
        ratio = theirs / mine
        worst = ratio if worst is None else min(worst, ratio)
        print(f"{' & '.join(axioms)[:43]:<44}{mine:>8.2f}{theirs:>10.2f}{ratio:>8.1f}×")
    print(f"{'the least ratio':<44}{'':>8}{'':>10}{worst:>8.1f}×   "
          f"{'ok' if worst >= 3 else 'MISSED'}")


CONNECTED = GRAPHS + ("A3 :== ∀a∈X1 R{ξ := {a} | Pr2(Fi1[ξ](S1)) \\ ξ ≠ ∅ | "
                      "ξ ∪ Pr2(Fi1[ξ](S1))} = X1\n")   # R{}: not translated, the models listed


def workers() -> None:
    """One size vector on 1 and on 2 workers: connected graphs on 8
    vertices (the recursive axiom is evaluated, so the models are listed:
    11,117 classes, OEIS A001349), and partial orders on 8 (counted by
    Ganak)."""
    print(f"\n{'one size vector, --workers':<44}{'1 s':>8}{'2 s':>10}{'ratio':>9}   target: ≥ 1.7×")
    for name, text, known in [("connected graphs on 8 (listed)", CONNECTED, 11117),
                              ("partial orders on 8 (counted)", ORDERS, 16999)]:
        tmp = ROOT / "bench" / ".one-vector.rsl"
        tmp.write_text(text, encoding="utf-8")
        try:
            one = command("--spec", str(tmp), "--sizes", "X1=8", "--workers", "1", "--count",
                          "--instances", "1", want=known)
            two = command("--spec", str(tmp), "--sizes", "X1=8", "--workers", "2", "--count",
                          "--instances", "1", want=known)
        finally:
            tmp.unlink()
        print(f"{name:<44}{one:>8.2f}{two:>10.2f}{one / two:>8.2f}×   "
              f"{'ok' if one / two >= 1.7 else 'MISSED'}")


if __name__ == "__main__":
    main()
