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
    assert header[:9] == ["configuration", "puzzles", "solved", "multiple", "unsat", "invalid", "timeouts",
                          "errors", "disagree"] and "PAR-2" in header and "branches" in header
    for line in lines[2:]:  # puzzles, solved, multiple, unsat, invalid, timeouts, errors, disagree
        assert line.split()[1:9] == ["10", "6", "3", "1", "0", "0", "0", "0"]
    rows = list(csv.DictReader(csv_path.open()))
    assert [r["config"] for r in rows] == configs
    assert all(r["solved"] == "6" and r["multiple"] == "3" and r["unsat"] == "1" for r in rows)
    assert all(float(r["puzzles_per_s"]) > 0 and float(r["max_ms"]) >= float(r["median_ms"]) for r in rows)
    assert int(rows[0]["conflicts"]) >= 0 and int(rows[0]["propagations"]) > 0  # solver counters
    assert int(rows[-1]["nodes"]) > 0
    data = json.loads(json_path.read_text())
    assert data["meta"]["puzzles"] == 10 and len(data["configurations"]) == 6
    assert list(data["records"]) == configs
    for records in data["records"].values():  # one record per puzzle: where it is, its answer, its time
        assert [r["index"] for r in records] == list(range(10)) and [r["line"] for r in records] == list(range(1, 11))
        assert [r["status"] for r in records] == ["unique"] * 6 + ["multiple"] * 3 + ["unsat"]
        assert all(r["time_s"] > 0 for r in records)
    assert data["records"]["sat:cadical195/complete"][0]["stats"]["propagations"] > 0
    assert set(data["records"]["cpsat"][0]["stats"]) == {"conflicts", "branches"}  # CP-SAT's own counters
    assert all(row["par2_ms"] is None for row in data["configurations"])  # no time limit: not defined
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
    assert liar[7] == "3"  # the errors column


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


def test_par2_charges_unanswered_puzzles_twice_the_limit():
    report = ConfigReport("x", times=[0.2, 1.0, 0.4, 1.3], statuses=["unique", "unknown", "error", "unique"],
                          time_limit=1.0)
    assert report.par2() == pytest.approx((0.2 + 2.0 + 2.0 + 2.0) / 4)  # the last answered after the limit
    assert report.row()["par2_ms"] == pytest.approx(1550.0)
    assert ConfigReport("y", times=[0.2], statuses=["unique"]).par2() is None  # no limit: not defined


def test_every_status_column_in_table_csv_and_json(tmp_path, capsys):
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(["11" + "." * 14, UNSAT_4, "." * 16, "1.3....2.1..4..."]) + "\n")
    csv_path, json_path = tmp_path / "b.csv", tmp_path / "b.json"
    assert main(["bench", str(path), "--backend", "sat,cpsat", "--warmup", "0", "--time-limit", "30",
                 "--csv", str(csv_path), "--json", "-o", str(json_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = lines[1].replace("mean ms", "mean").split()
    want = {"solved": "1", "multiple": "1", "unsat": "1", "invalid": "1", "timeouts": "0", "errors": "0",
            "disagree": "0"}
    for line in lines[2:]:
        cells = dict(zip(header, line.split()))
        assert {k: cells[k] for k in want} == want and cells["PAR-2"] != "-"
    cpsat = dict(zip(header, lines[3].split()))
    assert lines[3].startswith("cpsat") and int(cpsat["branches"]) > 0  # its own counter, read from its response
    assert dict(zip(header, lines[2].split()))["branches"] == "-"  # SAT keeps no such count
    rows = list(csv.DictReader(csv_path.open()))
    assert all({k: row[k] for k in want} == want and float(row["par2_ms"]) > 0 for row in rows)
    data = json.loads(json_path.read_text())
    assert [{k: str(row[k]) for k in want} for row in data["configurations"]] == [want, want]
    assert {key for row in data["configurations"] for key in row} == set(data["configurations"][0])
    assert [r["status"] for r in data["records"]["cpsat"]] == ["invalid", "unsat", "multiple", "unique"]
    assert data["meta"]["time_limit"] == 30 and "2 x time_limit" in data["meta"]["par2"]


def test_plot_names_the_file_lists_every_configuration_and_draws_the_limit(tmp_path, capsys):
    boards = [parse_puzzle(line) for line in dataset_lines("top1465.txt", limit=3)]
    lines = dataset_lines("top1465.txt", limit=3)
    deep = tmp_path / ("a-directory-with-a-long-name-" * 4) / "hard-puzzles.txt"
    deep.parent.mkdir()
    deep.write_text("\n".join(lines) + "\n")
    svg = tmp_path / "cactus.svg"
    assert main(["bench", str(deep), "--backend", "dfs,dfs:plain", "--time-limit", "0.001", "--warmup", "0",
                 "--plot", str(svg)]) == 0
    texts = ["".join(t.itertext()) for t in ET.parse(svg).getroot().iter() if t.tag.endswith("text")]
    assert "hard-puzzles.txt: 3 puzzles, solve + uniqueness" in texts  # the name, not the whole path
    assert not any("a-directory-with" in t for t in texts)
    assert "dfs:plain (answered 0 of 3)" in texts  # answered nothing, still in the legend
    assert any(t.startswith("dfs (answered ") for t in texts) and "time limit 0.001 s" in texts
    assert len(boards) == 3


def test_progress_is_told_of_every_timed_puzzle_and_each_configuration():
    class Bar:
        def __init__(self):
            self.updates, self.names = 0, []

        def update(self, n):
            self.updates += n

        def set_description(self, name):
            self.names.append(name)

    bar = Bar()
    boards = [parse_puzzle(UNSAT_4), parse_puzzle("." * 16)]
    run_bench(boards, ["dfs", "sat"], repeat=2, warmup=1, progress=bar)
    assert bar.updates == 2 * 2 * 2 and bar.names == ["dfs", "sat:cadical195/complete"]


def test_no_progress_bar_when_standard_error_is_not_a_terminal(sample, capsys):
    assert main(["bench", str(sample), "--backend", "dfs", "--first", "2", "--warmup", "0"]) == 0
    assert capsys.readouterr().err == ""
