"""The sub-commands of ``setmine``: each one's module and one-line summary.

Declared here, apart from the commands' own modules, so that ``setmine
--help`` and ``--version`` import none of them, and ``setmine COMMAND``
only the one chosen (a command module imports the evaluator, the board
readers, the pages…: most of setmine)."""

COMMANDS: dict[str, tuple[str, str]] = {
    "spec": ("spec", "show a schema's constituents, typed"),
    "import": ("import_", "convert a schema file (Exteor, ConceptPortal) to .rsl"),
    "export": ("export", "write a schema and a model as a ConceptPortal session"),
    "eval": ("eval", "evaluate every term of the schema over a board"),
    "check": ("check", "check the axioms of the schema on a board"),
    "solve": ("solve", "exact mine probabilities of a position"),
    "play": ("play", "play seeded games with a policy; win rate and guesses"),
    "explain": ("explain", "why a cell is (or is not) in a term, step by step"),
    "docs": ("docs", "generate (or check) the teaching pages in docs/schema"),
    "crosscheck": ("crosscheck", "every term against the solver's notion of it"),
    "observe": ("observe", "which terms depend on the hidden mines"),
    "defects": ("defects", "search for formulas that betray their conventions"),
    "verify": ("verify", "check properties on every board of a scope"),
    "prove": ("prove", "prove a statement for every model of every size, or refute it"),
    "report": ("report", "an HTML page: every term drawn on the board"),
    "repair": ("repair", "localize a faulty formula and propose the smallest fix"),
    "serve": ("serve", "the live page: edit a board or a model, type a formula, see every term "
              "move; play a game, run verify and prove"),
}
"""name → (module of ``setmine.cli``, summary), in the order ``--help`` lists them."""


def summary_of(name: str) -> str:
    return COMMANDS[name][1]
