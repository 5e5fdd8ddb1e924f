"""How long `setmine report` takes beside `setmine eval` on the same board,
and how large the page is — measured side by side in one run, as whole
commands (a fresh process each, as a user runs them).

The issue's bounds: on the expert board the page stays under ~5 MB and is
built in at most about twice the time of `setmine eval`.  The written
schema's report also evaluates the corrected schema (its default
`--against`), so it is compared both with `eval` of the written schema
alone and with `eval` of both schemas.

    python bench/report_speed.py                       # expert-midgame, 5 rounds
    python bench/report_speed.py --board beginner-midgame --rounds 3

Each round runs every command once, in turn, so that the machine's drift
hits them alike; the medians and their ratios are printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

SETMINE = [sys.executable, "-c", "import sys; from setmine.cli import main; sys.exit(main())"]


def timed(args: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(SETMINE + args, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", default="expert-midgame")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    out = tempfile.mkdtemp()
    written, corrected = "spec/saper.rsl", "spec/saper-corrected.rsl"
    commands = {
        "eval written": ["eval", args.board, "--spec", written],
        "eval corrected": ["eval", args.board, "--spec", corrected],
        "report written (+ corrected beside)": ["report", args.board, "--spec", written,
                                                "-o", f"{out}/w.html"],
        "report corrected": ["report", args.board, "--spec", corrected, "-o", f"{out}/c.html"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.rounds):
        for name, command in commands.items():
            times[name].append(timed(command))
    m = {name: statistics.median(ts) for name, ts in times.items()}
    print(f"{args.board}, {args.rounds} rounds, medians of whole commands:")
    for name, t in m.items():
        print(f"  {name:38} {t:6.2f} s")
    both = m["eval written"] + m["eval corrected"]
    print("ratios:")
    print(f"  report written / eval written          {m['report written (+ corrected beside)'] / m['eval written']:.2f}×")
    print(f"  report written / (eval written + eval corrected) "
          f"{m['report written (+ corrected beside)'] / both:.2f}×")
    print(f"  report corrected / eval corrected      {m['report corrected'] / m['eval corrected']:.2f}×")
    for name in ("w", "c"):
        size = os.path.getsize(f"{out}/{name}.html")
        print(f"  page {'written' if name == 'w' else 'corrected'}: {size:,} bytes "
              f"({size / 1e6:.2f} MB)")


if __name__ == "__main__":
    main()
