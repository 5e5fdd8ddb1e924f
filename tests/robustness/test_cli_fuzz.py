"""The command line fuzzed: every sub-command, every option its parser
declares, hostile and ordinary values (issue 11).

Whatever the arguments, ``setmine`` answers (0), gives a verdict (1), or
says plainly what is wrong (2, on stderr, starting ``usage:`` or
``setmine``); it never prints a traceback, and ``--json`` output is one JSON
document.  The options are read from the parser itself, so a new option is
fuzzed as soon as it exists.  Every run is bounded: a small whole-command
``--timeout`` and small work sizes keep each example short.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from setmine import resources
from setmine.cli import build_parser, main

SUBCOMMANDS = {name: sub for action in build_parser()._actions
               if isinstance(action, argparse._SubParsersAction)
               for name, sub in action.choices.items()}

# Copies: an option that writes a file (verify's --report, --write-model)
# may be given one of these paths, and must not overwrite the project's own.
_COPIES = Path(tempfile.mkdtemp(prefix="setmine-fuzz-"))
SMALL_BOARDS = [str(shutil.copy(resources.board_file(n), _COPIES))
                for n in ("tiny-2x2", "beginner-one-open")]
_SCHEMA = str(shutil.copy(resources.CORRECTED_SCHEMA, _COPIES))
HOSTILE = ["", " ", "-1", "0", "nan", "inf", "-inf", "1e9", "9" * 5000, "abc", "\x00", "é",
           "/nonexistent/x", "/", "../..", "--", "-", "{", "(0,1, {0,2})", "{8,4}", "D99",
           "card(D15)", "0,0", "1,1", "99,99", "2x2x1", "S4", "∀x∈X1 x=x"]
ORDINARY = ["1", "2", "3", "D8", "A6", "D18", "beginner", "4x4x2", "least", "safe",
            "square", "16M", "1G"] + SMALL_BOARDS + [_SCHEMA]

# Work that could legitimately run long is kept small whatever else is drawn;
# the fuzz is about what the arguments do, not about patience.
BOUNDED = {"play": ["--games", "1", "--level", "4x4x2"], "defects": ["--budget", "1", "--max-cells", "3",
                                                               "--examples", "0"],
           "observe": ["--placements", "2"], "docs": ["--check"],
           "verify": ["--shapes", "1x3,2x2", "--max-states", "2000"]}
SKIPPED_OPTIONS = {"--help", "--version", "--games", "--level", "--budget", "--max-cells",
                   "--examples", "--placements", "--out", "--write", "--output", "-o", "--jobs",
                   "--timeout", "--board",
                   # a cluster and a checkpoint file have their own tests (tests/verify)
                   "--workers", "--scheduler", "--checkpoint"}


def _values():
    return st.one_of(st.sampled_from(HOSTILE), st.sampled_from(ORDINARY),
                     st.text(max_size=12))


@st.composite
def command_lines(draw):
    name = draw(st.sampled_from(sorted(set(SUBCOMMANDS) - {"import"})))
    parser = SUBCOMMANDS[name]
    argv = [name]
    for action in parser._actions:
        if action.option_strings:
            continue
        if action.nargs == "?" and draw(st.booleans()):
            continue
        argv.append(draw(st.one_of(st.sampled_from(SMALL_BOARDS), _values())))
    options = [a for a in parser._actions
               if a.option_strings and not set(a.option_strings) & SKIPPED_OPTIONS]
    for action in draw(st.lists(st.sampled_from(options), max_size=4)):
        flag = draw(st.sampled_from(action.option_strings))
        if action.nargs == 0:
            argv.append(flag)
        elif action.choices:
            argv += [flag, draw(st.one_of(st.sampled_from(list(action.choices)), _values()))]
        else:
            argv += [flag, draw(_values())]
    return argv + BOUNDED.get(name, []) + ["--timeout", "20", "--max-seconds", "5"]


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(argv=command_lines())
def test_any_command_line_is_answered_or_refused_plainly(capsys, argv, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)    # where a command writes by default (`report`'s page)
    code = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err, (argv, err[-3000:])
    assert code in (0, 1, 2), (argv, code, err[-3000:])
    if code == 2:
        assert err.startswith(("usage:", "setmine")), (argv, err[:500])
    if "--json" in argv and code in (0, 1) and out.strip():
        json.loads(out)
