"""Canonical forms and automorphism groups of models, by nauty.

A model becomes a vertex-coloured graph whose automorphisms are exactly the
model's renamings that fix it:

* each element of a basic set is a vertex coloured by its set;
* each constant (an element of a constant set, an integer) is a vertex of a
  colour of its own — it is never renamed;
* each distinct value a structure holds (a set, a tuple) is one vertex
  coloured by its type: a set is joined to its members; a tuple to one
  *position* vertex per component (coloured by type and position), each
  joined to the component;
* each structure is a vertex of its own colour joined to its value.

Distinct values have distinct neighbourhoods below them, so a graph
automorphism that fixes every element fixes every vertex: the graph's
automorphism group acts on the elements as the model's does, and two models
(of the same sizes) are isomorphic exactly when their graphs are.  nauty
(McKay and Piperno) gives the canonical certificate and the group's order;
``isomorphism.canonical`` (every renaming tried) is its check in the tests.
"""

from __future__ import annotations

from math import factorial, prod
from typing import Mapping

import pynauty

from ...rsl.semantics.types import Element, SetType, TupleType, Type


class _Graph:
    def __init__(self, basic: Mapping[str, int]):
        self.colour_of: list[tuple] = []
        self.edges: list[tuple[int, int]] = []
        self.memo: dict = {}
        self.elements: dict[tuple[str, int], int] = {}
        for alias, n in basic.items():
            for i in range(n):
                self.elements[(alias, i)] = self.vertex(("element", alias))

    def vertex(self, colour: tuple) -> int:
        self.colour_of.append(colour)
        return len(self.colour_of) - 1

    def encode(self, value, type_: Type) -> int:
        if isinstance(type_, Element) and (type_.name, value) in self.elements:
            return self.elements[(type_.name, value)]
        key = (str(type_), value)
        found = self.memo.get(key)
        if found is not None:
            return found
        if isinstance(type_, SetType):
            v = self.vertex(("set", str(type_)))
            for m in value:
                self.edges.append((v, self.encode(m, type_.base)))
        elif isinstance(type_, TupleType):
            v = self.vertex(("tuple", str(type_)))
            for i, (part, t) in enumerate(zip(value, type_.factors)):
                p = self.vertex(("position", str(type_), i))
                self.edges += [(v, p), (p, self.encode(part, t))]
        else:  # a constant, an integer, a truth value: never renamed
            v = self.vertex(("constant", str(type_), repr(value)))
        self.memo[key] = v
        return v

    def nauty(self) -> tuple[pynauty.Graph, tuple]:
        classes: dict[tuple, set[int]] = {}
        for v, colour in enumerate(self.colour_of):
            classes.setdefault(colour, set()).add(v)
        order = sorted(classes)
        adjacency: dict[int, list[int]] = {}
        for a, b in self.edges:
            adjacency.setdefault(a, []).append(b)
        graph = pynauty.Graph(len(self.colour_of), adjacency_dict=adjacency,
                              vertex_coloring=[classes[c] for c in order])
        return graph, tuple((c, len(classes[c])) for c in order)


def model_graph(values: Mapping[str, object], types: Mapping[str, Type],
                basic: Mapping[str, int]) -> _Graph:
    g = _Graph(basic)
    for alias, type_ in types.items():
        mark = g.vertex(("structure", alias))
        g.edges.append((mark, g.encode(values[alias], type_)))
    return g


def certificate(values: Mapping[str, object], types: Mapping[str, Type],
                basic: Mapping[str, int]) -> tuple:
    """Equal for two models exactly when they are isomorphic (``basic``:
    the sizes of the renamed sets)."""
    return _certificate(*model_graph(values, types, basic).nauty(), basic)


def automorphisms(values: Mapping[str, object], types: Mapping[str, Type],
                  basic: Mapping[str, int]) -> int:
    """The order of the model's automorphism group, exactly."""
    return _group_order(model_graph(values, types, basic).nauty()[0])


def class_size(values: Mapping[str, object], types: Mapping[str, Type],
               basic: Mapping[str, int]) -> int:
    """How many labelled models the model's class holds: Π nᵢ! / |Aut|."""
    return _orbit(automorphisms(values, types, basic), basic)


def _certificate(graph, colours: tuple, basic: Mapping[str, int]) -> tuple:
    return (tuple(sorted(basic.items())), colours, pynauty.certificate(graph))


def _group_order(graph) -> int:
    generators, mantissa, exponent, _, _ = pynauty.autgrp(graph)
    order = round(mantissa * 10 ** exponent)
    if order < 2 ** 50:
        return order
    from sympy.combinatorics import Permutation, PermutationGroup  # exact beyond a float
    return int(PermutationGroup([Permutation(g) for g in generators]).order())


def _orbit(automorphisms: int, basic: Mapping[str, int]) -> int:
    return prod(factorial(n) for n in basic.values()) // automorphisms


class Classes:
    """Models sorted into isomorphism classes as a search gives them: one
    representative per class, and the labelled models counted — one per
    model given (``every``: the search gives every labelled model) or, when
    the search gives some models of each class (symmetry broken), Π nᵢ! /
    |Aut| per class."""

    def __init__(self, schema, every: bool):
        from .naive import structure_types

        self.schema, self.every = schema, every
        self.types = structure_types(schema)
        self.representatives: dict[tuple, object] = {}
        self.labelled = 0

    def add(self, model) -> bool:
        """Count ``model`` (an ``Interpretation``); True when it opens a class."""
        from .naive import renamed

        basic = renamed(self.schema, model)
        graph, colours = model_graph(model.values, self.types, basic).nauty()   # once a model
        key = (tuple(sorted(model.sizes.items())),   # constant sets' sizes too
               _certificate(graph, colours, basic))
        new = key not in self.representatives
        if new:
            self.representatives[key] = model
            if not self.every:
                self.labelled += _orbit(_group_order(graph), basic)
        if self.every:
            self.labelled += 1
        return new

    def __len__(self) -> int:
        return len(self.representatives)


__all__ = ["Classes", "automorphisms", "certificate", "class_size"]
