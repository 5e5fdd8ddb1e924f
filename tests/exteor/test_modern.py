"""The modern ``.trs``: a ZIP holding ``document.json`` (ConceptPortal, Exteor 4.8+)."""

from __future__ import annotations

import io
import json
import zipfile
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
    read_exteor,
    read_exteor_bytes,
    trs_bytes,
    write_trs,
)
from setmine.exteor import modern
from setmine.exteor.modern import document_json, read_trs_bytes

SEED = resources.SEED  # the user's Exteor file as shipped (tests/cli/test_import.py compares it)
LEGACY = read_exteor(SEED)
DOC = replace(LEGACY, version="rsform 16")
TRS = trs_bytes(DOC)


def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, payload in members.items():
            archive.writestr(name, payload)
    return buffer.getvalue()


def _json_zip(obj) -> bytes:
    return _zip({"document.json": json.dumps(obj, ensure_ascii=False).encode("utf-8")})


def _error(data: bytes) -> ExteorError:
    with pytest.raises(ExteorError) as info:
        read_exteor_bytes(data)
    return info.value


# --- writing and reading back -----------------------------------------------------------


def test_seed_round_trip(tmp_path):
    path = tmp_path / "saper.trs"
    write_trs(LEGACY, path)
    assert path.read_bytes()[:4] == b"PK\x03\x04"
    assert read_exteor(path) == DOC  # the legacy version string becomes "rsform 16"
    assert read_exteor(path).record("D15").convention == LEGACY.record("D15").convention


def test_write_to_a_file_object_is_deterministic():
    buffer = io.BytesIO()
    write_trs(DOC, buffer)
    assert buffer.getvalue() == TRS == trs_bytes(DOC)


def test_document_json_shape():
    with zipfile.ZipFile(io.BytesIO(TRS)) as archive:
        assert archive.namelist() == ["document.json"]
        obj = json.loads(archive.read("document.json").decode("utf-8"))
    assert obj["type"] == "rsform" and obj["version"] == 16
    assert (obj["title"], obj["alias"], obj["comment"]) == ("Концептуализаиция Сапер", "КС Сапер", "")
    assert len(obj["items"]) == 32
    s1 = obj["items"][1]
    assert s1["alias"] == "S1" and s1["cstType"] == "structure"
    assert s1["term"]["raw"] == "Топология игрового поля"
    assert s1["definition"]["formal"] == "ℬ(X₁×X₁)"
    assert s1["definition"]["text"]["raw"] == ""
    assert s1["convention"] == 'Множество пар "ячейка - соседняя с ней ячейка"'
    assert [i["cstType"] for i in obj["items"]] == [r.kind for r in DOC.records]


def test_every_cst_type_reads_as_its_kind():
    items = [{"alias": f"{p}1", "cstType": kind} for p, kind in KINDS.items()]
    doc = read_trs_bytes(_json_zip({"type": "rsform", "version": 16, "items": items}))
    assert [(r.alias, r.kind) for r in doc.records] == [(f"{p}1", k) for p, k in KINDS.items()]
    assert doc.records[0] == Record("X1", "basic", "", "", "", "")
    assert (doc.title, doc.alias, doc.comment, doc.version) == ("", "", "", "rsform 16")


def test_other_versions_and_a_bom_are_accepted():
    obj = document_json(DOC) | {"version": 17}
    payload = b"\xef\xbb\xbf" + json.dumps(obj).encode("utf-8")
    doc = read_trs_bytes(_zip({"other.txt": b"x", "document.json": payload}))
    assert doc == replace(DOC, version="rsform 17")


def test_lone_surrogates_survive_a_round_trip():
    doc = replace(DOC, records=(Record("X1", "basic", "\ud800", "", "", ""),))
    assert read_trs_bytes(trs_bytes(doc)) == doc


TEXT = st.one_of(
    st.text(max_size=20),
    st.text(alphabet="Мнжствочеклгрпя ∀∃∈∉ℬ×∩∪\\₁₂₃Xxy\n\t\r\"{}()|&\x00", max_size=60),
    st.text(min_size=255, max_size=400),
)
RECORDS = st.builds(Record, alias=st.text(max_size=8), kind=st.sampled_from(sorted(KINDS.values())),
                    term=TEXT, formal=TEXT, text=TEXT, convention=TEXT)
DOCS = st.builds(Document, title=TEXT, alias=TEXT, comment=TEXT, version=st.just("rsform 16"),
                 records=st.lists(RECORDS, max_size=8).map(tuple))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(DOCS)
def test_round_trip(doc):
    assert read_exteor_bytes(trs_bytes(doc)) == doc


# --- errors ---------------------------------------------------------------------------------


def test_not_a_zip_and_no_document_json():
    exc = _error(b"PK\x03\x04garbage")
    assert (exc.problem, exc.unit, exc.offset) == ("not a readable ZIP archive", "byte", 0)
    exc = _error(_zip({"content.json": b"{}"}))
    assert exc.problem == "no document.json in the ZIP archive" and "'content.json'" in str(exc)
    assert _error(_zip({})).problem == "no document.json in the ZIP archive"


def test_bad_json():
    exc = _error(_zip({"document.json": b'{"type": "rsform",, }'}))
    assert str(exc).startswith("invalid JSON in document.json at byte 18: ")
    exc = _error(_zip({"document.json": '{"title": "Сапер" "x"}'.encode("utf-8")}))
    assert exc.offset == len('{"title": "Сапер" '.encode("utf-8"))  # bytes, not characters
    exc = _error(_zip({"document.json": b'{"title": "\xd0"}'}))
    assert (exc.problem, exc.offset) == ("invalid UTF-8 in document.json", 11)
    exc = _error(_zip({"document.json": b"[" * 100_000}))
    assert exc.problem == "invalid JSON in document.json"


@pytest.mark.parametrize("obj, problem, words", [
    ([], "wrong document in document.json", "expected a JSON object"),
    ({"version": 16}, "wrong document type in document.json", '"type": "rsform"'),
    ({"type": "rsmodel", "version": 16}, "wrong document type in document.json", "'rsmodel'"),
    ({"type": "rsform"}, "missing field in document.json", "$.version"),
    ({"type": "rsform", "version": "16"}, "wrong field type in document.json", "an integer"),
    ({"type": "rsform", "version": True}, "wrong field type in document.json", "an integer"),
    ({"type": "rsform", "version": 16, "title": 5}, "wrong field type in document.json", "$.title"),
    ({"type": "rsform", "version": 16, "items": {}}, "wrong field type in document.json", "an array"),
    ({"type": "rsform", "version": 16, "items": [3]}, "wrong field type in document.json", "$.items[0]"),
    ({"type": "rsform", "version": 16, "items": [{"cstType": "basic"}]},
     "missing field in document.json", "$.items[0].alias"),
    ({"type": "rsform", "version": 16, "items": [{"alias": "X1", "cstType": "nominal"}]},
     "unknown constituent type in document.json", "'nominal'"),
    ({"type": "rsform", "version": 16, "items": [{"alias": "X1", "cstType": "basic", "term": "t"}]},
     "wrong field type in document.json", "$.items[0].term to be an object"),
    ({"type": "rsform", "version": 16,
      "items": [{"alias": "X1", "cstType": "basic", "definition": {"text": {"raw": 1}}}]},
     "wrong field type in document.json", "$.items[0].definition.text.raw"),
])
def test_wrong_content(obj, problem, words):
    exc = _error(_json_zip(obj))
    assert exc.problem == problem and words in str(exc) and exc.unit == "byte"


def test_too_large_document_json(monkeypatch):
    monkeypatch.setattr(modern, "MAX_JSON_BYTES", 100)
    assert _error(TRS).problem == "document.json too large"


def test_truncated_zip_at_every_position():
    for cut in range(len(TRS)):
        try:
            doc = read_exteor_bytes(TRS[:cut])
        except ExteorError:
            continue
        raise AssertionError(f"a ZIP cut at byte {cut} was read: {doc.title!r}")


def test_single_byte_flips_of_the_zip():
    for pos in range(len(TRS)):
        data = bytearray(TRS)
        data[pos] ^= 0xFF
        try:
            doc = read_exteor_bytes(bytes(data))
        except ExteorError:
            continue
        assert isinstance(doc, Document)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(TRS) - 1), st.integers(1, 255))
def test_random_byte_flips_of_the_zip(pos, mask):
    data = bytearray(TRS)
    data[pos] ^= mask
    try:
        read_exteor_bytes(bytes(data))
    except ExteorError:
        pass
