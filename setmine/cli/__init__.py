"""The ``setmine`` command: one sub-command per module of this package.

Every expected failure (a bad file, a syntax or type error, an evaluation over
budget, a command past its memory or time limit) is printed as a message
saying what and where, with exit status 2; never a traceback.  Every command
runs under the limits of ``setmine.cli.limits`` (``--max-memory``,
``--timeout``).
"""

from __future__ import annotations

import argparse
import importlib
import sys

from .commands import COMMANDS


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser.  Only the command ``argv`` chooses (its
    first word that names one) is imported and given its options; the others
    are their names and summaries, for ``--help`` (``argv=None``: every
    command, imported)."""
    parser = argparse.ArgumentParser(
        prog="setmine",
        description="A model checker for the set-theoretic Minesweeper schema «КС Сапер».")
    parser.add_argument("--version", action="version", version=f"setmine {version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    chosen = set(COMMANDS) if argv is None else \
        {next((word for word in argv if word in COMMANDS), None)}
    for name, (module, summary) in COMMANDS.items():
        if name in chosen:
            from .common import add_limit_options, add_spelling_option

            command = importlib.import_module(f"{__name__}.{module}")
            command.add_parser(sub)
            add_limit_options(sub.choices[name], getattr(command, "REQUEST_SECONDS", None),
                              getattr(command, "REQUEST_HELP", None))
            add_spelling_option(sub.choices[name])
        else:
            sub.add_parser(name, help=summary)
    return parser


def version() -> str:
    """The installed package's version (its metadata), else the source's."""
    from importlib.metadata import PackageNotFoundError, version as installed

    try:
        return installed("setmine")
    except PackageNotFoundError:
        from .. import __version__
        return __version__


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so that Python's flush at exit does not
    raise again on the closed pipe."""
    import os
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


PIPE_CLOSED = 141
"""The status of a command whose reader went away (``setmine … | head``):
128 + SIGPIPE, what a shell reports for a program the closed pipe stopped —
not 1, which says a property or an axiom is false."""


def _closed_pipe() -> bool:
    from .solve import quiet_broken_pipe

    return quiet_broken_pipe.closed


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(argv)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # a usage error (2), --help or --version (0): already printed
        return exc.code if isinstance(exc.code, int) else 2
    if args.command is None:  # bare `setmine`: what it can do, as a usage error
        parser.print_help()
        return 2
    from ..rsl.syntax.printer import SHOWN

    spelling = SHOWN.set(args.spelling)   # for this command only (main may run again)
    try:
        return _run(args)
    finally:
        SHOWN.reset(spelling)


def _run(args) -> int:
    from .limits import TimeLimit, doing, limited, out_of_memory_message, time_limit_message

    failure = None
    try:
        # a server's --timeout bounds each request (its own), not the command
        with limited(args.max_memory, None if args.per_request else args.timeout):
            code = args.run(args) or 0
            sys.stdout.flush()   # a reader gone away is found here, not at exit
        return PIPE_CLOSED if _closed_pipe() else code
    except UserError as exc:
        failure = str(exc)
    except MemoryError as exc:  # the address-space backstop (setmine.cli.limits)
        failure = out_of_memory_message(args.max_memory, exc.__traceback__)
    except TimeLimit as exc:
        failure = time_limit_message(exc)
    except RuntimeError as exc:  # a thread refused: the address space is spent
        if "can't start new thread" not in str(exc):
            raise
        failure = out_of_memory_message(args.max_memory, exc.__traceback__)
    except RecursionError as exc:  # a backstop: the readers and the evaluator bound nesting
        where = doing(tb=exc.__traceback__)
        failure = (f"the input is nested too deeply to process"
                   f"{f' ({where})' if where else ''}; please report this with the input")
    except KeyboardInterrupt as exc:  # (Interrupted says how far the command got)
        print(f"setmine {args.command}: {exc}" if str(exc) else "setmine: interrupted",
              file=sys.stderr)
        return 130
    except BrokenPipeError:  # `setmine … | head`: the reader went away; stop quietly
        _quiet_stdout()
        return PIPE_CLOSED
    except OSError as exc:  # a backstop: the system refused a file a check let through
        name = str(exc.filename) if exc.filename is not None else "a file"
        if len(name) > 80:
            name = f"{name[:80]}… ({len(name)} characters)"
        failure = f"cannot use {name}: {exc.strerror or exc}"
    # here, out of the handler, the failed computation's frames are freed
    print(f"setmine {args.command}: {failure}", file=sys.stderr)
    return 2


class UserError(Exception):
    """A failure the user can fix; its text says what and where."""


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
