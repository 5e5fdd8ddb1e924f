"""The schema's interface is declared once (``setmine/base/interface.py``):
the board gives exactly its structures, both shipped schemas declare them
with the move axiom and the player's terms, and no other module of the
package spells one of those names as a string of its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import setmine
from setmine import resources
from setmine.base import interface
from setmine.board import load_board, structure
from setmine.rsl.schema import Schema

ROOT = Path(setmine.__file__).parent
NAMES = (set(interface.STRUCTURES) | {interface.MOVE_AXIOM} | set(interface.PLAYER_TERMS)
         | {interface.CLOSED, interface.SURE_MINES, interface.PLACEMENTS}
         | set(interface.INVARIANT_AXIOMS))   # every name interface.py declares


def test_a_board_gives_exactly_the_structures():
    data = structure(load_board(resources.board_file("tiny-2x2")))
    assert tuple(data) == interface.STRUCTURES
    assert interface.HIDDEN <= set(data)


@pytest.mark.parametrize("name", [resources.WRITTEN_SCHEMA, resources.CORRECTED_SCHEMA])
def test_each_shipped_schema_declares_the_interface(name):
    schema = Schema.load(name)
    assert schema[interface.CELLS].kind == "basic"
    assert all(schema[s].kind == "structure" for s in interface.STRUCTURES[1:])
    assert schema[interface.MOVE_AXIOM].kind == "axiom"
    assert all(schema[a].kind == "axiom" for a in interface.INVARIANT_AXIOMS)
    for term in interface.PLAYER_TERMS:
        assert str(schema.analysis[term].type) == f"ℬ({interface.CELLS})"
    assert interface.MOVE in schema.closure(interface.MOVE_AXIOM)
    assert interface.MOVES in schema.closure(interface.MOVE_AXIOM)


def spelled(path: Path, root: Path = ROOT) -> list[str]:
    """The interface's names written as string constants in ``path``'s code
    (docstrings are prose and may name them)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    return [f"{path.relative_to(root)}:{node.lineno}: {node.value!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and node.value in NAMES
            and id(node) not in docstrings]


def test_the_finder_finds_a_spelled_name(tmp_path):
    (tmp_path / "m.py").write_text('"""Reads "S2"."""\nMINES = "S2"\n')
    assert spelled(tmp_path / "m.py", tmp_path) == ["m.py:2: 'S2'"]


def test_no_module_spells_the_interface_itself():
    found = [line for path in sorted(ROOT.rglob("*.py")) if path.name != "interface.py"
             for line in spelled(path)]
    assert found == []
