"""``setmine prove``'s answer, as JSON (docs/json.md) and as text.

    ✓ D8 ⊆ S2  proved for every model (from A4, D1, D8, S2)
    ✗ D18 ∩ D8 = ∅  refuted: smallest model X1=2
    ? D11 ≠ ∅ ⇒ D18 = D11  unknown: holds up to X1<=3; the prover gave up after 30 s
"""

from __future__ import annotations

from .decide import Outcome, Statement

EXIT = {"proved": 0, "refuted": 1, "unknown": 3, "vacuous": 3}
"""The exit status of each verdict; a run exits with its statements' worst
(refuted 1, then unknown or vacuous 3; 0 only when every one is proved)."""


def exit_status(outcome: Outcome) -> int:
    verdicts = {st.verdict for st in outcome.statements}
    if "refuted" in verdicts:
        return 1
    return 3 if verdicts & {"unknown", "vacuous"} else 0


def to_json(schema, outcome: Outcome) -> dict:
    """The fixed interface: ``axioms`` and ``statements[]`` (name, formula,
    verdict, used, counterexample, bounded, seconds), and more beside."""
    from ..verification.models.evidence import evidence_json, values_json

    def statement(st: Statement) -> dict:
        example = None
        if st.counterexample is not None:
            example = {"sizes": dict(st.counterexample.sizes),
                       "model": values_json(schema, st.counterexample),
                       **evidence_json(schema, st.counterexample, st.formula
                                       if st.name.startswith("assert") else st.name)}
            if st.error is not None:
                example["error"] = {"code": st.error.code, "message": st.error.message}
        return {"name": st.name, "formula": st.formula, "verdict": st.verdict,
                "used": st.used if st.verdict in ("proved", "vacuous") else [],
                "counterexample": example,
                "bounded": {"scope": outcome.bounded.covered, "asked": outcome.bounded.asked,
                            "complete": outcome.bounded.complete, "holds": st.bounded_holds},
                "seconds": round(st.seconds, 3),
                "why": st.why if st.verdict == "unknown" else "",
                "prover": {"answer": st.prover,
                           "attempts": [{"obligation": what, "answer": status, "seconds": s}
                                        for what, status, s in st.attempts],
                           "smt2": st.smt2}}
    return {"command": "prove", "spec": schema.path,
            "axioms": outcome.axioms, "axioms_why": outcome.axioms_why,
            "left_out": outcome.left_out,
            "bounded": {"asked": outcome.bounded.asked, "covered": outcome.bounded.covered,
                        "complete": outcome.bounded.complete, "models": outcome.bounded.models,
                        "note": outcome.bounded.note},
            "statements": [statement(st) for st in outcome.statements]}


def verdict_line(st: Statement) -> str:
    """One statement's verdict, in words."""
    if st.verdict == "proved":
        used = f" (from {_names(st.used)})" if st.used else ""
        return f"✓ {st.name}  {st.formula}  proved for every model{used}"
    if st.verdict == "vacuous":
        return (f"! {st.name}  {st.formula}  vacuous: it follows only because the axioms "
                f"contradict each other")
    if st.verdict == "refuted":
        sizes = ", ".join(f"{a}={n}" for a, n in st.counterexample.sizes.items())
        return f"✗ {st.name}  {st.formula}  refuted: smallest model {sizes}"
    return f"? {st.name}  {st.formula}  unknown: {st.why}"


def _names(aliases: list[str]) -> str:
    if len(aliases) <= 1:
        return "".join(aliases)
    return ", ".join(aliases[:-1]) + " and " + aliases[-1]


def text_lines(schema, outcome: Outcome) -> list[str]:
    """The answer as ``setmine prove`` prints it."""
    from ..present.output.values import show
    from ..verification.models.evidence import gather
    from ..present.explain.trace import render

    lines = [f"{schema.path or 'the schema'}: every model of every size "
             f"(the models scope: {outcome.bounded.asked})"]
    if outcome.axioms == "inconsistent":
        lines.append(f"! the axioms are contradictory: {outcome.axioms_why}; every statement "
                     f"follows from them, so a proof says nothing")
    elif outcome.axioms == "unknown":
        lines.append(f"? whether the axioms have a model: {outcome.axioms_why}")
    for alias, why in outcome.left_out.items():
        lines.append(f"  {alias} is left out of every proof: it {why}")
    for st in outcome.statements:
        lines.append(verdict_line(st))
        if st.verdict == "refuted":
            lines += [f"    {a} = {show(v)}" for a, v in st.counterexample.values.items()]
            evidence = gather(schema, st.counterexample,
                              st.formula if st.name.startswith("assert") else st.name)
            lines += [f"    {n} = {show(r.value) if r.ok else 'error: ' + r.error.message}"
                      for n, r in evidence.values.items()]
            lines += [f"  {line}" for t in evidence.traces for line in render(t)]
    if not outcome.statements:
        lines.append("the schema has no statement to prove: give one with --assert FORMULA")
    return lines
