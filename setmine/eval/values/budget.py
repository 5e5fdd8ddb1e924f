"""The evaluation budget: how many candidates may be enumerated, for how
long, and in how much memory.  Exceeding it is an error that names the
sub-term, its cardinality, the construct that needed its members, and the
limit — never a hang, never an out-of-memory.

The budget is cumulative (per term), so the charge that tips it over is not
necessarily the culprit: a ledger keeps what each (sub-term, construct) has
spent, and the error blames the one that spent the most, saying how much of
the budget it took and over how many charges.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Mapping

from ...base.deadline import Deadline, current as deadline_now
from ...base.memo import memo_of, remember
from ...rsl.syntax.errors import RSLError
from ...rsl.syntax.printer import unicode
from . import cardinal

DEFAULT_MAX_ELEMENTS = 2_000_000
DEFAULT_MAX_SECONDS = 60.0
CHECK_EVERY = 0x4000  # candidates between two looks at the clock and the resident memory

# The process's memory limit in bytes (None: unlimited), set once by the command
# line; every budget made afterwards checks against it.
MEMORY_LIMIT: int | None = None
MEMORY_OPTION: str | None = None  # the option that raises it


class BudgetExceeded(RSLError):
    """``setOverflow`` (too many members), ``iterationsLimit`` (too many
    steps), ``timeLimit`` or ``memoryLimit``."""


@dataclass(eq=False)
class Within:
    """A part of a sub-term that is enumerated on its behalf (the set the
    members of a set interval draw their elements from), for messages."""
    node: object
    role: str

    @property
    def span(self):
        return self.node.span


ELEMENTS = "the set its candidates draw their elements from"


def within(node, role: str) -> Within | None:
    """The part ``role`` of ``node``, one object per pair (the ledger keys
    on identity), kept on the node (``base.memo``)."""
    if node is None:
        return None
    if isinstance(node, Within):
        return node
    return remember(memo_of(node), ("within", role), Within, node, role)


@dataclass
class Budget:
    max_elements: int = DEFAULT_MAX_ELEMENTS
    max_seconds: float = DEFAULT_MAX_SECONDS
    max_memory: int | None = field(default_factory=lambda: MEMORY_LIMIT)
    # limit ("candidates", "seconds", "memory") → the option of the command that raises it
    options: Mapping[str, str] = field(default_factory=dict)
    subject: str | None = None  # what it is spent on (a term's alias), for messages
    spent: int = 0
    started: float = field(default_factory=time.monotonic)
    ledger: dict = field(default_factory=dict, repr=False)
    next_check: int = CHECK_EVERY
    # the whole request's end (``base.deadline``), which a restart keeps;
    # by default the one in force where the budget is made
    deadline: Deadline | None = field(default_factory=deadline_now)
    # what the values computed under this budget remember of each other (a
    # set's canonical order, an inclusion) by identity, holding them: it
    # goes with the budget — one request of the live page, one command
    memo: dict = field(default_factory=dict, repr=False, compare=False)

    def remembered(self, kind: str, values: tuple, compute, limit: int):
        """``compute()`` for ``values``, remembered by their identities under
        ``kind`` (the entry holds them, so an id is not reused while it is
        there; at most ``limit`` entries of a kind: past it, it is forgotten)."""
        table = self.memo.get(kind)
        if table is None:
            table = self.memo[kind] = {}
        key = tuple(map(id, values))
        hit = table.get(key)
        if hit is None or any(a is not b for a, b in zip(hit[0], values)):
            if len(table) >= limit:
                table.clear()
            hit = table[key] = (values, compute())
        return hit[1]

    def restart(self, subject: str | None = None) -> None:
        """A fresh start for the next term: nothing spent, the clock reset."""
        self.spent, self.started, self.next_check = 0, time.monotonic(), CHECK_EVERY
        self.subject = subject
        self.ledger.clear()

    def derived(self, max_elements: int | None = None) -> "Budget":
        """A new budget with these limits (``max_elements`` at most as large);
        a limit lowered below the user's is not raised by the user's option."""
        elements = self.max_elements if max_elements is None else min(max_elements,
                                                                      self.max_elements)
        options = dict(self.options)
        if elements != self.max_elements:
            options.pop("candidates", None)
        return Budget(elements, self.max_seconds, self.max_memory, options, self.subject,
                      deadline=self.deadline)

    def charge(self, n: int, node=None, construct: str = "enumeration",
               size: cardinal.Cardinal | None = None, code: str = "setOverflow") -> None:
        """Count ``n`` more enumerated candidates for ``construct`` over the
        sub-term ``node`` (whose cardinality is ``size`` when known); steps
        of a loop are charged with ``code="iterationsLimit"``."""
        self.spent += n
        key = (id(node), construct)
        entry = self.ledger.get(key)
        if entry is None:
            self.ledger[key] = entry = Spender(node, construct, size)
        entry.spent += n
        entry.charges += 1
        if size is not None and size is not entry.size and size != entry.size:
            entry.note_size(size)
        if n == size:
            entry.whole += 1
        if self.spent > self.max_elements:
            raise self.overflow(code)
        if self.spent >= self.next_check or n >= CHECK_EVERY:
            self.next_check = self.spent + CHECK_EVERY
            self.check_time(node, construct)
            self.check_memory(node, construct, size)

    def check_time(self, node=None, construct: str = "evaluation") -> None:
        now = time.monotonic()
        if now - self.started > self.max_seconds:
            raise self.exceeded("timeLimit", node, construct, None,
                                f"more than {self.max_seconds:g} s{self.hint('seconds')}")
        if self.deadline is not None and now > self.deadline.at:
            hint = f" (raise it with {self.deadline.option})" if self.deadline.option else ""
            raise self.exceeded("timeLimit", node, construct, None,
                                f"the request's {self.deadline.seconds:g} s{hint}")

    def check_memory(self, node=None, construct: str = "evaluation", size=None) -> None:
        if self.max_memory is not None and (used := resident_bytes()) > self.max_memory:
            raise self.exceeded("memoryLimit", node, construct, size,
                                f"more than {megabytes(self.max_memory)} of memory "
                                f"({used / 2**20:,.1f}M in use){self.memory_hint()}")

    def admits(self, size: cardinal.Cardinal) -> bool:
        """Could ``size`` more candidates be enumerated within the budget?"""
        return isinstance(size, int) and self.spent + size <= self.max_elements

    def require(self, size: cardinal.Cardinal, node=None, construct: str = "enumeration") -> None:
        """Fail now, before starting, if ``size`` candidates cannot fit."""
        if not self.admits(size):
            raise self.exceeded("setOverflow", node, construct, size,
                                f"more than {self.max_elements:,} candidates"
                                f"{self.hint('candidates')}")

    def memory_hint(self) -> str:
        """The memory limit is the process's (set by the command line) or
        this budget's own."""
        own = self.options.get("memory") or (MEMORY_OPTION if self.max_memory == MEMORY_LIMIT
                                             else None)
        return f" (raise it with {own})" if own else ""

    def hint(self, limit: str) -> str:
        option = self.options.get(limit)
        return f" (raise it with {option})" if option else ""

    # -- messages

    def overflow(self, code: str) -> "BudgetExceeded":
        """The error for a cumulative budget run out.  The ledger's largest
        spender is blamed; when it is not the only one, the message says how
        much of the budget it took, so that it is true whichever charge
        tipped the budget over."""
        top = max(self.ledger.values(), key=lambda e: e.spent)
        limit = f"more than {self.max_elements:,} candidates{self.hint('candidates')}"
        if top.spent >= self.spent:
            return self.exceeded(code, top.node, top.construct, top.size, limit)
        up_to = "up to " if top.varies else ""
        size = f" (cardinality {up_to}{cardinal.show(top.size)})" if top.size is not None else ""
        passes = f", in {top.whole:,} enumerations of it" \
            if top.whole == top.charges and top.whole > 1 else ""
        return BudgetExceeded(
            code, f"{top.construct} of {self.name(top.node)}{size} took {top.spent:,} of the "
                  f"{self.spent:,} candidates enumerated{passes}; "
                  f"{self.subject or 'the evaluation'} needs {limit}",
            *self.span(top.node))

    def exceeded(self, code, node, construct, size, limit_text) -> "BudgetExceeded":
        size_text = f" (cardinality {cardinal.show(size)})" if size is not None else ""
        return BudgetExceeded(code, f"{construct} of {self.name(node)}{size_text} needs "
                                    f"{limit_text}", *self.span(node))

    @staticmethod
    def span(node) -> tuple[int, int]:
        return node.span if node is not None else (0, 0)

    def name(self, node) -> str:
        if isinstance(node, Within):
            return f"{node.role}, in {unicode(node.node)}"
        if node is not None:
            return unicode(node)
        return f"a set computed for {self.subject}" if self.subject else "a set"


class Spender:
    """A line of the ledger: what one (sub-term, construct) has spent, in how
    many charges (``whole`` of them a whole set at once), and the largest
    cardinality it was charged with (``varies`` when not always the same)."""

    __slots__ = ("node", "construct", "size", "varies", "spent", "charges", "whole")

    def __init__(self, node, construct: str, size) -> None:
        self.node, self.construct, self.size, self.varies = node, construct, size, False
        self.spent = self.charges = self.whole = 0

    def note_size(self, size) -> None:
        if self.size is None:
            self.size = size
            return
        self.varies = True
        try:
            if cardinal.compare(size, self.size) > 0:
                self.size = size
        except ArithmeticError:
            pass


def resident_bytes() -> int:
    """The process's resident memory, from /proc (0 where there is none)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * PAGE
    except (OSError, IndexError, ValueError):
        return 0


PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def megabytes(n: int) -> str:
    return f"{round(n / 2**20):,}M"
