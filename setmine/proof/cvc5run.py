"""Run cvc5 on SMT-LIB text: the answer, the names of the assertions a proof
used, the time — under a time limit, and a memory limit when run apart.

``answer(text, seconds)`` runs cvc5's Python library in this process (the
differential tests ask thousands of small questions); ``answer_apart``
runs it in a child process under an address-space limit, killed if it
overruns, so that a hard obligation cannot take the command's memory or
time with it (``setmine prove``).

``python -m setmine.proof.cvc5run FILE`` reads an SMT-LIB file as the
``cvc5`` binary does and prints what it prints: the obligations
``setmine prove --smt2 DIR`` writes are answered alike by either.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import dataclass, field


@dataclass
class Answer:
    status: str                 # "unsat", "sat", "unknown"
    core: list[str] = field(default_factory=list)   # names of the assertions a proof used
    seconds: float = 0.0
    reason: str = ""            # why unknown: cvc5's, or the limit met


def answer(text: str, seconds: float, options: dict | None = None) -> Answer:
    """cvc5's answer to the SMT-LIB ``text`` (its ``(check-sat)``, and its
    ``(get-unsat-core)`` when the answer is unsat), within ``seconds``."""
    import cvc5

    started = time.monotonic()
    tm = cvc5.TermManager()
    solver = cvc5.Solver(tm)
    solver.setOption("tlimit-per", str(max(1, int(seconds * 1000))))
    for key, value in (options or {}).items():
        solver.setOption(key, value)
    parser = cvc5.InputParser(solver)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, text, "obligation")
    try:
        outputs = list(_commands(solver, parser))
    except RuntimeError as exc:
        return Answer("unknown", [], time.monotonic() - started, f"cvc5: {exc}")
    spent = time.monotonic() - started
    status = next((o for o in outputs if o in ("sat", "unsat", "unknown")), "unknown")
    core: list[str] = []
    if status == "unsat":
        core = [line.strip() for line in outputs[-1].strip("()\n ").split()
                if line.strip()] if outputs[-1].startswith("(") else []
    reason = ""
    if status == "unknown":
        try:
            reason = str(solver.getInfo("reason-unknown")).strip("b'\" ():")
            reason = reason.replace("reason-unknown", "").strip(" :")
        except RuntimeError:
            reason = ""
        if spent >= seconds * 0.95 or "TIMEOUT" in reason.upper():
            reason = f"gave up after {seconds:g} s"
        else:
            reason = {"INCOMPLETE": "gave up: its quantifier instantiation is incomplete"}.get(
                reason.upper(), f"gave up ({reason.lower()})" if reason else "gave up")
    return Answer(status, core, spent, reason)


def answer_apart(text: str, seconds: float, memory: int | None = None,
                 options: dict | None = None) -> Answer:
    """``answer`` in a child process: at most ``memory`` bytes of address
    space, killed ``seconds`` + 10 s after it starts if cvc5 has not
    stopped itself."""
    started = time.monotonic()
    request = json.dumps({"text": text, "seconds": seconds, "options": options or {}})

    def limit() -> None:   # in the child, before it runs
        if memory:
            import resource
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    try:
        done = subprocess.run([sys.executable, "-m", "setmine.proof.cvc5run", "--json"],
                              input=request, capture_output=True, text=True,
                              timeout=seconds + 10, preexec_fn=limit)
    except subprocess.TimeoutExpired:
        return Answer("unknown", [], time.monotonic() - started, f"gave up after {seconds:g} s")
    spent = time.monotonic() - started
    if done.returncode != 0 or not done.stdout.strip():
        if "MemoryError" in done.stderr or "bad_alloc" in done.stderr or done.returncode < 0:
            limit_text = f" of {memory // 2**20:,} MiB" if memory else ""
            return Answer("unknown", [], spent, f"it ran out of its memory{limit_text}")
        last = (done.stderr.strip().splitlines() or ["no answer"])[-1]
        return Answer("unknown", [], spent, f"cvc5 stopped: {last[:200]}")
    found = json.loads(done.stdout)
    return Answer(found["status"], found["core"], found["seconds"], found["reason"])


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--json"]:
        request = json.loads(sys.stdin.read())
        found = answer(request["text"], request["seconds"], request["options"])
        print(json.dumps(found.__dict__))
        return 0
    if len(argv) != 1:
        print("usage: python -m setmine.proof.cvc5run FILE.smt2", file=sys.stderr)
        return 2
    import cvc5

    tm = cvc5.TermManager()
    solver = cvc5.Solver(tm)
    parser = cvc5.InputParser(solver)
    parser.setFileInput(cvc5.InputLanguage.SMT_LIB_2_6, argv[0])
    for out in _commands(solver, parser):
        print(out)
    return 0


def _commands(solver, parser):
    """Each command the parser reads, run: what it prints, if anything."""
    symbols = parser.getSymbolManager()
    while True:
        command = parser.nextCommand()
        if command.isNull():
            return
        out = command.invoke(solver, symbols)
        if out:
            yield out.strip()


if __name__ == "__main__":
    sys.exit(main())
