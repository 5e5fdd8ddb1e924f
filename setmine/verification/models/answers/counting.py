"""How many models a size vector holds, labelled and up to isomorphism,
counted without listing them (Burnside's lemma over an exact model counter).

When every axiom's circuit is exact (``exactness.py``), the labelled models
of a size vector are the solutions of the circuit, projected on the
structures' variables, and Ganak (an exact projected model counter, through
pyganak) counts them.  Up to isomorphism, Burnside's lemma counts the
classes as the average number of labelled models a renaming fixes:

    classes = (1 / |G|) · Σ_{g ∈ G} Fix(g),    G = Π Sym(Xᵢ)  (renamings of the basic sets)

Fix(g) depends only on g's cycle type in each basic set, so one renaming
per cycle type is counted, weighted by how many renamings share it (n! /
Π kᵐ m! for the type with m cycles of length k).  A model is fixed by g
when each structure holds u exactly when it holds g(u): one clause pair
per candidate (``x_u ⇔ x_g(u)``; the candidates are closed under renaming,
as no formula names an element of a basic set).
Fix(identity) is the labelled count.  ``tests/verification/test_models_counting.py``
holds these counts to the plain enumeration and to OEIS.

A count runs in a child process (``python -m setmine.verification.models.answers.counting``)
under the run's memory limit, so that a time limit can stop it: Ganak is
native code that a signal does not interrupt.  Counts over at most
``IN_PROCESS`` variables are instant and run here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from contextlib import contextmanager
from math import factorial, prod
from typing import Iterator

IN_PROCESS = 20
"""A count over at most this many variables runs in this process."""


def cycle_types(n: int) -> Iterator[tuple[int, tuple[int, ...]]]:
    """One permutation of 0…n−1 per cycle type: (how many permutations have
    that type, the permutation as a tuple old → new), the identity first."""
    if n == 0:
        yield 1, ()
        return
    types = sorted((tuple((k, parts.count(k)) for k in sorted(set(parts)))
                    for parts in partitions(n)),
                   key=lambda t: -sum(m for k, m in t if k == 1))
    for parts in types:
        perm, i, many = list(range(n)), 0, factorial(n)
        for length, times in parts:
            many //= length ** times * factorial(times)
            for _ in range(times):
                for k in range(length):
                    perm[i + k] = i + (k + 1) % length
                i += length
        yield many, tuple(perm)


def partitions(n: int, most: int | None = None) -> Iterator[tuple[int, ...]]:
    """The partitions of n, each as its parts from the largest down."""
    most = n if most is None else most
    if n == 0:
        yield ()
        return
    for first in range(min(n, most), 0, -1):
        for rest in partitions(n - first, first):
            yield (first, *rest)


def renamings(basic: dict[str, int]) -> list[tuple[int, dict[str, tuple[int, ...]]]]:
    """One renaming per conjugacy class of Π Sym(Xᵢ): (how many renamings it
    stands for, alias → permutation); the identity first."""
    out: list[tuple[int, dict[str, tuple[int, ...]]]] = [(1, {})]
    for alias, n in basic.items():
        out = [(w * v, {**r, alias: perm}) for w, r in out for v, perm in cycle_types(n)]
    return out


def group_order(basic: dict[str, int]) -> int:
    return prod(factorial(n) for n in basic.values())


def fixed_clauses(grounded, renaming: dict[str, tuple[int, ...]]) -> list[list[int]]:
    """The clauses that hold a model fixed by ``renaming`` (``grounded``: a
    ``sat.Grounded`` without symmetry breaking)."""
    from ..isomorphism import relabel
    from ..naive import structure_types

    if not renaming or all(p == tuple(range(len(p))) for p in renaming.values()):
        return []
    types = structure_types(grounded.schema)
    out: list[list[int]] = []
    for alias in grounded.order:
        index = dict(grounded.pairs[alias])
        type_ = types[alias] if grounded.element[alias] else types[alias].base
        for u, v in grounded.pairs[alias]:
            # a candidate's image is a candidate: no formula names an element
            # of a basic set, so the candidates are closed under renaming
            w = index[relabel(u, type_, renaming)]
            if w != v:
                out.append([-v, w])   # around the cycle: x_u ⇒ x_g(u) ⇒ … ⇒ x_u
    return out


def orbits(grounded, renaming: dict[str, tuple[int, ...]]) -> int:
    """How many variables a model fixed by ``renaming`` has free: the
    orbits of the structures' candidates under it.  A count's cost grows
    with it."""
    variables = grounded.variables()
    parent = {v: v for v in variables}

    def root(v):
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v
    for a, b in fixed_clauses(grounded, renaming):
        parent[root(-a)] = root(b)
    return len({root(v) for v in variables})


def deal(units: list, costs: list[float], parts: int) -> list[list[int]]:
    """The units' indices dealt to ``parts`` parts, each unit (largest
    first) to the part with the least cost so far (LPT scheduling)."""
    load = [0.0] * parts
    out: list[list[int]] = [[] for _ in range(parts)]
    for i in sorted(range(len(units)), key=lambda i: -costs[i]):
        j = min(range(parts), key=lambda j: load[j])
        out[j].append(i)
        load[j] += costs[i]
    return [sorted(part) for part in out]


def problem(grounded, renaming: dict[str, tuple[int, ...]], cube: list[int] = ()) -> dict:
    """One count, as plain data: the circuit, the renaming's clauses, the
    literals of ``cube`` (a part of the solutions), the variables counted."""
    return {"top": grounded.circuit.top,
            "clauses": grounded.circuit.clauses + fixed_clauses(grounded, renaming)
            + [[lit] for lit in cube],
            "counted": grounded.variables()}


def cube_variables(grounded, k: int) -> list[int]:
    """``k`` structure variables the axioms leave free (each true in some
    model and false in another): their 2^k assignments split the solutions
    into parts counted apart (Σ of the parts: the whole), none of them
    empty for want of a model."""
    from pysat.solvers import Solver

    chosen: list[int] = []
    with Solver(name="cadical153", bootstrap_with=grounded.circuit.clauses) as solver:
        for v in grounded.variables():
            if len(chosen) == k:
                break
            if solver.solve(assumptions=[v]) and solver.solve(assumptions=[-v]):
                chosen.append(v)
    return chosen


def cubes(variables: list[int]) -> list[list[int]]:
    """Every assignment of ``variables``, as lists of literals."""
    out: list[list[int]] = [[]]
    for v in variables:
        out = [c + [lit] for c in out for lit in (v, -v)]
    return out


MARK = "count "
"""The child's answer lines start with this: Ganak writes lines of its own."""


def count(problems: list[dict], memory: int | None = None) -> list[int]:
    """Each problem's number of solutions projected on its counted
    variables, exactly: here when small, else in one child process."""
    if all(len(p["counted"]) <= IN_PROCESS for p in problems):
        return [count_here(p) for p in problems]
    request = json.dumps(problems)

    def limit() -> None:   # in the child, before it runs
        if memory:
            import resource
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    child = subprocess.Popen([sys.executable, "-m", "setmine.verification.models.answers.counting"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, preexec_fn=limit)
    try:   # a time limit's signal or Ctrl-C stops the wait, and the child with it
        out, err = child.communicate(request)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    counts = [int(line[len(MARK):]) for line in out.splitlines() if line.startswith(MARK)]
    if child.returncode != 0 or len(counts) != len(problems):
        last = (err.strip().splitlines() or ["no answer"])[-1]
        if "MemoryError" in err or "bad_alloc" in err or child.returncode < 0:
            raise MemoryError(f"the model counter ran out of memory ({last[:200]})")
        raise RuntimeError(f"the model counter stopped: {last[:200]}")
    return counts


def count_here(p: dict) -> int:
    """One problem's count, in this process (Ganak's own lines on standard
    output are sent to /dev/null)."""
    import pyganak
    from pysat.solvers import Solver

    if any(not c for c in p["clauses"]):
        return 0
    with Solver(name="cadical153", bootstrap_with=p["clauses"]) as solver:
        if not solver.solve():
            return 0
    if not p["counted"]:   # nothing to count: the one solution
        return 1
    counter = pyganak.Counter()
    counter.new_vars(p["top"])
    counter.add_clauses(p["clauses"])
    counter.set_sampling_set(p["counted"])
    with _quiet_stdout():
        return int(counter.count())


@contextmanager
def _quiet_stdout():
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
        yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)


def main() -> int:
    answers = os.fdopen(os.dup(1), "w")   # Ganak's own lines go to /dev/null
    for p in json.loads(sys.stdin.read()):
        print(f"{MARK}{count_here(p)}", file=answers, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["count", "count_here", "cube_variables", "cubes", "cycle_types", "deal", "orbits",
           "partitions", "fixed_clauses", "group_order", "problem",
           "renamings"]
