"""Write docs/verification.md: the shipped schemas verified over scopes.

For the schema as written and the corrected one: every property — the
axioms, `D18 ⊆ D1`, `D18 ∩ D8 = ∅`, `card(D15) ≥ 1`, `crosscheck`,
`observable` — over every position of every square, torus and hex board
of up to 9 cells, and over the games of the 3×3 boards with 1–3 mines and
of the 4×4 boards with 1 mine (one cell a move) and 1–2 mines (with
cascade);
then every 4×4 position (458,640,736 states) for the corrected schema on a
local Dask cluster, with a checkpoint.

    python bench/verification_doc.py                 # writes docs/verification.md
    python bench/verification_doc.py --quick -o /tmp/v.md   # small scopes, to try it
    python bench/verification_doc.py --only 4x4      # the 4×4 sections only, spliced in
    python bench/verification_doc.py --only positions-4x4 --checkpoint FILE   # every 4×4 position

Each table row is one run of `setmine verify` (all properties at once);
the times are this machine's, the states per second their ratio.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import sys

sys.path.insert(0, str(Path(__file__).resolve().parent))   # the prose, beside this script

from setmine.rsl.schema import Schema
from setmine.verification.boards.job import Job, loaded, shape_data
from setmine.verification.boards.verdicts import counterexample
from setmine.verification.boards.run import verify
from setmine.verification.boards.scope import count_positions, parse_shapes
from verification_prose import HEADER  # noqa: E402

SCHEMAS = ["spec/saper.rsl", "spec/saper-corrected.rsl"]
PROPERTIES = [("builtin", "axioms"), ("assert", "D18 ⊆ D1"), ("assert", "D18 ∩ D8 = ∅"),
              ("assert", "card(D15) ≥ 1"), ("builtin", "crosscheck"), ("builtin", "observable")]
SCOPES = [("positions", "cells<=9,torus:cells<=9,hex:cells<=9", None, False),
          ("games", "3x3", (1, 3), False), ("games", "4x4", (1, 1), False),
          ("games", "4x4", (1, 2), True)]
QUICK = [("positions", "cells<=5,torus:cells<=5,hex:cells<=5", None, False),
         ("games", "3x3", (1, 1), False), ("games", "3x3", (1, 2), True)]
LARGE = ("positions", "4x4", None, "spec/saper-corrected.rsl",
         [("assert", "D18 ∩ D8 = ∅"), ("assert", "card(D15) ≥ 1")])
CLUSTER = 32  # the workers of the cluster the whole board's time is projected on
QUICK_LARGE = ("positions", "2x4", None, "spec/saper-corrected.rsl",
               [("assert", "D18 ∩ D8 = ∅"), ("assert", "card(D15) ≥ 1")])
LARGE_HEADING = "## Every position of a large board, on a local Dask cluster"
GAMES = ("games", "4x4", (1, 2), [("assert", "D18 ∩ D8 = ∅"), ("assert", "card(D15) ≥ 1")])
GAMES_HEADING = "## The games of a large board, one cell opened per move"


def job(spec: str, scope: str, shapes: str, mines, properties, cascade: bool = False) -> Job:
    schema = Schema.load(spec)
    return Job(schema_text=schema.source, schema_path=spec,
               shapes=tuple(shape_data(s) for s in parse_shapes(shapes)),
               properties=tuple(properties), scope=scope, cascade=cascade,
               mines=mines or (0, None), max_states=10 ** 9)


def section(spec: str, scope: str, shapes: str, mines, cascade: bool,
            workers: int) -> list[str]:
    j = job(spec, scope, shapes, mines, PROPERTIES, cascade)
    result = verify(j, workers=workers)
    merged = result.merged
    mines_text = "" if not mines else (f", {mines[0]} mine{'s' if mines[0] > 1 else ''}"
                                       if mines[0] == mines[1] else
                                       f", {mines[0]}–{mines[1]} mines")
    mines_text += ", `--cascade` (a zero opens its neighbours)" if cascade else (
        ", one cell opened per move (D19)" if scope == "games" else "")
    out = [f"### {scope} of `{shapes}`{mines_text}", "",
           f"{merged['states']:,} states, {merged['distinct']:,} distinct up to symmetry; "
           f"{result.seconds:.0f} s on {workers} workers "
           f"({merged['states'] / result.seconds:,.0f} states/s).", "",
           "Boards: " + ", ".join(loaded(j.as_dict()).shapes[i].name
                                  for i in range(len(j.shapes))) + ".", "",
           "| property | verdict | states checked |", "| --- | --- | --- |"]
    drawn = []
    for p, tally in result.properties():
        found = tally["counterexample"]
        verdict = "holds" if found is None else f"**fails**: {found['why']}"
        out.append(f"| `{p[1]}` | {verdict} | {tally['checked']:,} |")
        if found is not None:
            lines = counterexample(Schema.load(spec), j, p, found, 100)
            drawn += ["", f"The first counterexample to `{p[1]}`:", "", "```", *lines, "```"]
    return out + drawn + [""]


def large(workers: int, scope, checkpoint: str | None) -> list[str]:
    kind, shapes, mines, spec, properties = scope
    j = job(spec, kind, shapes, mines, properties)
    result = verify(j, workers=workers, checkpoint=checkpoint, memory_limit=2 * 2 ** 30)
    merged = result.merged
    verdicts = ", ".join(f"`{p[1]}` {'holds' if t['counterexample'] is None else 'fails'}"
                         for p, t in result.properties())
    rate = merged["states"] / result.seconds
    n = len(loaded(j.as_dict()).shapes[0].cells)
    whole = count_positions(n, range(n))
    mines_text = "" if mines is None else \
        f" --mines {mines[0]}..{mines[1]}" if mines[0] != mines[1] else f" --mines {mines[0]}"
    projection = [] if mines is None else [
        f"Every position of the board, every mine count, is {whole:,} states: at this "
        f"rate, {whole / rate / 3600:.1f} h on {workers} workers, "
        f"{whole / rate * workers / CLUSTER / 60:.0f} min on a {CLUSTER}-worker Dask cluster "
        f"(`--scheduler`; the tasks are independent).  A projection, and a low one: a "
        f"position with more mines has more views, each computed once, so the rate drops "
        f"as the mine count grows.", ""]
    return [LARGE_HEADING, "",
            f"`setmine verify --spec {spec} --shapes {shapes}{mines_text} "
            + " ".join(f"--assert '{p[1]}'" for p in properties)
            + f" --workers {workers} --max-states {j.max_states}"
            + (" --checkpoint FILE" if checkpoint else "") + "`:", "",
            f"{merged['states']:,} states ({merged['distinct']:,} distinct up to symmetry), "
            f"{result.tasks} tasks, {result.seconds:.0f} s on {workers} worker processes: "
            f"{merged['states'] / result.seconds:,.0f} states/s, "
            f"{merged['distinct'] / result.seconds:,.0f} distinct states/s, each worker under "
            f"2 GB (`memory_limit`). {verdicts}.", "",
            "Every property here reads the hidden mines only by counting them "
            "(`card(S2)`, `card(pr2 c ∩ S2)`), so each set of open cells up to symmetry has "
            "its placements grouped by those counts — what the player sees — and each group "
            "is decided once on its least placement, its states counted, not visited "
            "(\"Groups of placements\" above).", "", *projection]


def large_games(workers: int, checkpoint: str | None) -> list[str]:
    """The games of 4×4 with 1–2 mines, one cell per move, for both schemas
    (each resumable from ``checkpoint``.NAME)."""
    kind, shapes, mines, properties = GAMES
    out = [GAMES_HEADING, "",
           f"`setmine verify --spec SCHEMA --scope games --shapes {shapes} --mines "
           f"{mines[0]}..{mines[1]} " + " ".join(f"--assert '{p[1]}'" for p in properties)
           + f" --workers {workers} --checkpoint FILE`: every game the schema's own player "
           "plays from every deal and every safe first click, every tie of D18 a branch, one "
           "cell opened per move (D19).", "",
           "| schema | states | distinct up to symmetry | seconds (this run) | distinct/s "
           "(this run) | verdicts |",
           "| --- | --- | --- | --- | --- | --- |"]
    for spec in SCHEMAS:
        j = job(spec, kind, shapes, mines, properties)
        name = Path(spec).stem
        result = verify(j, workers=workers, memory_limit=2 * 2 ** 30,
                        checkpoint=f"{checkpoint}.{name}" if checkpoint else None)
        merged = result.merged
        verdicts = ", ".join(f"`{p[1]}` {'holds' if t['counterexample'] is None else 'fails'}"
                             for p, t in result.properties())
        resumed = f" ({result.resumed:,} of {result.tasks:,} tasks from the checkpoint)" \
            if result.resumed else ""
        out.append(f"| `{spec}` | {merged['states']:,} | {merged['distinct']:,} | "
                   f"{result.seconds:.0f}{resumed} | {result.rate:,.0f} | {verdicts} |")
    return out + ["", "A resumed run's seconds and rate are those of the work done since it "
                      "resumed.", ""]




def splice(text: str, heading: str, lines: list[str]) -> str:
    """``text`` with the section under ``heading`` (to the next heading of
    its level or above) replaced by ``lines``."""
    level = heading.split(" ")[0]
    out, skipping, done = [], False, False
    for line in text.split("\n"):
        if skipping and line.startswith("#") and len(line.split(" ")[0]) <= len(level):
            skipping = False
        if line == heading and not done:
            out += lines
            skipping = done = True
        if not skipping:
            out.append(line)
    if not done:
        raise SystemExit(f"{heading!r} is not in the page: regenerate it whole")
    return "\n".join(out)


def with_header(text: str) -> str:
    """``text`` with its prose (everything before the first schema's
    results) as this script has it now."""
    return HEADER + text[text.index(f"## `{SCHEMAS[0]}`"):]


def only(args) -> None:
    """Regenerate the sections of the scopes on ``args.only`` (a shapes
    text, 4x4) in the existing page, each spliced in under its heading."""
    path = Path(args.output)
    text = with_header(path.read_text(encoding="utf-8"))
    if args.only == "games-4x4":  # the large games, each schema resumable from its checkpoint
        print("the large games", flush=True)
        lines = large_games(args.workers, args.checkpoint)
        text = splice(text, GAMES_HEADING, lines) if GAMES_HEADING in text else \
            text.rstrip("\n") + "\n\n" + "\n".join(lines)
        path.write_text(text, encoding="utf-8")
        return
    if args.only in (LARGE[1], f"positions-{LARGE[1]}"):  # first: the longest, resumable
        print("the large scope", flush=True)
        text = splice(text, LARGE_HEADING, large(args.workers, LARGE, args.checkpoint))
        path.write_text(text, encoding="utf-8")
        if args.only != LARGE[1]:
            return
    for spec in SCHEMAS:
        part_start = text.index(f"## `{spec}`")
        for scope, shapes, mines, cascade in SCOPES:
            if shapes != args.only:
                continue
            print(f"{spec}: {scope} of {shapes} {mines or ''}", flush=True)
            lines = section(spec, scope, shapes, mines, cascade, args.workers)
            part = text[part_start:]
            old = next((line for line in part.split("\n") if line.startswith(
                f"### {scope} of `{shapes}`") and ("--cascade" in line) == cascade), None)
            if old is None:
                raise SystemExit(f"no section for {scope} of {shapes} in {spec}'s part")
            text = text[:part_start] + splice(part, old, lines)
            path.write_text(text, encoding="utf-8")
    path.write_text(text, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-o", "--output", default="docs/verification.md")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--quick", action="store_true", help="small scopes, to try the script")
    parser.add_argument("--only", metavar="SHAPES",
                        help="regenerate only the sections of these shapes (4x4), the large "
                             "positions (positions-4x4) or the large games (games-4x4), in place")
    parser.add_argument("--checkpoint", metavar="FILE",
                        help="the large scope's checkpoint: a run stopped resumes from it")
    args = parser.parse_args()
    started = time.perf_counter()
    if args.only:
        only(args)
        print(f"wrote {args.output} in {time.perf_counter() - started:.0f} s")
        return
    lines = [HEADER]
    for spec in SCHEMAS:
        lines.append(f"## `{spec}`\n")
        for scope, shapes, mines, cascade in (QUICK if args.quick else SCOPES):
            print(f"{spec}: {scope} of {shapes} {mines or ''}", flush=True)
            lines += section(spec, scope, shapes, mines, cascade, args.workers)
    print("the large scope", flush=True)
    lines += large(args.workers, QUICK_LARGE if args.quick else LARGE, args.checkpoint)
    if not args.quick:
        lines += large_games(args.workers, args.checkpoint)
    Path(args.output).write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {args.output} in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
