"""`setmine import`: the seed reproduces spec/saper.rsl exactly."""

import shutil
from pathlib import Path

import pytest

from setmine.cli import main
from setmine.exteor import read_exteor_bytes, read_exteor_text
from setmine.exteor.archive import text_to_bytes
from setmine.exteor.modern import trs_bytes
from setmine.importing import document_to_schema
from setmine.rsl.schemafile import read_schema_text

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT / "spec" / "saper.exteor.txt"          # the user's Exteor file, as shipped
SHARED_SEED = ROOT.parent / "shared" / "seeds" / "000_e5be09d9c997d229.txt"
SAPER = ROOT / "spec" / "saper.rsl"


@pytest.mark.skipif(not SHARED_SEED.exists(), reason="the user's folder is not beside this checkout")
def test_the_shipped_exteor_file_is_the_users_seed_byte_for_byte():
    assert SEED.read_bytes() == SHARED_SEED.read_bytes()


def test_importing_the_seed_over_the_spec_reproduces_it_exactly(tmp_path):
    target = tmp_path / "saper.rsl"
    shutil.copy(SAPER, target)
    assert main(["import", str(SEED), "-o", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == SAPER.read_text(encoding="utf-8")


def test_a_fresh_import_differs_from_the_spec_only_by_the_glosses(tmp_path):
    target = tmp_path / "fresh.rsl"
    assert main(["import", str(SEED), "-o", str(target)]) == 0
    fresh = target.read_text(encoding="utf-8").splitlines()
    ours = [line for line in SAPER.read_text(encoding="utf-8").splitlines()
            if not line.startswith("  gloss: ")]
    assert fresh == ours


def test_the_raw_bytes_and_the_modern_trs_import_to_the_same_schema():
    text = SEED.read_text(encoding="utf-8")
    from_text = document_to_schema(read_exteor_text(text))
    from_bytes = document_to_schema(read_exteor_bytes(text_to_bytes(text)))
    assert from_bytes == from_text
    doc = read_exteor_text(text)
    from_trs = document_to_schema(read_exteor_bytes(trs_bytes(doc)))
    assert from_trs.constituents == from_text.constituents


def test_imported_schema_equals_the_committed_spec_but_for_glosses():
    imported = document_to_schema(read_exteor_text(SEED.read_text(encoding="utf-8")))
    committed = read_schema_text(SAPER.read_text(encoding="utf-8"))
    strip = lambda schema: [(c.alias, c.formal, c.term, c.text, c.convention)
                            for c in schema.constituents]
    assert strip(imported) == strip(committed)


def test_a_corrupted_seed_is_an_error_with_an_offset_and_writes_nothing(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    text = SEED.read_text(encoding="utf-8")
    bad.write_text(text[: len(text) // 2], encoding="utf-8")
    target = tmp_path / "out.rsl"
    assert main(["import", str(bad), "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert "at character" in err
    assert not target.exists()


def test_a_missing_seed_is_an_error(tmp_path, capsys):
    assert main(["import", str(tmp_path / "nope.txt")]) == 2
    assert "nope.txt" in capsys.readouterr().err


def test_an_import_keeps_the_traits_of_constant_sets_which_exteor_does_not_store():
    from setmine.exteor.document import Document, Record
    doc = Document("t", "a", "", "rsform 16", (Record("X1", "basic", "", "", "", ""),
                                                Record("C1", "constant", "", "", "", "")))
    assert [c.traits for c in document_to_schema(doc).constituents] == [None, None]
    previous = read_schema_text("X1\nC1\n  traits: ordered\n")
    assert [c.traits for c in document_to_schema(doc, previous).constituents] == \
        [None, ("ordered",)]
