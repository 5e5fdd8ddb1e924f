"""setmine prove's targets (issue 44), measured side by side in one run.

    .venv/bin/python bench/prove_targets.py            # every target
    .venv/bin/python bench/prove_targets.py --quick    # no five-claim command run

* The corrected Saper, for every board of any size and topology: D8 ⊆ S2,
  D11 ∩ S2 = ∅, S2 \\ D8 ∈ D15, D18 ∩ D8 = ∅ (each with the earlier ones as
  lemmas) — each under 60 s; and the stretch, D11 ≠ ∅ ⇒ D18 = D11, with
  at most one lemma stated as a statement.
* The written Saper: D18 ∩ D8 = ∅ refuted on its smallest board.
* Relational laws on small schemas, each under 10 s: an equivalence is
  euclidean, a strict total order is asymmetric, the symmetric part of a
  partial order is the identity.
* ``setmine prove corrected --assert …`` with the five claims, under 5
  minutes on one core (the command as a user runs it: default scope
  X1<=3, cvc5 in a child process per obligation).
* Terms as named assertions (the default) against terms as ``define-fun``
  macros, on the same statements: the time to each proof.

Each line: the statement, its verdict, what the proof used, the seconds.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from setmine import load_schema  # noqa: E402
from setmine.proof.decide import decide  # noqa: E402
from setmine.rsl.schema import Schema  # noqa: E402
from setmine.verification.models.scope import parse_model_scope  # noqa: E402

SAPER = ["D8 ⊆ S2", "D11 ∩ S2 = ∅", "S2 \\ D8 ∈ D15", "D18 ∩ D8 = ∅"]
STRETCH = "D11 ≠ ∅ ⇒ D18 = D11"
STRETCH_LEMMA = "∀x∈D14 ∃b∈D15 x∈b"

LAWS = {
    "an equivalence is euclidean": ("""X1
S1 ::= ℬ(X1×X1)
A1 :== ∀a∈X1 (a,a)∈S1
A2 :== ∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∈S1)
A3 :== ∀a,b,c∈X1 ((a,b)∈S1 & (b,c)∈S1 ⇒ (a,c)∈S1)
""", "∀a,b,c∈X1 ((a,b)∈S1 & (a,c)∈S1 ⇒ (b,c)∈S1)"),
    "a strict total order is asymmetric": ("""X1
S1 ::= ℬ(X1×X1)
A1 :== ∀a∈X1 (a,a)∉S1
A2 :== ∀a,b,c∈X1 ((a,b)∈S1 & (b,c)∈S1 ⇒ (a,c)∈S1)
A3 :== ∀a,b∈X1 (a≠b ⇒ (a,b)∈S1 ∨ (b,a)∈S1)
""", "∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∉S1)"),
    "the symmetric part of a partial order is the identity": ("""X1
S1 ::= ℬ(X1×X1)
A1 :== ∀a∈X1 (a,a)∈S1
A2 :== ∀a,b∈X1 ((a,b)∈S1 & (b,a)∈S1 ⇒ a=b)
A3 :== ∀a,b,c∈X1 ((a,b)∈S1 & (b,c)∈S1 ⇒ (a,c)∈S1)
""", "D{p∈S1 | (pr2(p), pr1(p))∈S1} = D{q∈X1×X1 | pr1(q)=pr2(q)}"),
}


def show(outcome, macros: bool = False) -> None:
    for st in outcome.statements:
        used = f" from {', '.join(st.used)}" if st.used else ""
        extra = f" ({st.why})" if st.verdict == "unknown" else ""
        if st.verdict == "refuted":
            extra = f" on {st.counterexample.sizes}"
        print(f"  {st.formula:40} {st.verdict:8} {st.seconds:7.2f} s{used}{extra}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    corrected = load_schema("corrected")
    small = parse_model_scope(corrected, "X1<=2")
    print("The corrected Saper, every board of any size and topology (models scope X1<=2):")
    show(decide(corrected, SAPER, timeout=60, scope=small))
    print("The stretch, with one lemma placed before it:")
    show(decide(corrected, SAPER[:2] + [STRETCH_LEMMA, STRETCH], timeout=120, scope=small))
    print("The written Saper:")
    written = load_schema("written")
    show(decide(written, ["D18 ∩ D8 = ∅"], timeout=30, scope=parse_model_scope(written, "X1<=3")))
    print("Relational laws:")
    for name, (text, law) in LAWS.items():
        schema = Schema.parse(text, name)
        print(f" {name}:")
        show(decide(schema, [law], timeout=10, scope=parse_model_scope(schema, "X1<=3")))
    print("Terms as named assertions, then as define-fun macros (the same statements):")
    for macros in (False, True):
        started = time.monotonic()
        outcome = decide(corrected, SAPER, timeout=60, scope=small, macros=macros)
        proved = sum(st.verdict == "proved" for st in outcome.statements)
        prover = sum(s for st in outcome.statements for _, _, s in st.attempts)
        print(f"  {'macros' if macros else 'assertions':10} {proved} of {len(SAPER)} proved, "
              f"cvc5 {prover:.2f} s, in all {time.monotonic() - started:.1f} s")
    if args.quick:
        return
    command = [str(Path(sys.executable).parent / "setmine"), "prove", "corrected"]
    for claim in SAPER + [STRETCH]:
        command += ["--assert", claim]
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    print(f"setmine prove corrected --assert … (five claims, default scope): exit "
          f"{done.returncode}, {time.monotonic() - started:.0f} s")
    print("\n".join("  " + line for line in done.stdout.splitlines()))


if __name__ == "__main__":
    main()
