"""How much faster `setmine verify` checks a scope than evaluating each
position on its own, measured side by side in one run.

The plain way is what the exhaustive test of the cross-check did before
`verify` existed: for each position, `crosscheck(schema, board)` — every
term from its formula, every reference from the solver.  `verify` checks
the same property on the same states with its term memo (each term once
per value of the structures it reads) and with symmetry reduction (one
position per class); `--no-symmetry` shows the memo's share alone.

    python bench/verify_speed.py                    # ≤ 8-cell square boards
    python bench/verify_speed.py --shapes 2x3,1x7 --sample 300

Prints the states per second of each way and the ratios.  The plain rate
is measured on an evenly spaced sample of the scope's positions (every
position would take minutes), the others on the whole scope.
"""

from __future__ import annotations

import argparse
import itertools
import time

from setmine.crosscheck.agreement import crosscheck
from setmine.crosscheck.positions import positions
from setmine.rsl.schema import Schema
from setmine.verification.boards.job import Job, shape_data
from setmine.verification.boards.run import verify
from setmine.verification.boards.scope import count_positions, parse_shapes


def plain_rate(schema: Schema, shapes, sample: int) -> tuple[float, int]:
    """Positions per second of one crosscheck per position, on ``sample``
    positions spread evenly over the scope."""
    total = sum(count_positions(len(s.cells), range(len(s.cells))) for s in shapes)
    step = max(total // sample, 1)
    every = itertools.chain.from_iterable(positions(s, moves="all") for s in shapes)
    boards = list(itertools.islice(every, 0, None, step))[:sample]
    started = time.perf_counter()
    bad = sum(not crosscheck(schema, b).ok for b in boards)
    seconds = time.perf_counter() - started
    assert bad == 0, f"{bad} positions disagree: the corrected schema should agree everywhere"
    return len(boards) / seconds, len(boards)


def verify_rate(schema: Schema, shapes, symmetry: bool) -> tuple[float, dict]:
    job = Job(schema_text=schema.source, schema_path=schema.path,
              shapes=tuple(shape_data(s) for s in shapes),
              properties=(("builtin", "crosscheck"),), symmetry=symmetry)
    result = verify(job)
    assert result.holds
    return result.merged["states"] / result.seconds, result.merged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shapes", default="cells<=8")
    parser.add_argument("--spec", default="spec/saper-corrected.rsl")
    parser.add_argument("--sample", type=int, default=600)
    args = parser.parse_args()
    schema = Schema.load(args.spec)
    shapes = parse_shapes(args.shapes)
    print(f"crosscheck of {args.spec} on {', '.join(s.name for s in shapes)}")
    plain, n = plain_rate(schema, shapes, args.sample)
    print(f"  plain, one crosscheck per position: {plain:8,.0f} states/s ({n} positions)")
    memo, merged = verify_rate(schema, shapes, symmetry=False)
    print(f"  verify --no-symmetry (term memo):   {memo:8,.0f} states/s "
          f"({merged['states']:,} states)   ×{memo / plain:.1f}")
    both, merged = verify_rate(schema, shapes, symmetry=True)
    print(f"  verify (memo and symmetry):         {both:8,.0f} states/s "
          f"({merged['states']:,} states, {merged['distinct']:,} distinct)   "
          f"×{both / plain:.1f}")


if __name__ == "__main__":
    main()
