"""``sudoku-cp --print-completion bash|zsh|tcsh``: a shell completion script, made by shtab.

Completion comes from the parser itself, so every command, option and choice is in it; options
that name a file (metavar ``FILE``, ``OUT``, ``F``) complete file names, ``DIR`` directories.
shtab is imported only when a script is asked for, so it costs the other commands nothing.

Put one line in the shell's startup file::

    eval "$(sudoku-cp --print-completion bash)"     # ~/.bashrc
    eval "$(sudoku-cp --print-completion zsh)"      # ~/.zshrc (after compinit)
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from ..core.packages import import_package

SHELLS = ("bash", "zsh", "tcsh")
FILE_METAVARS = {"FILE", "OUT", "F", "PATH"}
DIR_METAVARS = {"DIR"}


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):  # aliases share a parser
                yield from _parsers(sub)


def completion_script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script of ``parser`` for ``shell`` (bash, zsh or tcsh)."""
    shtab = import_package("shtab")
    values = registered()
    for p in _parsers(parser):
        for action in p._actions:
            if action.metavar in FILE_METAVARS:  # shtab reads an action's ``complete`` attribute
                setattr(action, "complete", shtab.FILE)
            elif action.metavar in DIR_METAVARS:
                setattr(action, "complete", shtab.DIRECTORY)
            elif action.option_strings and action.dest in values:  # offered, never enforced: the
                action.choices = values[action.dest]  # parser is only printed, then the program exits
    return shtab.complete(parser, shell=shell)


def registered() -> dict[str, list[str]]:
    """The values completion offers, by option ``dest``, from the registries: backends, CNF
    presets, at-most-one encodings (a comma list or ``+`` families are typed on from there)."""
    from ..backends import spellings
    from ..model.cnf import AMO_CHOICES, ENCODINGS

    return {"backend": spellings(), "encoding": list(ENCODINGS), "amo": list(AMO_CHOICES)}


class PrintCompletion(argparse.Action):
    """``--print-completion SHELL``: print the script and exit 0."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        print(completion_script(parser, str(values)))
        parser.exit(0)


def add_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--print-completion", choices=SHELLS, action=PrintCompletion, metavar="SHELL",
                        help="print a shell completion script and exit: bash, zsh or tcsh (e.g. "
                             "eval \"$(sudoku-cp --print-completion bash)\" in ~/.bashrc)")
