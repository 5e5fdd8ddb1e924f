"""Writes docs/tour.ipynb, the teaching notebook, without outputs.

    python docs/make_tour.py          # after editing the cells below

The notebook is committed as this script writes it — no outputs, fixed
cell ids — so that it stays small and its diffs read as text; the tests
execute it (tests/pictures/test_notebook.py) and check that it is the
script's.  Edit the cells here, not in Jupyter (or copy your edits back).
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

TOUR = Path(__file__).resolve().parent / "tour.ipynb"

CELLS = [
    ("md", """\
# A tour of «КС Сапер» with setmine

«КС Сапер» (*Концептуализация Сапер*) describes Minesweeper in set theory, in the
language RSLang of the Exteor editor. Its **basic set** `X1` is the cells of the
board; four **structures** say what a position is:

| | type | meaning |
|---|---|---|
| `S1` | ℬ(X1×X1) | the neighbour relation: pairs (cell, a neighbouring cell) |
| `S2` | ℬ(X1) | the mines |
| `S3` | ℬ(X1) | the open cells |
| `S4` | ℬ(X1) | the move: the one cell opened now |

The **axioms** `A1`–`A6` say which structures are positions of a game (A6: the move
must be a cell of the term `D18`), and the **terms** `D1`–`D21` are what a player
reasons with: `D8` the cells that are surely mines, `D11` the cells that are surely
safe, `D15` every placement of the mines not yet known that agrees with what the
player sees, `D16`/`D17` each undecided cell with the placements in which it is
mined — so that card(pr₂)/card(`D15`) is its probability of being a mine — and
`D18` the cells the move may come from: those of least probability.

setmine evaluates the schema on a concrete board: every set is computed exactly,
every probability is an exact fraction. This notebook shows

1. the schema as written and its values on a board in mid-game,
2. where the written formulas differ from what their authors meant, each on the
   smallest board that shows it,
3. the corrected schema beside the written one,
4. the corrected schema playing a game of Minesweeper by itself,
5. any other schema: one typed in a cell, and a study plan read from a
   ConceptPortal session, its model edited in Python, verified over every small
   model and proved.

Run the cells from top to bottom (*Run → Run All Cells*). Nothing is fetched from
the network: the schemas and boards ship with setmine."""),
    ("code", """\
from IPython.display import display

from setmine import resources
from setmine.board import cell_str
from setmine.pictures.notebook import board, defects, evaluate, play, schema"""),
    ("md", """\
## 1. The schema as written

`schema("written")` loads the schema exactly as it was written in Exteor (setmine
imported it character for character; the English `gloss` lines are setmine's
reading). Here are its constituents with their formal definitions."""),
    ("code", """\
written = schema("written")
print(resources.WRITTEN_SCHEMA.name, "-", len(written), "constituents")
for c in written:
    print(f"{c.alias:>4}  {c.formal or '(a basic set)'}")"""),
    ("md", """\
### A board

A board is a concrete structure: the cells and their neighbours (`X1`, `S1`),
the mines (`S2`), the open cells (`S3`) and the move (`S4`). setmine ships a few;
this one is a beginner game (9×9, 10 mines) in mid-game. A board draws itself:
open cells show their number, closed cells are grey, `*` marks a mine, and the
outlined cell is the move."""),
    ("code", """\
midgame = board("beginner-midgame")
midgame"""),
    ("md", """\
### Evaluating the schema on the board

`evaluate(schema, board)` computes every axiom and every term on the board. Its
display is a short version of `setmine report`: the board, the axioms' verdicts,
the cells the move must come from, and a table of every constituent with its
size. A ⚠ badge marks a formula that the defect search found to differ from its
convention (the comment its author wrote beside it)."""),
    ("code", """\
ev = evaluate(written, midgame)
ev"""),
    ("md", """\
`ev["D8"]` is one constituent, drawn as the report draws it: its formula, its
Russian convention and English gloss, and its value on the board — a set of cells
is lit in blue. `D8` should be the closed cells that are *surely* mines, as a
player can tell from the numbers."""),
    ("code", """\
ev["D8"]"""),
    ("md", """\
`.value` is the value itself, a set of cells `(row, column)`. Compare it with the
mines of the board, which the player cannot see:"""),
    ("code", """\
d8 = ev["D8"].value
print("D8 =", sorted(cell_str(c) for c in d8))
print("D8 is exactly the hidden mines S2:", d8 == midgame.mines)"""),
    ("md", """\
The written `D8` is the set of mines itself — it reads `S2`, the hidden mines, and
a player cannot know them all from what is shown. Now `D11`, the sure-safe cells,
and `D15`, the placements of the mines that agree with what the player sees:"""),
    ("code", """\
ev["D11"]"""),
    ("code", """\
ev["D15"]"""),
    ("md", """\
The written `D15` is **empty** on this board: not one placement qualifies — yet the
position is a real one, so at least one placement agrees with everything shown.
So every probability card(pr₂)/card(`D15`) has an empty family to be measured
by — the heat map of `D16` has nothing to show (hatched: no probability) — and
`D18`, where the move must come from, is every closed cell:"""),
    ("code", """\
ev["D16"]"""),
    ("code", """\
ev["D18"]"""),
    ("md", """\
## 2. The defects, each on its minimal board

setmine's defect search (`setmine defects`) evaluated every written formula on
every small board and compared it with its convention, computed independently.
These are its findings — shipped with setmine as `docs/defects.json`. A finding is
*own* when the formula itself is wrong, *inherited* when it is right but reads a
term that is wrong. Here are the own ones, each with the smallest board on which
it shows."""),
    ("code", """\
own = defects(own=True)
own"""),
    ("md", """\
A finding's `.board` is that minimal board, a board like any other: evaluate the
written schema on it, with the corrected schema beside it (`against=`), and look at
the term that goes wrong. Cells where the two values differ are outlined in
dashed purple. `D2` should pair each cell with *the* set of its neighbours:"""),
    ("code", """\
d2 = defects("D2")[0]
print("written:  ", d2.formula)
print("corrected:", d2.corrected)
evaluate("written", d2.board, against="corrected")["D2"]"""),
    ("md", """\
Point at a cell of a relation's board to light its sets (and click to pin it):
this needs the notebook to run the output's small script, which Jupyter does once
the notebook is trusted. The same for every own defect, each on its own board:"""),
    ("code", """\
for finding in own:
    print(f"{finding.alias}: {finding.kind}")
    display(evaluate("written", finding.board, against="corrected")[finding.alias])"""),
    ("md", """\
## 3. The corrected schema

`schema("corrected")` repairs each defect (the file `spec/saper-corrected.rsl` says
why, next to each change). Evaluated with the written one beside it, the table
shows both values, and ≠ marks the terms whose values differ on this board."""),
    ("code", """\
both = evaluate("written", midgame, against="corrected")
print("values that differ:", " ".join(both.differences))
both"""),
    ("code", """\
both["D8"]"""),
    ("code", """\
both["D11"]"""),
    ("md", """\
The corrected `D15` holds every placement of the mines not yet known — all the
mines but the sure ones of `D8` — on the undecided cells, that agrees with the
numbers shown; the display draws its first members as small boards. (A large
set is computed lazily: `.card` is its exact size, where `len()` would refuse.)"""),
    ("code", """\
both["D15"]"""),
    ("md", """\
`D17` pairs each closed cell that is not a sure mine (`D11` ∪ `D14`) with the
placements of `D15` in which it is mined; its share card(pr₂)/card(`D15`) is the
cell's exact probability of being a mine, drawn as a heat map (hover over a cell
for its fraction). `.probabilities` gives the fractions themselves. `D18` is the
cells of least probability — here the sure-safe ones, probability 0."""),
    ("code", """\
corrected = evaluate("corrected", midgame)
unknown = len(midgame.mines) - len(corrected["D8"].value)
print(corrected["D15"].card, "placements of the", unknown, "mine(s) not yet known")
display(corrected["D17"])
risky = {cell_str(c): str(p) for c, p in sorted(corrected["D17"].probabilities.items()) if p}
print("closed cells that may hold a mine:", risky)"""),
    ("code", """\
both["D18"]"""),
    ("md", """\
Is the corrected schema right? setmine's cross-check compares every term with
what its convention says, computed by an independent solver that shares no code
with the evaluator. On this board:"""),
    ("code", """\
from setmine.crosscheck.agreement import crosscheck

for name in ("written", "corrected"):
    report = crosscheck(schema(name), midgame)
    wrong = [row.alias for row in report.failures()]
    print(f"{name:>9}: {report.checked} constituents checked,",
          "all agree" if report.ok else "these disagree: " + " ".join(wrong))"""),
    ("md", """\
## 4. The schema plays a game

Axiom A6 says the move is a cell of `D18`. So the schema is a player: at each
position, evaluate `D18` and open one of its cells (the sure-safe cells of `D11`
first). `play()` lets the corrected schema play a beginner game — game 0 of
`setmine play --policy schema --seed 0`, the same deal and the same moves. Each
board is the position the schema saw, its `D18` lit and its move outlined."""),
    ("code", """\
game = play("corrected", "beginner", seed=0, game=0)
game"""),
    ("md", """\
Every move is a cell of the `D18` computed at that position, as A6 demands; one
position, larger:"""),
    ("code", """\
print("every move in its D18:", all(step.move in step.d18 for step in game))
game[len(game) // 2]"""),
    ("code", """\
game.final"""),
    ("md", """\
## 5. Any schema

setmine reads any RSLang schema, not only the Saper. `%load_ext setmine` adds two
magics: `%%rsl NAME` types the schema written in its cell, shows its constituents
with their types (and errors), and binds it to `NAME`; the cell may end with a
model, under a line `@model`, in setmine's model file encoding (elements by name).
`%rsl FORMULA` then types a formula and evaluates it over that model."""),
    ("code", """\
import setmine

%load_ext setmine"""),
    ("code", """\
%%rsl kin
@title Kinship
X1
  term: people
S1 ::= ℬ(X1×X1)
  term: parent: (parent, child)
A1 :== ∀a∈X1 (a,a)∉S1
  term: nobody is their own parent
D1 :== D{σ∈X1×X1 | ∃τ∈S1 ∃υ∈S1 (pr1(σ)=pr1(τ) & pr2(τ)=pr1(υ) & pr2(υ)=pr2(σ))}
  term: grandparent: (grandparent, grandchild)
@model
{"X1": ["Ann", "Bob", "Cid", "Dee"],
 "S1": [["Ann", "Bob"], ["Bob", "Cid"], ["Bob", "Dee"]]}"""),
    ("code", """\
%rsl D1"""),
    ("code", """\
%rsl Pr1(S1) \\ Pr2(S1)"""),
    ("md", """\
`kin` is the model (with its schema): every function of `setmine` takes it. Does
every model of at most three people have a grandparent? `verify` decides it over
every model of the scope, and shows the smallest counterexample:"""),
    ("code", """\
setmine.verify(kin, scope="models", sizes="X1<=3", assertions=["D1 ≠ ∅"])"""),
    ("md", """\
### A study plan, from ConceptPortal

`spec/models/study-plan.session.json` is a ConceptPortal session: a schema of
students, courses, prerequisites and credits, and one model of it. `load_model`
reads both; a model shows itself as tables, and its values are plain Python (element
names, tuples, frozensets)."""),
    ("code", """\
plan = setmine.load_model("study-plan")
plan"""),
    ("code", """\
print("taken too early (D2):", sorted(setmine.evaluate(plan, term="D2")))
setmine.check(plan)"""),
    ("md", """\
Boris took *models* before passing *algebra*, which it requires; so the statement
`T1` (nobody takes a course too early) is false in this model. Edit the model in
Python — *models* no longer requires *algebra* — and evaluate again:"""),
    ("code", """\
fewer = plan.replace(S1=plan["S1"] - {("models", "algebra")})
print("taken too early (D2):", sorted(setmine.evaluate(fewer, term="D2")))
setmine.check(fewer)"""),
    ("md", """\
One model is one case. `verify` looks at every model of every size vector of a
scope (here, up to two students and two courses) and `prove` decides the
statements for models of every size, with cvc5:"""),
    ("code", """\
setmine.verify(plan, scope="models", sizes="X1<=2,X2<=2")"""),
    ("code", """\
proof = setmine.prove(plan, timeout=10, sizes="X1<=2,X2<=2")
print("the axioms:", proof["axioms"])
proof"""),
    ("md", """\
## Where next

* `setmine report beginner-midgame` writes the whole report of this board as one
  HTML page: every constituent, with hoverable sub-formulas.
* `setmine defects` runs the defect search again; `setmine explain BOARD ALIAS`
  explains one value step by step.
* `evaluate()` takes any schema file and any board file (or the text of one), so
  you can change a formula and see at once what it does. `docs/board-format.md`
  describes the board files, `docs/notebooks.md` this notebook interface and the
  magics, `docs/models.md` the model files."""),
]


def notebook() -> nbformat.NotebookNode:
    """The tour, without outputs, with stable cell ids."""
    nb = new_notebook(metadata={
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    })
    for i, (kind, source) in enumerate(CELLS):
        cell = new_markdown_cell(source) if kind == "md" else new_code_cell(source)
        cell["id"] = f"tour-{i:02d}"
        nb.cells.append(cell)
    return nb


def main() -> int:
    nb = notebook()
    nbformat.validate(nb)
    nbformat.write(nb, TOUR)
    print(f"wrote {TOUR} ({len(nb.cells)} cells)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
