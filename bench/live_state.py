"""The server's share of a click on the live page: ``setmine serve``'s
``/api/state`` answer (``setmine.serve.api.state``) for the written and the
corrected schema, timed in this process — the median of ``--rounds`` runs
after one warm-up (which parses the schemas and fills their caches).

    .venv/bin/python bench/live_state.py                      # expert and beginner
    .venv/bin/python bench/live_state.py --board expert-midgame --rounds 9
    .venv/bin/python bench/live_state.py --against /tmp/before   # another checkout beside

``--against DIR`` times a second checkout of setmine (the code before a
change, say) on the same requests, in a process of its own, the two taking
turns round by round so that the machine's drift hits them alike, and
prints both and their ratio.  The target (issue 38): a click on the expert
board drawn in under 1 s in Chromium (``bench/live_page.py``), so the
server's share well under 0.7 s.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(sys.argv[sys.argv.index("--tree") + 1]) if "--tree" in sys.argv \
    else Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from setmine.board import load_board  # noqa: E402
from setmine.board.files.textfile import write_board  # noqa: E402
from setmine.resources import board_file  # noqa: E402
from setmine.serve import api  # noqa: E402

SCHEMAS = ("written", "corrected")


def requests(boards: list[str]) -> dict[str, dict]:
    """The timed requests by name: each board under each schema."""
    out = {}
    for name in boards:
        board = load_board(board_file(name))
        for schema in SCHEMAS:
            out[f"{name} {board.rows}×{board.cols} {schema}"] = \
                {"schema": schema, "board": write_board(board)}
    return out


def timed(body: dict, rounds: int) -> list[float]:
    """The milliseconds of ``rounds`` runs of ``state(body)``, after a warm-up."""
    api.state(body)
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        api.state(body)
        times.append((time.perf_counter() - started) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", action="append",
                        help="a shipped board (default: expert-midgame, beginner-midgame)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--against", metavar="DIR", help="another checkout, timed beside")
    parser.add_argument("--tree", help=argparse.SUPPRESS)   # (this run's checkout)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    wanted = requests(args.board or ["expert-midgame", "beginner-midgame"])
    if args.json:   # one round of a --against comparison
        print(json.dumps({name: timed(body, args.rounds) for name, body in wanted.items()}))
        return
    if not args.against:
        for name, body in wanted.items():
            print(f"{name:34} {statistics.median(timed(body, args.rounds)):7.0f} ms  "
                  f"(median of {args.rounds})")
        return
    here, there = {n: [] for n in wanted}, {n: [] for n in wanted}
    command = [sys.executable, __file__, "--json", "--rounds", "1",
               *(x for b in args.board or () for x in ("--board", b))]
    for _ in range(args.rounds):   # turn by turn, each a fresh process
        for times, tree in ((here, ROOT), (there, args.against)):
            got = json.loads(subprocess.run(command + ["--tree", str(tree)], check=True,
                                            capture_output=True, text=True).stdout)
            for name, ms in got.items():
                times[name] += ms
    print(f"{'':34} {'this':>8} {'against':>8}  (median of {args.rounds}, ms)")
    for name in wanted:
        a, b = statistics.median(here[name]), statistics.median(there[name])
        print(f"{name:34} {a:8.0f} {b:8.0f}  ×{b / a:.2f} faster")


if __name__ == "__main__":
    main()
