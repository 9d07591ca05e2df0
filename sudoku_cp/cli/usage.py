"""How a command is called: its help page (summary, usage, examples, option groups) and its usage errors.

Every help page has one layout, the first screen a person reads being what the command does, how
it is called and three examples::

    Solve puzzles with one backend, or cross-check several.

    usage: sudoku-cp solve [options] [PUZZLE]

    examples:
      sudoku-cp solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
      ...

    input:
      PUZZLE                one puzzle: ...
    ...

then the options under group headings (``input``, ``solving``, ``output``, ``limits``, ...), each
option's help a few lines, and at the end where the long explanation is (the README, by section).
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Sequence

from ..core.results import EXIT_USAGE


class CliError(Exception):
    """A usage or input error: printed as one line on stderr, exit code 2."""


class Help(argparse.HelpFormatter):
    """--help text: a description or epilog with line breaks is kept as written (examples), others wrapped."""

    def _fill_text(self, text, width, indent):
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


def help_width() -> int:
    """The width of --help text: what argparse takes from ``shutil.get_terminal_size``, minus 2.

    Worked out here because argparse builds a formatter for every option it adds and imports
    ``shutil`` (with ``bz2`` and ``lzma``, about 1 ms) to size it, on every start.
    """
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns) - 2
    try:
        return (os.get_terminal_size(sys.__stdout__.fileno()).columns or 80) - 2  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):  # no stdout, or not a terminal
        return 80 - 2


OTHER = "other"  # the heading of the options in no group of their own (-h, --help)
ORDER = ("commands", "input", "puzzle", "solving", "step by step", "checking", "measuring", "running", "limits",
         "output")  # the headings in the order a page shows them; any other after these, "other" last


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors (exit 2), help sized by :func:`help_width` and laid out as the
    module docstring shows: summary, usage, :attr:`examples`, option groups, :attr:`sections`, :attr:`more`."""

    def __init__(self, *args, formatter_class=Help, **kwargs):
        super().__init__(*args, formatter_class=functools.partial(formatter_class, width=help_width()), **kwargs)
        self._optionals.title = OTHER
        self.examples: tuple[str, ...] = ()
        self.sections: list[tuple[str, list[tuple[str, str]]]] = []  # (heading, [(term, text), ...])
        self.more = ""

    def error(self, message: str):  # noqa: D401 - argparse's hook
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

    def parse_known_args(self, args=None, namespace=None):
        """argparse's, plus: a switch that once took a value, given one, is an error naming the new form.

        (``bench FILE --json OUT``: argparse alone would call OUT an unrecognized argument.)
        """
        namespace, extras = super().parse_known_args(args, namespace)
        given = list(args) if args is not None else sys.argv[1:]
        for option, message in getattr(self, "former_values", {}).items():
            if extras and option in given:
                after = given[given.index(option) + 1:][:1]
                if after and (after[0] == "-" or not after[0].startswith("-")):
                    self.error(message)
        return namespace, extras

    def format_usage(self) -> str:
        """``usage: PROG [options] POSITIONALS``: the options are listed below, by group."""
        formatter = self._get_formatter()
        words = [formatter._format_args(a, a.dest) for a in self._actions  # type: ignore[attr-defined]
                 if not a.option_strings and a.help is not argparse.SUPPRESS]
        return f"usage: {' '.join([self.prog, '[options]', *words])}\n"

    def format_help(self) -> str:
        formatter = self._get_formatter()
        formatter.add_text(self.description)
        formatter.add_text(self.format_usage().rstrip("\n"))
        if self.examples:
            formatter.start_section("examples")
            formatter.add_text("\n".join(self.examples) + "\n")
            formatter.end_section()
        groups = sorted((g for g in self._action_groups if g is not self._optionals),
                        key=lambda g: ORDER.index(g.title) if g.title in ORDER else len(ORDER))
        groups.append(self._optionals)
        for group in groups:
            shown = [a for a in group._group_actions if a.help is not argparse.SUPPRESS]
            if not shown:
                continue
            formatter.start_section(group.title)
            formatter.add_text(group.description)
            formatter.add_arguments(shown)
            formatter.end_section()
        for heading, terms in self.sections:
            formatter.start_section(heading)
            formatter.add_text(_terms(terms, formatter))
            formatter.end_section()
        formatter.add_text(self.epilog)
        formatter.add_text(self.more)
        return formatter.format_help()


def _terms(terms: Sequence[tuple[str, str]], formatter: argparse.HelpFormatter) -> str:
    """A list of ``term  text`` entries laid out as options are: the text wrapped beside its term
    (a section indents it by 2, so columns here are counted from there)."""
    import textwrap

    width = formatter._width - 2  # type: ignore[attr-defined]
    column = min(formatter._max_help_position, max(len(term) for term, _ in terms) + 4) - 2  # type: ignore[attr-defined]
    lines = []
    for term, text in terms:
        first = term.ljust(column)
        if len(term) + 2 > column:  # a long term stands on its own line
            lines.append(term)
            first = " " * column
        lines.append(textwrap.fill(text, width, initial_indent=first, subsequent_indent=" " * column))
    return "\n".join(lines) + "\n"


def command(sub, name: str, summary: str, examples: Sequence[str], more: str,
            **kwargs) -> argparse.ArgumentParser:
    """Add command ``name`` to ``sub`` (the subparsers): its help page opens with ``summary`` (one
    sentence, also its line in ``sudoku-cp --help``), its usage and ``examples`` (three), and ends
    with ``more``, where its long explanation is (``README, section "..."``)."""
    parser = sub.add_parser(name, help=summary, description=summary, **kwargs)
    parser.examples = tuple(examples)
    parser.more = more
    return parser


def reference(name: str, exits: str) -> str:
    """The end of a help page: the command's exit codes (``exits``, "0 valid, 1 invalid") and where
    its long explanation is, its part of the README's command reference."""
    return f'exit {exits}. More: README, section "Command reference", part "{name}".'


def group(parser: argparse.ArgumentParser, title: str) -> argparse._ArgumentGroup:
    """The option group ``title`` of ``parser`` (``input``, ``solving``, ``output``, ``limits``, ...),
    made on first use, so that shared options and a command's own fall under one heading."""
    for existing in parser._action_groups:
        if existing.title == title:
            return existing
    return parser.add_argument_group(title)


def section(parser: argparse.ArgumentParser, heading: str, terms: Sequence[tuple[str, str]]) -> None:
    """A list after the options (``backends:``, one line per registered backend), when the parser shows one."""
    if isinstance(parser, Parser):
        parser.sections.append((heading, list(terms)))


class _Renamed(argparse.Action):
    """An option's old spelling: using it is a one-line usage error naming the new one (exit 2)."""

    def __init__(self, option_strings, dest, message: str = "", **kwargs):
        super().__init__(option_strings, dest, nargs="?", help=argparse.SUPPRESS, **kwargs)
        self.message = message

    def __call__(self, parser, namespace, values, option_string=None):
        parser.error(self.message)


def renamed(parser: argparse.ArgumentParser, old: str, new: str, message: str | None = None) -> None:
    """Make the old spelling ``old`` of an option an error that names ``new`` (hidden from --help).

    ``message`` replaces the default "``old`` is now ``new``" when the old option meant something
    else (``--limit`` for puzzles: "--limit counts solutions; use --first N ...").
    """
    parser.add_argument(old, dest=f"renamed_{old.lstrip('-').replace('-', '_')}", action=_Renamed,
                        message=message or f"{old} is now {new}")


def now_a_switch(parser: argparse.ArgumentParser, option: str, message: str) -> None:
    """``option`` (a switch now) followed by a value it once took is a usage error saying ``message``."""
    setattr(parser, "former_values", {**getattr(parser, "former_values", {}), option: message})


def no_comma_list(value: str | None, option: str, command: str, instead: str) -> None:
    """A :class:`CliError` when an option that takes one name here was given a comma list."""
    if value is not None and "," in value:
        raise CliError(f"{option} {value}: {command} takes one name here, not a comma list "
                       f"({instead})")
