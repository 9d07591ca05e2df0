"""Readers that stop (issue 44): proof and puzzle files regular only and bounded, share-string bombs.

Each case runs the real command in a child whose address space is cut (``RLIMIT_AS``), so a
reader that read without bound would die of it instead of taking the machine; only exit codes,
messages and "it ended" (a generous subprocess timeout) are asserted, never a duration.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
MEMORY = 1 << 30  # bytes of address space for the child: the command's own needs and little more


def run_bounded(args: list[str], memory: int = MEMORY, timeout: float = 120) -> subprocess.CompletedProcess:
    """``sudoku-cp ARGS`` in a child limited to ``memory`` bytes of address space."""
    script = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, ({0}, {0})); "
              "from sudoku_cp.cli import main; sys.exit(main(sys.argv[1:]))").format(memory)
    return subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def proofs(tmp_path_factory) -> tuple[Path, Path]:
    """A puzzle file (a hard 9x9, an unsat 4x4) and the proofs ``solve --proof`` wrote for them."""
    from sudoku_cp.cli import main

    where = tmp_path_factory.mktemp("proofs")
    source = where / "puzzles.txt"
    source.write_text(f"{HARD}\n12....3...4.....\n")
    assert main(["solve", "-f", str(source), "--unique", "--proof", str(where / "proofs")]) == 1
    assert sorted(os.listdir(where / "proofs")) == ["README.txt", "puzzle-1-unique.cnf", "puzzle-1-unique.drat",
                                                     "puzzle-2-unsat.cnf", "puzzle-2-unsat.drat"]
    return source, where / "proofs"


def _replaced(proofs: Path, tmp_path: Path, name: str) -> Path:
    """A copy of the proof directory, with ``name`` removed (for the test to put something else there)."""
    copy = tmp_path / "copy"
    copy.mkdir()
    for each in proofs.iterdir():
        if each.name != name:
            (copy / each.name).write_bytes(each.read_bytes())
    return copy


@pytest.mark.parametrize("name", ["puzzle-1-unique.drat", "puzzle-2-unsat.cnf"])
def test_check_proof_refuses_a_symlink_to_dev_zero_by_name(proofs, tmp_path, name):
    """It grew to 24 GB reading /dev/zero; now the name is refused before anything is read (exit 2)."""
    source, original = proofs
    copy = _replaced(original, tmp_path, name)
    (copy / name).symlink_to("/dev/zero")
    done = run_bounded(["check-proof", str(copy), "-f", str(source)])
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr == (f"sudoku-cp: error: {copy / name} (a symlink to /dev/zero): is a character "
                           f"device: expected the regular file that --proof wrote\n")
    assert done.stdout == ""  # refused before any proof was checked


@pytest.mark.parametrize("kind", ["FIFO", "directory"])
def test_check_proof_refuses_a_fifo_or_a_directory_without_waiting(proofs, tmp_path, kind):
    """A FIFO in place of a proof waited forever for a writer; it is never opened for a blocking read."""
    source, original = proofs
    copy = _replaced(original, tmp_path, "puzzle-1-unique.drat")
    (os.mkfifo if kind == "FIFO" else os.mkdir)(copy / "puzzle-1-unique.drat")
    done = run_bounded(["check-proof", str(copy), "-f", str(source)])
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr == (f"sudoku-cp: error: {copy / 'puzzle-1-unique.drat'}: is a {kind}: expected the "
                           f"regular file that --proof wrote\n")


def test_check_proof_refuses_a_proof_past_its_bound_without_reading_it_whole(proofs, tmp_path):
    """A .drat of 64 times its formula and more is refused (exit 3), its neighbour still verified."""
    from sudoku_cp.tasks.certify import proof_bound

    source, original = proofs
    copy = _replaced(original, tmp_path, "puzzle-2-unsat.drat")
    limit = proof_bound((copy / "puzzle-2-unsat.cnf").read_text())
    with open(copy / "puzzle-2-unsat.drat", "wb") as out:  # sparse: past the bound, costing no disk
        out.truncate(8 * MEMORY)  # larger than the child's memory: reading it whole would fail
    done = run_bounded(["check-proof", str(copy), "-f", str(source)])
    assert done.returncode == 3, done.stderr[-2000:]
    assert done.stderr == (f"puzzle-2-unsat: REFUSED: puzzle-2-unsat.drat is larger than {limit:,} bytes "
                           f"(64 times its formula, plus 1 MiB): expected a proof of this puzzle (they "
                           f"are a fraction of their formula)\n")
    assert done.stdout.splitlines()[-1] == "1 of 2 proofs verified, 1 refused"


def test_check_proof_refuses_a_formula_longer_than_the_derived_one(proofs, tmp_path):
    """The .cnf is compared with the formula derived again, and read no further than its length."""
    source, original = proofs
    copy = _replaced(original, tmp_path, "puzzle-2-unsat.cnf")
    with open(copy / "puzzle-2-unsat.cnf", "wb") as out:
        out.write((original / "puzzle-2-unsat.cnf").read_bytes())
        out.truncate(8 * MEMORY)  # the right formula, then a sparse hole of NUL bytes
    done = run_bounded(["check-proof", str(copy), "-f", str(source)])
    assert done.returncode == 3, done.stderr[-2000:]
    assert done.stderr.startswith("puzzle-2-unsat: REFUSED: puzzle-2-unsat.cnf is not the formula of the "
                                  "puzzle on line 2") and done.stderr.count("\n") == 1


@pytest.mark.parametrize("kind", ["symlink", "FIFO", "directory"])
def test_a_puzzle_file_that_is_not_a_regular_file_is_refused_by_name(kind, tmp_path):
    """``-f /dev/zero`` read forever (in bounded lines) and ``-f FIFO`` waited forever for a writer."""
    path = tmp_path / "puzzles"
    if kind == "symlink":
        path.symlink_to("/dev/zero")
    else:
        (os.mkfifo if kind == "FIFO" else os.mkdir)(path)
    shown = {"symlink": f"{path} (a symlink to /dev/zero): is a character device",
             "FIFO": f"{path}: is a FIFO", "directory": f"{path}: is a directory"}[kind]
    for command in (["validate", "-f", str(path)], ["batch", str(path)]):
        done = run_bounded(command)
        assert done.returncode == 2, done.stderr[-2000:]
        assert done.stderr == (f"sudoku-cp: error: {shown}: expected a puzzle file (a pipe is read as "
                               f"'-', standard input)\n")


def test_a_pipe_is_still_read_as_standard_input():
    done = subprocess.run([sys.executable, "-m", "sudoku_cp", "validate", "-f", "-"], cwd=ROOT, text=True,
                          input="12.4..1221.3.32.\n", capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_a_share_string_bomb_is_refused_in_bounded_memory():
    """A 99 KB link spelling 849 million letters was decompressed whole (42 s, 2.5 GB) before 'not JSON'."""
    from test_rough_edges import lz_bomb

    link = "https://f-puzzles.com/?load=" + lz_bomb(41200)  # (41201 * 41202) / 2 letters
    assert len(link) < 100_000
    done = run_bounded(["validate", link], memory=400 << 20)
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr == ("sudoku-cp: error: line 1: share string: it decompresses to more than 16,777,216 "
                           "characters: expected an f-puzzles document (a 64x64 one is far smaller)\n")


def test_decompress_stops_at_its_cap_and_agrees_with_lz_string(rng):
    """sharesize's decoder gives lzstring's text (or None where it fails) and stops past the cap."""
    from lzstring import LZString
    from test_rough_edges import BASE64, lz_bomb

    from sudoku_cp.core.board import PuzzleError
    from sudoku_cp.formats.sharesize import decompress

    def reference(payload):
        try:
            return LZString().decompressFromBase64(payload) or None
        except Exception:  # the package raises on bad data
            return None

    for n in range(600):
        text = "".join(rng.choice('{}[]"ab:,019 é\u20ac') for _ in range(rng.randrange(1, 300)))
        payload = LZString().compressToBase64(text)
        if n % 3 == 1:  # tampered
            i = rng.randrange(len(payload))
            payload = payload[:i] + rng.choice(BASE64 + "=") + payload[i + 1:]
        elif n % 3 == 2:  # cut short
            payload = payload[:rng.randrange(len(payload))]
        assert decompress(payload, "x", 10**9) == reference(payload), payload
    with pytest.raises(PuzzleError, match="^here: it decompresses to more than 1,000 characters"):
        decompress(lz_bomb(50), "here", 1000)  # 1,326 letters
    assert decompress(lz_bomb(50), "here", 1326) == "a" * 1326


def test_a_penpa_link_bomb_is_refused_in_bounded_memory():
    """A Penpa+ link is raw deflate: 95 KB of link would inflate to 70 MB, and each of Penpa+'s 31 key substitutions
    copies it again (an unbounded inflate and those copies run out of 160 MB of address space); the inflate stops
    at its cap (16 MiB) instead."""
    import base64
    import zlib

    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(b"a" * (70 << 20)) + packer.flush()
    link = "https://swaroopg92.github.io/penpa-edit/#m=solve&p=" + base64.b64encode(data).decode()
    assert len(link) < 100_000  # a line the readers take
    done = run_bounded(["validate", link], memory=160 << 20)
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr == ("sudoku-cp: error: line 1: Penpa+ link: it decompresses to more than 16,777,216 bytes: "
                           "expected a Penpa+ puzzle (a 64x64 one is far smaller)\n")


def test_inflate_stops_at_its_cap_and_agrees_with_zlib(rng):
    """sharesize.inflate gives zlib's bytes (or None where zlib fails or the data ends early) and stops past the cap."""
    import zlib

    from sudoku_cp.core.board import PuzzleError
    from sudoku_cp.formats.sharesize import inflate

    for n in range(200):
        text = bytes(rng.choice(b"ab{}[],:0123") for _ in range(rng.randrange(1, 3000)))
        packer = zlib.compressobj(rng.choice([1, 6, 9]), zlib.DEFLATED, -15)
        data = packer.compress(text) + packer.flush()
        if n % 3 == 1:  # cut short
            data = data[:rng.randrange(len(data))]
        elif n % 3 == 2:  # tampered
            i = rng.randrange(len(data))
            data = data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]
        try:
            unpacker = zlib.decompressobj(-15)
            expected = unpacker.decompress(data)
            expected = expected if unpacker.eof else None
        except zlib.error:
            expected = None
        assert inflate(data, "x", 10**7) == expected
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(b"a" * 5000) + packer.flush()
    assert inflate(data, "here", 5000) == b"a" * 5000
    with pytest.raises(PuzzleError, match="^here: it decompresses to more than 4,999 bytes"):
        inflate(data, "here", 4999)
