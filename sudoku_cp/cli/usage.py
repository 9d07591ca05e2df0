"""How a command is called: its help page's formatter and the usage errors every command shares."""

from __future__ import annotations

import argparse


class CliError(Exception):
    """A usage or input error: printed as one line on stderr, exit code 2."""


class Help(argparse.HelpFormatter):
    """--help text: a description or epilog with line breaks is kept as written (examples), others wrapped."""

    def _fill_text(self, text, width, indent):
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


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
