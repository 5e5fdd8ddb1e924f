"""A verdict means something was checked (issue 37): an empty or truncated
schema, or one with nothing to check, is refused with exit 2 and a message
naming what is missing — never ✓ and exit 0."""

from __future__ import annotations

import pytest

from setmine import resources
from setmine.cli import main

STRUCTURES = "X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nS3 ::= ℬ(X1)\nS4 ::= ℬ(X1)\n"


@pytest.mark.parametrize("text", ["", "# only a comment\n", "X1\nS1 ::= ℬ(X1×X1)\n"])
def test_verify_refuses_a_schema_without_the_board_s_structures(capsys, tmp_path, text):
    spec = tmp_path / "schema.rsl"
    spec.write_text(text, encoding="utf-8")
    assert main(["verify", "--shapes", "2x2", "--spec", str(spec)]) == 2
    out, err = capsys.readouterr()
    assert "✓" not in out and "does not declare" in err and "S2 (structure)" in err


def test_verify_refuses_a_schema_with_nothing_to_check(capsys, tmp_path):
    spec = tmp_path / "schema.rsl"
    spec.write_text(STRUCTURES, encoding="utf-8")
    assert main(["verify", "--shapes", "2x2", "--spec", str(spec)]) == 2
    out, err = capsys.readouterr()
    assert "✓" not in out and "nothing to check" in err
    # an --assert is something to check
    assert main(["verify", "--shapes", "2x2", "--spec", str(spec), "--assert", "S2 ⊆ X1"]) == 0
    assert "✓" in capsys.readouterr().out


def test_check_refuses_a_schema_with_nothing_to_check(capsys, tmp_path):
    spec = tmp_path / "schema.rsl"
    spec.write_text("", encoding="utf-8")
    board = resources.board_file("tiny-2x2")
    assert main(["check", str(board), "--spec", str(spec)]) == 2
    assert "nothing to check" in capsys.readouterr().err


def test_every_reader_takes_a_byte_order_mark_alike(capsys, tmp_path):
    """A .rsl, a .board, a JSON board graph and a model file saved with a
    UTF-8 byte-order mark read as they do without it (issue 37)."""
    from setmine.board.files.formats import load_board
    from setmine.board.topology import write_graph_json

    board = load_board(resources.board_file("tiny-2x2"))
    files = {"schema.rsl": resources.CORRECTED_SCHEMA.read_text(encoding="utf-8"),
             "tiny.board": resources.board_file("tiny-2x2").read_text(encoding="utf-8"),
             "tiny.json": write_graph_json(board)}
    for name, text in files.items():
        (tmp_path / name).write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    spec = str(tmp_path / "schema.rsl")
    for subject in ("tiny.board", "tiny.json"):
        plain = tmp_path / f"plain-{subject}"
        plain.write_text(files[subject], encoding="utf-8")
        assert main(["eval", str(plain), "--spec", spec, "--json"]) in (0, 1)
        expected = untimed(capsys.readouterr().out.replace(str(plain), ""))
        assert main(["eval", str(tmp_path / subject), "--spec", spec, "--json"]) in (0, 1)
        out, err = capsys.readouterr()
        assert untimed(out.replace(str(tmp_path / subject), "")) == expected, err


def untimed(text: str):
    """A JSON output without its timings."""
    import json

    def strip(v):
        if isinstance(v, dict):
            return {k: strip(x) for k, x in v.items() if k != "seconds"}
        return [strip(x) for x in v] if isinstance(v, list) else v
    return strip(json.loads(text))


def test_the_shipped_schemas_by_name_everywhere(capsys):
    """--spec written|corrected in every command, and an unknown name lists
    the shipped ones, in the command line and in the facade (issue 37)."""
    import setmine

    assert main(["eval", "tiny-2x2", "--spec", "corrected", "--json"]) in (0, 1)
    assert "saper-corrected.rsl" in capsys.readouterr().out
    assert main(["spec", "written"]) == 0
    capsys.readouterr()
    assert main(["eval", "tiny-2x2", "--spec", "corected"]) == 2
    assert "shipped schema; those are, by name from any folder: written, corrected" in \
        capsys.readouterr().err
    with pytest.raises(FileNotFoundError, match="'written', 'corrected'"):
        setmine.evaluate("corected", "tiny-2x2", "card(D15)")


def test_messages_quote_input_as_typed(capsys):
    """`--term 'D18 \\cap D8'` is quoted with one backslash, as typed (issue
    37: Python's repr doubled it); a newline is still shown escaped."""
    from setmine.cli.argtypes import quoted

    assert main(["eval", "tiny-2x2", "--term", "D18 \\cap D8"]) == 2
    assert "--term 'D18 \\cap D8':" in capsys.readouterr().err
    assert quoted("a\nb") == "'a\\nb'" and quoted("it's") == '"it\'s"'
