"""The evaluation budget: how many candidates may be enumerated and for how
long.  Exceeding it is an error that names the sub-term, its cardinality,
the construct that needed its members, and the limit — never a hang, never
an out-of-memory.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..rsl.errors import RSLError
from ..rsl.printer import unicode
from . import cardinal

DEFAULT_MAX_ELEMENTS = 2_000_000
DEFAULT_MAX_SECONDS = 60.0


class BudgetExceeded(RSLError):
    """``setOverflow`` (too many members), ``iterationsLimit`` (too many
    steps) or ``timeLimit``."""


@dataclass
class Budget:
    max_elements: int = DEFAULT_MAX_ELEMENTS
    max_seconds: float = DEFAULT_MAX_SECONDS
    spent: int = 0
    started: float = field(default_factory=time.monotonic)

    def charge(self, n: int, node=None, construct: str = "enumeration",
               size: cardinal.Cardinal | None = None, code: str = "setOverflow") -> None:
        """Count ``n`` more enumerated candidates for ``construct`` over the
        sub-term ``node`` (whose cardinality is ``size`` when known); steps
        of a loop are charged with ``code="iterationsLimit"``."""
        self.spent += n
        if self.spent > self.max_elements:
            raise self.exceeded(code, node, construct, size,
                                f"more than {self.max_elements:,} candidates "
                                f"(raise it with --max-candidates)")
        if self.spent & 0x3FFF == 0 or n > 0x3FFF:
            self.check_time(node, construct)

    def check_time(self, node=None, construct: str = "evaluation") -> None:
        if time.monotonic() - self.started > self.max_seconds:
            raise self.exceeded("timeLimit", node, construct, None,
                                f"more than {self.max_seconds:g} s (raise it with --max-seconds)")

    def admits(self, size: cardinal.Cardinal) -> bool:
        """Could ``size`` more candidates be enumerated within the budget?"""
        return isinstance(size, int) and self.spent + size <= self.max_elements

    def require(self, size: cardinal.Cardinal, node=None, construct: str = "enumeration") -> None:
        """Fail now, before starting, if ``size`` candidates cannot fit."""
        if not self.admits(size):
            raise self.exceeded("setOverflow", node, construct, size,
                                f"{cardinal.show(size)} candidates would exceed the limit of "
                                f"{self.max_elements:,} (raise it with --max-candidates)")

    def exceeded(self, code, node, construct, size, limit_text) -> "BudgetExceeded":
        term = unicode(node) if node is not None else "a set"
        size_text = f" (cardinality {cardinal.show(size)})" if size is not None else ""
        span = node.span if node is not None else (0, 0)
        return BudgetExceeded(code, f"{construct} of {term}{size_text} needs {limit_text}", *span)
