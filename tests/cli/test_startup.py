"""``setmine --version`` and ``--help`` import no command (issue 37): the
commands' modules — and with them the evaluator, sympy, the pages — are
imported only when one is chosen, and then only that one."""

from __future__ import annotations

import subprocess
import sys

import pytest

from setmine.cli.commands import COMMANDS

PROBE = """\
import contextlib, io, sys
from setmine.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    main({argv!r})
print(sorted(m for m in sys.modules if m.startswith(("setmine.", "sympy", "lark", "rich"))))
"""


def imported(argv: list[str]) -> list[str]:
    done = subprocess.run([sys.executable, "-c", PROBE.format(argv=argv)],
                          capture_output=True, text=True, check=True)
    return eval(done.stdout.strip().splitlines()[-1])  # noqa: S307 - our own list's repr


@pytest.mark.parametrize("argv", [["--version"], ["--help"], []])
def test_version_and_help_import_no_command(argv):
    modules = imported(argv)
    assert not [m for m in modules if m.startswith(("sympy", "lark", "setmine.eval",
                                                    "setmine.rsl", "setmine.board"))], modules
    assert not [m for m in modules if m.removeprefix("setmine.cli.") in
                {module for module, _ in COMMANDS.values()}], modules


def test_a_command_imports_itself_only():
    modules = imported(["solve", "--help"])
    commands = {m.removeprefix("setmine.cli.") for m in modules} & \
        {module for module, _ in COMMANDS.values()}
    assert commands == {"solve"}


def test_every_summary_is_the_commands_own():
    from setmine.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    listed = {a.dest: a.help for a in sub._choices_actions}
    assert listed == {name: summary for name, (_, summary) in COMMANDS.items()}
