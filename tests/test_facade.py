"""The front door: ``import setmine`` and its functions, each with an
example that runs (its doctest), from any folder, without importing the
heavy parts until a function is called."""

from __future__ import annotations

import doctest
import subprocess
import sys

import pytest

import setmine
from setmine.rsl.syntax.errors import RSLError


def test_every_facade_function_has_a_running_example():
    import importlib

    for name in setmine.__all__:
        assert ">>>" in (getattr(setmine, name).__doc__ or ""), name
    attempted = 0
    for module in ("setmine", "setmine.facade.inputs", "setmine.facade.plain",
                   "setmine.facade.model", "setmine.facade.evaluating",
                   "setmine.facade.verifying", "setmine.facade.drawing"):
        result = doctest.testmod(importlib.import_module(module))
        assert result.failed == 0, module
        attempted += result.attempted
    assert attempted >= len(setmine.__all__)


def test_the_front_door_works_from_any_folder_and_imports_lightly(tmp_path):
    code = ("import sys, setmine; light = 'lark' not in sys.modules; "
            "print(setmine.evaluate('corrected', 'beginner-midgame', 'card(D15)'), light)")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["3", "True"]


def test_evaluate_every_term_maps_a_failure_to_its_error():
    values = setmine.evaluate("written", "tiny-2x2")
    assert values["A4"] is True and values["D1"] == frozenset({(0, 1), (1, 0), (1, 1)})
    assert set(values) >= {"D1", "D18", "A6"}
    tight = setmine.evaluate("written", "beginner-midgame", max_elements=10)
    assert any(isinstance(v, RSLError) for v in tight.values())


def test_evaluate_a_bad_expression_raises_with_its_place():
    with pytest.raises(RSLError) as error:
        setmine.evaluate("corrected", "tiny-2x2", "card(D99)")
    assert "D99" in error.value.message


def test_a_structure_by_name_is_its_value():
    assert setmine.evaluate("corrected", "tiny-2x2", "S2") == frozenset({(1, 0)})


def test_the_functions_are_functions_whatever_is_imported():
    """check, verify and repair are functions with their own signatures;
    the packages behind them are setmine.crosscheck, setmine.verification
    and setmine.repairing, and importing them changes nothing."""
    import inspect
    import pydoc

    import setmine.crosscheck.isolate  # noqa: F401 - imports the packages
    import setmine.repairing.search  # noqa: F401
    import setmine.verification.boards.run  # noqa: F401

    for name in setmine.__all__:
        function = getattr(setmine, name)
        assert inspect.isfunction(function) or inspect.isclass(function), name
        assert "*args" not in str(inspect.signature(function)), name
        assert function.__doc__ and "Help on package" not in pydoc.render_doc(function), name
    assert setmine.check("corrected", "tiny-2x2")["A6"] is True


def test_report_draws_what_the_command_draws(tmp_path):
    """``setmine.report()`` is ``setmine report``: the schema as written
    beside the corrected one by default (issue 37), the same page but its
    timings."""
    import re

    from setmine.cli import main

    out = tmp_path / "page.html"
    assert main(["report", "tiny-2x2", "-o", str(out)]) == 0

    def timeless(page: str) -> str:   # each section's time, and the whole page's
        page = re.sub(r'<span class="dim time">[^<]*</span>', "", page)
        return re.sub(r"in [0-9.]+ s\. Cardinalities", "in … s. Cardinalities", page)

    page = setmine.report("written", "tiny-2x2")
    assert timeless(page) == timeless(out.read_text(encoding="utf-8"))
    alone = setmine.report("written", "tiny-2x2", against=None)
    assert "saper-corrected.rsl" in page and len(alone) < len(page)
