"""batch on dask.distributed: a LocalCluster's Client is just another pool (the [dask] extra)."""

from __future__ import annotations

import io
import json

from dask.distributed import Client, LocalCluster
from gridgen import dataset_lines

from sudoku_cp.tasks import batch
from sudoku_cp.tasks.batch import BatchOptions, run_batch


def without_times(text: str) -> list[dict]:
    return [{k: v for k, v in json.loads(line).items() if k != "time_s"} for line in text.splitlines()]


def test_local_cluster_gives_the_same_records_as_one_process(monkeypatch):
    monkeypatch.setattr(batch, "CHUNK", 40)  # several tasks, spread over both workers
    lines = (dataset_lines("17clue-half.txt", limit=120, step=100)
             + dataset_lines("serg-benchmark.txt", limit=80, step=100) + ["not a puzzle"])
    local, distributed = io.StringIO(), io.StringIO()
    options = BatchOptions(unique=True)
    run_batch(lines, local, options)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        summary = run_batch(lines, distributed, options, executor=client, jobs=2)
        ran_on = client.run(lambda: True)
    assert len(ran_on) == 2
    assert summary.puzzles == 201 and summary.counts["error"] == 1
    assert summary.counts["unique"] == 120 and summary.counts["multiple"] == 80
    assert without_times(distributed.getvalue()) == without_times(local.getvalue())


def test_cli_runs_on_a_scheduler_address(tmp_path, capsys):
    from sudoku_cp.cli import main

    src = tmp_path / "in.txt"
    src.write_text("\n".join(dataset_lines("top1465.txt", limit=30)) + "\n")
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert main(["batch", str(src), "-o", str(one), "--unique"]) == 0
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        assert main(["batch", str(src), "-o", str(two), "--unique", "--dask", cluster.scheduler_address]) == 0
    assert without_times(two.read_text()) == without_times(one.read_text())
    assert "30 puzzles: 30 unique" in capsys.readouterr().out
