"""setmine against ConceptPortal's own RSLang engine, on a table of the
reference's recorded answers (no node needed).

``reference_table.jsonl`` was written by

    .venv/bin/python bench/differential.py --count 6500 --seed 1 --shrink \
        --keep-differing 1 --record tests/conformance/reference_table.jsonl

from ``node /work/shared/tools/rsref/refeval.mjs`` (ConceptPortal HEAD
5b553de5): random schemas and models (each written once, as an rstool
session) and random expressions over them, each with the reference's
typification, value, first error (code and span) and warnings.  Every row
is answered by setmine here and compared as the bench compares
(``answers.compare``): the typification, the value where both computed one,
the first error code and its span, the warnings where both typed it.

The rows on which setmine differs are KNOWN_DIFFERENCES, each with its
reason (the recording keeps a few rows of each kind of difference: the
bench's report lists them all); a listed row that now agrees fails too,
so that the table is kept exact.  Rows the reference stops by its
iteration limit (setmine takes seconds to reach its own) are in the slow
test.
"""

from __future__ import annotations

import json
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest

from .answers import SetmineSession, compare, recorded_answer

TABLE = Path(__file__).with_name("reference_table.jsonl")
CHUNKS = 8  # the fast test in parts, for the workers of pytest-xdist

# Why the listed rows differ, and which side is wrong.
PROPERTY = ("on purpose (docs/conformance.md): setmine warns invalidPropertyUsage where "
            "ConceptPortal refuses, and evaluates on")
NO_VALUE = ("on purpose, a consequence: a term, axiom or function whose own definition lists a "
            "property has no value class in ConceptPortal (globalNoValue where it is used)")
PARENTHESISED_NAME = ("on purpose: ConceptPortal's grammar parenthesises only operations and "
                      "formulas, so (A1) is unknownSyntax; setmine reads (X1), (A1) as "
                      "ConceptCore does")
INTEGERS = ("on purpose: ConceptPortal never evaluates Z (iterateInfinity, x ∈ Z too); "
            "setmine decides the membership")
GLOBAL_DEFINITION = ("on purpose: ConceptPortal 5b553de5 does not parse ALIAS :== … or ::= in "
                     "an expression (unknownSyntax); setmine reads it as ConceptCore does and "
                     "evaluates its body")
SYNTAX = ("different parsers: another syntax error code or span where the text does not parse "
          "(ConceptPortal's error recovery)")
DOUBLES = "the reference errs: its integers are doubles (2^53 + 1 rounds); setmine is exact"
COMMON_TYPE = ("the reference errs: its commonType merges two distinct C1 type objects to Z "
               "(a template's result ∪ C1); setmine's ℬ(C1) is right")

KNOWN_DIFFERENCES: dict[str, str] = {
    "2:7": PARENTHESISED_NAME,    # ¬(A1)
    "9:6": GLOBAL_DEFINITION,     # S9 ::= X1
    "9:7": NO_VALUE,              # P2[S3]
    "9:15": DOUBLES,              # 9007199254740993
    "13:0": NO_VALUE,             # D1
    "317:3": NO_VALUE,            # P1[ℬ(X3)]: P1 lists a property (setmine warns where)
    "14:5": PROPERTY,             # card(Z)
    "28:7": PROPERTY,             # D2 ⊆ {X1}
    "31:15": SYNTAX,              # ∀a∈X1
    "127:14": INTEGERS,           # 0 ∈ Z
    "142:13": SYNTAX,             # P1[{y | t :∈ X1; …}]
    "164:16": PROPERTY,           # (3, 3)∈debool(ℬ(D2))
    "208:1": NO_VALUE,            # A1
    "225:18": COMMON_TYPE,        # R{t := F2[pr1((8, 5)), C1] | 0 ≥ 2 | t ∪ C1}
    "283:8": PROPERTY,            # (X2 ∩ D1)∈I{α | α :∈ ℬ(D1); α=α}
    "289:3": SYNTAX,              # Pr(X1)
}


@lru_cache(maxsize=1)
def table() -> tuple[dict, dict]:
    """The sessions by case number, and each case's expression rows."""
    sessions: dict[int, dict] = {}
    rows: dict[int, list] = {}
    with open(TABLE, encoding="utf-8") as handle:
        for text in handle:
            line = json.loads(text)
            if line["kind"] == "session":
                sessions[line["case"]] = line["session"]
            else:
                rows.setdefault(line["case"], []).append(line)
    return sessions, rows


def key(line: dict) -> str:
    return f"{line['case']}:{line['index']}"


def check(cases: list[int], slow: bool) -> list[str]:
    """What differs from the table on these cases' rows."""
    sessions, rows = table()
    failures = []
    with tempfile.TemporaryDirectory(prefix="setmine-conformance-") as tmp:
        for case in cases:
            path = Path(tmp) / f"case{case}.json"
            path.write_text(json.dumps(sessions[case], ensure_ascii=False), encoding="utf-8")
            session = SetmineSession(str(path))
            for line in rows.get(case, []):
                if bool(line.get("slow")) != slow:
                    continue
                ref = recorded_answer(line)
                mine = session.answer(line["expression"])
                verdict = compare(ref, mine)
                known = KNOWN_DIFFERENCES.get(key(line))
                if known is not None:
                    if verdict.agrees:
                        failures.append(f"{key(line)} {line['expression']!r} now agrees with the "
                                        f"reference: remove it from KNOWN_DIFFERENCES ({known})")
                    continue
                if not verdict.agrees:
                    failures.append(
                        f"{key(line)} {line['expression']!r}: {', '.join(verdict.kinds)}\n"
                        f"    reference: {json.dumps(ref.to_json(), ensure_ascii=False)}\n"
                        f"    setmine:   {json.dumps(mine.to_json(), ensure_ascii=False)}")
    return failures


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_reference_table(chunk):
    sessions, _ = table()
    failures = check(sorted(sessions)[chunk::CHUNKS], slow=False)
    assert not failures, f"{len(failures)} rows differ:\n" + "\n".join(failures[:30])


@pytest.mark.slow
def test_reference_table_slow_rows():
    sessions, _ = table()
    failures = check(sorted(sessions), slow=True)
    assert not failures, f"{len(failures)} rows differ:\n" + "\n".join(failures[:30])


def test_the_table():
    """The table is what its docstring says: thousands of rows over
    hundreds of schemas, under 2 MB, and every known difference is a row."""
    sessions, rows = table()
    count = sum(len(r) for r in rows.values())
    assert count >= 5000 and len(sessions) >= 200
    assert TABLE.stat().st_size < 2_000_000
    keys = {key(line) for r in rows.values() for line in r}
    assert not set(KNOWN_DIFFERENCES) - keys, sorted(set(KNOWN_DIFFERENCES) - keys)
