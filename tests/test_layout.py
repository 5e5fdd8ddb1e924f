"""The package's shape, measured from its source: the folders are the
pipeline (text → syntax tree → typed term → value; board → structure;
checks and pictures above), each importing only the folders below it.

Every import counts, a late one inside a function too: a dependency is a
dependency wherever it is written.  docs/architecture.md draws the same
table."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import setmine

ROOT = Path(setmine.__file__).parent
LIMIT = 500  # lines of a module

# folder → the folders it may import (besides itself); a folder not listed
# here is a new room: add it, below the rooms that use it
RSL = {"rsl", "rsl/syntax", "rsl/semantics", "base"}  # the language, and the layer it stands on
SOLVER = {"solver", "solver/engine", "solver/rules", "solver/games"}
PRESENT = {"present", "present/output", "present/explain", "present/pages"}
BOARD = {"board", "board/files"}
BELOW = {
    "base": set(),
    "rsl/syntax": {"base"},
    "rsl/semantics": {"rsl/syntax", "base"},
    "rsl": {"rsl/syntax", "rsl/semantics", "base"},
    "eval/values": RSL,
    "eval/shapes": RSL,
    "eval/planning": {"eval/values", "eval/shapes"} | RSL,
    "eval/interpret": {"eval/planning", "eval/values", "eval/shapes"} | RSL,
    "eval/compiled": {"eval/interpret", "eval/values", "eval/shapes"} | RSL,
    "eval": set(),
    "oracle": RSL,
    "board/files": {"board", "base"},
    "board": {"base"},
    "exteor": {"base"},
    "portal": {"base"} | RSL,
    "model": {"eval/values", "eval/interpret", "base"} | RSL,
    "solver/engine": {"board", "board/files", "base"},
    "solver/rules": {"solver/engine", "board", "board/files", "base"},
    "solver/games": {"solver/engine", "solver/rules", "board", "board/files", "base"},
    "solver": {"solver/engine", "solver/rules", "solver/games", "board", "board/files", "base"},
    ".": {"base", "eval/values", "eval/interpret", "eval/compiled", "board", "board/files", "exteor",
          "portal", "model"} | RSL | SOLVER,
    "present/output": {".", "base", "eval/values", "eval/shapes", "eval/interpret", "board", "board/files",
                       "model", "portal"} | RSL,
    "present/explain": {".", "base", "eval/values", "eval/shapes", "eval/interpret", "board", "board/files",
                        "present/output"} | RSL,
    "present/pages": {".", "base", "eval/values", "eval/shapes", "eval/interpret", "board", "board/files",
                      "present/output", "present/explain"} | RSL,
    "present": set(),
    "crosscheck": {".", "base", "eval/values", "eval/interpret", "board", "board/files"} | RSL | SOLVER | PRESENT,
    "verification": {"base"},
    "verification/models": {"verification", "eval/values", "eval/interpret", "base", "present/explain",
                      "present/output"} | RSL,
    "verification/models/answers": {"verification/models", "verification", "eval/values", "eval/interpret", "base",
                              "present/explain", "present/output"} | RSL,
    "verification/models/readable": {"verification/models", "verification", ".", "model", "portal", "eval/values",
                               "eval/interpret", "base", "present/output"} | RSL,
    "proof": {"verification", "verification/models", "verification/models/answers", "eval/values", "eval/interpret", "base",
              "present/explain", "present/output"} | RSL,
    "verification/boards": {".", "base", "eval/values", "eval/shapes", "eval/interpret", "eval/compiled",
                      "board", "board/files", "crosscheck", "verification", "verification/models"}
                     | RSL | SOLVER | PRESENT,
    "pictures": {".", "base", "eval/values", "eval/shapes", "eval/interpret", "eval/compiled",
                 "board", "board/files", "crosscheck", "repairing"} | RSL | SOLVER | PRESENT,
    "repairing": {".", "base", "eval/values", "eval/shapes", "eval/interpret", "board", "board/files", "crosscheck",
               "verification", "verification/boards"} | RSL | SOLVER | PRESENT,
    "serve": {".", "base", "eval/values", "eval/interpret", "board", "board/files", "model",
              "pictures", "verification", "verification/boards", "verification/models", "verification/models/readable",
              "verification/models/answers", "proof"}
             | RSL | PRESENT | SOLVER,
    "cli": {".", "base", "eval/values", "eval/interpret", "eval/compiled", "board", "board/files", "exteor",
            "portal", "model", "crosscheck", "verification", "verification/boards", "verification/models",
            "verification/models/readable", "verification/models/answers", "pictures",
            "repairing", "serve", "proof"}
           | RSL | SOLVER | PRESENT,
    # the Python front door, beside the command line: the same library below both
    "facade": {".", "base", "eval/values", "eval/interpret", "board", "board/files", "model",
               "portal", "verification", "verification/boards", "verification/models",
               "verification/models/readable", "verification/models/answers", "pictures",
               "repairing", "proof"}
              | RSL | PRESENT,
}


def modules() -> dict[str, Path]:
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = modules()


def folder(module: str) -> str:
    path = MODULES[module]
    return str(path.parent.relative_to(ROOT).as_posix()) or "."


def imports(module: str) -> set[str]:
    """The package's modules that ``module`` imports, anywhere in it."""
    path = MODULES[module]
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                name = f"{target}.{alias.name}"
                out.add(name if name in MODULES else target)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    out = {m for m in out if m in MODULES and m != module}
    if path.name == "__init__.py":  # a package re-exporting its members does not depend on them
        out = {m for m in out if not m.startswith(module + ".")}
    return out


GRAPH = {m: imports(m) for m in MODULES}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one node (Tarjan, with
    its own stack)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_the_cycle_finder_finds_cycles():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_between_modules():
    assert cycles(GRAPH) == []


def test_no_import_cycle_between_folders():
    folders: dict[str, set[str]] = {}
    for m, targets in GRAPH.items():
        folders.setdefault(folder(m), set()).update(folder(t) for t in targets if folder(t) != folder(m))
    assert cycles(folders) == []


@pytest.mark.parametrize("module", sorted(MODULES))
def test_each_folder_imports_only_the_folders_below_it(module):
    here = folder(module)
    assert here in BELOW, f"{here} is a new folder: give it its place in BELOW"
    upward = {t for t in GRAPH[module] if folder(t) != here and folder(t) not in BELOW[here]}
    assert not upward, f"{module} ({here}) imports {sorted(upward)}"


def test_no_module_is_over_the_limit():
    long = {m: n for m, p in MODULES.items() if (n := len(p.read_text().splitlines())) > LIMIT}
    assert long == {}


def test_no_late_import_dodges_a_cycle():
    marked = [m for m, p in MODULES.items() if "noqa: E402" in p.read_text()]
    assert marked == []


def test_the_evaluator_has_small_rooms():
    sizes: dict[str, int] = {}
    for m in MODULES:
        if m.startswith("setmine.eval") and MODULES[m].name != "__init__.py":
            sizes[folder(m)] = sizes.get(folder(m), 0) + 1
    assert sizes and max(sizes.values()) <= 10, sizes


# the words of the domain: the evaluator computes with sets, never with boards
DOMAIN = re.compile(r"\b(cells?|boards?|mines?|minesweeper|neighbou?rs?|flags?|placements?"
                    r"|X1|S[1-4]|D\d+|A[1-6])\b", re.IGNORECASE)


def test_domain_words_are_caught():
    assert DOMAIN.search("the open cells of the board") and DOMAIN.search("card(D15)")
    assert not DOMAIN.search("a set interval, its members counted; setmine; replacement")


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.startswith("setmine.eval")))
def test_the_evaluator_knows_no_minesweeper(module):
    lines = MODULES[module].read_text().splitlines()
    said = [f"{i}: {line.strip()}" for i, line in enumerate(lines, 1) if DOMAIN.search(line)]
    assert said == []


# docs/architecture.md draws this tree: it must name what is there
ARCHITECTURE = (ROOT.parent / "docs" / "architecture.md").read_text(encoding="utf-8")


def test_the_architecture_page_names_every_folder():
    missing = [f for f in BELOW if f not in (".", "eval") and f"`{f}/`" not in ARCHITECTURE]
    assert missing == []


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.startswith("setmine.eval.")
                                          and MODULES[m].name != "__init__.py"))
def test_the_architecture_page_names_every_module_of_the_evaluator(module):
    assert f"`{MODULES[module].name}`" in ARCHITECTURE


def test_the_architecture_page_points_at_functions_that_exist():
    """Every ``module.name`` of the table of planner rules is a name of an
    evaluator module (``room/module.name`` or ``module.name``)."""
    import importlib

    section = ARCHITECTURE.split("## Where each planner rule lives")[1].split("\n## ")[0]
    rooms = {path.stem: m for m, path in MODULES.items() if m.startswith("setmine.eval.")}
    table = "\n".join(line for line in section.splitlines() if line.startswith("|"))
    pointed = re.findall(r"`(?:\w+/)?(\w+)\.([\w.]+)`", table)
    assert len(pointed) > 15
    for module, attribute in pointed:
        assert module in rooms, module
        value = importlib.import_module(rooms[module])
        for part in attribute.split("."):
            value = getattr(value, part)


def test_no_folder_holds_more_than_twelve_modules():
    """A folder a reader can take in at once (issue 37: verify/ had 14).
    ``cli/`` is the exception by design: one module per sub-command."""
    sizes = {}
    for path in MODULES.values():
        where = path.parent.relative_to(ROOT).as_posix() or "."
        sizes[where] = sizes.get(where, 0) + 1
    assert {f: n for f, n in sizes.items() if n > 12 and f != "cli"} == {}
