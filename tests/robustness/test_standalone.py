"""setmine stands alone: every command works from any folder (the shipped
schemas and boards are package data), and nothing it shows — the docs, the
README, every sub-command's ``--help`` — points outside the repository or
carries reST markup."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from setmine import resources
from setmine.cli import build_parser
from setmine.cli.common import help_text, load_schema

ROOT = Path(__file__).resolve().parents[2]
TINY = resources.board_file("tiny-2x2")
MAIN = "import sys; from setmine.cli import main; sys.exit(main())"


def setmine(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", MAIN, *args], cwd=cwd, capture_output=True,
                          text=True, timeout=600)


# ----------------------------------------------------------------------------
# Every command from another folder

@pytest.mark.parametrize("args, expected", [
    (["spec"], "constituents, 0 with errors"),
    (["eval", str(TINY)], "tiny 2x2: 2×2, 1 mine, 1 open, move 1,1"),
    (["eval", str(TINY), "--spec", "spec/saper-corrected.rsl"], "tiny 2x2: 2×2, 1 mine"),
    (["check", str(TINY)], "A1 = true"),
    (["play", "--policy", "schema", "--games", "1"], "1 game · seed 0"),
    (["docs", "--check"], "pictures in"),
])
def test_commands_work_from_another_folder(tmp_path, args, expected):
    done = setmine(tmp_path, *args)
    assert done.returncode in (0, 1), done.stderr      # 1: a verdict, never a failure to start
    assert "Traceback" not in done.stderr
    assert expected in done.stdout, done.stdout[:2000]
    assert not list(tmp_path.iterdir()), "a command wrote into the folder it was run from"


def test_a_missing_schema_is_named_as_given(tmp_path):
    done = setmine(tmp_path, "spec", "no/such.rsl")
    assert done.returncode == 2 and done.stderr.strip() == "setmine spec: no/such.rsl: no such file"


def test_the_default_schemas_are_the_shipped_ones():
    assert Path(load_schema(None).path).resolve() == resources.WRITTEN_SCHEMA
    assert Path(load_schema("spec/saper-corrected.rsl").path).resolve() == resources.CORRECTED_SCHEMA


# ----------------------------------------------------------------------------
# Where the shipped files are

def test_the_shipped_files_are_the_projects():
    assert resources.SPEC_DIR == (ROOT / "spec").resolve()
    assert resources.DEFECTS == (ROOT / "docs" / "defects.json").resolve()
    assert resources.REPAIRS == (ROOT / "docs" / "repairs.json").resolve()
    assert {p.name for p in resources.shipped_boards()} == \
        {p.name for p in (ROOT / "spec" / "boards").glob("*.board")}
    for path in (resources.WRITTEN_SCHEMA, resources.CORRECTED_SCHEMA, resources.SEED):
        assert path.is_file(), path


def test_every_shipped_file_is_package_data():
    """The patterns in pyproject.toml match every file of spec/ and the
    findings, through setmine/shipped/, so that a wheel carries them."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["setmine"]
    package = ROOT / "setmine"
    packaged = {(package / p).resolve() for pattern in patterns for p in
                (str(q.relative_to(package)) for q in package.glob(pattern))}
    shipped = {p.resolve() for p in (ROOT / "spec").rglob("*") if p.is_file()}
    assert shipped | {resources.DEFECTS, resources.REPAIRS} == packaged


@pytest.mark.parametrize("arg, expected", [
    ("beginner-midgame", "beginner-midgame.board"),
    ("beginner-midgame.board", "beginner-midgame.board"),
    ("spec/boards/tiny-2x2.board", "tiny-2x2.board"),
])
def test_a_shipped_board_by_its_name(tmp_path, monkeypatch, arg, expected):
    monkeypatch.chdir(tmp_path)
    assert resources.resolve_board(arg) == resources.BOARD_DIR / expected


def test_a_board_that_is_not_shipped_stays_as_given(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tiny-2x2.board").write_text("mines: 0\n\n. .\n", encoding="utf-8")
    assert resources.resolve_board("tiny-2x2.board") == Path("tiny-2x2.board")  # the user's own
    for arg in ("nope", "elsewhere/tiny-2x2.board", "/no/such/beginner-midgame.board", ""):
        assert resources.resolve_board(arg) == Path(arg)


# ----------------------------------------------------------------------------
# Nothing points outside the repository; no reST in --help

OUTSIDE = re.compile(r"\.\./shared|/work/|(?<![\w.~])/(?:home|tmp|usr|opt|root)/|rslang\.md")
REST = re.compile(r"``|:(?:mod|func|class|meth|attr):`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
CODE_SPAN = re.compile(r"`[^`\n]+`")  # `Fi1[S2](S1)` is a formula, not a link
CODE_BLOCK = re.compile(r"^(?: {4}|\t).*$", re.M)  # nor in an indented block of code
HTML_LINK = re.compile(r"\b(?:href|src)=\"([^\"]+)\"")


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def helps() -> dict[str, str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    texts = {"setmine": parser.format_help(),
             **{f"setmine {name}": p.format_help() for name, p in sub.choices.items()}}
    return {name: " ".join(text.split()) for name, text in texts.items()}  # unwrapped


@pytest.mark.parametrize("path", documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_document_stays_inside_the_repository(path):
    """Every link and image (Markdown or HTML) is relative and names a file
    of the repository: the docs read the same in a clone, offline."""
    text = path.read_text(encoding="utf-8")
    assert not OUTSIDE.findall(text), path
    prose = CODE_SPAN.sub("", CODE_BLOCK.sub("", text))
    for target in LINK.findall(prose) + HTML_LINK.findall(text):
        if target.startswith("#"):
            continue
        assert not re.match(r"[a-z]+:", target) and not target.startswith("/"), \
            f"{path.name}: link {target} leaves the repository"
        where = (path.parent / target.split("#")[0]).resolve()
        assert where.is_relative_to(ROOT) and where.exists(), f"{path.name}: link {target}"


def test_a_picture_of_the_docs_stays_inside_the_repository():
    """The SVG pictures (docs/schema/img/) link to nothing: their only URLs
    are the SVG namespace and references to their own patterns."""
    pictures = sorted((ROOT / "docs").rglob("*.svg"))
    assert pictures
    for path in pictures:
        text = path.read_text(encoding="utf-8").replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert not OUTSIDE.findall(text) and "http" not in text, path
        assert not re.findall(r"\b(?:href|src)=", text), path
        assert set(re.findall(r"url\(([^)]*)\)", text)) <= {"#nop"}, path


def test_help_stays_inside_the_repository_without_markup():
    texts = helps()
    from setmine.cli.commands import COMMANDS

    assert len(texts) == 1 + len(COMMANDS) == 18  # setmine and its 17 commands
    for name, text in texts.items():
        assert not OUTSIDE.findall(text), name
        assert not REST.findall(text), f"{name} --help: {REST.findall(text)}"
    assert "default: the shipped spec/saper.rsl" in texts["setmine eval"]
    assert "default: the shipped spec/saper-corrected.rsl" in texts["setmine play"]


def test_help_text_keeps_the_words_of_the_markup():
    assert help_text("``setmine defects`` (:mod:`.reference`, :func:`~x.search`)") == \
        "setmine defects (.reference, x.search)"
    assert help_text(None) is None


def test_the_license_is_the_one_pyproject_names():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["license"] == {"text": "MIT"}
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n")


def test_the_index_opens_with_the_story():
    index = (ROOT / "docs" / "schema" / "index.md").read_text(encoding="utf-8")
    story = index.split("## The story in short", 1)[1].split("\n## ", 1)[0]
    assert index.index("## The story in short") < index.index("## The constituents")
    for cause in ("D2's ∀ admits every subset of the neighbours", "D4 reads the mines",
                  "D8 and D11 use only the single-cell rule", "D15's `∀c∀d (pr₁c = pr₁d & …)`"):
        assert cause in story
    assert story.count("Minimal board: `") == 4
    assert "**The move's closure**" in story and "- **hidden-information** —" in story
