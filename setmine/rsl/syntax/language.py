"""The table of RSLang: every construct declared once.

A *construct* is a node class of ``tree.py`` with, where the class stands
for several operators (``SetOperation``: ∪ ∩ \\ ∆), one of its operators.
Each row gives its canonical Unicode spelling, its ASCII spelling (Exteor's
ASCII mode; the same text where the two agree), an example formula over the
small schema of ``EXAMPLE_SCHEMA`` that uses it, and, for each *stage* of
setmine that does not handle it, the reason why not.

``spelling.py`` builds the parser's and the printer's tables of operators
from this one.  ``tests/rsl/test_language_table.py`` runs every stage on
every example and fails naming each (construct, stage) pair that is neither
handled nor given a reason here — and each reason that has gone stale
because the stage now handles the construct.  ``docs/architecture.md``
("Adding a construct") walks through the stages in the order of
``STAGES``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

STAGES: dict[str, str] = {
    "parser": "rsl/syntax/grammar.lark, parser.py: both spellings read into one tree",
    "printer": "rsl/syntax/printer.py: `show_<Node>`, in both spellings",
    "typing": "rsl/semantics/set_typing.py, typifier.py: the construct's type or its error",
    "evaluator": "eval/interpret/evaluator.py: the reference's value (the planner narrows "
                 "in eval/planning/)",
    "oracle": "oracle/naive.py: the literal definition, enumerate then filter",
    "compiler": "eval/compiled/compiler.py: `x_<Node>` / `f_<Node>`, a closure over masks",
    "closures": "eval/planning/compiled.py: the planner's per-candidate closures over the "
                "evaluator's values",
    "reading": "present/explain/reading.py: `read_<Node>`, the formula in English",
    "why": "present/explain/why.py: why an element is in the construct's value (or why a "
           "formula holds)",
    "mutations": "repairing/mutations.py: the edits a repair tries at the construct",
    "grounding": "verification/models/grounding.py: the construct as a Boolean circuit (the "
                 "models scope)",
    "prove": "proof/translate.py: the construct in SMT-LIB for cvc5 (setmine prove), its "
             "truth on the example's models the evaluator's",
}
"""Each stage a construct passes through, and where it is handled."""


# -- the reasons a stage leaves a construct alone, each written once
DECLARATION = ("a declaration of the schema, not a formula: each stage takes the body "
               "(a structure's value is the data's)")
BINDER_PART = "a part of a binder (how its variables are declared): handled with the binder"
CHEAP_ONLY = ("the planner's closures compile only the cheap constructs a narrowed condition "
              "evaluates per candidate; this one goes to the interpreter, which has "
              "its own plans for it")
NO_MEMBERS = "its value is a number, an element or a tuple: there is no membership to explain"
STATED = ("a membership in it is answered with its value, stated; no chain is followed "
          "(not built yet: few formulas of the shipped schemas use it)")
LOOP = "computed by a loop: its value is stated, the steps are `setmine explain --trace`'s"
IN_FUNCTION = ("a function is explained where it is defined: a call's value is stated, "
               "its body not unfolded")
EMPTY = "∅ has no member: the answer is the value itself"
NOT_EDITED = "repair edits operators, operands and terms of a formula; a constant is kept"
DECLARED = "repair never edits how a variable is declared, only what is said of it"
CALLS = ("functions and predicates are not compiled: a formula that calls one is the "
         "reference evaluator's (the compiled path says so in `--explain-plan`)")
LOOP_GROUNDED = ("left to the evaluator: an imperative or recursive loop is not expanded "
                 "into a circuit; the models scope checks each model it finds against it")
INFINITE = "Z is infinite: it has no mask and no list of members"
LOOP_PROVED = ("a loop is not a first-order formula: a statement that reads one is `unknown`, "
               "and the answer names the construct (a closure said exactly would need its own "
               "translation, e.g. cvc5's rel.tclosure)")


@dataclass(frozen=True)
class Construct:
    name: str           # what a reader calls it
    node: str           # its class in tree.py
    op: str | None      # the operator it stands for within the class, if the class has several
    unicode: str        # its canonical spelling
    ascii: str          # its spelling in Exteor's ASCII mode
    example: str        # a formula using it, over EXAMPLE_SCHEMA
    absent: dict[str, str] = field(default_factory=dict, compare=False)  # stage → why not

    @property
    def key(self) -> tuple[str, str | None]:
        return (self.node, self.op)


EXAMPLE_SCHEMA = """\
X1
S1 ::= ℬ(X1×X1)
S2 ::= ℬ(X1)
S3 ::= ℬ(X1)
F1 :== [a∈ℬ(R1)] a ∪ a
P1 :== [a∈ℬ(R1)] a = a
"""
"""The schema the examples are written over (X1 has a few elements)."""


def _c(name, node, op, unicode, ascii=None, example="", **absent) -> Construct:
    return Construct(name, node, op, unicode, unicode if ascii is None else ascii, example,
                     {stage: why for stage, why in absent.items() if why is not None})


DEFINITION = dict(evaluator=DECLARATION, oracle=DECLARATION, compiler=DECLARATION,
                  closures=DECLARATION, why=DECLARATION, grounding=DECLARATION)
BINDING = dict(compiler=BINDER_PART, closures=BINDER_PART, why=BINDER_PART,
               mutations=DECLARED)


CONSTRUCTS: tuple[Construct, ...] = (
    # atoms
    _c("integer", "Integer", None, "1", example="∀a∈X1 card({a}) = 1",
       why=NO_MEMBERS, mutations=NOT_EDITED),
    _c("empty set", "EmptySet", None, "∅", "{}", "∀a∈X1 ∅ ⊆ {a}",
       closures=CHEAP_ONLY, why=EMPTY),
    _c("the integers", "IntegerSet", None, "Z", example="∀a∈X1 card({a}) ∈ Z",
       compiler=INFINITE, closures=INFINITE,
       why="every integer is in Z: a membership in it is its type"),
    _c("global", "Global", None, "C1", example="S2 ⊆ X1"),
    _c("radical", "Radical", None, "R1", example="F1[S2] ⊆ X1",
       compiler=CALLS, closures=CALLS, why=IN_FUNCTION,
       mutations="a radical is a type parameter: it has no value to swap"),
    _c("variable", "Local", None, "a", example="∀a∈X1 ∀b∈X1 b ∈ X1",
       why=NO_MEMBERS),
    # declarations of variables
    _c("tuple declaration", "TupleDecl", None, "(a, b)", example="∀(a, b)∈S1 a ∈ X1",
       **BINDING),
    _c("several variables", "DeclList", None, "a, b", example="∀a, b∈X1 {a, b} ⊆ X1",
       **{**BINDING, "compiler": None}),
    # integers
    _c("addition", "Arithmetic", "+", "+", "\\plus", "∀a∈S2 card({a}) + 1 = 2",
       closures=CHEAP_ONLY, why=NO_MEMBERS),
    _c("subtraction", "Arithmetic", "-", "-", "\\minus", "∀a∈S2 card({a}) - 1 = 0",
       closures=CHEAP_ONLY, why=NO_MEMBERS),
    _c("multiplication", "Arithmetic", "*", "*", "\\multiply", "∀a∈S2 card({a}) * 2 = 2",
       closures=CHEAP_ONLY, why=NO_MEMBERS),
    # sets
    _c("union", "SetOperation", "∪", "∪", "\\union", "∀a∈X1 {a} ∪ S2 ⊆ X1"),
    _c("intersection", "SetOperation", "∩", "∩", "\\intersect", "∀a∈X1 {a} ∩ S2 ⊆ S2"),
    _c("difference", "SetOperation", "\\", "\\", "\\setminus", "∀a∈X1 {a} \\ S2 ⊆ X1"),
    _c("symmetric difference", "SetOperation", "∆", "∆", "\\symmdiff",
       "∀a∈X1 {a} ∆ S2 ⊆ X1"),
    _c("Cartesian product", "Product", None, "×", "*", "∀a∈X1 {a}×S2 ⊆ S1 ∪ X1×X1",
       closures=CHEAP_ONLY),
    _c("power set", "Apply", "ℬ", "ℬ", "B", "∀a∈X1 {a} ∈ ℬ(X1)", closures=CHEAP_ONLY),
    _c("cardinality", "Apply", "card", "card", example="∀a∈X1 card({a} ∪ S2) ≥ 1",
       why=NO_MEMBERS),
    _c("singleton", "Apply", "bool", "bool", example="∀a∈X1 bool(a) ⊆ X1",
       closures=CHEAP_ONLY, why=STATED),
    _c("the element of a singleton", "Apply", "debool", "debool",
       example="∀a∈X1 debool({a}) = a", closures=CHEAP_ONLY, why=NO_MEMBERS,
       mutations="no other function of a set gives an element: nothing to swap it for"),
    _c("union of a family", "Apply", "red", "red", example="∀a∈X1 red({{a}, S2}) ⊆ X1",
       closures=CHEAP_ONLY),
    _c("projection of a set", "Projection", "Pr", "Pr1",
       example="∀a∈X1 Pr1(S1 ∪ {(a, a)}) ⊆ X1", closures=CHEAP_ONLY),
    _c("projection of a tuple", "Projection", "pr", "pr1", example="∀a∈S1 pr1(a) ∈ X1",
       why=NO_MEMBERS),
    _c("filter", "Filter", None, "Fi1[…]", example="∀a∈X1 Fi1[{a}](S1) ⊆ S1",
       compiler="not compiled yet: a filter is the reference evaluator's",
       closures=CHEAP_ONLY, why=STATED),
    _c("enumeration", "Enumeration", None, "{…}", example="∀a∈X1 {a, a} ⊆ X1",
       closures=CHEAP_ONLY),
    _c("tuple", "Tuple", None, "(…, …)", example="∀a∈X1 (a, a) ∈ X1×X1", why=NO_MEMBERS),
    _c("set-builder", "Declarative", None, "D{…}",
       example="∀a∈X1 D{b∈X1 | (a, b)∈S1} ⊆ X1", closures=CHEAP_ONLY),
    _c("imperative set", "Imperative", None, "I{…}",
       example="∀a∈X1 I{(a, b) | b :∈ S2; c := b; c ∈ X1} ⊆ S1 ∪ X1×X1",
       compiler="not compiled: a loop is the reference evaluator's", closures=CHEAP_ONLY,
       why=LOOP, grounding=LOOP_GROUNDED, prove=LOOP_PROVED),
    _c("iteration", "Iterate", None, ":∈", "\\from",
       example="∀a∈X1 I{(a, b) | b :∈ S2} ⊆ X1×X1",
       **{**BINDING, "compiler": "a part of I{…}, which is not compiled",
          "grounding": LOOP_GROUNDED, "why": LOOP, "prove": LOOP_PROVED}),
    _c("assignment", "Assign", None, ":=", "\\assign",
       example="∀a∈X1 I{b | c :∈ S2; b := c} ⊆ X1",
       **{**BINDING, "compiler": "a part of I{…}, which is not compiled",
          "grounding": LOOP_GROUNDED, "why": LOOP, "prove": LOOP_PROVED}),
    _c("recursion", "Recursive", None, "R{…}",
       example="∀a∈X1 R{b := {a} | b ∪ Pr2(Fi1[b](S1))} ⊆ X1",
       compiler="not compiled: a loop is the reference evaluator's", closures=CHEAP_ONLY,
       why=LOOP, grounding=LOOP_GROUNDED, prove=LOOP_PROVED),
    _c("function call", "Call", "F", "F1[…]", example="∀a∈X1 F1[{a}] ⊆ X1",
       compiler=CALLS, closures=CALLS, why=IN_FUNCTION),
    _c("predicate call", "Call", "P", "P1[…]", example="∀a∈X1 P1[{a}]",
       compiler=CALLS, closures=CALLS, why=IN_FUNCTION),
    _c("function definition", "FunctionDef", None, "[…] …", example="F1[S2] ⊆ X1",
       compiler=CALLS, closures=CALLS, why=IN_FUNCTION, mutations=DECLARED),
    _c("parameter", "Parameter", None, "a∈ℬ(R1)", example="F1[S2] ⊆ X1",
       compiler=CALLS, closures=CALLS, why=IN_FUNCTION, mutations=DECLARED),
    # formulas
    _c("membership", "Predicate", "∈", "∈", "\\in", "∀a∈X1 a ∈ S2 ∪ X1"),
    _c("non-membership", "Predicate", "∉", "∉", "\\notin", "∀a∈S2 a ∉ X1 \\ S2"),
    _c("inclusion", "Predicate", "⊆", "⊆", "\\subseteq", "∀a∈X1 {a} ⊆ X1",
       closures=CHEAP_ONLY),
    _c("strict inclusion", "Predicate", "⊂", "⊂", "\\subset", "∀a∈X1 ∅ ⊂ {a}",
       closures=CHEAP_ONLY),
    _c("non-inclusion", "Predicate", "⊄", "⊄", "\\notsubset", "∀a∈X1 {a} ⊄ {a}",
       closures=CHEAP_ONLY),
    _c("equality", "Predicate", "=", "=", "\\eq", "∀a∈X1 {a} ∪ {a} = {a}"),
    _c("inequality", "Predicate", "≠", "≠", "\\noteq", "∀a∈X1 {a} ≠ ∅"),
    _c("less than", "Predicate", "<", "<", "\\ls", "∀a∈X1 card({a}) < 2"),
    _c("greater than", "Predicate", ">", ">", "\\gr", "∀a∈X1 card({a}) > 0"),
    _c("at most", "Predicate", "≤", "≤", "\\le", "∀a∈X1 card({a}) ≤ 1"),
    _c("at least", "Predicate", "≥", "≥", "\\ge", "∀a∈X1 card({a}) ≥ 1"),
    _c("negation", "Negation", None, "¬", "\\neg", "∀a∈X1 ¬(a ∉ X1)"),
    _c("conjunction", "Connective", "&", "&", "\\and", "∀a∈X1 (a ∈ X1 & {a} ⊆ X1)"),
    _c("disjunction", "Connective", "∨", "∨", "\\or", "∀a∈X1 (a ∈ S2 ∨ a ∈ X1)"),
    _c("implication", "Connective", "⇒", "⇒", "\\impl", "∀a∈X1 (a ∈ S2 ⇒ a ∈ X1)"),
    _c("equivalence", "Connective", "⇔", "⇔", "\\equiv", "∀a∈X1 (a ∈ S2 ⇔ a ∈ S2 ∩ X1)"),
    _c("for all", "Quantifier", "∀", "∀", "\\A", "∀a∈X1 a ∈ X1", closures=CHEAP_ONLY),
    _c("there is", "Quantifier", "∃", "∃", "\\E", "∀a∈X1 ∃b∈X1 a = b",
       closures=CHEAP_ONLY),
    # declarations of constituents
    _c("term definition", "GlobalDefinition", ":==", ":==", "\\defexpr", "D1 :== S2 ∪ S3",
       **{**DEFINITION, "compiler": None, "evaluator": None, "oracle": None}),
    _c("structure declaration", "GlobalDefinition", "::=", "::=", "\\deftype",
       "S9 ::= ℬ(X1)", **DEFINITION),
)


def construct_of(node) -> Construct | None:
    """The row of ``node`` (a tree node), or None for a node of no row."""
    cls = type(node).__name__
    if cls == "Projection":
        op = "Pr" if node.big else "pr"
    elif cls == "Call":
        op = node.name[:1]
    else:
        op = getattr(node, "op", None)
    return _BY_KEY.get((cls, op)) or _BY_KEY.get((cls, None))


_BY_KEY = {c.key: c for c in CONSTRUCTS}

OPERATOR_SPELLINGS: dict[str, str] = {
    c.unicode: c.ascii for c in CONSTRUCTS if c.ascii != c.unicode}
"""Each operator whose ASCII spelling differs: Unicode → ASCII."""
