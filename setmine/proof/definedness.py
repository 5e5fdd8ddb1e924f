"""Where a statement's debools are defined, as one formula.

RSLang's ``debool(A)`` is an error unless A is a singleton, and a
statement whose evaluation errs is no theorem.  So a statement is proved
together with a formula saying that each debool it reads is of a
singleton, for every value of the variables in scope there.  Part of the
translator (``translate.Translator`` mixes it in).
"""

from __future__ import annotations

from ..rsl.semantics.types import SetType
from ..rsl.syntax import tree as s
from .smtlib import NoTranslation, Typing, conj, element_type, fill


class Definedness:
    """The translator's definedness pass."""

    def definedness(self, owner: str, tree: s.Node) -> str:
        """Where every debool of the closed ``tree`` is defined, as one
        formula for ``owner``: each argument a singleton, for every value
        of the variables in scope there (their domains' members).  Stronger
        than RSLang, which evaluates ``P & Q`` without Q when P is false:
        a statement proved with it is defined wherever RSLang evaluates
        it, never the other way round."""
        self.owner = owner
        for table in (self.axioms, self.partial):
            table.setdefault(owner, [])
        self.globals_read.setdefault(owner, set())
        return self.defined(tree, {}, self.typing(tree))

    def defined(self, node: s.Node, env: dict, ty: Typing) -> str:
        if isinstance(node, s.GlobalDefinition):
            node = node.body
        if isinstance(node, (s.Quantifier, s.Declarative)):
            decls = (node.var.items if isinstance(node.var, s.DeclList) else (node.var,))
            element = element_type(self._type(node.domain, ty))
            variables, guards, inner = [], [], dict(env)
            for decl in decls:
                value = self.declare(decl, element, variables, inner)
                guards.append(self.member(value, node.domain, env, ty))
            body = self.defined(node.body if isinstance(node, s.Quantifier) else node.condition,
                                inner, ty)
            outer = self.defined(node.domain, env, ty)
            if body == "true":
                return outer
            bound = " ".join(f"({v} {srt})" for v, srt in variables)
            return conj([outer, f"(forall ({bound}) (=> {conj(guards)} {body}))"])
        if isinstance(node, s.Apply) and node.op == "debool":
            arg_t = fill(ty.of(node.arg), SetType(self._type(node, ty)))
            argument = self.term(node.arg, env, ty, arg_t)
            return conj([self.defined(node.arg, env, ty), f"(= (set.card {argument}) 1)"])
        if isinstance(node, s.Call):
            definition = self.functions.get(node.name)
            parts = [self.defined(arg, env, ty) for arg in node.args]
            if isinstance(definition, s.FunctionDef) and any(
                    isinstance(n, s.Apply) and n.op == "debool" for n in definition.walk()):
                raise NoTranslation(node, "a function whose body reads debool: where it is "
                                    "defined is not stated through a call")
            return conj(parts)
        if isinstance(node, s.Global):   # an axiom or a statement read as a formula
            info = self.env.get(node.name)
            if info is not None and info.kind in ("axiom", "theorem"):
                tree = self.schema.tree(node.name)
                return self.defined(tree, {}, self.typing(tree))
            return "true"
        if isinstance(node, (s.Imperative, s.Recursive)):
            raise NoTranslation(node, "a loop has no translation to a formula")
        return conj([self.defined(child, env, ty) for child in node.children()
                     if isinstance(child, s.Node)])
