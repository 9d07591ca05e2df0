"""Every command names the new spelling of an old option (issue 44): ``analyze --backends`` said only
"unrecognized arguments" where ``solve`` named ``--backend``."""

from __future__ import annotations

import pytest

from sudoku_cp.cli import OLD_SPELLINGS, build_parser, main


def _commands() -> dict:
    return build_parser()._subparsers._group_actions[0].choices


@pytest.mark.parametrize("old,new", OLD_SPELLINGS)
def test_every_command_names_the_new_spelling(old, new, capsys):
    for name, parser in _commands().items():
        assert main([name, old, "x"]) == 2
        takes = new in parser._option_string_actions
        message = f"{old} is now {new}" + ("" if takes else f", which {name} does not take")
        assert capsys.readouterr().err == (f"sudoku-cp {name}: error: {message} (see sudoku-cp {name} "
                                           f"--help)\n"), name
