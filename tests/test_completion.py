"""Shell completion: ``sudoku-cp --print-completion bash|zsh|tcsh`` covers every command and option."""

from __future__ import annotations

import argparse
import re
import subprocess

import pytest

from sudoku_cp.cli import build_parser, main
from sudoku_cp.cli.completion import _parsers


def commands_and_options() -> tuple[list[str], dict[str, list[str]]]:
    parser = build_parser()
    [sub] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    options = {name: [s for a in p._actions if a.help is not argparse.SUPPRESS for s in a.option_strings]
               for name, p in sub.choices.items()}  # retired spellings (hidden) are not offered
    return list(sub.choices), options


def script(shell: str, capsys) -> str:
    assert main(["--print-completion", shell]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_the_bash_script_names_every_command_and_option(capsys):
    text = script("bash", capsys)
    commands, options = commands_and_options()
    assert len(commands) >= 11
    words = set(re.findall(r"[-\w]+", text))
    for command in commands:
        assert command in words, command
        for option in options[command]:
            assert option in words, f"{command} {option}"
    assert "--print-completion" in words
    assert "--backends" not in words and "--verify-backend" not in words  # retired spellings


def test_file_options_complete_file_names(capsys):
    text = script("bash", capsys)
    parser = build_parser()
    file_options = [a for p in _parsers(parser) for a in p._actions if a.metavar in ("FILE", "OUT", "DIR")]
    assert file_options
    assert "_shtab_compgen_files" in text and "_shtab_compgen_dirs" in text
    # solve's -f FILE completes files: bash's table maps the option to the file completer
    assert re.search(r"_shtab_sudoku_cp_solve__f_COMPGEN=_shtab_compgen_files", text)


@pytest.mark.parametrize("shell", ["zsh", "tcsh"])
def test_other_shells(shell, capsys):
    text = script(shell, capsys)
    commands, _ = commands_and_options()
    assert all(command in text for command in commands)


def test_an_unknown_shell_is_a_usage_error(capsys):
    assert main(["--print-completion", "cmd.exe"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "bash" in err


def test_bash_accepts_the_script(capsys, tmp_path):
    """The script is valid bash: sourcing it defines the completion function and registers it."""
    path = tmp_path / "sudoku-cp.bash"
    path.write_text(script("bash", capsys))
    done = subprocess.run(["bash", "-c", f"source {path} && complete -p sudoku-cp"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "sudoku-cp" in done.stdout
