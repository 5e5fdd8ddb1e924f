"""The limits every command runs under: memory and wall-clock time.

Two layers bound memory.  The evaluation budget reads the resident size
every few thousand candidates and stops the term with ``memoryLimit``,
naming the sub-term it was enumerating (``setmine.eval.budget``).  The code
that charges no budget (board loading, the solver, games) is bounded by the
process's address space: ``RLIMIT_AS`` is set to the limit plus headroom
(shared libraries and thread stacks are address space that is never
resident), so an allocation past it raises ``MemoryError``, which
``setmine.cli.main`` reports as a clear error.  Limits are per process: the
worker processes of ``play --jobs`` inherit them.

Time is bounded per evaluated term (``--max-seconds``, in the budget) and
for the whole command (``--timeout``): a timer raises :class:`TimeLimit`,
which no ``except Exception`` swallows.
"""

from __future__ import annotations

import os
import signal
import threading
from contextlib import contextmanager
from pathlib import Path

MB = 2 ** 20
MIN_MEMORY = 16 * MB
DEFAULT_TIMEOUT = 600.0  # ten terms at the per-term default of 60 s


def physical_memory() -> int | None:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None


def default_memory() -> int:
    """A quarter of the machine's memory, at least 1 GB and at most 4 GB:
    well under what the machine has (other programs keep running, and
    several commands may run side by side), yet ample for every shipped
    board (the largest command on them stays under 1 GB)."""
    ram = physical_memory() or 4 * 2 ** 30
    return min(max(ram // 4, 2 ** 30), 4 * 2 ** 30)


def default_memory_text() -> str:
    """How the default was chosen, as ``--help`` says it: ``4G, the cap: a
    quarter of this machine's 24G is more``."""
    ram, memory = physical_memory(), default_memory()
    if ram is None:
        return f"{size_text(memory)}: this machine's memory is unknown"
    whole = size_text(round(ram / 2**30) * 2**30) if ram >= 2**30 else size_text(ram)
    quarter = ram // 4
    if memory == quarter:
        return f"{size_text(memory)}, a quarter of this machine's {whole}"
    if memory < quarter:
        return f"{size_text(memory)}, the cap: a quarter of this machine's {whole} is more"
    return f"{size_text(memory)}, the floor: a quarter of this machine's {whole} is less"


def size_text(n: int) -> str:
    """800M, 4G: a size as the options write it."""
    return f"{n // 2**30}G" if n % 2**30 == 0 else f"{round(n / MB):,}M"


def headroom(limit: int) -> int:
    """Address space beyond the limit before ``MemoryError``: what the
    process has already mapped (the interpreter, its libraries, thread
    stacks: address space that is mostly never resident), so that the
    limit bounds what the command itself allocates."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return max(256 * MB, limit // 4)


class TimeLimit(BaseException):
    """The whole command ran past ``--timeout`` (a BaseException, so that no
    ``except Exception`` on the way up swallows it)."""

    def __init__(self, seconds: float, doing: str | None) -> None:
        super().__init__(seconds, doing)
        self.seconds, self.doing = seconds, doing


@contextmanager
def limited(memory: int | None, seconds: float | None):
    """Run the body under these limits; the previous ones come back after
    (``main`` may be called more than once in a process, as tests do)."""
    from ..eval.values import budget

    saved_budget = budget.MEMORY_LIMIT, budget.MEMORY_OPTION
    budget.MEMORY_LIMIT, budget.MEMORY_OPTION = memory, "--max-memory"
    restore_memory = _limit_address_space(memory) if memory else None
    restore_timer = _start_timer(seconds) if seconds else None
    try:
        yield
    finally:
        if restore_timer:
            restore_timer()
        if restore_memory:
            restore_memory()
        budget.MEMORY_LIMIT, budget.MEMORY_OPTION = saved_budget


def _limit_address_space(memory: int):
    try:
        import resource
    except ImportError:  # not a POSIX system: the budget's check still applies
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    wanted = memory + headroom(memory)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft <= wanted:
        return None  # already as strict (ulimit -v): keep it
    resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    return lambda: resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _start_timer(seconds: float):
    if threading.current_thread() is not threading.main_thread() \
            or not hasattr(signal, "setitimer"):
        return None

    def expire(signum, frame):
        raise TimeLimit(seconds, doing(frame))

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)

    def stop() -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return stop


PACKAGE = Path(__file__).resolve().parent.parent


def doing(frame=None, tb=None) -> str | None:
    """What was running: the term being evaluated, else the innermost
    function of setmine on the stack (``setmine.solver.engine.probability.solve``)."""
    from ..eval.values.sets import CURRENT_BUDGET

    active = CURRENT_BUDGET.get()
    if active is not None and active.subject:
        return f"evaluating {active.subject}"
    frames = []
    if tb is not None:
        while tb is not None:
            frames.append(tb.tb_frame)
            tb = tb.tb_next
        frames.reverse()
    while frame is not None:
        frames.append(frame)
        frame = frame.f_back
    for f in frames:  # innermost first
        path = Path(f.f_code.co_filename)
        if PACKAGE in path.parents and path.parent.name != "cli":
            module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
            return f"in {module}.{f.f_code.co_name}"
    return None


def out_of_memory_message(memory: int | None, tb) -> str:
    where = doing(tb=tb)
    limit = f" (the limit is {size_text(memory)} per process; raise it with --max-memory)" \
        if memory else ""
    return f"out of memory{', ' + where if where else ''}{limit}"


def time_limit_message(exc: TimeLimit) -> str:
    where = f", {exc.doing}" if exc.doing else ""
    return (f"stopped after {exc.seconds:g} s (the limit of the whole command; raise it "
            f"with --timeout){where}")


PAIR_BYTES = 170
"""The memory one pair of S1 takes, at its peak, when a board's structure is
built (a tuple in a frozenset; measured on a 300×300 board)."""
CELL_BYTES = 400
"""And one cell, in X1 and in the other structures' bookkeeping."""


GRID_DEGREE = 8
"""The most neighbours a cell of a grid has: what a board's size bounds
before the board is read."""


def memory_room() -> int | None:
    """The bytes --max-memory leaves this process, or None (no limit)."""
    from ..eval.values import budget

    limit = budget.MEMORY_LIMIT
    return limit - budget.resident_bytes() if limit else None


def cells_that_fit() -> int | None:
    """The most cells of a grid whose structure fits the memory left (each
    with up to eight neighbours): a board file with more is refused as soon
    as its size is read (``load_board(max_cells=…)``), before it is built."""
    room = memory_room()
    return None if room is None else max(room, 0) // (GRID_DEGREE * PAIR_BYTES + CELL_BYTES)


def too_large(cells: int, pairs: int, exactly: bool = True) -> str:
    """Why a board of ``cells`` cells and ``pairs`` neighbour pairs is refused."""
    from ..eval.values import budget

    limit, room = budget.MEMORY_LIMIT, memory_room() or 0
    needed = pairs * PAIR_BYTES + cells * CELL_BYTES
    return (f"the board has {cells:,} cells: its neighbour relation S1 alone is "
            f"{'' if exactly else 'up to '}{pairs:,} pairs, about {size_text(needed)} of memory, "
            f"more than --max-memory {size_text(limit)} leaves ({size_text(max(room, 0))}); "
            f"give a smaller board or raise --max-memory")


def fits_in_memory(board) -> None:
    """Refuse, before the structure is built, a board whose neighbour
    relation alone would not fit the memory budget (--max-memory): a
    2000×2000 board failed after 152 s at 3.7 GB; its size is known
    from the start.  (A grid file too large for the budget at its most
    neighbours is refused earlier still, as it is read: ``cells_that_fit``.)"""
    from . import UserError

    room = memory_room()
    if room is None:
        return
    cells = len(board.cells)
    neighbours = board.neighbours
    degree = GRID_DEGREE if hasattr(neighbours, "pairs") else None
    pairs = cells * degree if degree else sum(len(v) for v in neighbours.values())
    if pairs * PAIR_BYTES + cells * CELL_BYTES > room:
        raise UserError(too_large(cells, pairs, exactly=degree is None))


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, with what the command had done by then (``main`` prints it
    and exits 130)."""


@contextmanager
def saying_how_far(how_far):
    """A long run stopped by ``--timeout`` or Ctrl-C says how far it got:
    ``how_far()`` (e.g. "after 3,221,466 states in 42 of 58 tasks; …") is
    added to the time limit's message, or made the interruption's."""
    try:
        yield
    except TimeLimit as exc:
        raise TimeLimit(exc.seconds, f"{exc.doing + ', ' if exc.doing else ''}"
                                     f"{how_far()}") from None
    except KeyboardInterrupt:
        raise Interrupted(f"interrupted, {how_far()}") from None
