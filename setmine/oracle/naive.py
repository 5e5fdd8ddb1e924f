"""The oracle (the reference): a literal interpreter of RSLang that enumerates, then filters.

Each construct is evaluated the way ``rslang.md`` defines it, with no
cleverness beyond generators and short-circuiting, so that the fast symbolic
evaluator can be checked against it.

Values: integers are ``int``, sets ``frozenset``, tuples Python ``tuple``;
elements of basic sets are whatever hashable objects ``data`` uses.

    >>> from setmine.rsl.syntax.parser import parse_expression
    >>> evaluate(parse_expression("card(ℬ(X1))"), {"X1": {1, 2, 3}})
    8
    >>> evaluate(parse_expression("∃a∈X1 a>2"), {"X1": {1, 2, 3}})
    True

Every candidate a quantifier, comprehension, ``I{}`` loop, ``R{}`` step,
Cartesian product or ℬ visits counts against ``limit`` (per call of
``value``/``truth``); beyond it the evaluation stops with
``RSLError("iterationsLimit")``, so the oracle never hangs.
"""

from __future__ import annotations

import operator as op
from itertools import combinations, product
from typing import Callable, Iterator, Mapping

from ..rsl.syntax import tree as s
from ..rsl.syntax.errors import RSLError
from ..rsl.syntax.printer import unicode

Env = Mapping[str, object]
NO_FUNCTIONS: Mapping[str, s.FunctionDef] = {}

ARITHMETIC = {"+": op.add, "-": op.sub, "*": op.mul}
SET_OPERATIONS = {"∪": op.or_, "∩": op.and_, "\\": op.sub, "∆": op.xor}
INCLUSIONS = {"⊆": op.le, "⊂": op.lt, "⊄": lambda a, b: not a < b}   # ⊄ is ¬⊂ (the reference's)
ORDER = {"<": op.lt, ">": op.gt, "≤": op.le, "≥": op.ge}


def fail(code: str, message: str, node: s.Node) -> RSLError:
    return RSLError(code, message, *node.span)


def subsets(base: frozenset) -> Iterator[frozenset]:
    """All subsets of ``base``, by increasing size."""
    items = list(base)
    for size in range(len(items) + 1):
        for combo in combinations(items, size):
            yield frozenset(combo)


class NaiveEvaluator:
    """Evaluates set expressions (``value``) and formulas (``truth``) over
    ``data`` (global alias → value), with the F#/P# ``functions``."""

    def __init__(self, data: Mapping[str, object],
                 functions: Mapping[str, s.FunctionDef] = NO_FUNCTIONS,
                 limit: int = 1_000_000):
        self.data = {name: frozenset(v) if isinstance(v, (set, frozenset)) else v
                     for name, v in data.items()}
        self.functions = functions
        self.limit = limit
        self.steps = 0

    # -- entry points: each starts a fresh count of iterations
    def value(self, node: s.Node, env: Env = {}) -> object:
        self.steps = 0
        return self.val(node, dict(env))

    def truth(self, node: s.Node, env: Env = {}) -> bool:
        self.steps = 0
        return self.holds(node, dict(env))

    # -- the iteration budget
    def tick(self, node: s.Node) -> None:
        self.steps += 1
        if self.steps > self.limit:
            raise fail("iterationsLimit", f"more than {self.limit} iterations while "
                       f"enumerating {unicode(node)}", node)

    def members(self, domain: s.Node, env: Env, counter: s.Node) -> Iterator[object]:
        """The elements of ``domain`` one by one (ℬ generated lazily), each
        counted against the limit on behalf of ``counter``."""
        if isinstance(domain, s.Apply) and domain.op == "ℬ":
            elements = subsets(self.a_set(domain.arg, env))
        else:
            elements = iter(self.a_set(domain, env))
        for x in elements:
            self.tick(counter)
            yield x

    # -- binding locals
    def bind(self, decl: s.Node, x: object, env: Env) -> dict:
        """``env`` extended by ``decl`` := ``x``; tuple declarations destructure."""
        if isinstance(decl, s.Local):
            return {**env, decl.name: x}
        if not (isinstance(x, tuple) and len(x) == len(decl.items)):
            raise fail("calcInvalidData", f"{x!r} is not a tuple of {len(decl.items)} "
                       f"components, as {unicode(decl)} needs", decl)
        for item, component in zip(decl.items, x):
            env = self.bind(item, component, env)
        return env

    # -- checked conversions
    def a_set(self, node: s.Node, env: Env) -> frozenset:
        v = self.val(node, env)
        if not isinstance(v, frozenset):
            raise fail("calcInvalidData", f"{unicode(node)} is not a set: {v!r}", node)
        return v

    def an_int(self, node: s.Node, env: Env) -> int:
        v = self.val(node, env)
        if type(v) is not int:
            raise fail("calcInvalidData", f"{unicode(node)} is not an integer: {v!r}", node)
        return v

    def component(self, t: object, i: int, node: s.Node) -> object:
        if not (isinstance(t, tuple) and 1 <= i <= len(t)):
            raise fail("calcInvalidData", f"{t!r} has no component {i}", node)
        return t[i - 1]

    def project(self, t: object, indices: tuple[int, ...], node: s.Node) -> object:
        """pr i(t), or the tuple of several components."""
        if len(indices) == 1:
            return self.component(t, indices[0], node)
        return tuple(self.component(t, i, node) for i in indices)

    def container(self, node: s.Node, env: Env) -> Callable[[object], bool]:
        """The membership test of the set ``node`` denotes.  Z, a radical
        (anything), ℬ(…) and × are tested by their definition, so they need
        not be listed; any other set is evaluated."""
        if isinstance(node, s.IntegerSet):
            return lambda x: type(x) is int
        if isinstance(node, s.Radical):
            return lambda x: True
        if isinstance(node, s.Apply) and node.op == "ℬ":
            inner = self.container(node.arg, env)
            return lambda x: isinstance(x, frozenset) and all(map(inner, x))
        if isinstance(node, s.Product):
            tests = [self.container(f, env) for f in node.factors]
            return lambda x: (isinstance(x, tuple) and len(x) == len(tests)
                              and all(test(c) for test, c in zip(tests, x)))
        return self.a_set(node, env).__contains__

    # -- set expressions
    def val(self, node: s.Node, env: Env) -> object:
        match node:
            case s.Integer(value=n):
                return n
            case s.EmptySet():
                return frozenset()
            case s.IntegerSet():
                raise fail("iterateInfinity", "Z is infinite: its members cannot be listed", node)
            case s.Radical(name=name):
                raise fail("calculationNotSupported", f"the radical {name} has no value", node)
            case s.Global(name=name):
                if name not in self.data:
                    raise fail("calcGlobalMissing", f"no value for {name}", node)
                return self.data[name]
            case s.Local(name=name):
                if name not in env:
                    raise fail("localUndeclared", f"the local {name} is not bound", node)
                return env[name]
            case s.Arithmetic():  # a chain 1+2+… folded left to right, in a loop
                links = s.chain(node)
                n = self.an_int(links[0].left, env)
                for link in links:
                    n = ARITHMETIC[link.op](n, self.an_int(link.right, env))
                return n
            case s.SetOperation():
                links = s.chain(node)
                v = self.a_set(links[0].left, env)
                for link in links:
                    v = SET_OPERATIONS[link.op](v, self.a_set(link.right, env))
                return v
            case s.Product(factors=factors):
                sets = []
                for f in factors:  # an empty factor: the rest is not computed
                    sets.append(self.a_set(f, env))
                    if not sets[-1]:
                        return frozenset()
                return frozenset(self.counted(product(*sets), node))
            case s.Apply(op="ℬ", arg=arg):
                return frozenset(self.counted(subsets(self.a_set(arg, env)), node))
            case s.Apply(op="card", arg=arg):
                return len(self.a_set(arg, env))
            case s.Apply(op="bool", arg=arg):
                return frozenset({self.val(arg, env)})
            case s.Apply(op="debool", arg=arg):
                v = self.a_set(arg, env)
                if len(v) != 1:
                    raise fail("calcInvalidDebool", f"debool of a set of {len(v)} elements, "
                               "not of a singleton", node)
                return next(iter(v))
            case s.Apply(op="red", arg=arg):
                family = self.a_set(arg, env)
                if not all(isinstance(member, frozenset) for member in family):
                    raise fail("calcInvalidData", f"red of {unicode(arg)}: not a set of sets",
                               node)
                return frozenset().union(*family)
            case s.Projection(big=True, indices=indices, arg=arg):
                return frozenset(self.project(t, indices, node) for t in self.a_set(arg, env))
            case s.Projection(big=False, indices=indices, arg=arg):
                return self.project(self.val(arg, env), indices, node)
            case s.Filter():
                return self.filter(node, env)
            case s.Enumeration(items=items):
                return frozenset(self.val(item, env) for item in items)
            case s.Tuple(items=items):
                return tuple(self.val(item, env) for item in items)
            case s.Declarative(var=var, domain=domain, condition=condition):
                return frozenset(x for x in self.members(domain, env, node)
                                 if self.holds(condition, self.bind(var, x, env)))
            case s.Imperative(result=result, blocks=blocks):
                return frozenset(self.val(result, e) for e in self.loop(blocks, env, node))
            case s.Recursive():
                return self.recurse(node, env)
            case s.Call():
                return self.call(node, env)
        raise fail("expectedSetexpr", f"not a set expression: {unicode(node)}", node)

    def counted(self, items: Iterator[object], node: s.Node) -> Iterator[object]:
        for x in items:
            self.tick(node)
            yield x

    def filter(self, node: s.Filter, env: Env) -> frozenset:
        """Fi i,j[A, B](S): the tuples of S with i-th ∈ A and j-th ∈ B; with a
        single parameter, the (tuple of the) chosen components ∈ it.  S is
        computed first; empty, the parameters are not."""
        members = self.a_set(node.arg, env)
        if not members:
            return frozenset()
        tests = [self.container(p, env) for p in node.params]
        if len(tests) == len(node.indices):
            def keep(t):
                return all(test(self.component(t, i, node))
                           for test, i in zip(tests, node.indices))
        elif len(tests) == 1:
            def keep(t):
                return tests[0](self.project(t, node.indices, node))
        else:
            raise fail("invalidFilterArity", f"{len(node.indices)} indices but "
                       f"{len(tests)} parameters", node)
        return frozenset(t for t in members if keep(t))

    def loop(self, blocks: tuple, env: Env, node: s.Node) -> Iterator[Env]:
        """The environments that survive the blocks of I{…}: nested loops."""
        if not blocks:
            yield env
            return
        block, rest = blocks[0], blocks[1:]
        if isinstance(block, s.Iterate):
            for x in self.members(block.domain, env, node):
                yield from self.loop(rest, self.bind(block.var, x, env), node)
        elif isinstance(block, s.Assign):
            yield from self.loop(rest, self.bind(block.var, self.val(block.value, env), env),
                                 node)
        elif self.holds(block, env):
            yield from self.loop(rest, env, node)

    def recurse(self, node: s.Recursive, env: Env) -> object:
        """R{v := init | cond | step}: step while cond holds, until a fixpoint."""
        v = self.val(node.init, env)
        here = self.bind(node.var, v, env)
        while node.condition is None or self.holds(node.condition, here):
            self.tick(node)
            following = self.val(node.step, here)
            if following == v:
                break
            v, here = following, self.bind(node.var, following, env)
        return v

    def call(self, node: s.Call, env: Env) -> object:
        """F#[…] or P#[…]: the body with the parameters bound to the arguments.
        As in the reference, a parameter's domain is its type: an argument
        of that type outside the domain's value is not refused."""
        definition = self.functions.get(node.name)
        if definition is None:
            raise fail("calcGlobalMissing", f"no definition for {node.name}", node)
        if len(node.args) != len(definition.params):
            raise fail("invalidArgsArity", f"{node.name} takes {len(definition.params)} "
                       f"arguments, not {len(node.args)}", node)
        inner: dict = {}
        for param, arg in zip(definition.params, node.args):
            inner = self.bind(param.var, self.val(arg, env), inner)
        if s.is_formula(definition.body):
            return self.holds(definition.body, inner)
        return self.val(definition.body, inner)

    # -- formulas
    def holds(self, node: s.Node, env: Env) -> bool:
        match node:
            case s.Negation(arg=arg):
                return not self.holds(arg, env)
            case s.Connective():  # a chain P & Q ∨ … folded left to right, in a loop
                links = s.chain(node)
                truth = self.holds(links[0].left, env)
                for link in links:
                    if link.op == "&":
                        truth = truth and self.holds(link.right, env)
                    elif link.op == "∨":
                        truth = truth or self.holds(link.right, env)
                    elif link.op == "⇒":
                        truth = not truth or self.holds(link.right, env)
                    else:
                        truth = truth == self.holds(link.right, env)
                return truth
            case s.Quantifier(var=var, domain=domain, body=body):
                decls = var.items if isinstance(var, s.DeclList) else (var,)
                return self.quantify(node, decls, domain, body, env)
            case s.Predicate(op="∈" | "∉", left=left, right=right):
                inside = self.container(right, env)(self.val(left, env))
                return inside if node.op == "∈" else not inside
            case s.Predicate(op="=" | "≠", left=left, right=right):
                equal = self.val(left, env) == self.val(right, env)
                return equal if node.op == "=" else not equal
            case s.Predicate(op="⊆" | "⊂" | "⊄" as sign, left=left, right=right):
                return INCLUSIONS[sign](self.a_set(left, env), self.a_set(right, env))
            case s.Predicate(op="<" | ">" | "≤" | "≥" as sign, left=left, right=right):
                return ORDER[sign](self.an_int(left, env), self.an_int(right, env))
            case s.Call():
                truth = self.call(node, env)
                if not isinstance(truth, bool):  # a function's set where a formula is expected
                    raise fail("expectedLogic", f"not a formula: {unicode(node)}", node)
                return truth
        raise fail("expectedLogic", f"not a formula: {unicode(node)}", node)

    def quantify(self, node: s.Quantifier, decls: tuple, domain: s.Node, body: s.Node,
                 env: Env) -> bool:
        """∀a,b∈S P is ∀a∈S ∀b∈S P; all/any short-circuit: ∀ over ∅ true, ∃ false."""
        if not decls:
            return self.holds(body, env)
        test = all if node.op == "∀" else any
        return test(self.quantify(node, decls[1:], domain, body, self.bind(decls[0], x, env))
                    for x in self.members(domain, env, node))


def evaluate(node: s.Node, data: Mapping[str, object],
             functions: Mapping[str, s.FunctionDef] = NO_FUNCTIONS,
             limit: int = 1_000_000) -> object:
    """The value of a set expression, or the truth of a formula."""
    if isinstance(node, s.GlobalDefinition):  # `D1 :== body` is its body's value
        if node.op == "::=":
            raise fail("calculationNotSupported", "a structure's declaration has no value of "
                       "its own", node)
        node = node.body
    if isinstance(node, s.FunctionDef):
        raise fail("calculationNotSupported", "a function definition has values only when "
                   "applied", node)
    evaluator = NaiveEvaluator(data, functions, limit)
    return evaluator.truth(node) if s.is_formula(node) else evaluator.value(node)
