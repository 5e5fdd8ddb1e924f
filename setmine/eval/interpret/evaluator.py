"""The evaluator: syntax tree + structure → value, with lazy sets.

``Evaluator(data).value(tree)`` computes a set expression, ``.truth(tree)``
a formula.  Each construct is computed by the operations of ``algebra`` on
set values; comprehensions and quantifiers go to ``planner``, which narrows
bound variables from their conditions instead of filtering whole domains.

A sub-term whose free variables are all bound to the same values as before
is not computed again: the value is remembered per term and binding
("hoisting by memory"), so a term that does not depend on a quantifier's
variable is computed once, not once per candidate.
"""

from __future__ import annotations

from collections import Counter
from typing import Mapping

from ...base.memo import MEMO, memo_of, remember
from ...rsl.syntax import tree as s
from ...rsl.syntax.errors import RSLError
from ..planning import planner
from ..shapes.terms import bind, free_locals
from ..values import algebra, cardinal
from ..values.budget import Budget
from ..values.sets import (CURRENT_BUDGET, Integers, LazySet, canonical, card, is_empty, member,
                           members)
from ..values.subsets import powerset

MEMO_LIMIT = 500_000
_VALUE_METHODS: dict = {}  # (evaluator class, node type) → its value_<type>


class Evaluator:
    """Evaluates RSLang over ``data`` (alias → value) and ``functions``
    (F#/P# → FunctionDef), within ``budget``."""

    def __init__(self, data: Mapping[str, object], functions: Mapping[str, s.FunctionDef] = None,
                 budget: Budget | None = None):
        self.data = {k: _freeze(v) for k, v in data.items()}
        self.functions = dict(functions or {})
        self.budget = budget or Budget()
        self.memo: dict = {}
        self.failed: dict[str, RSLError] = {}  # terms whose evaluation failed
        self.methods: Counter = Counter()  # which rules and enumerations were used

    # -- entry points
    def evaluate(self, node: s.Node):
        """The truth of a formula or the value of a set expression, from the
        top: a tree nested past the stack is an RSLError at the tree."""
        node = evaluated_part(node)
        try:
            return self.truth(node) if s.is_formula(node) else self.value(node)
        except RecursionError:
            raise too_deep(node) from None

    def value(self, node: s.Node, env: Mapping[str, object] | None = None):
        if CURRENT_BUDGET.get() is not self.budget:  # lazy sets count under this budget too
            token = CURRENT_BUDGET.set(self.budget)
            try:
                return self.value(node, env)
            finally:
                CURRENT_BUDGET.reset(token)
        env = env or {}
        names = _memo_names(node)
        key = None if names is None else (id(node), tuple(_key(env.get(n)) for n in names))
        if key is not None:
            hit = self.memo.get(key)
            if hit is not None and hit[0] is node:
                return hit[1]
        result = self._value(node, env)
        if key is not None:
            if len(self.memo) > MEMO_LIMIT:
                self.memo.clear()
            self.memo[key] = (node, result)
        return result

    def truth(self, node: s.Node, env: Mapping[str, object] | None = None) -> bool:
        if CURRENT_BUDGET.get() is not self.budget:
            token = CURRENT_BUDGET.set(self.budget)
            try:
                return self.truth(node, env)
            finally:
                CURRENT_BUDGET.reset(token)
        env = env or {}
        method = getattr(self, "truth_" + type(node).__name__, None)
        if method is None:
            raise RSLError("expectedLogic", "a formula is expected here", *node.span)
        return method(node, env)

    def _value(self, node, env):
        key = (type(self), type(node))
        method = _VALUE_METHODS.get(key)
        if method is None:
            method = getattr(type(self), "value_" + type(node).__name__, None)
            if method is None:
                raise RSLError("expectedSetexpr", "a set expression is expected here", *node.span)
            _VALUE_METHODS[key] = method
        return method(self, node, env)

    # -- atoms
    def value_Integer(self, n, env):
        return n.value

    def value_EmptySet(self, n, env):
        return frozenset()

    def value_IntegerSet(self, n, env):
        return Integers(n.span)

    def value_Global(self, n, env):
        if n.name not in self.data:
            why = self.failed.get(n.name)
            if why is not None:
                raise RSLError("calcGlobalMissing", f"{n.name} could not be evaluated "
                               f"({n.name}: {why.code})", *n.span)
            raise RSLError("calcGlobalMissing", f"{n.name} has no value here", *n.span)
        return self.data[n.name]

    def truth_Global(self, n, env) -> bool:
        """An axiom's or theorem's alias as a formula (``P & 1=1``): its truth."""
        truth = self.value_Global(n, env)
        if not isinstance(truth, bool):
            raise RSLError("expectedLogic", f"{n.name} is a set expression; a formula is "
                           "expected here", *n.span)
        return truth

    def value_Local(self, n, env):
        if n.name not in env:
            raise RSLError("localUndeclared", f"{n.name} is not bound here", *n.span)
        return env[n.name]

    def value_Radical(self, n, env):
        raise RSLError("calculationNotSupported", f"the radical {n.name} has no value", *n.span)

    # -- set and integer expressions
    def value_Arithmetic(self, n, env):
        links = s.chain(n)  # a chain 1+2*3-… is folded in a loop, whatever its length
        value = self._integer(links[0].left, env)
        for link in links:
            value = ARITHMETIC[link.op](value, self._integer(link.right, env))
        return value

    def _integer(self, node, env):
        v = self.value(node, env)
        if isinstance(v, bool) or not (isinstance(v, int) or hasattr(v, "is_number")):
            raise RSLError("calcInvalidData", "an integer is expected here", *node.span)
        return v

    def _set(self, node, env):
        """The value of ``node``, which must be a set (as the oracle checks)."""
        return _as_set(self.value(node, env), node)

    def value_SetOperation(self, n, env):
        links = s.chain(n)
        value = self._set(links[0].left, env)
        for link in links:
            value = SET_OPERATIONS[link.op](value, self._set(link.right, env))
        return value

    def value_Product(self, n, env):
        """Left to right; an empty factor makes the product empty and the
        factors after it are not computed (as ConceptPortal's evaluator:
        ``∅×debool(a)`` is ∅, not an error)."""
        factors = []
        for i, f in enumerate(n.factors):
            factors.append(self._set(f, env))
            if i < len(n.factors) - 1 and is_empty(factors[-1]):
                return frozenset()
        return algebra.product(factors)

    def value_Apply(self, n, env):
        arg = self.value(n.arg, env) if n.op == "bool" else self._set(n.arg, env)
        if n.op == "ℬ":
            return powerset(arg)
        if n.op == "card":
            return card(arg)
        if n.op == "bool":
            return frozenset({canonical(arg)})
        if n.op == "debool":
            return algebra.debool(arg, self.budget, n.arg)
        return algebra.reduce(arg, self.budget, n.arg)

    def value_Projection(self, n, env):
        arg = self._set(n.arg, env) if n.big else self.value(n.arg, env)
        if n.big:
            return algebra.project(arg, n.indices, self.budget, n.arg)
        if not isinstance(arg, tuple) or max(n.indices) > len(arg):
            raise RSLError("calcInvalidData", f"{arg!r} is not a tuple with component "
                           f"{max(n.indices)}", *n.span)
        picked = [arg[i - 1] for i in n.indices]
        return picked[0] if len(picked) == 1 else tuple(picked)

    def value_Filter(self, n, env):
        """The filtered set first: empty, the filter is empty and its
        parameters are not computed (as ConceptPortal's evaluator)."""
        arg = self._set(n.arg, env)
        if is_empty(arg):
            return frozenset()
        params = [self._set(p, env) for p in n.params]
        return algebra.filter_tuples(arg, n.indices, params, self.budget, n)

    def value_Enumeration(self, n, env):
        return frozenset(canonical(self.value(i, env)) for i in n.items)

    def value_Tuple(self, n, env):
        return tuple(canonical(self.value(i, env)) for i in n.items)

    def value_Declarative(self, n, env):
        return self.comprehension(n.var, self._set(n.domain, env), n.condition, env, n)

    def value_Imperative(self, n, env):
        results: set = set()

        def run(i: int, scope: dict) -> None:
            if i == len(n.blocks):
                results.add(canonical(self.value(n.result, scope)))
                return
            block = n.blocks[i]
            if isinstance(block, s.Iterate):
                for m in members(self._set(block.domain, scope), self.budget, block.domain, "I{}"):
                    run(i + 1, {**scope, **bind(block.var, m, block)})
            elif isinstance(block, s.Assign):
                run(i + 1, {**scope, **bind(block.var, self.value(block.value, scope), block)})
            elif self.truth(block, scope):
                run(i + 1, scope)

        run(0, dict(env))
        return frozenset(results)

    def value_Recursive(self, n, env):
        current = self.value(n.init, env)
        while True:
            scope = {**env, **bind(n.var, current, n)}
            if n.condition is not None and not self.truth(n.condition, scope):
                return current
            self.budget.charge(1, n, "R{} iteration", code="iterationsLimit")
            following = self.value(n.step, scope)
            if algebra.equal(following, current, self.budget, n):
                return current
            current = following

    def value_GlobalDefinition(self, n, env):
        """``ALIAS :== body`` (as a --term or --assert): the body's value."""
        body = evaluated_part(n)
        return self.truth(body, env) if s.is_formula(body) else self.value(body, env)

    truth_GlobalDefinition = value_GlobalDefinition

    def value_Call(self, n, env):
        definition = self.functions.get(n.name)
        if definition is None:
            raise RSLError("calcGlobalMissing", f"{n.name} is not defined", *n.span)
        if len(definition.params) != len(n.args):
            raise RSLError("invalidArgsArity", f"{n.name} takes {len(definition.params)} "
                           f"arguments, not {len(n.args)}", *n.span)
        scope: dict = {}
        for param, arg in zip(definition.params, n.args):
            # as in the reference, a parameter's domain is its type: an argument of that
            # type outside the domain's value is not refused
            scope.update(bind(param.var, self.value(arg, env), arg))  # a tuple: a typing error
        try:
            if s.is_formula(definition.body):
                return self.truth(definition.body, scope)
            return self.value(definition.body, scope)
        except RSLError as exc:  # at the call, as the reference reports it: the body's spans
            raise RSLError(exc.code, exc.message, *n.span) from None  # are another text's

    # -- formulas
    def truth_Predicate(self, n, env) -> bool:
        op = n.op
        a = self.value(n.left, env)
        b = self.value(n.right, env)
        if op == "∈":
            return member(a, _as_set(b, n.right))
        if op == "∉":
            return not member(a, _as_set(b, n.right))
        if op in ("=", "≠"):
            return algebra.equal(a, b, self.budget, n) == (op == "=")
        if op in ("⊆", "⊂", "⊄"):
            a, b = _as_set(a, n.left), _as_set(b, n.right)
            inside = algebra.subset(a, b, self.budget, n)
            if op == "⊆":
                return inside
            strict = inside and not algebra.subset(b, a, self.budget, n)
            return strict if op == "⊂" else not strict   # ⊄ is ¬⊂, as the reference reads it
        for v, side in ((a, n.left), (b, n.right)):
            if isinstance(v, bool) or not (isinstance(v, int) or hasattr(v, "is_number")):
                raise RSLError("calcInvalidData", "an integer is expected here", *side.span)
        try:
            order = cardinal.compare(a, b)
        except (ArithmeticError, TypeError):
            raise RSLError("calculationNotSupported", "these values cannot be ordered exactly",
                           *n.span) from None
        return {"<": order < 0, ">": order > 0, "≤": order <= 0, "≥": order >= 0}[op]

    def truth_Negation(self, n, env) -> bool:
        return not self.truth(n.arg, env)

    def truth_Connective(self, n, env) -> bool:
        links = s.chain(n)  # P & Q ∨ … in a loop; a right operand only when it decides
        value = self.truth(links[0].left, env)
        for link in links:
            value = connect(link.op, value, lambda: self.truth(link.right, env))
        return value

    def truth_Quantifier(self, n, env) -> bool:
        key = (id(n), tuple(_key(env.get(v)) for v in _memo_names(n)))
        hit = self.memo.get(key)
        if hit is not None and hit[0] is n:
            return hit[1]
        domain = self._set(n.domain, env)
        if n.op == "∀":
            result = self.forall(n.var, domain, n.body, env, n)[0]
        else:
            result = self.exists(n.var, domain, n.body, env, n)[0]
        self.memo[key] = (n, result)
        return result

    def truth_Call(self, n, env) -> bool:
        truth = self.value_Call(n, env)
        if not isinstance(truth, bool):  # a function's set where a formula is expected
            raise RSLError("expectedLogic", f"{n.name}[…] is a set expression; a formula is "
                           "expected here", *n.span)
        return truth

    # -- the planner: the rules reach its entry points through these methods
    def comprehension(self, var, domain, condition, env, node=None):
        """{var ∈ domain | condition} as a set value."""
        return planner.comprehension(self, var, domain, condition, env, node)

    def exists(self, var, domain, body, env, node=None):
        """(True, witness bindings) or (False, None)."""
        return planner.exists(self, var, domain, body, env, node)

    def forall(self, var, domain, body, env, node=None):
        """(True, None) or (False, counterexample bindings)."""
        return planner.forall(self, var, domain, body, env, node)

    def planned(self, var, domain, parts: tuple, env, node=None):
        """{var ∈ domain | parts}, the conjuncts already in normal form."""
        return planner.planned(self, var, domain, parts, env, node)


ARITHMETIC = {"+": cardinal.add, "-": cardinal.subtract, "*": cardinal.multiply}
SET_OPERATIONS = {"∪": algebra.union, "∩": algebra.intersection, "\\": algebra.difference,
                  "∆": algebra.symmetric_difference}


def connect(op: str, left: bool, right) -> bool:
    """``left op right`` for a connective, ``right`` a function called only
    when the left operand does not decide (& ∨ ⇒ short-circuit, ⇔ not)."""
    if op == "&":
        return left and right()
    if op == "∨":
        return left or right()
    if op == "⇒":
        return (not left) or right()
    return left == right()


def evaluated_part(node: s.Node) -> s.Node:
    """What evaluating ``node`` computes: a declaration ``ALIAS :== body`` is its
    body; a structure's declaration ``ALIAS ::= …`` and a function definition
    have no value of their own (calculationNotSupported)."""
    if isinstance(node, s.GlobalDefinition):
        if node.op == "::=":
            raise RSLError("calculationNotSupported", f"{node.alias.name} ::= … declares a "
                           f"structure: its value comes from the data", *node.span)
        node = node.body
    if isinstance(node, s.FunctionDef):
        raise RSLError("calculationNotSupported", "a function definition has values only when "
                       "applied to arguments", *node.span)
    return node


def too_deep(node: s.Node) -> RSLError:
    """The error for a RecursionError while ``node`` was evaluated: chains
    are folded in loops and the parser bounds nesting, so only a tree built
    in code (or an analysis deeper than the stack) gets here."""
    return RSLError("unknownSyntax", "the expression is nested too deeply to evaluate", *node.span)


def _as_set(value, node):
    if isinstance(value, (frozenset, LazySet)):
        return value
    raise RSLError("calcInvalidData", f"a set is expected here, not {value!r}", *node.span)


def _memo_names(node: s.Node) -> tuple[str, ...] | None:
    """The free locals of a node in order — its value is remembered per
    binding of these — or None for the nodes not worth remembering (kept
    on the node, ``base.memo``)."""
    memo = node.__dict__.get(MEMO)   # the hot path (every value asked): one look
    if memo is not None and "memo names" in memo:
        return memo["memo names"]
    return remember(memo_of(node), "memo names", _names_of, node)


def _names_of(node: s.Node) -> tuple[str, ...] | None:
    if isinstance(node, (s.Integer, s.EmptySet, s.Local, s.Global, s.Tuple)):
        return None
    return tuple(sorted(free_locals(node)))


def _key(value):
    try:
        hash(value)
        return value
    except TypeError:
        return id(value)


def _freeze(value):
    if type(value) is frozenset:   # its members are hashable, so frozen already
        return value
    if isinstance(value, (set, frozenset)):
        return frozenset(_freeze(v) for v in value)
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value

