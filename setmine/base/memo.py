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
    ``__dict__``; a frozen dataclass has one).  Two threads may fill it at
    once: each value is computed from ``obj`` alone, so either may win."""
    found = obj.__dict__.get(MEMO)
    if found is None:
        found = obj.__dict__[MEMO] = {}
    return found


def without_memo(state: dict) -> dict:
    """``state`` (an object's ``__dict__``) without its memo."""
    if MEMO not in state:
        return state
    state = dict(state)
    del state[MEMO]
    return state
