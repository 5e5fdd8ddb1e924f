"""The base of RSLang's syntax trees (``tree.py``): immutable dataclass
nodes compared and hashed by their fields but the span, without recursion,
so that chains ``a∪b∪…`` of any length compare, hash and walk."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Iterator

from ...base.memo import MEMO

Span = tuple[int, int]


node_class = dataclass(frozen=True, eq=False)
"""The decorator of every node class: ``==`` and ``hash`` are BaseNode's."""

_COMPARED: dict[type, tuple[str, ...]] = {}  # node class → the fields == compares


def _compared(cls: type) -> tuple[str, ...]:
    names = _COMPARED.get(cls)
    if names is None:
        names = _COMPARED[cls] = tuple(f.name for f in fields(cls) if f.compare)
    return names


@node_class
class BaseNode:
    span: Span = field(default=(0, 0), compare=False, repr=False, kw_only=True)

    # Equality and hashing are those a frozen dataclass generates (the
    # fields but ``span``, compared in order), computed with a stack instead
    # of recursion, so that a chain ``a∪b∪…`` of any length compares and
    # hashes; a node's hash is computed once and kept.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not self.__class__:
            return NotImplemented
        stack = [(self, other)]
        while stack:
            a, b = stack.pop()
            if a is b:
                continue
            if a.__class__ is not b.__class__:
                return False
            da, db = a.__dict__, b.__dict__
            ha, hb = da.get("_hash"), db.get("_hash")
            if ha is not None and hb is not None and ha != hb:
                return False
            for name in _compared(a.__class__):
                x, y = da[name], db[name]
                if x is y:
                    continue
                if isinstance(x, BaseNode):
                    stack.append((x, y))
                elif type(x) is tuple and type(y) is tuple:
                    if len(x) != len(y):
                        return False
                    for p, q in zip(x, y):
                        if isinstance(p, BaseNode):
                            stack.append((p, q))
                        elif p != q:
                            return False
                elif x != y:
                    return False
        return True

    def __hash__(self) -> int:
        h = self.__dict__.get("_hash")
        if h is not None:
            return h
        stack: list = [(self, False)]
        while stack:
            node, ready = stack.pop()
            d = node.__dict__
            if "_hash" in d:
                continue
            if ready:  # the children's hashes are kept: hashing the fields is shallow
                d["_hash"] = hash(tuple(d[name] for name in _compared(node.__class__)))
            else:
                stack.append((node, True))
                stack.extend((c, False) for c in node.children() if "_hash" not in c.__dict__)
        return self.__dict__["_hash"]

    def __getstate__(self) -> dict:  # a kept hash is not valid in another process,
        state = dict(self.__dict__)  # nor what is remembered of the node (``base.memo``)
        state.pop("_hash", None)
        state.pop(MEMO, None)
        return state

    def children(self) -> Iterator["BaseNode"]:
        """The direct sub-nodes, in source order."""
        d = self.__dict__
        for name in _compared(self.__class__):  # the fields but the span
            value = d[name]
            if isinstance(value, BaseNode):
                yield value
            elif isinstance(value, tuple):
                for item in value:
                    if isinstance(item, BaseNode):
                        yield item

    def walk(self) -> Iterator["BaseNode"]:
        """This node and all its descendants, pre-order (without recursion,
        so that long chains ``a∪b∪…`` are walked whatever their length)."""
        stack: list[BaseNode] = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(list(node.children())))


__all__ = ["BaseNode", "Span", "node_class"]
