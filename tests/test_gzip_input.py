"""Puzzle files ending in .gz are read through gzip by every command that reads a file."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from gridgen import DATA, dataset_lines

from sudoku_cp.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_the_collections_are_in_the_repository():
    for name in ("top1465.txt", "17clue-half.txt", "serg-benchmark.txt", "forum-hardest-1106.txt"):
        assert (DATA / f"{name}.gz").is_file(), name
        assert name in (DATA / "README.md").read_text()


def test_batch_reads_a_gz_file_as_its_text(tmp_path):
    lines = dataset_lines("top1465.txt", limit=20) + ["not a puzzle"]
    plain = tmp_path / "p.txt"
    plain.write_text("# comment\n" + "\r\n".join(lines) + "\r\n")
    packed = tmp_path / "p.txt.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    outs = []
    for source in (plain, packed):
        out = tmp_path / f"{source.name}.jsonl"
        assert main(["batch", str(source), "-o", str(out), "--unique"]) == 0
        outs.append([{k: v for k, v in json.loads(r).items() if k != "time_s"}
                     for r in out.read_text().splitlines()])
    assert outs[0] == outs[1] and len(outs[1]) == 21 and outs[1][-1]["status"] == "error"


def test_validate_reads_the_repository_data(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    assert main(["validate", "-f", "data/top1465.txt.gz", "--json"]) == 0
    records = [json.loads(r) for r in capsys.readouterr().out.splitlines()]
    assert len(records) == 1465 and {r["status"] for r in records} == {"valid"}


COMMANDS = {
    "solve": lambda path, tmp: ["solve", "-f", path],
    "batch": lambda path, tmp: ["batch", path, "-o", str(tmp / "out.jsonl")],
    "bench": lambda path, tmp: ["bench", path, "--backend", "dfs"],
}


@pytest.mark.parametrize("command", COMMANDS)
def test_bad_gz_files_are_one_line_errors(command, tmp_path, capsys):
    fake = tmp_path / "fake.txt.gz"  # plain text under a .gz name
    fake.write_text(dataset_lines("top1465.txt", limit=1)[0] + "\n")
    cut = tmp_path / "cut.txt.gz"  # a gzip file cut short
    cut.write_bytes(gzip.compress("\n".join(dataset_lines("top1465.txt")).encode())[:5000])
    for path, what in ((fake, "not gzip data"), (cut, "damaged gzip data")):
        assert main(COMMANDS[command](str(path), tmp_path)) == 2
        err = capsys.readouterr().err
        assert f"{path}: {what}" in err and "Traceback" not in err
