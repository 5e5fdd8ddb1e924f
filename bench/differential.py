"""setmine against ConceptPortal's reference RSLang engine, on random
schemas, models and formulas.

    .venv/bin/python bench/differential.py --count 6500 --seed 1 --jobs 2 --shrink
    .venv/bin/python bench/differential.py --count 6500 --seed 1 --shrink --keep-differing 1 \
        --record tests/conformance/reference_table.jsonl

Generates random schemas (1–3 basic sets of 0–4 elements, sometimes a
constant set, 1–5 structures, a few terms, functions, predicates and an
axiom) with a model each, and random expressions over them covering the
constructs of ``setmine/rsl/syntax/grammar.lark`` (``rslgen``'s
``Gen``: one method per construct), mostly well typed, a share broken on
purpose.  Each schema and model is written as an rstool session; the
reference (``node /work/shared/tools/rsref/refeval.mjs``) answers all of
its expressions in one call; setmine answers in-process on the same file.
They are compared per expression (``tests/conformance/answers.py``): the
typification, the value where both computed one, the first error code
(and its span) where the reference reports an error, and the warnings.

The report gives the agreement figures and the differences grouped by a
short signature (the kind of mismatch and the codes or types involved),
each with its shortest examples and the constructs every example uses;
``--shrink`` shrinks each example to the smallest sub-expression that still
differs alike (both engines asked again, one node call per step).  About
a minute and a half for 6,500 expressions on 2 cores.

``--record FILE`` writes the reference's answers as a table (JSON lines:
each session once, then its expressions) for
``tests/conformance/test_reference_table.py``; rows on which setmine
disagrees are kept only as ``--keep-differing`` examples per signature
(they become that test's KNOWN_DIFFERENCES).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tests.conformance.answers import (Answer, SetmineSession, compare,  # noqa: E402
                                       reference_answer, record_value, show_value)
from rslgen import make_case  # noqa: E402

REFEVAL = Path(os.environ.get("RSREF", "/work/shared/tools/rsref/refeval.mjs"))


# ---------------------------------------------------------------------------
# Running both sides

def run_reference(session_path: str, expressions: list[str], timeout: float = 90) -> list[dict]:
    """refeval's answer for each expression: one node call; if it does not
    finish in ``timeout`` seconds, one call per expression, an expression
    that still does not finish answered ``{"timeout": true}``."""
    try:
        return _refeval(session_path, expressions, timeout)
    except subprocess.TimeoutExpired:
        rows = []
        for e in expressions:
            try:
                rows += _refeval(session_path, [e], 30)
            except subprocess.TimeoutExpired:
                rows.append({"expression": e, "timeout": True})
        return rows


def _refeval(session_path: str, expressions: list[str], timeout: float) -> list[dict]:
    cmd = ["node", str(REFEVAL), session_path, "--no-text"]
    for e in expressions:
        cmd += ["--expr", e]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(f"refeval failed ({proc.returncode}): {proc.stderr[:500]}")
    rows = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    if len(rows) != len(expressions):
        raise RuntimeError(f"refeval answered {len(rows)} of {len(expressions)} expressions")
    return rows


def run_setmine(session_path: str, expressions: list[str]) -> list[Answer]:
    """setmine's answer for each expression (in a worker process)."""
    session = SetmineSession(session_path)
    answers = []
    for e in expressions:
        started = time.perf_counter()
        answer = session.answer(e)
        answer.seconds = time.perf_counter() - started
        answers.append(answer)
    return answers


@dataclass
class Row:
    case: int
    index: int
    expression: str
    intent: str              # "typed" or "broken:<how>"
    constructs: tuple
    ref_raw: dict
    ref: Answer
    mine: Answer
    kinds: list = field(default_factory=list)


def run_all(cases, jobs: int, workdir: Path, progress=True) -> tuple[list[Row], list[str]]:
    paths = []
    for case in cases:
        path = workdir / f"case{case.number:04d}.json"
        path.write_text(json.dumps(case.session, ensure_ascii=False), encoding="utf-8")
        paths.append(str(path))
    problems: list[str] = []
    started = time.time()
    # spawned, not forked: a forked worker would inherit the pipes of the node
    # processes running in the threads, and their readers would wait for it
    spawn = multiprocessing.get_context("spawn")
    with ThreadPoolExecutor(jobs) as threads, ProcessPoolExecutor(jobs, spawn) as processes:
        ref_futures = [threads.submit(run_reference, p, [e.text for e in c.expressions])
                       for p, c in zip(paths, cases)]
        mine_futures = [processes.submit(run_setmine, p, [e.text for e in c.expressions])
                        for p, c in zip(paths, cases)]
        rows: list[Row] = []
        for n, (case, rf, mf) in enumerate(zip(cases, ref_futures, mine_futures)):
            try:
                ref_rows = rf.result()
            except Exception as exc:  # noqa: BLE001
                problems.append(f"case {case.number}: the reference: {exc}")
                continue
            try:
                mine_answers = mf.result()
            except Exception as exc:  # noqa: BLE001
                problems.append(f"case {case.number}: setmine's worker: {type(exc).__name__}: {exc}")
                mine_answers = [Answer(crash=f"worker: {type(exc).__name__}")
                                for _ in case.expressions]
            for i, (gen, raw, mine) in enumerate(zip(case.expressions, ref_rows, mine_answers)):
                if raw.get("timeout"):
                    problems.append(f"case {case.number} #{i}: the reference did not answer in 30 s: "
                                    f"{gen.text}")
                    continue
                try:
                    ref = reference_answer(raw)
                except Exception as exc:  # noqa: BLE001
                    problems.append(f"case {case.number} #{i}: cannot read the reference's "
                                    f"answer {raw.get('typification')} {str(raw.get('value'))[:80]}: {exc}")
                    continue
                row = Row(case.number, i, gen.text, gen.intent, gen.constructs, raw, ref, mine)
                row.kinds = compare(ref, mine).kinds
                rows.append(row)
            if progress and (n + 1) % 25 == 0:
                print(f"  … {n + 1}/{len(cases)} schemas, {len(rows)} expressions, "
                      f"{time.time() - started:.0f} s", file=sys.stderr)
    return rows, problems


# ---------------------------------------------------------------------------
# Signatures of differences

def signature(row: Row, kind: str) -> str:
    """A short name for one kind of difference of a row: the kind and the
    codes or types involved (elements of types generalised: X1, X2 → X)."""
    ref, mine = row.ref, row.mine
    if kind == "crash":
        return f"crash: {mine.crash[:80]}"
    if kind == "type":
        if ref.type == "N/A":
            return (f"type: reference N/A ({ref.error[0] if ref.error else '?'}), setmine types it"
                    f" (its error: {mine.error[0] if mine.error else 'none'})")
        if mine.type == "N/A":
            return f"type: setmine N/A ({mine.error[0] if mine.error else '?'}), reference types it"
        return f"type: reference {_shape(ref.type)} vs setmine {_shape(mine.type)}"
    if kind == "value":
        return f"value: {_shape(ref.type)}"
    if kind == "error":
        return f"error code: reference {ref.error[0]}, setmine {mine.error[0]}"
    if kind == "missing-error":
        return f"missing error: reference {ref.error[0]}, setmine none"
    if kind == "spurious-error":
        return f"spurious error: setmine {mine.error[0]}, reference none"
    if kind == "span":
        (a, b), (c, d) = ref.error[1:], mine.error[1:]
        if a <= c and d <= b:
            how = "the reference's span is wider"
        elif c <= a and b <= d:
            how = "setmine's span is wider"
        else:
            how = "the spans overlap or are apart"
        return f"span of {ref.error[0]}: {how}"
    if kind == "warnings":
        extra_ref = sorted(set(ref.warnings) - set(mine.warnings))
        extra_mine = sorted(set(mine.warnings) - set(ref.warnings))
        return f"warnings: reference only {extra_ref}, setmine only {extra_mine}"
    return kind


def _shape(t: str) -> str:
    return re.sub(r"[XCSD]\d+", lambda m: m.group(0)[0], t)


# ---------------------------------------------------------------------------
# Shrinking an example: the shortest sub-expression with the same difference

def candidates(text: str) -> list[str]:
    """Texts one step smaller than ``text``: a node replaced by one of its
    children of the same kind (a formula by a formula, a term by a term), an
    element dropped from an enumeration or a tuple (the tree is setmine's
    parse: it only proposes; both engines judge)."""
    from setmine.rsl.syntax import tree as s
    from setmine.rsl.syntax.parser import parse_expression

    try:
        root = parse_expression(text)
    except Exception:  # noqa: BLE001 — a text setmine cannot parse is not shrunk
        return []
    out: set[str] = set()
    for node in root.walk():
        a, b = node.span
        kids = [c for c in node.children() if c.span != (0, 0)]
        for child in kids:
            c, d = child.span
            if (c, d) != (a, b) and s.is_formula(child) == s.is_formula(node):
                out.add(text[:a] + text[c:d] + text[b:])
        if isinstance(node, (s.Enumeration, s.Tuple)) and len(kids) >= 2:
            for i, child in enumerate(kids):
                c, d = child.span
                if i + 1 < len(kids):
                    out.add(text[:c] + text[kids[i + 1].span[0]:])
                else:
                    out.add(text[:kids[i - 1].span[1]] + text[d:])
    return sorted((t for t in out if t.strip() and len(t) < len(text)), key=len)


def shrink(row: Row, kind: str, session_path: str, rounds: int = 40) -> str:
    """The smallest expression found (greedily) that differs as ``row`` does."""
    wanted = signature(row, kind)
    session = SetmineSession(session_path)
    text = row.expression
    for _ in range(rounds):
        options = candidates(text)[:150]
        if not options:
            break
        try:
            raws = run_reference(session_path, options)
        except Exception:  # noqa: BLE001
            break
        found = None
        for option, raw in zip(options, raws):
            if raw.get("timeout"):
                continue
            try:
                ref = reference_answer(raw)
            except Exception:  # noqa: BLE001
                continue
            mine = session.answer(option)
            trial = Row(row.case, row.index, option, row.intent, row.constructs, raw, ref, mine)
            trial.kinds = compare(ref, mine).kinds
            if kind in trial.kinds and signature(trial, kind) == wanted:
                found = trial
                break
        if found is None:
            break
        text = found.expression
        row.shrunk = found
    return text


# ---------------------------------------------------------------------------
# Report

DOCUMENTED_CODES = ("invalidPropertyUsage", "globalNoValue")
"""ConceptPortal's errors for listing a property, where setmine warns on
purpose (docs/conformance.md); globalNoValue is their consequence at a use of
a constituent whose definition lists one."""


DECLARATION = re.compile(r"\s*[A-Z][A-Za-z0-9_]*\s*(:==|::=)")


def on_purpose(row: "Row") -> str | None:
    """Why setmine differs from the reference on ``row`` on purpose
    (docs/conformance.md, "Where setmine differs on purpose"), or None."""
    code = row.ref.error[0] if row.ref.error else None
    if code in DOCUMENTED_CODES:
        return "a property listed: setmine warns"
    if code == "unknownSyntax" and DECLARATION.match(row.expression):
        return "a declaration as an expression: read as ConceptCore reads it"
    if code == "iterateInfinity" and row.mine.has_value:
        return "x ∈ Z, Z ∩ {…}: decided without listing Z"
    return None


def pct(n: int, d: int) -> str:
    return f"{n}/{d} ({100.0 * n / d:.2f}%)" if d else "0/0"


def report(rows: list[Row], cases, problems: list[str], examples: int = 3,
           workdir: Path | None = None) -> str:
    out = []
    by_case = {c.number: c for c in cases}
    typed = [r for r in rows if r.intent == "typed"]
    broken = [r for r in rows if r.intent != "typed"]
    out.append(f"schemas: {len(cases)}; expressions compared: {len(rows)} "
               f"({len(typed)} meant well typed, {len(broken)} broken on purpose)")
    ref_ok = sum(1 for r in rows if r.ref.type != "N/A")
    out.append(f"the reference typed {pct(ref_ok, len(rows))}; computed a value for "
               f"{pct(sum(1 for r in rows if r.ref.has_value), len(rows))}; reported an error for "
               f"{pct(sum(1 for r in rows if r.ref.error), len(rows))}")
    agree_type = sum(1 for r in rows if "type" not in r.kinds and "crash" not in r.kinds)
    out.append(f"types agree:            {pct(agree_type, len(rows))}")
    kept = [r for r in rows if on_purpose(r) is None]
    out.append(f"  … leaving out the documented differences (below): "
               f"{pct(sum(1 for r in kept if 'type' not in r.kinds and 'crash' not in r.kinds), len(kept))}")
    both = [r for r in rows if r.ref.has_value and r.mine.has_value]
    out.append(f"values agree:           {pct(sum(1 for r in both if 'value' not in r.kinds), len(both))}"
               f"  (where both computed a value)")
    ref_err = [r for r in rows if r.ref.error is not None]
    same_code = [r for r in ref_err if r.mine.error is not None and r.mine.error[0] == r.ref.error[0]]
    out.append(f"error codes agree:      {pct(len(same_code), len(ref_err))}"
               f"  (where the reference reports an error)")
    out.append(f"  … and their spans:    {pct(sum(1 for r in same_code if 'span' not in r.kinds), len(same_code))}")
    undocumented = [r for r in ref_err if r.ref.error[0] not in DOCUMENTED_CODES]
    same_ids = {id(r) for r in same_code}
    out.append(f"  … leaving out ConceptPortal's {' and '.join(DOCUMENTED_CODES)} (setmine warns, "
               f"on purpose): {pct(sum(1 for r in undocumented if id(r) in same_ids), len(undocumented))}")
    meant = [r for r in ref_err if on_purpose(r) is None]
    out.append(f"  … leaving out every documented difference (those, a declaration as an "
               f"expression, x ∈ Z decided: bench/differential.on_purpose): "
               f"{pct(sum(1 for r in meant if id(r) in same_ids), len(meant))}")
    no_err = [r for r in rows if r.ref.error is None]
    out.append(f"no error where the reference has none: "
               f"{pct(sum(1 for r in no_err if r.mine.error is None and r.mine.crash is None), len(no_err))}")
    typed_both = [r for r in rows if r.ref.type != "N/A" and r.mine.type != "N/A"]
    out.append(f"warnings agree:         "
               f"{pct(sum(1 for r in typed_both if 'warnings' not in r.kinds), len(typed_both))}"
               f"  (where both typed it)")
    out.append(f"rows agreeing on everything: {pct(sum(1 for r in rows if not r.kinds), len(rows))}")
    crashes = sum(1 for r in rows if "crash" in r.kinds)
    if crashes:
        out.append(f"setmine crashed (not an RSLError): {crashes}")
    seconds = sorted(r.mine.seconds for r in rows)
    if seconds:
        out.append(f"setmine's time per expression: median {1000 * seconds[len(seconds) // 2]:.1f} ms, "
                   f"max {seconds[-1]:.2f} s")
    slow = sorted(rows, key=lambda r: -r.mine.seconds)[:5]
    if slow and getattr(slow[0].mine, "seconds", 0.0) > 0.5:
        out.append("setmine's slowest expressions:")
        for r in slow:
            if r.mine.seconds > 0.5:
                out.append(f"  {r.mine.seconds:.2f} s  #{r.case}: {r.expression}  → {show_answer(r.mine)}"
                           f"  (reference: {show_answer(r.ref)})")
    if problems:
        out.append("")
        out.append(f"problems ({len(problems)}):")
        out += [f"  {p}" for p in problems[:20]]
    groups: dict[str, list[Row]] = defaultdict(list)
    for r in rows:
        for kind in r.kinds:
            groups[signature(r, kind)].append(r)
    out.append("")
    out.append(f"differences: {len(groups)} categories")
    for sig, members in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        out.append("")
        common = set(members[0].constructs)
        for m in members[1:]:
            common &= set(m.constructs)
        out.append(f"== {sig}  — {len(members)} rows"
                   + (f"; constructs in every one: {', '.join(sorted(common))}" if common else ""))
        kind = next(k for k in members[0].kinds if signature(members[0], k) == sig)
        for r in pick_examples(members, examples):
            case = by_case[r.case]
            shown = r
            if workdir is not None:
                shrink(r, kind, str(workdir / f"case{case.number:04d}.json"))
                shown = getattr(r, "shrunk", r)
            out.append(f"   schema #{r.case}: {case.summary(shown.expression)}")
            out.append(f"     model: {case.model_summary(shown.expression)}")
            if shown is not r:
                out.append(f"     generated: {r.expression}    [{r.intent}]")
                out.append(f"     shrunk:    {shown.expression}")
            else:
                out.append(f"     expression: {r.expression}    [{r.intent}]")
            out.append(f"     reference: {show_answer(shown.ref)}")
            out.append(f"     setmine:   {show_answer(shown.mine)}")
    return "\n".join(out)


def pick_examples(members: list[Row], n: int) -> list[Row]:
    """The shortest expressions, from different schemas where possible."""
    chosen: list[Row] = []
    seen_cases: set[int] = set()
    for r in sorted(members, key=lambda r: (len(r.expression), r.case, r.index)):
        if r.case in seen_cases:
            continue
        chosen.append(r)
        seen_cases.add(r.case)
        if len(chosen) == n:
            break
    return chosen


def show_answer(a: Answer) -> str:
    parts = [a.type]
    if a.has_value:
        text = show_value(a.value)
        parts.append("= " + (text if len(text) < 160 else text[:157] + "…"))
    if a.error:
        parts.append(f"error {a.error[0]} [{a.error[1]}, {a.error[2]})")
    if a.warnings:
        parts.append(f"warnings {list(a.warnings)}")
    if a.crash:
        parts.append(f"CRASH {a.crash}")
    return "  ".join(parts)


# ---------------------------------------------------------------------------
# Recording the reference's answers

def is_slow(row: Row) -> bool:
    """A row the table's fast test leaves out: a loop the reference stops by
    its iteration limit (setmine takes seconds to reach its own)."""
    return row.ref.error is not None and row.ref.error[0] == "iterationsLimit"


def record(rows: list[Row], cases, path: Path, keep_differing: int) -> tuple[int, int, list]:
    """Write the table: every row on which setmine agrees, and of the
    others the report's examples (``keep_differing`` per signature, shrunk
    when --shrink shrank them).  Return (rows written, differing rows left
    out, the kept differing rows as (key, signatures, expression))."""
    groups: dict[str, list[Row]] = defaultdict(list)
    for r in rows:
        for kind in r.kinds:
            groups[signature(r, kind)].append(r)
    kept: set[int] = set()
    for members in groups.values():
        kept.update(id(r) for r in pick_examples(members, keep_differing))
    chosen: list[Row] = []
    left_out = 0
    slow_seen: set[str] = set()
    for r in sorted(rows, key=lambda r: (r.case, r.index)):
        if is_slow(r) and r.expression in slow_seen:
            continue  # one of each slow expression is enough (R{a := 0 | a + 1} …)
        if is_slow(r):
            slow_seen.add(r.expression)
        if "crash" in r.kinds:
            left_out += 1
        elif not r.kinds:
            chosen.append(r)
        elif id(r) in kept:
            chosen.append(getattr(r, "shrunk", r))
        else:
            left_out += 1
    differing = [(f"{r.case}:{r.index}", sorted({signature(r, k) for k in r.kinds}), r.expression)
                 for r in chosen if r.kinds]
    by_case = {c.number: c for c in cases}
    with open(path, "w", encoding="utf-8") as handle:
        for number in sorted({r.case for r in chosen}):
            lines = [{"kind": "session", "case": number, "session": by_case[number].session}]
            for r in (r for r in chosen if r.case == number):
                raw = r.ref_raw
                line = {"kind": "expression", "case": number, "index": r.index,
                        "expression": r.expression, "type": raw.get("typification"),
                        "value": record_value(raw.get("value"), raw.get("typification") or "N/A"),
                        "error": list(r.ref.error) if r.ref.error else None,
                        "warnings": list(r.ref.warnings)}
                if is_slow(r):
                    line["slow"] = True
                lines.append(line)
            for line in lines:
                handle.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
    return len(chosen), left_out, differing


# ---------------------------------------------------------------------------

def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=1000, help="expressions to generate (default 1000)")
    parser.add_argument("--per-schema", type=int, default=20,
                        help="generated expressions per schema (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=max(1, min(4, os.cpu_count() or 1)))
    parser.add_argument("--broken", type=float, default=0.2,
                        help="the share of expressions broken on purpose (default 0.2)")
    parser.add_argument("--examples", type=int, default=3, help="examples per category")
    parser.add_argument("--record", type=Path, help="write the reference's answers to this JSONL file")
    parser.add_argument("--keep-differing", type=int, default=1,
                        help="with --record: rows kept per signature of difference (default 1)")
    parser.add_argument("--keep", type=Path, help="keep the session files in this folder")
    parser.add_argument("--rows", type=Path, help="write every compared row as JSON lines here")
    parser.add_argument("--shrink", action="store_true",
                        help="shrink each example to the smallest sub-expression that differs alike")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    cases = []
    total = 0
    number = 0
    while total < args.count:
        want = min(args.per_schema, args.count - total)
        case = make_case(random.Random(rng.getrandbits(64)), number, want, args.broken)
        cases.append(case)
        total += want
        number += 1
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="setmine-diff-") as tmp:
        workdir = args.keep or Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        rows, problems = run_all(cases, args.jobs, workdir)
        print(f"seed {args.seed}: {len(cases)} schemas, {len(rows)} rows in "
              f"{time.time() - started:.0f} s")
        print(report(rows, cases, problems, args.examples, workdir if args.shrink else None))
    if args.rows:
        with open(args.rows, "w", encoding="utf-8") as handle:
            for r in rows:
                handle.write(json.dumps({"case": r.case, "index": r.index, "expression": r.expression,
                                         "intent": r.intent, "constructs": list(r.constructs),
                                         "kinds": r.kinds, "reference": r.ref.to_json(),
                                         "setmine": r.mine.to_json()}, ensure_ascii=False) + "\n")
    if args.record:
        written, left_out, differing = record(rows, cases, args.record, args.keep_differing)
        size = args.record.stat().st_size
        print(f"\nrecorded {written} rows of {len(rows)} to {args.record} ({size / 1e6:.2f} MB); "
              f"{left_out} differing rows left out; differing rows kept ({len(differing)}):")
        for key, sigs, expression in differing:
            print(f"  {key:>8}  {expression}\n            {' | '.join(sigs)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
