"""Do the tests catch the faults they are meant to?  A small mutation run.

    .venv/bin/python bench/mutations.py            # every listed fault
    .venv/bin/python bench/mutations.py --list     # the faults, without running
    .venv/bin/python bench/mutations.py --only models -n 0   # the models scope's, one process

Each fault below is one edit of the source that a reviewer found escaping
every test of its folder (issue 37).  For each, the script writes the last
commit's files to a temporary folder, applies the edit there,
and runs the fast tier of the tests that should catch it (``-m "not slow"``,
stopping at the first failure).  A fault is *caught* when a test fails.
The working tree is never touched.  It prints one line a fault and the
figure: caught / listed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# the tests that should catch a fault of the models scope: its grounding and
# nauty's counts (held to the plain enumeration), and its model files' readers
MODELS_TESTS = ("tests/verification/test_models_faults.py tests/verification/test_models_differential.py "
                "tests/rsl/test_language_table.py")
MODEL_FILE_TESTS = "tests/model/test_model_faults.py tests/model/test_files.py"
ANSWERS_TESTS = "tests/verification/test_models_answers.py tests/verification/test_models_command.py"

FAULTS = [
    ("the repair judge skips its last case", "setmine/repairing/search.py",
     "for place, i in enumerate(self.order):", "for place, i in enumerate(self.order[:-1]):",
     "tests/repair"),
    ("the evidence keeps only the last witness on the path", "setmine/present/explain/trace.py",
     "    for trace in traces:\n        walk(trace)\n    return found\n",
     "    for trace in traces:\n        walk(trace)\n    return found[-1:]\n", "tests/verify"),
    ("counting's forward pass with >= for >", "setmine/eval/values/counting.py",
     "        elif have > room:", "        elif have >= room:", "tests/eval"),
    ("the SAT grounding's difference as an intersection", "setmine/verification/models/grounding.py",
     '"\\\\": lambda x, y: c.and_((x, neg(y)))', '"\\\\": lambda x, y: c.and_((x, y))',
     "tests/verify"),
    ("the lex-leader constraint reversed", "setmine/verification/models/circuits.py",
     "self.clause((neg(equal_so_far), neg(x), y))", "self.clause((neg(equal_so_far), x, neg(y)))",
     "tests/verify"),
    # a local cluster as a terminal runs it
    ("the workers inherit Ctrl-C", "setmine/verification/cluster.py",
     "                with _spawning_workers():", "                with ExitStack():",
     "tests/verification/test_cluster_command.py"),
    ("the workers inherit the address-space limit", "setmine/verification/cluster.py",
     "        lifted = _lift_address_space()", "        lifted = None", "tests/verify"),
    # the language written in many places (issue 37, item 5): a construct forgotten in a stage
    ("the reader forgets the filter", "setmine/present/explain/reading.py",
     "    def read_Filter(self, n):", "    def read_Filter_(self, n):", "tests/rsl"),
    ("repair forgets ∆ among the set operators", "setmine/repairing/mutations.py",
     'SET_OPERATORS = ("∪", "∩", "\\\\", "∆")', 'SET_OPERATORS = ("∪", "∩", "\\\\")',
     "tests/rsl"),
    ("the compiled path forgets ∆", "setmine/eval/compiled/compiler.py",
     '"∆": int.__xor__}', '"∆_": int.__xor__}', "tests/rsl"),
    # setmine prove's translation (issue 44): a fault there proves false things
    ("the prover's ∪ of terms as ∩", "setmine/proof/smtlib.py",
     'SET_OPS = {"∪": "set.union",', 'SET_OPS = {"∪": "set.inter",', "tests/proof"),
    ("the prover's x ∈ A ∪ B as x ∈ A ∩ B", "setmine/proof/membership.py",
     '{"∪": lambda: disj([a, b]),', '{"∪": lambda: conj([a, b]),', "tests/proof"),
    ("the prover drops a structure's domain", "setmine/proof/theory.py",
     "inside = t.membership(alias, alias, tree, SetType(own))", 'inside = "true"',
     "tests/proof"),
    ("the prover drops a quantifier's domain", "setmine/proof/translate.py",
     'return f"(forall ({bound}) (=> {conj(guards)} {body}))"',
     'return f"(forall ({bound}) {body})"', "tests/proof"),
    ("the prover reads ∃ as ∀", "setmine/proof/translate.py",
     '        if node.op == "∀":\n            return f"(forall',
     '        if node.op in "∀∃":\n            return f"(forall', "tests/proof"),
    ("the prover's card off by one", "setmine/proof/translate.py",
     'return f"(set.card {self.term(node.arg, env, ty, arg_t)})"',
     'return f"(+ 1 (set.card {self.term(node.arg, env, ty, arg_t)}))"', "tests/proof"),
    # the models scope (issue 45, tests that bite): each lost or miscounted models unseen
    ("models: a set-builder over a structure drops the domain's membership",
     "setmine/verification/models/grounding.py",
     "return _kept({u: self.c.and_((p, self.formula(",
     "return _kept({u: self.c.and_((self.formula(", MODELS_TESTS),
    ("models: an ∃ ignores whether the candidate is present",
     "setmine/verification/models/grounding.py",
     "else self.c.and_((present, inner)))", "else inner)", MODELS_TESTS),
    ("models: a filter of several parameters with or for and",
     "setmine/verification/models/grounding.py",
     "keep = c.and_(q.members.get(u[i - 1], False) for i, q in zip(n.indices, params))",
     "keep = c.or_(q.members.get(u[i - 1], False) for i, q in zip(n.indices, params))",
     MODELS_TESTS),
    ("models: a grounded - computes +", "setmine/verification/models/grounding.py",
     '"-": lambda x, y: x - y', '"-": lambda x, y: x + y', MODELS_TESTS),
    ("models: nauty's group order truncated, not rounded", "setmine/verification/models/canonical.py",
     "order = round(mantissa * 10 ** exponent)", "order = int(mantissa * 10 ** exponent)",
     MODELS_TESTS),
    ("models: a Portal tuple with extra components cut to fit", "setmine/model/decode.py",
     "            parts = raw[1:]\n", "            parts = raw[1:1 + n]\n", MODEL_FILE_TESTS),
    ("models: a tuple's extra components cut in any model file", "setmine/model/decode.py",
     "        if len(parts) != n:", "        if len(parts) < n:", MODEL_FILE_TESTS),
    ("models: setmine's model file lists an element's name twice",
     "setmine/model/interpretation.py",
     "out[index], named[name] = name, index", "out[index] = name", MODEL_FILE_TESTS),
    ("models: setmine's model file binds a name to two elements",
     "setmine/model/interpretation.py",
     "                named[name] = index\n", "", MODEL_FILE_TESTS),
    # the models scope's answers (issue 45): decided, counted, split
    ("models: Burnside's weight of a cycle type forgets the cycles' order",
     "setmine/verification/models/answers/counting.py",
     "many //= length ** times * factorial(times)", "many //= length ** times", ANSWERS_TESTS),
    ("models: a renaming's cycle left open in a fixed model",
     "setmine/verification/models/answers/counting.py",
     "                out.append([-v, w])", "                pass", ANSWERS_TESTS),
    ("models: a counterexample not made least", "setmine/verification/models/answers/deciding.py",
     "            bound = self._at_most(verdict.weight[1] - 1)", "            break",
     ANSWERS_TESTS),
    ("models: debool taken for exact", "setmine/verification/models/exactness.py",
     'if isinstance(part, s.Apply) and part.op == "debool":', "if False:", ANSWERS_TESTS),
    ("models: a size vector skipped once a property fails at as many elements",
     "setmine/verification/models/answers/run.py",
     "least.get(name, size + 1) < size for name", "least.get(name, size + 1) <= size for name",
     ANSWERS_TESTS),
    ("models: the shares of a count overlap", "setmine/verification/models/sat.py",
     "return [exactly(m) for m in possible[j::parts]]", "return [exactly(m) for m in possible]",
     ANSWERS_TESTS),
]


def committed(into: str) -> None:
    """The last commit's files (not the working tree's, which may be
    mid-edit) written into the folder ``into``."""
    archive = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", into], input=archive, check=True)


def run(fault, processes: str = "2") -> tuple[bool, float, str]:
    """(caught, seconds, the first failed test).  Caught means a test
    *failed* (a FAILED line): a collection or import error is the copy's
    fault, not a catch, and stops the script."""
    name, path, old, new, tests = fault
    with tempfile.TemporaryDirectory(prefix="setmine-mutant-") as tmp:
        committed(tmp)
        source = (Path(tmp) / path).read_text(encoding="utf-8")
        if old and source.count(old) != 1:
            raise SystemExit(f"{name}: the text to change is not in {path} once; update FAULTS")
        (Path(tmp) / path).write_text(source.replace(old, new), encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": tmp}
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-m", "not slow",
                               "-p", "no:cacheprovider", "-n", processes, *tests.split()],
                              cwd=tmp, env=env, capture_output=True, text=True)
        seconds = time.perf_counter() - started
        failed = [line for line in done.stdout.splitlines() if line.startswith("FAILED")]
        if done.returncode != 0 and not failed:   # (xdist's -x stops with status 2)
            raise SystemExit(f"{name}: the tests did not run (status {done.returncode}):\n"
                             f"{done.stdout[-1500:]}{done.stderr[-500:]}")
        detail = failed[0] if failed else ""
        if failed and name == "no fault":   # what went wrong, to fix it
            detail += "\n" + "\n".join([line for line in done.stdout.splitlines()
                                         if line.startswith("E ")][:40])
        return bool(failed), seconds, detail


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="list the faults, run nothing")
    parser.add_argument("--only", metavar="WORDS",
                        help="only the faults whose name contains WORDS (e.g. 'prover')")
    parser.add_argument("-n", "--processes", default="2", metavar="N",
                        help="pytest-xdist's -n for each run (0: in one process; default 2)")
    args = parser.parse_args()
    faults = [f for f in FAULTS if not args.only or args.only in f[0]]
    if args.list:
        for name, path, *_ , tests in FAULTS:
            print(f"{name}  ({path}; {tests})")
        return
    for tests in dict.fromkeys(f[4] for f in faults):   # each folder passes without a fault
        failed, seconds, why = run(("no fault", "README.md", "", "", tests), args.processes)
        if failed:
            raise SystemExit(f"{tests} fails without any fault ({why}): fix that first")
        print(f"passes   with no fault  ({tests}, {seconds:.0f} s)")
    caught = 0
    for fault in faults:
        hit, seconds, why = run(fault, args.processes)
        caught += hit
        print(f"{'caught ' if hit else 'ESCAPED'}  {fault[0]}  ({fault[4]}, {seconds:.0f} s)"
              + (f"\n         {why}" if hit else ""))
    print(f"{caught} of {len(faults)} faults caught")


if __name__ == "__main__":
    main()
