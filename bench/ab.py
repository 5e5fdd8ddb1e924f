"""One bench, two versions of setmine, side by side in one run: did a
change make it slower?

    .venv/bin/python bench/ab.py REV bench/eval_scaling.py [--rounds N] [-- ARGS…]

Checks REV (a commit, branch or tag) out into a temporary git worktree and
runs the bench script from there and from this working tree, alternately,
N rounds (the machine's drift falls on both alike).  Each bench prints its
own table; this script pairs the two tables line by line and, for every
time in them (a number followed by ``s`` or ``ms``; or a count of
``calls``, bench/eval_calls.py), prints the median over
the rounds for each version, the ratio this/REV of the medians and the
ratio of the best rounds (on a shared machine, the least disturbed run of
each).  Below 1: this tree is faster.  The worktree is removed afterwards.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIME = re.compile(r"(\d+(?:\.\d+)?) ?(ms|s|calls)\b")


def times(line: str) -> list[float]:
    """The times on a line of a bench's table, in seconds (and the counts
    of calls, as they are)."""
    return [float(v) / (1000 if unit == "ms" else 1) for v, unit in TIME.findall(line)]


def skeleton(line: str) -> str:
    """A line with its numbers blanked and its spaces collapsed: the same row
    of both tables (a number with one digit more shifts the columns)."""
    return " ".join(re.sub(r"\d+(?:\.\d+)?", "#", line).split())


def run(tree: Path, script: str, args: list[str]) -> list[str]:
    """The bench's output, with ``setmine`` imported from ``tree`` (ahead of
    the installed package)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, str(tree / script), *args], cwd=tree, env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"ab.py: {script} failed in {tree} (exit {done.returncode}):\n"
                         + done.stderr[-2000:])
    return done.stdout.splitlines()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the version to compare with (a commit, branch or tag)")
    parser.add_argument("script", help="the bench script, relative to the repository")
    parser.add_argument("--rounds", type=int, default=3)
    argv = sys.argv[1:]
    own, bench_args = (argv[:argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv \
        else (argv, [])
    options = parser.parse_args(own)
    options.args = bench_args
    if options.rounds < 1:
        parser.error("--rounds must be at least 1")
    if not (ROOT / options.script).is_file():
        parser.error(f"no bench script {options.script} in {ROOT.name}")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # the worktree goes, even when stopped
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        added = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base),
                                options.rev], capture_output=True, text=True)
        if added.returncode != 0:
            parser.error(f"cannot check out {options.rev}: {added.stderr.strip()}")
        try:
            outputs: dict[str, list[list[str]]] = {"base": [], "this": []}
            for round_ in range(options.rounds):
                order = [("base", base), ("this", ROOT)]
                for name, tree in order if round_ % 2 == 0 else reversed(order):
                    outputs[name].append(run(tree, options.script, options.args))
                print(f"round {round_ + 1}/{options.rounds} done", file=sys.stderr)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           check=False, capture_output=True)
    report(options.rev, outputs)


def report(rev: str, outputs: dict[str, list[list[str]]]) -> None:
    """Row by row (the two tables line up: the same bench prints them), each
    time's median over the rounds for both versions and their ratio."""
    print(f"{'row (seconds, or calls)':<40} {rev[:12]:>12} {'this':>12} {'ratio':>8} "
          f"{'ratio of the best':>18}")
    base_lines, this_lines = outputs["base"][0], outputs["this"][0]
    for i, (line, other) in enumerate(zip(base_lines, this_lines)):
        if skeleton(line) != skeleton(other) or not times(line):
            continue
        label = " ".join(line[:TIME.search(line).start()].split())[:40] or "(row)"
        base = list(zip(*(times(run[i]) for run in outputs["base"])))
        this = list(zip(*(times(run[i]) for run in outputs["this"])))
        for k, (a, b) in enumerate(zip(base, this)):
            ma, mb = statistics.median(a), statistics.median(b)
            ratio = f"{mb / ma:.2f}" if ma > 0 else "—"
            best = f"{min(b) / min(a):.2f}" if min(a) > 0 else "—"
            print(f"{label if k == 0 else '':<40} {ma:12.6g} {mb:12.6g} {ratio:>8} {best:>18}")


if __name__ == "__main__":
    main()
