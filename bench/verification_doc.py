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

from setmine.rsl.schema import Schema
from setmine.verify.job import Job, loaded, shape_data
from setmine.verify.verdicts import counterexample
from setmine.verify.run import verify
from setmine.verify.scope import count_positions, parse_shapes

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


HEADER = """# Verification of the shipped schemas

`setmine verify` checks properties of a schema on every board of a scope,
as Alloy checks within a scope and TLC over every reachable state.  This
page says how to use it, then shows what it finds on the two shipped
schemas.  The results below are generated by `python
bench/verification_doc.py` (do not edit them by hand): each table is one
run with all six properties at once.  The longest of those runs take
longer than `setmine verify`'s default `--timeout` of 600 s: to repeat one
from the command line, give a larger `--timeout` (and `--checkpoint FILE`,
so that a stopped run resumes where it was).

## Scopes

`--shapes` lists boards, comma-separated:

| item | boards |
| --- | --- |
| `2x2`, `1x3` | the square grid of R rows and C columns (8 neighbours) |
| `torus:3x3`, `hex:2x3` | a grid of another topology |
| `cells<=8`, `torus:cells<=9` | every R×C grid with R ≤ C and R·C ≤ N whose neighbour relation satisfies A1–A3 |
| `ring.json`, `spec/boards/tiny-2x2.board` | a board file: its cells and neighbours (a graph too) |

`--mines K` or `--mines A..B` restricts the mine counts (default: every
count from 0 to cells − 1).  `--max-states N` refuses, before running, a
scope of more than N states (default 10,000,000).

* **positions** (`--scope positions`, the default): every legal position —
  S2 any placement of the mines, S3 any set of safe cells leaving a closed
  safe cell (the game is on), S4 any closed cell.  On n cells there are
  Σₖ C(n,k) Σⱼ₌₀^{n−k−1} C(n−k,j)(n−j) of them: 8 on 1×2, 184 on 2×2,
  115,794 on 3×3, 4,226,952 on 3×4.  A6 is the *player's* rule and the
  move here is any closed cell, so A6 is rightly false wherever the move
  is not a cell of D18: a failure of `axioms` in this scope says only that
  D18 is not every closed cell.
* **games** (`--scope games`): the positions the schema's own player
  reaches — from every deal and every first click the rule allows
  (`--first-click safe|zero|unsafe`), each next move any closed cell A6
  admits (every tie a branch, so A6 holds along every trace), opening one
  cell (D19) or, with `--cascade`, a zero's neighbours too, until the
  game is won or lost.  Breadth-first from each deal, so a counterexample
  comes with a shortest trace.

## Every model of any schema (`--scope models`)

    setmine verify --spec kinship.rsl --scope models --sizes 'X1<=2'
    setmine verify --spec plan.rsl --scope models --sizes 'X1<=3,X2=2,C1=2' --integers 0..4 \\
        --assert 'card(S1) ≥ 1' --json --write-model counterexample.json

For any schema, not only the Saper (a worked example: `docs/models.md`):
the scope gives every basic and constant set a size (`ALIAS=N`, or
`ALIAS<=N` for every size from 0 to N; each one needs a bound), and
`--integers LO..HI` the integers a `Z` in a structure's domain stands for.

* **Interpretations**: a basic set of size n has the elements 0…n−1 (named
  so in the output and in a written model), a constant set the integers
  0…n−1, and each structure any value of its domain — `S1 ::= ℬ(X1×X1)`
  any set of pairs, `S2 ::= X1` any element, `S3 ::= ℬ(S1)` any subset of
  S1's value in that interpretation.  The axioms are facts: the
  interpretations where every axiom is true are the **models**.
* **Properties**: every statement (theorem) of the schema and every
  `--assert` formula, each checked on every model; a property that fails is
  shown on its smallest model (fewest elements, then fewest members of the
  structures).  With nothing to check, the first `--instances N` models up
  to isomorphism are shown (Alloy's `run`).  When the axioms have no model
  in the scope, the output says so: every property then holds vacuously.
* **Counts**: `labelled_models`, every model; `models`, up to isomorphism —
  two models are the same when renaming the elements of each basic set
  turns one into the other (constants and integers keep their values).
* **JSON**: `models`, `labelled_models`, `interpretations` (the candidate
  models the SAT solver gave, or the interpretations the enumeration looked
  at), `engine` (`sat` or `enumeration`), `left_to_evaluator` (the axioms,
  or parts of them, the solver did not see), `vacuous`, `properties[]` with
  `name` (the alias, or the formula of an `--assert`), `formula`, `holds`
  and `counterexample` (`null`, or `sizes` and `model`: alias → value in
  `docs/json.md`'s encoding), and `instances`.
* **`--write-model FILE`**: the first counterexample (or the first model)
  as a ConceptPortal rstool session, which the Portal's engine and
  `setmine eval FILE` read back with every axiom true.
* **Many cores, stops and resumes**: one task per size vector (the models
  of different sizes are different), run here or on Dask (`--workers N`,
  `--scheduler ADDRESS`); `--checkpoint FILE` keeps each finished size
  vector, and a run stopped by Ctrl-C or `--timeout` says how many it
  finished and resumes from the file.

### How the models are found, and why every one is

For each size vector, every structure becomes Boolean variables, one per
candidate member (`S1 ::= ℬ(X1×X1)` on 3 elements: 9 variables, one per
pair; `S4 ::= ℬ(S2×S3)`: one per pair of the product's candidates, each
implying its pair is in S2×S3; `S5 ::= X1`: one per element, exactly one
true).  Every axiom is then *grounded* into a circuit over these variables
(`verify/models/grounding.py`, Kodkod's translation written for RSLang): a
set expression becomes a map from candidate members to the literal "it is
a member", a quantifier over a set the conjunction (∀) or disjunction (∃)
of its body at every candidate, `card` a one-hot count.  CaDiCaL (through
python-sat) lists the solutions, each blocked once found.

* **Nothing is lost.** The circuit of an axiom is true on exactly the
  interpretations where the axiom is (where the evaluator would stop with
  an error, on `debool` of a set that is not a singleton, the axiom does
  not hold, and the circuit may say anything).  What does not ground —
  an imperative or recursive definition, an iteration over `Z`, a power set
  of more than 12 candidates — is left out of the circuit (the JSON's
  `left_to_evaluator`), so the solver may give more than the models, never
  fewer; every solution is checked by the evaluator on every axiom before
  it counts.
* **Symmetry.** The solver is asked only for solutions no greater, in the
  order of the variables, than the same solution with two consecutive
  elements of a basic set swapped (lex-leader constraints, Crawford et al.
  1996).  The least solution of a class over every renaming is no greater
  than any renaming of itself, so it passes them all: every class keeps a
  model, and most of its other members are cut (graphs on 7 elements:
  4,045 solutions for 1,044 classes and 2,097,152 labelled models).
* **Classes and counts.** A model becomes a coloured graph (elements
  coloured by their set, each constant its own colour, each value of a
  structure a vertex joined to its members or, through position vertices,
  to its components), whose automorphisms are the model's.  nauty gives its
  canonical certificate (two models are isomorphic exactly when the
  certificates are equal) and the order of its automorphism group, and
  each class counts Π nᵢ!/|Aut| labelled models (orbit–stabiliser).
  `--no-symmetry` asks the solver for every model instead and counts them
  one by one.
* **Checked against the definitions.** `verify/models/naive.py` tries
  every interpretation and evaluates the axioms on each; its canonical form
  tries every renaming.  The tests hold the SAT search to it on schemas of
  several structures (domains built from structures and terms, element
  structures, constants, integers, functions) and on random sets of axioms,
  and nauty's certificates and group orders to every renaming; known
  answers are tests too: graphs (11 on 4 vertices up to isomorphism, 64
  labelled), partial orders (16 and 219 on 4), functions between two sets,
  a constant set and integers.
* **When a domain does not ground** (a structure `ℬℬ(X1)` on more than
  12 elements…), the enumerating search (`verify/models/search.py`) lists
  every value of each domain, evaluating an axiom as soon as the structures
  it reads have values; a scope of more than `--max-states` interpretations
  (default 100,000,000) is then refused before any work.

**Speed** (`bench/models_vs_script.py`, one core; the script tries every
relation with itertools and finds classes by trying every permutation):

| | setmine | plain script | ratio |
|---|---|---|---|
| graphs on 5 elements (34 classes, 1,024 labelled) | 0.05 s | 71.4 s | 1,578× |
| partial orders on 5 (63, 4,231) | 0.18 s | 71.5 s | 395× |
| partial orders on 6 (318, 130,023) | 1.9 s | — | |
| graphs on 7 (1,044, 2,097,152) | 2.0 s | — | |
| partial orders on 7 (2,045, 6,129,859) | 31 s | — | |
| kinship, 60 terms (bench/schemas), X1<=4: 1,397 classes, 3 statements refuted | 3.1 s | — | |

### The Saper over every topology

`--scope models` on `spec/saper-corrected.rsl` ranges over every neighbour
relation the axioms allow (any S1 that is irreflexive, symmetric, with a
neighbour for every cell — not only grids), every placement of mines,
every set of open cells and every move A5 and A6 allow:

    setmine verify --spec spec/saper-corrected.rsl --scope models --sizes 'X1<=5' \\
        --assert 'D8 ⊆ S2' --assert 'D11 ∩ S2 = ∅' --assert 'S2 \\ D8 ∈ D15' \\
        --assert 'D11 ≠ ∅ ⇒ D18 = D11' --assert 'debool(S4) ∉ S2'

Up to 5 cells: 4,528 models up to isomorphism, 400,696 labelled (43 s;
A6 reads D18 through ℬℬ(X1), so it is left to the evaluator).  The sure
mines are mines, the sure safe cells are safe, the real placement is among
D15's, and when a safe cell is sure the move is one of them — on every
topology, not only on grids: nothing in the schema's reasoning depends on
the board being a grid.  The move may still be a mine (`debool(S4) ∉ S2`
fails on the smallest model, two neighbouring cells, none open, one mine:
a guess is then the only move), as on grids.  The axioms have no model
under two cells (A1: every cell has a neighbour) and none where every
closed cell is a sure mine (A5 and A6 ask for a move in D18, which is then
empty): a finished game is not a model.

## Properties

`--assert FORMULA` (repeatable): any RSLang formula over the schema's
constituents, type-checked before the run — `'D18 ∩ D8 = ∅'`, `'D18 ⊆ D1'`,
`'card(D15) ≥ 1'`, or an axiom's alias.  `--property` (repeatable):
`axioms` (every axiom), `crosscheck` (every term equals the solver's
notion of it, as `setmine crosscheck` decides) or `observable` (the terms
the move depends on are the same on every placement of the mines the view
allows), or `invariants` (every axiom but the move axiom A6).

With no property, `setmine verify` asks whether the schema is right. In the
positions scope the move is any closed cell, so A6 — the *player's* rule —
is left out: it checks `invariants` (A1–A5) and the claims a schema of
Minesweeper makes of every position, `D18 ⊆ D1`, `D18 ∩ D8 = ∅` and
`card(D15) ≥ 1` (those whose terms the schema defines, declared in
`setmine/base/interface.py`). In the games scope the schema's own player
moves, so it checks `axioms` (A6 too) and the same claims. The first line
says the verdict: on the shipped schemas, with the default scope,

```
$ setmine verify
✗ spec/saper.rsl breaks 2 of 4 properties: D18 ∩ D8 = ∅; card(D15) ≥ 1 (the first counterexample of each below)
$ setmine verify --spec spec/saper-corrected.rsl
✓ spec/saper-corrected.rsl: all 4 properties hold on every position of the scope
```

## Symmetry

Positions that an automorphism of the board maps onto each other — the
rotations and reflections of a square grid, also the translations of a
torus, every automorphism of a graph board — are checked once
(`--no-symmetry`: each).  This is sound for every property above: an
RSLang formula names no cell (there are no constants of a base set), and
the conventions speak of neighbours and counts, never of a cell's place,
so a property holds on a position exactly when it holds on its images.
`states` counts every position, `distinct` the ones checked; the tests
check that the verdicts and first counterexamples do not change.

## Output

On a terminal, a progress line (states, distinct states, their rate,
queued tasks, time left); then, per property, `holds on all N states` or
its first counterexample in the canonical order — fewest cells, then fewest
mines, then fewest open cells (for games the shortest trace) — as a
`.board` (`*` a mine, a digit an open cell, `.` closed) with its move, the
trace from the deal (games), and the values of the property's sub-terms,
each marked where it differs from its convention.  Exit 0 when every
property holds, 1 when one fails, 2 on bad usage.  `--json` gives:

```
{"schema": "spec/saper-corrected.rsl", "scope": "positions" | "games",
 "shapes": ["square 2×2", …], "states": 184, "distinct": 30, "seconds": 0.4,
 "tasks": 4, "resumed_tasks": 0,
 "properties": [{"name": "D18 ∩ D8 = ∅", "formula": "D18 ∩ D8 = ∅" | null,
                 "holds": false, "checked": 184,
                 "counterexample": null | {
                   "board": "<.board text>", "trace": [[r, c], …],
                   "states": ["<.board text>", …], "why": "D18 ∩ D8 = ∅ is false",
                   "values": {"D18": <value>, "D8": <value>},
                   "expected": {"D8": <value>},
                   "witnesses": [{"formula": "∀x∈D18 x∉S2", "binding": {"x": "0,0"}}],
                   "explanation": ["D18∩D8=∅: false", …],
                   "disagreements": ["D8 = …, its convention says …"]}}]}
```

`--report FILE` draws the first failing property's counterexample as
`setmine report`'s page: its board, every term of the schema on it with
the report's figures, and the property's headline on top (nothing is
written when every property holds).

`states` counts before symmetry reduction, `distinct` after; `tasks` is
the run's tasks and `resumed_tasks` those whose results came from
`--checkpoint` (the text then gives the rate of this run's own work, and a
stopped run says how many states and tasks it had done); `trace` is the
moves from the deal, first click first (games; `[]` for positions); in a
counterexample, `states` is the game as states (games): the board at each
move, its `move:` the move made from it, the deal first with nothing open;
`values` are the property's sub-terms (for `axioms`, the false axioms'
terms) on the board, in full in `docs/json.md`'s encoding, and `expected`
what their conventions say for those that differ; `witnesses` the binding
of each quantifier on the path to the failure (the counterexample of a
false ∀, the witness of a true ∃); `explanation` the failing formula's
trace as `setmine explain` prints it; `disagreements` the `crosscheck`
property's rows;
`checked` is the states a property was decided on (a property that fails is
not checked further within a task; when the positions are decided by groups,
not past the number of open cells it failed at).

## Speed

Each term is computed by the compiled program (`docs/evaluation.md`, "The
compiled path": the schema compiled once into closures over bit masks and
counted families) and looked up first by its *key*: the values of the
structures it reads, except the hidden mines, which it reads only through
the sub-terms `eval/compiled/frontier.py` finds in its formula — for the
corrected schema's D8, D11 and D15–D18, `card(S2)` and `card(pr2 c ∩ S2)`
for each c of D5: what the player sees.  So those terms are computed once
per view, not once per placement of the mines behind it; the written
schema's D4 reads S2 itself (`pr2 b ∩ S2`: which neighbours are mined) and
is keyed by it, sharing nothing it should not.  A property that does not
read the move is decided once for all the moves of a (mines, open cells).
`tests/verify/test_sharing.py` checks that none of this changes a verdict,
a count or a first counterexample, on both schemas.

### Groups of placements

When every property reads the hidden mines only by counting them — each
sub-term that reads S2 is `card(S2)`, `card(A ∩ S2)`, `A ∩ S2 = ∅` or
`x ∈ S2`, with A and x not reading S2, directly or through the terms it
uses (`Frontier.readings`) — a position's verdict is a function of those
counts and of the other structures.  Every claim on the corrected schema
is such: D8, D11 and D15–D18 read S2 as `card(S2)` and `card(pr2 c ∩ S2)`
for each c of D5.  Then `verify` does not visit the placements.  For each
set of open cells up to symmetry (and each move, when a property reads
it), the placements of the k mines in the closed cells are grouped by
those counts — the cells lying in exactly the same counted sets form
atoms, a group is how many mines each atom holds, and its size is a
product of binomials (`verify/views.py`) — and each group is decided once,
on its least placement.  `states` and `distinct` are counted, not visited
(the distinct ones by Burnside's lemma over the open cells' stabiliser).
A number of open cells at which a property fails is decided to its end
and then walked in the canonical order, each position mapped to its group
by symmetry and counts without evaluating anything: the first that lands
in a failing group is the counterexample the position-by-position walk
reports.  `tests/verify/test_grouped.py` holds the groups and the orbit
counts to brute force, and the runs to the position-by-position walk on
every board up to 7 cells, with and without symmetry, eight properties of
which four fail.  The written schema's claims read S2 through D4
(`pr2 b ∩ S2`), not by counting: they are checked position by position.

`python bench/verify_vs_script.py` measures `verify` against the plain
script a user would write for `D18 ∩ D8 = ∅` (`bench/plain_verify.py`: no
setmine, the placements of each view counted by brute force, a dict of
views, no symmetry), side by side on one core (`--mines 3` for the last
row):

| scope | states | views | script | `verify` | `verify --no-symmetry` | script / verify |
| --- | --- | --- | --- | --- | --- | --- |
| every 3×3 position | 115,794 | 10,488 | 0.22 s | 0.42 s | 2.08 s | 0.54×; 0.11× without symmetry |
| every 3×4 position | 4,226,952 | 259,192 | 11.3 s | 16.1 s | 56.8 s | 0.70×; 0.20× without |
| every 4×4 position with 3 mines | 43,579,760 | 2,879,304 | 241 s | 90 s | 753 s | 2.66×; 0.32× without |

Before the groups, every 3×4 position took 37 s (each position visited,
the terms keyed by view), and 245 s before the compiled path.  The targets
set for this comparison — 5× faster than the script, as fast without
symmetry — are not met, and a checker that evaluates the schema cannot
meet them on boards this small.  With the groups, `verify` and the script
make the same decisions (one per view; with symmetry `verify` makes 5.2
times fewer on 3×3, 3.7 on 3×4: 70,324 against 259,192), so what is left
is the cost of one decision, which the bench prints.  The script's is a
brute-force count over the placements behind a view, a few dozen on these
boards: 21 µs on 3×3, 44 µs on 3×4, all its time over its views.
`verify`'s is six terms from their formulas — the families of D8 and D11
counted, D15's, the per-cell families of D17, D18 the least of them —
229 µs on 3×4: D8 94 µs (about 60 of them its family's count), D17 25,
D11 15, D18 13, D15 12, D14 3, and 67 µs of bookkeeping around them.  5×
on 3×4 would leave 32 µs for the whole of a decision, six terms and their
bookkeeping: less than the script's own brute force.  The counts of one set
of open cells share a plan (`values/counting.py`: the regions and the
steps of each component, only the numbers differing from view to view);
going further means evaluating a term once for all the views of a set of
open cells, its value a table over the views: a change of the
evaluator's design, not yet made.  The script's decision grows
with the placements behind a view, C(closed cells, mines); `verify`'s
grows with the constraints, not the placements.  So the ratio turns at
4×4: 2.7× faster with 3 mines, and every 4×4 position, all mine counts,
takes `verify` 471 s on 2 workers ("Every position of a large board"
below), where the script would brute force 18,207,109 views.

## Many cores, many machines

`--workers N` starts a local Dask cluster of N worker processes for the
run; `--scheduler ADDRESS` uses one started the way Dask documents:

    dask scheduler                      # prints its address, tcp://HOST:8786
    dask worker tcp://HOST:8786         # on each machine, with setmine installed
    setmine verify --shapes 3x4 --assert 'D18 ∩ D8 = ∅' --scheduler tcp://HOST:8786

The work is cut into tasks of bounded size (a board, a mine count, a slice
of the placements; for games one deal); the verdicts and counterexamples
are the serial run's, whoever computed them.  `--checkpoint FILE` writes
each finished task to FILE as it arrives: after Ctrl-C, a killed worker or
client, the same command with the same FILE resumes without losing or
repeating a result (a FILE of another run is refused).  `setmine play`
takes `--workers` and `--scheduler` too, with the results of `--jobs 1`.

"""


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
