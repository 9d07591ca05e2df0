"""Every --help page reads the same way (issue 43): its first screen is a one-line description, the
usage and three examples; then the options under group headings, each a few lines; the long
explanations live in the README, named at the end of the page.

The pages are read as a person sees them on an 80-column terminal (``COLUMNS=80``).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from sudoku_cp.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
SCREEN = 25  # lines: the first screen of a terminal
MOST_LINES = 3  # an option's help, wrapped at 80 columns
DEFAULT_HEADINGS = ("options", "optional arguments", "positional arguments")


def commands() -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


NAMES = sorted(commands())


def page(argv: list[str], capsys, monkeypatch) -> list[str]:
    monkeypatch.setenv("COLUMNS", "80")
    assert main([*argv, "--help"]) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("name", [None, *NAMES])
def test_the_first_screen_is_one_sentence_the_usage_and_three_examples(name, capsys, monkeypatch):
    argv = [] if name is None else [name]
    lines = page(argv, capsys, monkeypatch)
    prog = " ".join(["sudoku-cp", *argv])
    first, blank = lines[0], lines[1]
    assert blank == "" and first.endswith(".") and len(first) <= 78, lines[:2]
    assert not re.search(r"[.!?] [A-Z]", first[:-1]), f"more than one sentence: {first!r}"
    screen = lines[:SCREEN]
    assert f"usage: {prog} " in "\n".join(screen)
    start = screen.index("examples:")
    examples = []
    for line in lines[start + 1:]:
        if not line:
            break
        examples.append(line)
    assert len(examples) == 3 and all(line.startswith(("  sudoku-cp ", "  curl ")) for line in examples), examples
    assert any(f"{prog} " in line for line in examples), examples
    assert start + len(examples) < SCREEN, "the examples end past the first screen"
    options = [i for i, line in enumerate(lines) if re.match(r"  -", line)]
    assert min(options) > start + len(examples), "an option is listed before the examples"


@pytest.mark.parametrize("name", NAMES)
def test_every_option_is_under_a_group_heading(name):
    parser = commands()[name]
    for group in parser._action_groups:
        shown = [a for a in group._group_actions if a.help is not argparse.SUPPRESS and a.dest != "help"]
        assert not (shown and group.title in DEFAULT_HEADINGS), (
            f"{name}: {[a.option_strings or a.metavar for a in shown]} under {group.title!r}")


@pytest.mark.parametrize("name", NAMES)
def test_the_groups_show_as_headings_with_their_options(name, capsys, monkeypatch):
    lines = page([name], capsys, monkeypatch)
    parser = commands()[name]
    for group in parser._action_groups:
        shown = [a for a in group._group_actions if a.help is not argparse.SUPPRESS]
        if not shown:
            continue
        at = lines.index(f"{group.title}:")
        following = "\n".join(lines[at + 1:])
        block = following.split("\n\n", 1)[0]
        for action in shown:
            spelled = action.option_strings[0] if action.option_strings else action.metavar
            assert re.search(rf"^  {re.escape(spelled)}\b", block, re.M), f"{name}: {spelled} not under {group.title}"


@pytest.mark.parametrize("name", [None, *NAMES])
def test_no_option_help_is_longer_than_three_lines(name, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    parser = build_parser(name)
    if name is not None:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = sub.choices[name]
    long = []
    for action in parser._actions:
        if action.help is argparse.SUPPRESS or isinstance(action, argparse._SubParsersAction):
            continue
        formatter = parser._get_formatter()
        formatter.add_argument(action)
        entry = formatter.format_help().rstrip("\n").splitlines()
        invocation_alone = len(entry[0].strip()) == len(formatter._format_action_invocation(action))
        lines = len(entry) - (1 if invocation_alone else 0)
        if lines > MOST_LINES:
            long.append(f"{entry[0].split()[0]}: {lines} lines")
    assert not long, f"{name}: {long}"


@pytest.mark.parametrize("name", NAMES)
def test_the_page_ends_by_naming_its_part_of_the_readme(name, capsys, monkeypatch):
    text = " ".join(" ".join(page([name], capsys, monkeypatch)[-4:]).split())
    part = re.search(r'README, section "Command reference", part "([^"]+)"', text)
    assert part, text
    readme = (ROOT / "README.md").read_text()
    reference = readme.split("\n## Command reference\n", 1)[1].split("\n## ", 1)[0]
    assert re.search(rf"^### {re.escape(part.group(1))}\b", reference, re.M), f"no part {part.group(1)!r}"


def test_the_top_level_page_lists_every_command_under_one_heading(capsys, monkeypatch):
    lines = page([], capsys, monkeypatch)
    block = "\n".join(lines[lines.index("commands:"):]).split("\n\n", 1)[0]
    for name in NAMES:  # one line each: the command and its one sentence
        assert re.search(rf"^    {re.escape(name)}\s+[A-Z][^\n]*\.$", block, re.M), name
    assert "exit codes:" in lines
