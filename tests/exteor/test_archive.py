"""The legacy Exteor 4.0 stream: the seed's dump, its raw byte form, errors."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine import resources
from setmine.exteor import (
    KINDS,
    Document,
    ExteorError,
    Record,
    document_to_bytes,
    document_to_text,
    read_exteor,
    read_exteor_bytes,
    read_exteor_text,
    text_to_bytes,
)
from setmine.exteor.archive import tokenize_bytes, tokenize_text

SEED = resources.SEED  # the user's Exteor file as shipped (tests/cli/test_import.py compares it)
SEED_TEXT = SEED.read_bytes().decode("utf-8")
SEED_BYTES = text_to_bytes(SEED_TEXT)
DOC = read_exteor_text(SEED_TEXT)

ORDER = ["X1", "S1", "S2", "S3", "S4", "A1", "A2", "A3", "A4",
         *(f"D{k}" for k in range(1, 19)), "A5", "A6", "D19", "D20", "D21"]


# --- the seed, field by field -----------------------------------------------------


def test_header():
    assert DOC.version == "Exteor 4.0 R1092 - 09/27/2013"
    assert DOC.title == "Концептуализаиция Сапер"  # the typo is the user's, kept
    assert DOC.alias == "КС Сапер"
    assert DOC.comment == ""


def test_records_in_file_order_with_kinds():
    assert [r.alias for r in DOC.records] == ORDER
    assert len(DOC.records) == 32
    for rec in DOC.records:
        assert rec.kind == KINDS[rec.alias[0]]
    assert {r.kind for r in DOC.records} == {"basic", "structure", "axiom", "term"}
    assert all(r.text == "" for r in DOC.records)  # no textual definitions in the seed


def test_x1_s1():
    assert DOC.record("X1") == Record("X1", "basic", "", "", "", "Множество ячеек игрового поля")
    assert DOC.record("S1") == Record(
        "S1", "structure", "Топология игрового поля", "ℬ(X₁×X₁)", "",
        'Множество пар "ячейка - соседняя с ней ячейка"')


def test_d6_d7_d18_d21():
    assert DOC.record("D6").term == "Card (pr2) - уровень минной опасности открытой ячейки"
    assert DOC.record("D6").formal == "{a ∈ D₄| pr₁ a ∈ S₃}"
    assert DOC.record("D7").convention.startswith("Множество  пар \"открытая ячейка, у которой")
    assert len(DOC.record("D7").convention) == 176
    assert DOC.record("D18").term == "Целевой терм"
    assert DOC.record("D21") == Record(
        "D21", "term", "", "{a ∈ S₃ ∪ S₄| debool (S₄) ∈ S₂}", "", "Подрыв на мине, игра проиграна")


def test_d15_long_string():
    d15 = DOC.record("D15")
    assert d15.formal == (
        "{b ∈ ℬ(X₁)| (card (b) = card (S₂) - card (D₈) & b ∩ (D₈ ∪ D₁₁ ∪ S₃) = ∅ & "
        "∀c ∈ D₅, ∀d ∈ D₆ (pr₁ c = pr₁ d & card (pr₂ c ∩ (D₈ ∪ b)) = card (pr₂ d)))}")
    assert len(d15.convention) == 390
    assert "\uffff\u0186" + d15.convention in SEED_TEXT  # the long prefix, then the text
    assert "подмножеств Х1" in d15.convention  # a Cyrillic Х, as the user typed it


def test_every_string_is_in_the_file_byte_for_byte():
    raw = SEED.read_bytes()
    for rec in DOC.records:
        for field in (rec.alias, rec.term, rec.formal, rec.text, rec.convention):
            assert field.encode("utf-8") in raw


def test_stray_integers():
    ints = [t.value for t in tokenize_text(SEED_TEXT) if not t.is_string]
    assert ints == [32, 53, 10, 10, 9, 46, 50, 52, 10, 10, 43, 44, 45, 40, 41, 42]


def test_read_exteor_detects_the_dump(tmp_path):
    assert read_exteor(SEED) == DOC
    path = tmp_path / "seed.bin"
    path.write_bytes(SEED_BYTES)
    assert read_exteor(path) == DOC
    # a dump saved with a UTF-8 BOM, or as UTF-16LE with a BOM, reads the same
    assert read_exteor_bytes(b"\xef\xbb\xbf" + SEED.read_bytes()) == DOC
    assert read_exteor_bytes(b"\xff\xfe" + SEED_TEXT.encode("utf-16-le")) == DOC


# --- the raw byte form --------------------------------------------------------------


def test_byte_form_layout():
    assert SEED_BYTES.startswith(b"\xff\xfe\xff\x0d" + "__@VERSION@__".encode("utf-16-le"))
    long_prefix = b"\xff\xfe\xff\xff\x86\x01"  # 390 as a 16-bit little-endian length
    assert SEED_BYTES.count(long_prefix) == 1
    # the record count 32 and the 53 after it as 16-bit units
    assert b"\xff\xfe\xff\x00\x20\x00\x35\x00\xff\xfe\xff\x02X\x001\x00" in SEED_BYTES


def test_byte_form_reads_the_same():
    assert read_exteor_bytes(SEED_BYTES) == DOC
    text_tokens = tokenize_text(SEED_TEXT)
    byte_tokens = tokenize_bytes(SEED_BYTES)
    assert [t.value for t in byte_tokens] == [t.value for t in text_tokens]
    # each string gains the 2-byte marker FF FE before it in the byte form
    strings_before = 0
    for t, b in zip(text_tokens, byte_tokens):
        assert b.offset == 2 * t.offset + 2 * strings_before
        strings_before += t.is_string


def test_byte_form_with_zero_units_as_a_real_archive_has():
    """Integers are 32-bit in a real archive: their zero high units are dropped."""
    padded = SEED_BYTES.replace(b" \x005\x00", b" \x00\x00\x005\x00\x00\x00")
    assert padded != SEED_BYTES
    assert read_exteor_bytes(padded) == DOC


# --- writing the legacy form, round trips -------------------------------------------


def test_document_to_text_of_the_seed():
    assert read_exteor_text(document_to_text(DOC)) == DOC
    assert read_exteor_bytes(document_to_bytes(DOC)) == DOC
    assert text_to_bytes(document_to_text(DOC)) == document_to_bytes(DOC)


def test_32_bit_length():
    rec = Record("T1", "theorem", "т" * 70000, "∀x", "", "")
    doc = replace(DOC, records=(rec,))
    text = document_to_text(doc)
    assert "\uffff\uffff\u1170\u0001" in text  # 70000 = 0x00011170
    assert read_exteor_text(text) == doc
    assert read_exteor_bytes(text_to_bytes(text)) == doc


def test_astral_characters_count_as_two_units():
    rec = Record("P1", "predicate", "𝔅𝔅", "[a∈X1] a=a", "", "😀")
    doc = replace(DOC, records=(rec,))
    text = document_to_text(doc)
    assert "\u04ff𝔅𝔅" in text  # length 4 units, 2 characters
    assert read_exteor_text(text) == doc


def test_writer_refuses_unfaithful_documents():
    with pytest.raises(ValueError):
        document_to_text(replace(DOC, records=()))
    with pytest.raises(ValueError):
        document_to_text(replace(DOC, records=(Record("X1", "term", "", "", "", ""),)))


TEXT = st.one_of(
    st.text(max_size=20),
    st.text(alphabet="Мнжствочеклгрпя ∀∃∈∉ℬ×∩∪\\₁₂₃Xxy\n\t\r\"{}()|&", max_size=60),
    st.text(alphabet="абв ∈ℬ\n\x00\ufeff\uffff", min_size=255, max_size=600),
    st.text(min_size=250, max_size=300),
)


@st.composite
def legacy_records(draw) -> Record:
    prefix = draw(st.sampled_from(sorted(KINDS)))
    alias = prefix + draw(st.text(alphabet="0123456789₀₁₂", min_size=0, max_size=3))
    return Record(alias, KINDS[prefix], draw(TEXT), draw(TEXT), draw(TEXT), draw(TEXT))


LEGACY_DOCS = st.builds(
    Document, title=TEXT, alias=TEXT, comment=TEXT, version=TEXT,
    records=st.lists(legacy_records(), min_size=1, max_size=8).map(tuple))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(LEGACY_DOCS)
def test_legacy_round_trip(doc):
    text = document_to_text(doc)
    assert read_exteor_text(text) == doc
    assert read_exteor_bytes(text_to_bytes(text)) == doc
    assert text_to_bytes(text) == document_to_bytes(doc)
    assert read_exteor_bytes(text.encode("utf-8", "surrogatepass")) == doc


# --- errors -------------------------------------------------------------------------


LAST_STRING_END_CHAR = SEED_TEXT.rindex("Подрыв на мине, игра проиграна") + len("Подрыв на мине, игра проиграна")


def test_truncated_text_at_every_position():
    for cut in range(len(SEED_TEXT)):
        try:
            doc = read_exteor_text(SEED_TEXT[:cut])
        except ExteorError as exc:
            assert exc.unit == "character"
            assert 0 <= exc.offset <= cut
            continue
        assert doc == DOC and cut >= LAST_STRING_END_CHAR


def test_truncated_bytes_at_every_position():
    successes = []
    for cut in range(len(SEED_BYTES)):
        try:
            doc = read_exteor_bytes(SEED_BYTES[:cut])
        except ExteorError as exc:
            assert exc.unit in ("byte", "character")
            continue
        assert doc == DOC
        successes.append(cut)
    assert successes == [len(SEED_BYTES) - 2]  # only without the trailing integer 42


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(SEED_TEXT)), st.integers(0, len(SEED_TEXT)))
def test_any_slice_fails_cleanly(start, stop):
    """A slice of the dump (and of the byte form) is an error or the whole document."""
    for read, data in ((read_exteor_text, SEED_TEXT[start:stop]),
                       (read_exteor_bytes, SEED_BYTES[2 * start:2 * stop])):
        try:
            doc = read(data)
        except ExteorError:
            continue
        assert doc == DOC and start == 0


def test_single_byte_flips_of_the_byte_form():
    outcomes = {"error": 0, "read": 0}
    for pos in range(len(SEED_BYTES)):
        for mask in (0x01, 0xFF):
            data = bytearray(SEED_BYTES)
            data[pos] ^= mask
            try:
                read_exteor_bytes(bytes(data))
                outcomes["read"] += 1
            except ExteorError:
                outcomes["error"] += 1
    assert outcomes["error"] > 0 and outcomes["read"] > 0


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(SEED_BYTES) - 1), st.integers(1, 255))
def test_random_byte_flips(pos, mask):
    data = bytearray(SEED_BYTES)
    data[pos] ^= mask
    try:
        read_exteor_bytes(bytes(data))
    except ExteorError:
        pass
    utf8 = bytearray(SEED.read_bytes())
    utf8[pos % len(utf8)] ^= mask
    try:
        read_exteor_bytes(bytes(utf8))
    except ExteorError:
        pass


def _error(source: str | bytes) -> ExteorError:
    with pytest.raises(ExteorError) as info:
        if isinstance(source, str):
            read_exteor_text(source)
        else:
            read_exteor_bytes(source)
    return info.value


def test_truncated_long_string_message():
    start = SEED_TEXT.index("\uffff\u0186")
    exc = _error(SEED_TEXT[:start + 2 + 12])
    assert str(exc) == f"truncated string at character {start}: expected 390 characters, found 12"
    assert (exc.offset, exc.unit, exc.problem) == (start, "character", "truncated string")
    at = SEED_BYTES.index(b"\xff\xfe\xff\xff\x86\x01")
    exc = _error(SEED_BYTES[:at + 6 + 24])
    assert str(exc) == f"truncated string at byte {at}: expected 390 UTF-16 units, found 12"


def test_corrupted_length_prefix():
    start = SEED_TEXT.index("\uffff\u0186")
    longer = SEED_TEXT[:start + 1] + "\u7186" + SEED_TEXT[start + 2:]
    assert "expected 29062 characters" in str(_error(longer))
    shorter = SEED_TEXT[:start + 1] + "\u0106" + SEED_TEXT[start + 2:]
    exc = _error(shorter)  # the last 128 characters of D15 would stand outside any string
    assert exc.problem == "text outside a string" and exc.offset == start + 2 + 262
    x1 = SEED_TEXT.index("\u1dffМножество ячеек")
    exc = _error(SEED_TEXT[:x1] + "\u1d00" + SEED_TEXT[x1 + 1:])  # no longer a prefix
    assert (exc.problem, exc.offset) == ("text outside a string", x1)
    exc = _error(SEED_TEXT[:start + 1])
    assert exc.problem == "truncated length prefix" and exc.offset == start


def test_wrong_header():
    exc = _error("\u05ffHELLO" + SEED_TEXT[14:])
    assert exc.problem == "wrong header" and exc.offset == 0 and "'__@VERSION@__'" in str(exc)
    assert _error("").problem == "wrong header"
    assert _error("hello").problem == "wrong header"
    assert _error("A plain text file, not a schema at all.\n" * 20).problem == "wrong header"
    assert _error(SEED_TEXT[:44]).problem == "truncated header"


def test_declared_count_must_match():
    count_at = SEED_TEXT.index(" 5\u02ffX1")
    exc = _error(SEED_TEXT[:count_at] + "!" + SEED_TEXT[count_at + 1:])
    assert exc.problem == "record count mismatch" and exc.offset == count_at
    assert "declares 33 records, the stream holds 32" in str(exc)
    exc = _error(SEED_TEXT[:count_at] + SEED_TEXT[count_at + 2:])
    assert exc.problem == "missing record count"
    extra = SEED_TEXT + "\u02ffD9" + "\u00ff" * 4
    assert _error(extra).problem == "record count mismatch"


def test_unknown_kind():
    exc = _error(SEED_TEXT.replace("\u02ffX1", "\u02ffQ1", 1))
    assert exc.problem == "unknown constituent kind" and "'Q1'" in str(exc)


def test_invalid_utf16_and_utf8_and_odd_bytes():
    exc = _error(SEED_TEXT.replace("\u02ffX1", "\u02ffX\ud800", 1))
    assert exc.problem == "invalid UTF-16" and "U+D800" in str(exc)
    raw = bytearray(SEED_BYTES)
    at = SEED_BYTES.index("X1".encode("utf-16-le"))
    raw[at + 2:at + 4] = b"\x00\xdc"  # a lone low surrogate for "1"
    exc = _error(bytes(raw))
    assert (exc.problem, exc.offset, exc.unit) == ("invalid UTF-16", at + 2, "byte")
    exc = _error(SEED_BYTES + b"\x00")
    assert exc.problem == "truncated 16-bit unit" and exc.offset == len(SEED_BYTES)
    exc = _error(SEED.read_bytes()[:3] + b"\xff" + SEED.read_bytes()[3:])
    assert (exc.problem, exc.unit, exc.offset) == ("invalid UTF-8", "byte", 3)


def test_missing_file(tmp_path):
    with pytest.raises(ExteorError, match="cannot read"):
        read_exteor(tmp_path / "nope.trs")
