"""The README as a newcomer runs it: its commands, as written, succeed, and
its Python section's examples give the values their comments promise."""

from __future__ import annotations

import ast
import importlib.util
import os
import re
import shlex
from pathlib import Path

import pytest

import setmine
from setmine.cli import main

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def commands() -> list[list[str]]:
    """The `.venv/bin/setmine …` commands of the README's indented blocks."""
    found = []
    for line in README.splitlines():
        text = line.strip().split("  #")[0]
        if line.startswith("    ") and ".venv/bin/setmine " in text:
            found.append(shlex.split(text.split(".venv/bin/setmine ", 1)[1]))
    return found


def python_examples() -> list[tuple[str, str]]:
    """Each line of the README's Python block, with its comment."""
    block = re.search(r"```python\n(.*?)```", README, re.S).group(1)
    out = []
    for line in block.splitlines():
        if line.strip() and not line.startswith(("import", "#")):
            code, _, comment = line.partition("  #")
            out.append((code.strip(), comment.strip()))
    return out


def test_the_readme_has_what_these_tests_run():
    assert commands() and python_examples()


@pytest.mark.parametrize("argv", commands(), ids=" ".join)
def test_each_readme_command_runs_as_written(argv, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)   # a report.html is written here, not in the checkout
    root = Path(__file__).resolve().parents[1]
    argv = [str(root / a) if (root / a).exists() and "/" in a else a for a in argv]
    if argv[0] == "serve":
        return serves(argv, tmp_path)
    assert main(argv) == 0, capsys.readouterr().err


def serves(argv: list[str], where: Path) -> None:
    """A server runs until stopped: started as written (its browser a
    no-op), its page fetched from the address it prints, then Ctrl-C."""
    import signal
    import subprocess
    import sys
    import urllib.request

    env = {**os.environ, "BROWSER": "true"}
    run = subprocess.Popen([sys.executable, "-c", "import sys; from setmine.cli import main; "
                            "sys.exit(main())", *argv], cwd=where, env=env, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        line = run.stdout.readline()
        assert "the live page is at http://127.0.0.1:" in line, (line, run.stderr.read())
        url = line.split(" is at ")[1].split()[0]
        for _ in range(200):   # the address is printed just before the server listens
            try:
                with urllib.request.urlopen(url, timeout=30) as page:
                    assert page.status == 200 and "setmine live" in page.read().decode()
                break
            except OSError:
                import time
                time.sleep(0.1)
        else:
            raise AssertionError(f"nothing answers at {url}")
    finally:
        run.send_signal(signal.SIGINT)
        out, err = run.communicate(timeout=60)
    assert run.returncode == 0, err


def test_the_python_examples_give_what_their_comments_say(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    names = {"setmine": setmine}
    checked = 0
    for code, comment in python_examples():
        if "=" in code.split("(")[0]:      # an assignment: keep the name
            exec(code, names)
            continue
        value = eval(code, names)
        promised = re.match(r"(\d+)\b|('[^']*')", comment)
        if promised and promised.group(1):
            assert value == int(promised.group(1)), code
            checked += 1
        elif promised:
            assert value == ast.literal_eval(promised.group(2)), code
            checked += 1
        elif comment.startswith(("{'", "frozenset(")):   # a value written out whole
            assert value == eval(comment, {}), code
            checked += 1
    assert checked >= 8
    assert os.path.exists("page.html")


def test_the_verification_page_prose_is_the_scripts():
    """docs/verification.md's prose is written by bench/verification_doc.py
    (its HEADER): an edit of one and not the other would be lost."""
    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("verification_doc",
                                                  root / "bench" / "verification_doc.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    page = (root / "docs" / "verification.md").read_text(encoding="utf-8")
    assert page.startswith(script.HEADER)
    assert page[len(script.HEADER):].startswith(f"## `{script.SCHEMAS[0]}`")


def test_the_test_command_prints_its_summary_line(tmp_path):
    """The README's test command is `pytest` with the project's options:
    its run ends with the pass/fail line (one -q keeps it; two hide it)."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    (tmp_path / "test_one.py").write_text("def test_one():\n    assert True\n")
    done = subprocess.run([sys.executable, "-m", "pytest", "-c", str(root / "pyproject.toml"),
                           "--rootdir", str(tmp_path), "-p", "no:cacheprovider", "-n", "0",
                           str(tmp_path / "test_one.py")],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"^1 passed in [0-9.]+s", done.stdout, re.M), done.stdout


def test_the_readme_copies_no_count_of_the_tests_that_would_go_stale():
    assert not re.search(r"\b\d[\d,]* tests\b", README)
    assert not re.search(r"\(\d[\d,]* s\b", README.split("## What is here")[0])
