"""The work of a whole evaluation, counted: the Python function calls of
evaluating each shipped schema on seeded mid-game positions.  A count is
the same on every run, busy machine or idle, so it tells a change that
adds work from the noise that times carry; times are bench/eval_scaling.py
and bench/corrected_vs_solver.py.

    .venv/bin/python bench/eval_calls.py [--positions K] [--seed S]
    .venv/bin/python bench/ab.py main bench/eval_calls.py   # two versions side by side
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random

from eval_scaling import position

from setmine.board import structure
from setmine.eval.interpret.model import evaluate_schema
from setmine.resources import CORRECTED_SCHEMA, WRITTEN_SCHEMA
from setmine.rsl.schema import Schema

SIZES = [(9, 9, 10), (16, 30, 99)]


def calls(schema: Schema, datas: list[dict]) -> int:
    evaluate_schema(schema, datas[0])  # what is remembered across evaluations, made alike
    profile = cProfile.Profile()
    profile.enable()
    for data in datas:
        evaluate_schema(schema, data)
    profile.disable()
    return pstats.Stats(profile).total_calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    for path in (WRITTEN_SCHEMA, CORRECTED_SCHEMA):
        schema = Schema.load(path)
        for rows, cols, mines in SIZES:
            rng = random.Random(args.seed)
            datas = [structure(position(rng, rows, cols, mines)) for _ in range(args.positions)]
            print(f"{path.name} {cols}×{rows}/{mines}: {calls(schema, datas)} calls")


if __name__ == "__main__":
    main()
