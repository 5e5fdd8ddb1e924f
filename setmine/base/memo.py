"""What is worked out once about an object, kept on the object itself.

A cache keyed by ``id(obj)`` in a module outlives the object (it must hold
the object, or an ``id`` is reused) and keeps every value it ever saw until
some bound: a server answering request after request grows.  A memo kept
in the object's own ``__dict__`` lives exactly as long as the object —
the parsed formula of a request, the board it drew — and is gone with it.

An object that keeps a memo leaves it out of its pickled or copied state
(:func:`without_memo` in its ``__getstate__``): what is remembered may be
code or another process's identities, and is cheap to work out again.
"""

from __future__ import annotations

from typing import Any

MEMO = "_memo"


def memo_of(obj: Any) -> dict:
    """``obj``'s memo: a dict that lives as long as ``obj`` (which needs a
    ``__dict__``; a frozen dataclass has one).  Two threads may ask at
    once: ``setdefault`` (atomic under the interpreter's lock) gives both
    the same dict; a value put in it should be put with
    :func:`remember`, so that both get the same value too."""
    found = obj.__dict__.get(MEMO)
    if found is None:
        found = obj.__dict__.setdefault(MEMO, {})
    return found


def remember(memo: dict, key, compute, *args):
    """``memo[key]``, computed once as ``compute(*args)``: two threads that
    both compute it get the value the first stored (a result promised to be
    "the very same" for the same object stays so)."""
    found = memo.get(key, _ABSENT)
    if found is _ABSENT:
        found = memo.setdefault(key, compute(*args))
    return found


_ABSENT = object()


def without_memo(state: dict) -> dict:
    """``state`` (an object's ``__dict__``) without its memo."""
    if MEMO not in state:
        return state
    state = dict(state)
    del state[MEMO]
    return state
