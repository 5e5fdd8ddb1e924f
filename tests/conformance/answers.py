"""What ConceptPortal's reference engine answered about an expression and
what setmine answers, in one shape, and how the two are compared.

Shared by ``bench/differential.py`` (which asks the reference, through
``node /work/shared/tools/rsref/refeval.mjs``) and
``tests/conformance/test_reference_table.py`` (which reads the reference's
recorded answers and needs no node).

An answer is four things: the typification as the reference prints it
(``ℬ(X1×X1)``, ``Logic``, ``[X1] → ℬ(X1)``; ``N/A`` when typing failed),
the value (Python values: an element of a basic or constant set is its
index, an integer an ``int``, a truth value a ``bool``, a tuple a
``tuple``, a set a ``frozenset``; ``Huge(n)`` for a set too large to list),
the first error (its code and ``[from, to)`` span in code points) and the
codes of the warnings.

The reference's values come in its encoding (integers, ``[-111, …]`` for a
tuple, sorted arrays for sets, 1/0 for truth); they are read by the
typification the reference printed, with the small parser of
typification strings below.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

TUPLE_MARK = -111
WARNING_MASK, WARNING_BITS = 0xF000, 0x2000   # the reference's isCritical(): a warning's code
LIST_LIMIT = 20_000          # a set with more members than this is compared by its size
INLINE_VALUE_CHARS = 2_000   # a recorded value longer than this is kept as a digest


# ---------------------------------------------------------------------------
# Typifications: parsed from the reference's printed form

@dataclass(frozen=True)
class Ty:
    """A typification: ``kind`` is ``element`` (X1, C1, Z, R0…: ``name``),
    ``logic``, ``tuple`` (``parts``), ``set`` (``base``) or ``function``
    (``parts`` the parameters, ``base`` the result)."""

    kind: str
    name: str = ""
    parts: tuple = ()
    base: "Ty | None" = None

    def __str__(self) -> str:
        if self.kind == "element":
            return self.name
        if self.kind == "logic":
            return "Logic"
        if self.kind == "set":
            inner = str(self.base)
            return "ℬ" + inner if self.base.kind == "set" else f"ℬ({inner})"
        if self.kind == "tuple":
            return "×".join(f"({p})" if p.kind == "tuple" else str(p) for p in self.parts)
        return "[" + ", ".join(map(str, self.parts)) + f"] → {self.base}"


LOGIC = Ty("logic")
INTEGER = Ty("element", "Z")


def element(name: str) -> Ty:
    return Ty("element", name)


def tuple_of(*parts: Ty) -> Ty:
    return Ty("tuple", parts=tuple(parts))


def set_of(base: Ty) -> Ty:
    return Ty("set", base=base)


class TypeSyntaxError(ValueError):
    pass


def parse_type(text: str) -> Ty | None:
    """The typification the reference printed (None for ``N/A``)."""
    text = text.strip()
    if text in ("N/A", ""):
        return None
    parser = _TypeParser(text)
    ty = parser.function() if text.startswith("[") else parser.product()
    if parser.pos != len(text):
        raise TypeSyntaxError(f"unexpected {text[parser.pos:]!r} in {text!r}")
    return ty


class _TypeParser:
    def __init__(self, text: str):
        self.text = text
        self.pos = 0

    def peek(self, token: str) -> bool:
        return self.text.startswith(token, self.pos)

    def take(self, token: str) -> None:
        if not self.peek(token):
            raise TypeSyntaxError(f"expected {token!r} at {self.pos} in {self.text!r}")
        self.pos += len(token)

    def function(self) -> Ty:
        self.take("[")
        params = [self.product()]
        while self.peek(","):
            self.take(",")
            self.skip_spaces()
            params.append(self.product())
        self.take("]")
        self.skip_spaces()
        self.take("→")
        self.skip_spaces()
        return Ty("function", parts=tuple(params), base=self.product())

    def skip_spaces(self) -> None:
        while self.peek(" "):
            self.pos += 1

    def product(self) -> Ty:
        parts = [self.factor()]
        while self.peek("×"):
            self.take("×")
            parts.append(self.factor())
        return parts[0] if len(parts) == 1 else Ty("tuple", parts=tuple(parts))

    def factor(self) -> Ty:
        if self.peek("ℬ"):
            self.take("ℬ")
            return set_of(self.factor())
        if self.peek("("):
            self.take("(")
            inner = self.product()
            self.take(")")
            return inner
        if self.peek("Logic"):
            self.take("Logic")
            return LOGIC
        start = self.pos
        while self.pos < len(self.text) and (self.text[self.pos].isalnum()):
            self.pos += 1
        if start == self.pos:
            raise TypeSyntaxError(f"expected a type at {start} in {self.text!r}")
        return element(self.text[start:self.pos])


# ---------------------------------------------------------------------------
# Values: the reference's encoding ↔ Python values

@dataclass(frozen=True)
class Huge:
    """A set too large to list: compared by its number of members."""

    card: int

    def __str__(self) -> str:
        return f"<a set of {self.card} members>"


@dataclass(frozen=True)
class Digest:
    """A recorded value too long to keep: its size and a hash of its
    canonical encoding."""

    card: int
    sha: str

    def __str__(self) -> str:
        return f"<a set of {self.card} members, sha {self.sha[:12]}>"


def decode(value: Any, ty: Ty | None) -> Any:
    """A value in the reference's encoding, read as a value of ``ty``."""
    if ty is None:
        raise ValueError("no typification to read the value by")
    if ty.kind == "logic":
        return bool(value)
    if ty.kind == "element":
        if isinstance(value, float) and value.is_integer():
            return int(value)   # the reference's integers are doubles: 1e22 prints as a float
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{value!r} is not an element of {ty}")
        return value
    if ty.kind == "tuple":
        if not (isinstance(value, list) and value and value[0] == TUPLE_MARK
                and len(value) == len(ty.parts) + 1):
            raise ValueError(f"{value!r} is not a tuple of {ty}")
        return tuple(decode(v, p) for v, p in zip(value[1:], ty.parts))
    if ty.kind == "set":
        if not isinstance(value, list):
            raise ValueError(f"{value!r} is not a set of {ty}")
        if len(value) > LIST_LIMIT:
            return Huge(len(value))
        return frozenset(decode(v, ty.base) for v in value)
    raise ValueError(f"a {ty} has no value")


def ref_key(value: Any):
    """The reference's order of values (``compare`` in its value.ts):
    numbers ascending; arrays (tuples, sets) shorter first, then element
    by element."""
    if isinstance(value, bool):
        return (int(value),)
    if isinstance(value, int):
        return value
    if isinstance(value, tuple):
        return (len(value) + 1, (TUPLE_MARK,) + tuple(ref_key(v) for v in value))
    if isinstance(value, frozenset):
        return (len(value), tuple(sorted(ref_key(v) for v in value)))
    raise TypeError(f"no reference order for {value!r}")


def encode(value: Any) -> Any:
    """A Python value in the reference's encoding (sets sorted as it sorts them)."""
    if isinstance(value, bool):
        return 1 if value else 0
    if isinstance(value, int):
        return int(value)
    if isinstance(value, tuple):
        return [TUPLE_MARK, *(encode(v) for v in value)]
    if isinstance(value, frozenset):
        return [encode(v) for v in sorted(value, key=ref_key)]
    raise TypeError(f"cannot encode {value!r}")


def digest(value: frozenset) -> Digest:
    """A set value's size and the SHA-256 of its canonical encoding (members
    in the reference's order, whatever order a side listed them in)."""
    encoded = encode(value)
    text = json.dumps(encoded, separators=(",", ":"))
    return Digest(len(encoded), hashlib.sha256(text.encode()).hexdigest())


def show_value(value: Any) -> str:
    """A Python value in RSLang's notation (elements by index)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, tuple):
        return "(" + ", ".join(show_value(v) for v in value) + ")"
    if isinstance(value, frozenset):
        return "{" + ", ".join(show_value(v) for v in sorted(value, key=ref_key)) + "}"
    return str(value)


# ---------------------------------------------------------------------------
# Answers

@dataclass
class Answer:
    """One side's answer about one expression."""

    type: str = "N/A"                  # the printed typification, N/A when typing failed
    value: Any = None                  # a Python value, Huge or Digest; None: no value
    has_value: bool = False
    error: tuple | None = None         # (code, from, to): the first error
    warnings: tuple = ()               # the warnings' codes, in order
    crash: str | None = None           # setmine raised something that is not an RSLError
    seconds: float = 0.0               # how long setmine took (bench/differential.py)

    def to_json(self) -> dict:
        return {"type": self.type, "error": list(self.error) if self.error else None,
                "warnings": list(self.warnings),
                "value": show_value(self.value) if self.has_value else None,
                "crash": self.crash}


def is_warning(code: int) -> bool:
    return (code & WARNING_MASK) == WARNING_BITS


def reference_answer(row: dict) -> Answer:
    """The answer in one line of refeval's ``--expr`` output."""
    answer = Answer(type=row.get("typification") or "N/A")
    critical = [d for d in row.get("diagnostics", []) if not is_warning(d.get("code", 0))]
    if critical:
        d = critical[0]
        answer.error = (d["name"], d["from"], d["to"])
    # ConceptPortal's error invalidPropertyUsage is a warning in setmine on purpose
    # (docs/conformance.md): it counts among the warnings too, so that the one
    # difference is reported once, as the missing error.
    answer.warnings = tuple(d["name"] for d in row.get("diagnostics", [])
                            if d.get("kind") == "expression" and (
                                is_warning(d.get("code", 0)) or d["name"] == "invalidPropertyUsage"))
    if row.get("value") is not None:
        answer.value = decode_recorded(row["value"], answer.type)
        answer.has_value = True
    return answer


def decode_recorded(value: Any, typification: str) -> Any:
    """A value as refeval printed it, or a recorded digest (``{"card", "sha"}``)."""
    if isinstance(value, dict) and "sha" in value:
        return Digest(value["card"], value["sha"])
    return decode(value, parse_type(typification))


def record_value(encoded: Any, typification: str) -> Any:
    """The reference's value as a table keeps it: as printed, or, when that
    is long, its size and the digest of its canonical encoding."""
    if isinstance(encoded, list) and len(json.dumps(encoded)) > INLINE_VALUE_CHARS:
        value = decode(encoded, parse_type(typification))
        if isinstance(value, Huge):
            return {"card": value.card, "sha": ""}
        d = digest(value)
        return {"card": d.card, "sha": d.sha}
    return encoded


def recorded_answer(line: dict) -> Answer:
    """The reference's answer as the table recorded it (see bench/differential.py's
    ``record``): the same as :func:`reference_answer` of the live output."""
    answer = Answer(type=line.get("type") or "N/A")
    if line.get("error"):
        answer.error = tuple(line["error"])
    answer.warnings = tuple(line.get("warnings", ()))
    if line.get("value") is not None:
        answer.value = decode_recorded(line["value"], answer.type)
        answer.has_value = True
    return answer


# ---------------------------------------------------------------------------
# setmine's side

class SetmineSession:
    """setmine on one session file: the model read once, the schema's terms
    computed once, then any number of expressions typed and evaluated.
    Only setmine's public reading and evaluation functions are used (and
    its parser and typifier for the warnings)."""

    def __init__(self, path: str, max_elements: int = 300_000, max_seconds: float = 20.0):
        from setmine.eval.interpret.model import evaluate_schema
        from setmine.sources import read_model

        self.max_elements = max_elements
        self.max_seconds = max_seconds
        self.problem: str | None = None
        try:
            self.model = read_model(path)
        except Exception as exc:  # noqa: BLE001 — a model setmine refuses is an answer too
            self.problem = f"{type(exc).__name__}: {exc}".splitlines()[0]
            return
        self.schema = self.model.schema
        self.data = dict(self.model.values)
        try:
            results = evaluate_schema(self.schema, self.model.values, self._budget())
        except Exception as exc:  # noqa: BLE001
            self.problem = f"evaluate_schema: {type(exc).__name__}: {exc}".splitlines()[0]
            return
        for alias, result in results.items():
            if result.ok and result.kind == "term":
                self.data[alias] = result.value

    def _budget(self):
        from setmine.eval.values.budget import Budget
        return Budget(max_elements=self.max_elements, max_seconds=self.max_seconds)

    def answer(self, text: str) -> Answer:
        from setmine.rsl.syntax.errors import RSLError

        answer = Answer()
        if self.problem is not None:
            answer.crash = self.problem
            return answer
        try:
            if text in self.schema.by_alias:  # an alias in an expression is its global
                self.schema.expression_tree(text)
            self._as_a_term(text)
            answer.type = self.schema.typify(text)
        except RSLError as exc:
            answer.error = (exc.code, exc.start, exc.end)
        except Exception as exc:  # noqa: BLE001
            answer.crash = f"typify: {type(exc).__name__}: {exc}".splitlines()[0]
            return answer
        answer.warnings = self._warnings(text)
        if answer.error is not None:
            return answer
        try:
            value = self._evaluate(text)
            answer.value = value
            answer.has_value = True
        except RSLError as exc:
            answer.error = (exc.code, exc.start, exc.end)
        except RecursionError:
            answer.crash = "evaluate: RecursionError"
        except Exception as exc:  # noqa: BLE001
            answer.crash = f"evaluate: {type(exc).__name__}: {exc}".splitlines()[0]
        return answer

    def _as_a_term(self, text: str) -> None:
        """refeval analyses a free expression as a term (or a statement):
        a function definition there is expectedType, as it is for a term
        of a schema."""
        from setmine.rsl.constituents import analyse_constituent
        from setmine.rsl.syntax.parser import parse_expression
        from setmine.rsl.syntax import tree as s

        tree = parse_expression(text)
        if isinstance(tree, s.FunctionDef):
            analyse_constituent("D0", tree, self.schema.environment(), kind="term")

    def _evaluate(self, text: str):
        from setmine.eval.interpret.model import evaluate
        from setmine.eval.values.sets import CURRENT_BUDGET

        budget = self._budget()
        value = evaluate(self.schema, text, self.data, budget)
        token = CURRENT_BUDGET.set(budget)
        try:
            return settle(value, budget)
        finally:
            CURRENT_BUDGET.reset(token)

    def _warnings(self, text: str) -> tuple:
        from setmine.rsl.semantics.typifier import typify
        from setmine.rsl.syntax.parser import parse_with_warnings
        from setmine.rsl.syntax import tree as s

        try:
            parsed = parse_with_warnings(text)
            codes = [w.code for w in parsed.warnings]
            if not isinstance(parsed.tree, s.FunctionDef):
                codes += [w.code for w in typify(parsed.tree, self.schema.environment()).warnings]
            return tuple(codes)
        except Exception:  # noqa: BLE001 — the error is the answer's already
            return ()


def settle(value: Any, budget=None) -> Any:
    """setmine's value as a plain Python value: lazy sets listed (``Huge``
    when they have more than ``LIST_LIMIT`` members), elements as ints."""
    from setmine.eval.values.budget import Budget
    from setmine.eval.values.sets import LazySet, card, members

    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, tuple):
        return tuple(settle(v, budget) for v in value)
    if isinstance(value, frozenset):
        if len(value) > LIST_LIMIT:
            return Huge(len(value))
        return frozenset(settle(v, budget) for v in value)
    if isinstance(value, LazySet):
        size = card(value)
        size = int(size) if _is_integer(size) else size
        if not isinstance(size, int) or size > LIST_LIMIT:
            return Huge(size)
        budget = budget or Budget()
        return frozenset(settle(v, budget) for v in members(value, budget))
    raise TypeError(f"an unexpected value from setmine: {type(value).__name__}")


def _is_integer(x) -> bool:
    try:
        return int(x) == x
    except (TypeError, ValueError, OverflowError):
        return False


# ---------------------------------------------------------------------------
# Comparison

KINDS = ("type", "value", "error", "span", "spurious-error", "missing-error", "warnings", "crash")


@dataclass
class Verdict:
    """The differences between the reference's answer and setmine's: a
    list of kinds (``KINDS``), empty when they agree."""

    kinds: list = field(default_factory=list)

    @property
    def agrees(self) -> bool:
        return not self.kinds


def same_value(ref: Any, mine: Any) -> bool:
    if isinstance(ref, Digest):
        if isinstance(mine, frozenset) and ref.sha:
            return digest(mine) == ref
        return _size(mine) == ref.card
    if isinstance(ref, Huge) or isinstance(mine, Huge):
        return _size(ref) == _size(mine)
    if type(ref) is bool or type(mine) is bool:
        return type(ref) is type(mine) and ref == mine
    return ref == mine


def _size(value) -> Any:
    if isinstance(value, (Huge, Digest)):
        return value.card
    if isinstance(value, frozenset):
        return len(value)
    return None


def compare(ref: Answer, mine: Answer, warnings: bool = True) -> Verdict:
    """How setmine's answer differs from the reference's.

    * ``type``: the typifications differ (N/A on one side only included);
    * ``value``: both computed a value, and the values differ;
    * ``error``: the reference reports an error, setmine another code or none
      (``missing-error`` when setmine has none);
    * ``span``: the same first error code, at another span;
    * ``spurious-error``: setmine reports an error where the reference has none;
    * ``warnings``: the warnings' codes differ (as sets), where both typed it;
    * ``crash``: setmine raised an exception that is not an RSLError."""
    kinds: list[str] = []
    if mine.crash is not None:
        return Verdict(["crash"])
    if ref.type != mine.type:
        kinds.append("type")
    if ref.has_value and mine.has_value and not same_value(ref.value, mine.value):
        kinds.append("value")
    if ref.error is not None:
        if mine.error is None:
            kinds.append("missing-error")
        elif mine.error[0] != ref.error[0]:
            kinds.append("error")
        elif tuple(mine.error[1:]) != tuple(ref.error[1:]):
            kinds.append("span")
    elif mine.error is not None:
        kinds.append("spurious-error")
    # warnings only where both typed the expression: setmine's typifier stops at
    # the first error, the reference's analysis goes on and warns past it
    both_typed = ref.type != "N/A" and mine.type != "N/A"
    if warnings and both_typed and sorted(set(ref.warnings)) != sorted(set(mine.warnings)):
        kinds.append("warnings")
    return Verdict(kinds)
