"""``sudoku-cp bench``: table, CSV, JSON and a real image, with every configuration on the same puzzles."""

from __future__ import annotations

import csv
import json
import xml.etree.ElementTree as ET

import pytest
from gridgen import dataset_lines

from sudoku_cp.backends import REGISTRY, Entry
from sudoku_cp.cli import main
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.bench import ConfigReport, configurations, run_bench

UNSAT_4 = "12........3...4."


@pytest.fixture
def sample(tmp_path):
    lines = dataset_lines("top1465.txt", limit=6) + dataset_lines("serg-benchmark.txt", limit=3)
    lines += [UNSAT_4]
    path = tmp_path / "sample.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_bench_writes_table_csv_json_and_png(sample, tmp_path, capsys):
    csv_path, json_path, png = tmp_path / "b.csv", tmp_path / "b.json", tmp_path / "b.png"
    code = main(["bench", str(sample), "--backend", "sat,sat:glucose4,cpsat,dfs",
                 "--encoding", "complete,minimal", "--warmup", "2", "--repeat", "2",
                 "--csv", str(csv_path), "--json", "-o", str(json_path), "--plot", str(png)])
    assert code == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("10 puzzles") and "solve + uniqueness" in lines[0]
    header = lines[1].split()
    assert header[:3] == ["configuration", "puzzles", "solved"] and "p99" in header
    configs = ["sat:cadical195/complete", "sat:cadical195/minimal", "sat:glucose4/complete",
               "sat:glucose4/minimal", "cpsat", "dfs"]
    assert [line.split()[0] for line in lines[2:]] == configs
    for line in lines[2:]:  # puzzles, solved, multiple, unsat, timeouts, errors: the same for all
        assert line.split()[1:7] == ["10", "6", "3", "1", "0", "0"]
    rows = list(csv.DictReader(csv_path.open()))
    assert [r["config"] for r in rows] == configs
    assert all(r["solved"] == "6" and r["multiple"] == "3" and r["unsat"] == "1" for r in rows)
    assert all(float(r["puzzles_per_s"]) > 0 and float(r["max_ms"]) >= float(r["median_ms"]) for r in rows)
    assert int(rows[0]["conflicts"]) >= 0 and int(rows[0]["propagations"]) > 0  # solver counters
    assert int(rows[-1]["nodes"]) > 0
    data = json.loads(json_path.read_text())
    assert data["meta"]["puzzles"] == 10 and len(data["configurations"]) == 6
    assert all(len(times) == 10 for times in data["times_s"].values())
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 2000


def test_bench_svg_plot_parses_and_solve_only(sample, tmp_path, capsys):
    svg = tmp_path / "cactus.svg"
    assert main(["bench", str(sample), "--backend", "sat,dfs", "--solve-only", "--first", "4",
                 "--plot", str(svg)]) == 0
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg")
    out = capsys.readouterr().out
    assert out.startswith("4 puzzles") and ", solve," in out


def test_bench_counts_timeouts_with_the_full_limit():
    boards = [parse_puzzle(line) for line in dataset_lines("top1465.txt", limit=3)]
    report, = run_bench(boards, ["dfs:plain"], time_limit=0.001, warmup=0)
    assert report.counts["unknown"] == 3  # plain backtracking needs far longer on these
    assert all(t >= 0.001 for t in report.times)
    assert report.row()["timeouts"] == 3 and report.row()["solved"] == 0


def test_a_lying_backend_is_an_error_and_exit_3(sample, monkeypatch, capsys):
    monkeypatch.setitem(REGISTRY, "liar", Entry("fakes:LiarBackend", "test only"))
    assert main(["bench", str(sample), "--backend", "dfs,liar", "--first", "3"]) == 3
    out, err = capsys.readouterr()
    assert "wrong solution" in err
    liar = [line for line in out.splitlines() if line.startswith("liar")][0].split()
    assert liar[6] == "3"  # the errors column


def test_disagreements_are_counted_against_the_majority():
    reports = [ConfigReport("a", statuses=["unique", "unsat"]), ConfigReport("b", statuses=["unique", "unsat"]),
               ConfigReport("c", statuses=["multiple", "unsat"])]
    from sudoku_cp.tasks.bench import _compare

    _compare(reports)
    assert [r.disagreements for r in reports] == [0, 0, 1]


def test_quantiles_and_configurations():
    report = ConfigReport("x", times=[0.001 * k for k in range(1, 101)])
    assert report.quantile(0.5) == pytest.approx(0.05) and report.quantile(0.99) == pytest.approx(0.099)
    assert report.quantile(1.0) == pytest.approx(0.1)
    assert configurations(["sat", "dfs"], ["complete", "minimal"]) == [
        ("sat", "complete"), ("sat", "minimal"), ("dfs", "complete")]


def test_bench_refuses_a_file_with_an_unreadable_puzzle(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text(UNSAT_4 + "\n\n1 2 3\n")
    assert main(["bench", str(path), "--backend", "dfs"]) == 2
    err = capsys.readouterr().err
    assert "puzzle 2 (line 3)" in err and "expected" in err


def test_bench_usage_errors(sample, capsys):
    assert main(["bench", str(sample), "--backend", "nope"]) == 2
    assert main(["bench", str(sample), "--encoding", "fancy"]) == 2
    assert main(["bench", str(sample), "--plot", "x.gif"]) == 2
    err = capsys.readouterr().err
    assert "unknown backend" in err and "unknown encoding" in err and ".png, .svg or .pdf" in err
