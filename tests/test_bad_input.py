"""Every command over a corpus of bad input: exit 2 (or an ``error`` record), a message that
names the place and what was expected, never a traceback, never a partial write.

The commands come from the CLI parser itself, so a command added later is covered as soon as it
takes a puzzle (``PUZZLE``, ``-f FILE`` or a positional ``FILE``). The corpus is
``tests/bad_inputs/`` (small files, kept byte for byte by its ``.gitattributes``) plus inputs too
big to commit, made in ``tmp_path`` at test time (a 10 MB line, a 100x100 grid, deep JSON).
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from pathlib import Path

import pytest

from sudoku_cp.cli import build_parser, main
from sudoku_cp.formats.puzzle_files import iter_entries
from sudoku_cp.formats.text import MAX_JSON_DEPTH, MAX_LINE_CHARS, parse_puzzle

CORPUS_DIR = Path(__file__).parent / "bad_inputs"
CORPUS = sorted(p.name for p in CORPUS_DIR.iterdir() if p.is_file() and not p.name.startswith("."))
GENERATED = ["ten-megabyte-line", "grid-100x100", "one-line-100x100", "json-deep-nesting",
             "ten-thousand-symbols"]
# A message names a place (a line, a cell, a row, a file) and says what was expected.
PLACE = re.compile(r"\bline \d+|\bcell r\d+c\d+|\br\d+c\d+|\brow \d+|\blines \d+-\d+|argument --?\w")
G9 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def generated(name: str, tmp_path: Path) -> Path:
    """Inputs too big to commit, written at test time."""
    path = tmp_path / f"{name}.txt"
    if name == "ten-megabyte-line":
        path.write_text("1" * 10_000_000 + "\n")
    elif name == "grid-100x100":
        path.write_text("\n".join(" ".join(["0"] * 100) for _ in range(100)) + "\n")
    elif name == "one-line-100x100":
        path.write_text(",".join(["0"] * 10_000) + "\n")
    elif name == "json-deep-nesting":
        path.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    elif name == "ten-thousand-symbols":
        path.write_text("." * 10_000 + "\n")  # 100x100 in the one-line symbol form
    return path


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _dests(p: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return {a.dest: a for a in p._actions}


def _input_commands() -> dict[str, argparse.ArgumentParser]:
    """The commands that take a puzzle or a puzzle file; the others have nothing to feed."""
    return {name: p for name, p in _subcommands().items()
            if {"puzzle", "file"} & set(_dests(p))}


COMMANDS = _input_commands()


def _required_extras(p: argparse.ArgumentParser) -> list[str]:
    """Required arguments other than the input: a new command must be taught here, loudly."""
    taught = {"directory": "."}  # check-proof DIR: the input is read (and refused) before DIR
    extras = [a.dest for a in p._actions
              if a.required and a.dest not in ("puzzle", "file", "help")]
    assert set(extras) <= set(taught), (f"{p.prog} requires {extras}: teach test_bad_input.py what "
                                        f"to pass, so the command is covered")
    return [taught[dest] for dest in extras]


def _argv(name: str, path: Path, form: str, out: Path) -> list[str]:
    """The command line that feeds ``path`` to command ``name`` in ``form`` (file, text, stdin)."""
    p = COMMANDS[name]
    dests = _dests(p)
    argv = [name] + _required_extras(p)
    if form == "file":
        file_action = dests["file"]
        argv += [str(path)] if not file_action.option_strings else [file_action.option_strings[0], str(path)]
    elif form == "text":
        # argv is decoded with "surrogateescape", as Python does for the real command line
        text = path.read_bytes().decode("utf-8", "surrogateescape")
        argv += ["--", text] if text.startswith("-") else [text]  # as a shell user must write it
    else:  # stdin
        argv += ["-"] if "puzzle" in dests else (["-"] if not dests["file"].option_strings
                                                   else [dests["file"].option_strings[0], "-"])
    options = []
    if "output" in dests:
        options += [dests["output"].option_strings[0], str(out)]
    if "time_limit" in dests:
        options += ["--time-limit", "20"]  # never reached: only tiny puzzles in the corpus are valid
    return argv[:1] + options + argv[1:]


def _forms(name: str) -> list[str]:
    dests = _dests(COMMANDS[name])
    return ["file", "stdin"] + (["text"] if "puzzle" in dests else [])


def _run(argv: list[str], stdin: bytes, capsys, monkeypatch) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _records(text: str) -> list[dict]:
    """The JSON objects among output lines (records or a summary); every such line is whole."""
    records = []
    for line in text.splitlines():
        if line.startswith("{"):
            records.append(json.loads(line))  # a partial line would fail here
    return records


def refusal_problems(code: int, out: str, err: str, out_path: Path, places=()) -> list[str]:
    """What breaks the promise for one refused input (empty when kept): exit 2 or an error record;
    one ``sudoku-cp`` line per message, no traceback; a message that names the place and what was
    expected; no partial output file."""
    problems = []
    if "Traceback" in err or "Traceback" in out:
        return ["a traceback"]
    written = out_path.read_text(encoding="utf-8") if out_path.exists() else ""
    try:
        records = _records(out) + _records(written)
    except json.JSONDecodeError as exc:
        return [f"a partial JSON line ({exc})"]
    errors = [r["error"] for r in records if r.get("status") == "error"]
    lines = [line for line in err.splitlines() if line.strip()]
    stray = [line for line in lines if not line.startswith("sudoku-cp")]
    if stray:
        problems.append(f"stderr lines that are not messages: {stray[:2]}")
    messages = [line for line in lines if "error" in line] + errors
    if code != 2 and not errors:
        problems.append(f"exit {code} without an error record")
    places = [str(p) for p in places] + ["standard input"]
    if not any("expected" in m and (PLACE.search(m) or any(p in m for p in places)) for m in messages):
        problems.append(f"no message names the place and what was expected: {messages[:2]}")
    if any(len(m) > 600 for m in messages):
        problems.append("a message longer than 600 characters")
    if code == 2 and written and not records:
        problems.append(f"output written although refused: {written[:60]!r}")
    return problems


def check_command(name: str, cases: list[tuple[str, Path]], forms, tmp_path, capsys, monkeypatch) -> None:
    """Run one command over cases in every form and list every broken promise at once."""
    failures = []
    for case, path in cases:
        for form in forms:
            out = tmp_path / f"out-{form}.txt"
            out.unlink(missing_ok=True)
            argv = _argv(name, path, form, out)
            code, stdout, stderr = _run(argv, path.read_bytes() if form == "stdin" else b"", capsys,
                                        monkeypatch)
            failures += [f"{form} {case}: {p}"
                         for p in refusal_problems(code, stdout, stderr, out, [path])]
    assert not failures, f"{name}: {len(failures)} broken promises:\n" + "\n".join(failures)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_refuses_the_corpus(name, tmp_path, capsys, monkeypatch):
    check_command(name, [(case, CORPUS_DIR / case) for case in CORPUS], _forms(name), tmp_path,
                  capsys, monkeypatch)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_refuses_big_inputs(name, tmp_path, capsys, monkeypatch):
    check_command(name, [(case, generated(case, tmp_path)) for case in GENERATED], ("file", "stdin"),
                  tmp_path, capsys, monkeypatch)


@pytest.mark.parametrize("name", sorted(COMMANDS))
@pytest.mark.parametrize("what", ["directory", "missing", "box-mismatch", "box-full-width", "box-zero"])
def test_every_command_refuses_bad_paths_and_options(name, what, tmp_path, capsys, monkeypatch):
    good = tmp_path / "good.txt"
    good.write_text(G9 + "\n")
    out = tmp_path / "out.txt"
    argv = _argv(name, good, "file", out)
    if what == "directory":
        argv[argv.index(str(good))] = str(tmp_path)
    elif what == "missing":
        argv[argv.index(str(good))] = str(tmp_path / "no-such-file.txt")
    elif "box" not in _dests(COMMANDS[name]):
        return  # the command has no --box option to get wrong
    else:
        argv += ["--box", {"box-mismatch": "2x4", "box-full-width": "\uff13x\uff13", "box-zero": "0x9"}[what]]
    code, stdout, stderr = _run(argv, b"", capsys, monkeypatch)
    problems = refusal_problems(code, stdout, stderr, out, [tmp_path])
    assert not problems, (what, problems)
    if what in ("directory", "missing", "box-full-width"):  # refused before any puzzle is read
        assert code == 2
        assert len([line for line in stderr.splitlines() if line.strip()]) == 1, stderr
        assert not out.exists(), "output written although the input was refused"


def _output_commands() -> dict[str, argparse.ArgumentParser]:
    return {name: p for name, p in COMMANDS.items() if "output" in _dests(p)}


@pytest.mark.parametrize("name", sorted(_output_commands()) or ["(none)"])
@pytest.mark.parametrize("where", ["missing-directory", "a-directory"])
def test_unwritable_output_is_refused_before_work(name, where, tmp_path, capsys, monkeypatch):
    if name == "(none)":
        return
    good = tmp_path / "good.txt"
    good.write_text(G9 + "\n")
    target = tmp_path / "no" / "such" / "dir" / "out.txt" if where == "missing-directory" else tmp_path
    argv = _argv(name, good, "file", target)
    code, stdout, stderr = _run(argv, b"", capsys, monkeypatch)
    assert code == 2, f"{name} -o {where}: exit {code}\n{stderr}"
    assert "Traceback" not in stderr
    assert len([line for line in stderr.splitlines() if line.strip()]) == 1, stderr
    assert str(target) in stderr or "out.txt" in stderr, stderr
    assert not (tmp_path / "no").exists()


# --- what the corpus promises at the level of the parser ------------------------------------------


def test_corpus_is_big_enough_and_all_refused_by_the_parser():
    assert len(CORPUS) >= 40
    for case in CORPUS:
        text = (CORPUS_DIR / case).read_bytes().decode("utf-8", "surrogateescape")
        entries = list(iter_entries(io.StringIO(text, newline="")))
        assert not entries or any(e.error for e in entries), case


def test_a_bad_line_among_one_line_puzzles_costs_only_itself():
    text = (CORPUS_DIR / "mixed-sizes.txt").read_text()
    entries = list(iter_entries(text.splitlines()))
    assert [(e.line, e.board is not None) for e in entries] == [(2, True), (3, True), (4, False), (5, False)]
    assert entries[0].board.size == 4 and entries[1].board.size == 9


def test_crlf_bom_and_lone_cr_parse_like_plain_text():
    plain = ["1.3.3.1.2.4.4.2.", G9]
    expected = [parse_puzzle(p) for p in plain]
    for text in ("\r\n".join(plain) + "\r\n", "\ufeff" + "\n".join(plain), "\r".join(plain) + "\r",
                 "\ufeff" + "\r\n".join(plain)):
        got = [e.board for e in iter_entries(io.StringIO(text, newline=""))]
        assert got == expected, repr(text[:20])


def test_crlf_and_bom_files_are_accepted_by_every_command(tmp_path, capsys, monkeypatch):
    path = tmp_path / "crlf-bom.txt"
    path.write_bytes(("\ufeff" + G9 + "\r\n").encode())
    code, out, err = _run(["validate", "-f", str(path)], b"", capsys, monkeypatch)
    assert code == 0, err
    code, out, err = _run(["validate", "-"], path.read_bytes(), capsys, monkeypatch)
    assert code == 0, err


def test_a_file_of_many_lines_streams_with_bounded_blocks():
    # 100,000 one-line puzzles with no blank line between them: parsed one at a time, in order
    # (the old reader kept the whole block in memory until a blank line).
    def lines():
        for _ in range(100_000):
            yield "1.3.3.1.2.4.4.2.\n"
        yield "x\n"

    seen = 0
    for entry in iter_entries(lines()):
        seen += 1
        if seen == 1:
            assert entry.board is not None
    assert seen == 100_001 and entry.error and "line 100001" in entry.error


def test_an_over_long_line_is_reported_without_its_length_in_memory(tmp_path, capsys, monkeypatch):
    path = generated("ten-megabyte-line", tmp_path)
    with path.open("a") as handle:
        handle.write("1.3.3.1.2.4.4.2.\n")
    code, out, err = _run(["validate", "-f", str(path)], b"", capsys, monkeypatch)
    assert code == 2
    assert f"line 1 is longer than {MAX_LINE_CHARS} characters" in err
    assert "puzzle 2 (line 2): valid" in out  # the line after it still counts


def test_json_nesting_is_refused_before_the_json_reader_recurses():
    with pytest.raises(ValueError, match=f"nested more than {MAX_JSON_DEPTH} deep"):
        parse_puzzle("[\n" * 100_000 + "]" * 100_000)  # lines within the line limit (one 200,000-character
    with pytest.raises(ValueError, match="line 1 is longer than"):  # line is refused for its length)
        parse_puzzle("[" * 100_000 + "]" * 100_000)


# --- nothing reads input with eval, pickle or a shell -----------------------------------------------


def test_no_eval_pickle_or_shell_in_the_package():
    package = Path(__file__).parents[1] / "sudoku_cp"
    pattern = re.compile(r"\beval\(|\bexec\(|\bpickle\b|shell\s*=\s*True|os\.system\(|os\.popen\(")
    found = [f"{path.relative_to(package)}:{n}: {line.strip()}"
             for path in sorted(package.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if pattern.search(line) and not line.lstrip().startswith("#")]
    assert not found, found


# --- output files are written whole or not at all ---------------------------------------------------


def test_output_file_is_all_or_nothing(tmp_path):
    from sudoku_cp.cli.output_files import output_file
    from sudoku_cp.cli.usage import CliError

    target = tmp_path / "answers.txt"
    with output_file(str(target)) as out:
        out.write("first\n")
        assert not target.exists()  # nothing visible until the block ends
    assert target.read_text() == "first\n"
    with pytest.raises(KeyboardInterrupt):
        with output_file(str(target)) as out:
            out.write("half")
            raise KeyboardInterrupt
    assert target.read_text() == "first\n"  # the old file is intact
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answers.txt"]  # no temporary left
    for bad in (tmp_path / "missing" / "out.txt", tmp_path):
        with pytest.raises(CliError, match="expected"):
            with output_file(str(bad)):
                pass


# --- bad option values, for every option of every command that takes a number or a box shape -----

BAD_VALUES = {
    "time_limit_arg": ["0", "-1", "nan", "inf", "1e300", "\uff11", "ten"],
    "positive_int": ["0", "-3", "\uff13", "2.5", "99999999999999999999999"],
    "box_arg": ["\uff13x\uff13", "3", "3x3x3", "-2x3", "ax3"],
}


def _typed_options():
    for name, p in _subcommands().items():
        for action in p._actions:
            kind = getattr(action.type, "__name__", None)
            if action.option_strings and kind in BAD_VALUES:
                yield name, action.option_strings[-1], kind


@pytest.mark.parametrize("name, option, kind", sorted(_typed_options()))
def test_bad_option_values_are_one_line_usage_errors(name, option, kind, capsys):
    for value in BAD_VALUES[kind]:
        code = main([name, option, value])
        err = capsys.readouterr().err
        assert code == 2, (name, option, value)
        assert "Traceback" not in err
        lines = err.strip().splitlines()
        assert len(lines) == 1 and "argument" in lines[0] and option in lines[0], lines
        assert "expected" in lines[0], lines
