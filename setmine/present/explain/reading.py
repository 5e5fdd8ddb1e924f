"""RSLang read aloud: a formula or a term in plain English, by its shape.

    >>> read(parse("∀a∈X1 a∈Pr1(S1)"))
    'for every a in X1, a is a first component of a pair of S1'
    >>> read(parse("X1\\\\S3"), words(saper))
    'the cells that are not in S3'
    >>> read(parse("D{α∈X1 | α∈S3}"), words(study_plan))
    'the members α of X1 (students) such that α is in S3'

Every node type of ``rsl/syntax/tree.py`` has its reading; nothing looks at the name
of a constituent except to name a basic set in the schema's own words
(``glossary.words``: the members of the Saper's X1 are cells, the study
plan's X1 is "X1 (students)"; without a schema's words, every set is its
alias).  A few shapes read better than word for word:

* a variable that ranges over a product is named by its components:
  ``{a∈X1×ℬ(X1) | … pr1 a …}`` reads "the pairs (x, B) of a cell x and a set
  of cells B such that … x …";
* ``A\\B\\C`` and ``A\\(B∪C)`` read "the members of A that are in neither B
  nor C"; chains of one associative operator (``∪``, ``∩``, ``&``, ``∨``)
  read as one list;
* nested quantifiers of one kind read as one: "there are b in D6, c in D9
  and d in D5 such that …";
* membership in ``Pr1(S)``, ``red(F)``, ``ℬ(E)`` or a basic set reads as
  what it means: "a is a first component of a pair of S", "x is in one of
  the sets in F", "b is a set of cells", "a is a cell".

Parentheses in a reading group what a list or a quantifier would otherwise
swallow: a compound operand of another connective, and a quantifier that is
not the last operand of a connective.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...rsl.syntax import tree as s
from .glossary import NO_WORDS, Words

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
TUPLE_NAMES = {2: "pair", 3: "triple"}
SET_OPS = {"∪": "union", "∩": "intersection"}
ARITHMETIC = {"+": "plus", "-": "minus", "*": "times"}
COMPARISONS = {"<": "is less than", ">": "is greater than", "≤": "is at most",
               "≥": "is at least", "⊆": "is a subset of", "⊂": "is a proper subset of",
               "⊄": "is not a proper subset of"}
CONNECTIVE_WORDS = {"&": "and", "∨": "or"}
PAIRED = {"&": "both", "∨": "either"}
# Names for the components of a variable over a product, by the kind of factor.
COMPONENT_NAMES = {"element": "xyzuvw", "set": "BCEGKM", "family": "FGHKLM", "other": "pqrstu"}


def read(tree: s.Node, words: Words | None = None) -> str:
    """The plain-English reading of any RSLang syntax tree, its sets named
    in ``words`` (a schema's: ``glossary.words(schema)``; none: by alias)."""
    return Reader(tree, words or NO_WORDS).read(tree)


def member_noun(domain: s.Node, words: Words | None = None) -> str:
    """What a member of ``domain`` is: "a cell", "a set of cells", "a pair
    of a cell and a set of cells" (the Saper's words), "a member of X1
    (students)", "a member of D3"."""
    return Reader(domain, words or NO_WORDS).singular(domain)


def ordinal(i: int) -> str:
    return ORDINALS[i - 1] if 0 < i <= len(ORDINALS) else f"{i}th"


def tuple_name(n: int) -> str:
    return TUPLE_NAMES.get(n, f"{n}-tuple")


def listing(items: list[str], word: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def article(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


class Reader:
    """Reads one tree; remembers the names it has given to components."""

    def __init__(self, tree: s.Node, words: Words = NO_WORDS):
        self.nouns: Mapping[str, tuple[str, str]] = words.nouns
        self.names: Mapping[str, str] = words.names
        self.taken = {n.name for n in tree.walk() if isinstance(n, (s.Local, s.Global))}
        self.parts: dict[str, tuple[str, ...] | None] = {}  # pair variable → component names

    def read(self, node: s.Node) -> str:
        return getattr(self, "read_" + type(node).__name__)(node)

    # -- nouns for the members of a domain
    def nounable(self, e: s.Node) -> bool:
        """Whether the members of ``e`` have a noun of their own."""
        if isinstance(e, s.Global):
            return e.name in self.nouns
        if isinstance(e, s.Apply) and e.op == "ℬ":
            return self.nounable(e.arg)
        if isinstance(e, s.Product):
            return all(self.nounable(f) for f in e.factors)
        return isinstance(e, s.IntegerSet)

    def singular(self, e: s.Node) -> str:
        if isinstance(e, s.Global) and e.name in self.nouns:
            return article(self.nouns[e.name][0])
        if isinstance(e, s.IntegerSet):
            return "an integer"
        if isinstance(e, s.Apply) and e.op == "ℬ":
            return "a set of " + self.plural(e.arg)
        if isinstance(e, s.Product):
            return article(tuple_name(len(e.factors))) + " " + self.factors_text(e)
        return "a member of " + self.read(e)

    def plural(self, e: s.Node) -> str:
        if isinstance(e, s.Global) and e.name in self.nouns:
            return self.nouns[e.name][1]
        if isinstance(e, s.IntegerSet):
            return "integers"
        if isinstance(e, s.Apply) and e.op == "ℬ":
            return "sets of " + self.plural(e.arg)
        if isinstance(e, s.Product):
            return tuple_name(len(e.factors)) + "s " + self.factors_text(e)
        return "members of " + self.read(e)

    def factors_text(self, e: s.Product) -> str:
        words = [self.singular(f) for f in e.factors]
        if all(self.nounable(f) for f in e.factors) and len(set(words)) == 1:
            return "of " + self.plural(e.factors[0])
        return "of " + listing(words)

    # -- naming the components of a variable over a product
    def components(self, domain: s.Product) -> tuple[str, ...]:
        names = []
        for factor in domain.factors:
            kind = self.kind(factor)
            name = next((c for c in COMPONENT_NAMES[kind] if c not in self.taken), None)
            name = name or f"{COMPONENT_NAMES[kind][0]}{len(self.taken)}"
            self.taken.add(name)
            names.append(name)
        return tuple(names)

    @staticmethod
    def kind(factor: s.Node) -> str:
        if isinstance(factor, s.Apply) and factor.op == "ℬ":
            inner = factor.arg
            return "family" if isinstance(inner, s.Apply) and inner.op == "ℬ" else "set"
        return "element" if isinstance(factor, s.Global) else "other"

    def binding(self, decl: s.Node, domain: s.Node) -> tuple[str, list[str]]:
        """How a bound variable is introduced ("a in X1", "pair (x, B) of a
        cell x and a set of cells B") and the names it brings into scope."""
        if isinstance(decl, s.Local) and isinstance(domain, s.Product):
            names = self.components(domain)
            self.parts[decl.name] = names
            shape = "(" + ", ".join(names) + ")"
            if all(self.nounable(f) for f in domain.factors):
                parts = [f"{self.singular(f)} {n}" for f, n in zip(domain.factors, names)]
                return f"{tuple_name(len(names))} {shape} of {listing(parts)}", [decl.name]
            parts = [f"{n} in {self.read(f)}" for f, n in zip(domain.factors, names)]
            return f"{tuple_name(len(names))} {shape} with {listing(parts)}", [decl.name]
        for name in s.declared_names(decl):
            self.parts[name.name] = None  # shadows an outer pair variable
        if isinstance(decl, (s.Local, s.DeclList)) and isinstance(domain, s.Apply) \
                and domain.op == "ℬ":
            plural = "s" if isinstance(decl, s.DeclList) else ""
            return f"set{plural} {self.read(decl)} of {self.plural(domain.arg)}", \
                [n.name for n in s.declared_names(decl)]
        if isinstance(decl, s.TupleDecl):
            return f"{tuple_name(len(decl.items))} {self.read(decl)} in {self.read(domain)}", \
                [n.name for n in s.declared_names(decl)]
        return f"{self.read(decl)} in {self.read(domain)}", [n.name for n in s.declared_names(decl)]

    def scoped(self, names: list[str], saved: dict) -> None:
        for name in names:
            if name in saved:
                self.parts[name] = saved[name]
            else:
                self.parts.pop(name, None)

    # -- atoms
    def read_Integer(self, n):
        return str(n.value)

    def read_EmptySet(self, n):
        return "the empty set"

    def read_IntegerSet(self, n):
        return "the integers"

    def read_Global(self, n):
        name = self.names.get(n.name)
        return f"{n.name} ({name})" if name else n.name

    def read_Radical(self, n):
        return n.name

    def read_Local(self, n):
        names = self.parts.get(n.name)
        return "(" + ", ".join(names) + ")" if names else n.name

    def read_TupleDecl(self, n):
        return "(" + ", ".join(self.read(i) for i in n.items) + ")"

    def read_DeclList(self, n):
        return listing([self.read(i) for i in n.items])

    # -- set and integer expressions
    def read_Arithmetic(self, n):
        def side(e, right):
            text = self.read(e)
            nested = isinstance(e, s.Arithmetic) and (right or e.op != n.op)
            return f"({text})" if nested else text
        return f"{side(n.left, False)} {ARITHMETIC[n.op]} {side(n.right, True)}"

    def read_SetOperation(self, n):
        if n.op in SET_OPS:
            items = [self.read(i) for i in chain(n, n.op)]
            return f"the {SET_OPS[n.op]} of {listing(items)}"
        if n.op == "∆":
            return f"the members of exactly one of {self.read(n.left)} and {self.read(n.right)}"
        base, excluded = n, []
        while isinstance(base, s.SetOperation) and base.op == "\\":
            excluded[:0] = chain(base.right, "∪")
            base = base.left
        head = ("the " + self.plural(base)) if isinstance(base, s.Global) and self.nounable(base) \
            else "the members of " + self.read(base)
        names = [self.read(e) for e in excluded]
        if len(names) == 1:
            return f"{head} that are not in {names[0]}"
        if len(names) == 2:
            return f"{head} that are in neither {names[0]} nor {names[1]}"
        return f"{head} that are in none of {listing(names)}"

    def read_Product(self, n):
        return "the " + self.plural(n)

    def read_Apply(self, n):
        arg = self.read(n.arg)
        if n.op == "ℬ":
            return "the sets of " + self.plural(n.arg)
        if n.op == "card":
            return "the number of members of " + arg
        if n.op == "bool":
            return "the set whose only member is " + arg
        if n.op == "debool":
            return "the one member of " + arg
        return "the union of the sets in " + arg

    def read_Projection(self, n):
        arg = n.arg
        if not n.big and len(n.indices) == 1 and isinstance(arg, s.Local) \
                and self.parts.get(arg.name) and n.indices[0] <= len(self.parts[arg.name]):
            return self.parts[arg.name][n.indices[0] - 1]
        what = "tuples" if max(n.indices) > 2 else "pairs"
        if len(n.indices) == 1:
            if n.big:
                return f"the {ordinal(n.indices[0])} components of the {what} of {self.read(arg)}"
            return f"the {ordinal(n.indices[0])} component of {self.read(arg)}"
        picked = listing([str(i) for i in n.indices])
        if n.big:
            return (f"the {tuple_name(len(n.indices))}s of components {picked} of the tuples "
                    f"of {self.read(arg)}")
        return f"the {tuple_name(len(n.indices))} of components {picked} of {self.read(arg)}"

    def read_Filter(self, n):
        if len(n.params) == len(n.indices):
            tests = [f"whose {ordinal(i)} component is in {self.read(p)}"
                     for i, p in zip(n.indices, n.params)]
            return f"the tuples of {self.read(n.arg)} {listing(tests)}"
        picked = listing([str(i) for i in n.indices])
        return (f"the tuples of {self.read(n.arg)} whose components {picked}, taken together, "
                f"are in {listing([self.read(p) for p in n.params])}")

    def read_Enumeration(self, n):
        items = [self.read(i) for i in n.items]
        if len(items) == 1:
            return "the set whose only member is " + items[0]
        return "the set of " + listing(items)

    def read_Tuple(self, n):
        items = [self.read(i) for i in n.items]
        if all(isinstance(i, (s.Local, s.Global, s.Integer)) for i in n.items):
            return f"the {tuple_name(len(items))} ({', '.join(items)})"
        return f"the {tuple_name(len(items))} of {listing(items)}"

    def read_Declarative(self, n):
        saved = dict(self.parts)
        if isinstance(n.var, s.Local) and isinstance(n.domain, s.Product):
            intro, names = self.binding(n.var, n.domain)
            head = intro.replace(tuple_name(len(n.domain.factors)),
                                 tuple_name(len(n.domain.factors)) + "s", 1)
        else:
            _, names = self.binding(n.var, n.domain)
            var = self.read(n.var)
            if isinstance(n.domain, (s.Global, s.Apply, s.Product)) and self.nounable(n.domain):
                head = f"{self.plural(n.domain)} {var}"
            else:
                head = f"members {var} of {self.read(n.domain)}"
        text = f"the {head} such that {self.read(n.condition)}"
        self.scoped(names, saved)
        return text

    def read_Iterate(self, n):
        return f"{self.read(n.var)} ranges over {self.read(n.domain)}"

    def read_Assign(self, n):
        return f"{self.read(n.var)} is {self.read(n.value)}"

    def read_Imperative(self, n):
        steps = [self.operand(b, last=False) for b in n.blocks]
        return f"the values of {self.read(n.result)} where {listing(steps)}"

    def read_Recursive(self, n):
        var = self.read(n.var)
        text = (f"the value of {var} reached by setting {var} to {self.read(n.init)}, then "
                f"replacing {var} by {self.read(n.step)}")
        if n.condition is not None:
            text += f" as long as {self.operand(n.condition, last=False)}"
        return text + ", until it no longer changes"

    def read_Call(self, n):
        args = listing([self.read(a) for a in n.args])
        if n.name.startswith("P"):
            return f"{n.name} holds for {args}"
        return f"{n.name} applied to {args}"

    # -- formulas
    def read_Predicate(self, n):
        left = self.read(n.left)
        if n.op in ("∈", "∉"):
            return self.membership(left, n.right, n.op == "∈")
        right = self.read(n.right)
        if n.op in ("=", "≠"):
            yes = n.op == "="
            if isinstance(n.right, s.EmptySet):
                return f"{left} is {'' if yes else 'not '}empty"
            if is_plural(n.left):
                right = right if is_plural(n.right) else "the members of " + right
                return f"{left} are {'exactly' if yes else 'not exactly'} {right}"
            if is_plural(n.right):
                return f"{left} {'consists' if yes else 'does not consist'} of {right}"
            if right.startswith("the "):
                return f"{left} is {'' if yes else 'not '}{right}"
            return f"{left} {'equals' if yes else 'differs from'} {right}"
        return f"{left} {COMPARISONS[n.op]} {right}"

    def membership(self, left: str, right: s.Node, yes: bool) -> str:
        is_ = "is" if yes else "is not"
        if isinstance(right, s.Projection) and right.big and len(right.indices) == 1:
            what = "tuple" if right.indices[0] > 2 else "pair"
            return (f"{left} {is_} {article(ordinal(right.indices[0]))} component of "
                    f"{article(what)} of {self.read(right.arg)}")
        if isinstance(right, s.Apply) and right.op == "red":
            return f"{left} {is_} in {'one' if yes else 'none'} of the sets in {self.read(right.arg)}"
        if self.nounable(right) and not isinstance(right, s.Product):
            return f"{left} {is_} {self.singular(right)}"
        if is_plural(right):
            return f"{left} is {'one' if yes else 'none'} of {self.read(right)}"
        return f"{left} {is_} in {self.read(right)}"

    def read_Negation(self, n):
        return "it is not the case that " + self.operand(n.arg, last=True)

    def read_Connective(self, n):
        if n.op in CONNECTIVE_WORDS:
            parts = chain(n, n.op)
            items = [self.operand(p, last=i == len(parts) - 1, within=n.op)
                     for i, p in enumerate(parts)]
            return listing(items, CONNECTIVE_WORDS[n.op])
        left, right = self.operand(n.left, False, n.op), self.operand(n.right, True, n.op)
        if n.op == "⇒":
            return f"if {left}, then {right}"
        return f"{left} if and only if {right}"

    def operand(self, f: s.Node, last: bool, within: str = "") -> str:
        text = self.read(f)
        compound = isinstance(f, s.Connective) and f.op != within
        return f"({text})" if compound or (isinstance(f, s.Quantifier) and not last) else text

    def read_Quantifier(self, n):
        saved = dict(self.parts)
        bindings, names, body = [], [], n
        while isinstance(body, s.Quantifier) and body.op == n.op:
            intro, bound = self.binding(body.var, body.domain)
            bindings.append((intro, body.var))
            names += bound
            body = body.body
        text = self.read(body)
        if isinstance(body, s.Connective) and body.op in PAIRED and len(chain(body, body.op)) == 2:
            text = f"{PAIRED[body.op]} {text}"  # "for every b in F, both P and Q"
        self.scoped(names, saved)
        intros = [intro for intro, _ in bindings]
        if n.op == "∀":
            return "for every " + " and every ".join(intros) + ", " + text
        single = len(bindings) == 1 and not isinstance(bindings[0][1], s.DeclList)
        if single:
            return f"there is {article(intros[0])} such that {text}"
        return f"there are {listing(intros)} such that {text}"

    # -- functions
    def read_Parameter(self, n):
        return f"{self.read(n.var)} ({self.singular(n.domain)})"

    def read_FunctionDef(self, n):
        params = listing([self.read(p) for p in n.params])
        if s.is_formula(n.body):
            return f"the property of {params} that {self.read(n.body)}"
        return f"the function that maps {params} to {self.read(n.body)}"

    def read_GlobalDefinition(self, n):
        if n.op == "::=":
            return f"{n.alias.name}, a structure whose value is one of {self.read(n.body)}"
        return f"{n.alias.name}, defined as {self.read(n.body)}"


def is_plural(node: s.Node) -> bool:
    """Whether the reading of a set expression is a plural description
    ("the cells that …", "the pairs … such that …")."""
    return (isinstance(node, (s.Declarative, s.Product)) or
            (isinstance(node, s.SetOperation) and node.op == "\\") or
            (isinstance(node, s.Apply) and node.op == "ℬ"))


chain = s.associative_operands
