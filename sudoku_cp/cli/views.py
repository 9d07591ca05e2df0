"""Teaching views the commands share: pencil marks (``--candidates``) and pictures (``--svg``)."""

from __future__ import annotations

import sys
from pathlib import Path

from ..core.board import Board
from ..core.candidates import candidates
from ..formats.pencil import LEGEND, format_candidates
from ..formats.svg import board_svg
from .common import CliError, check_output_path, output_file, refuse_input_overwrite


def add_view_options(parser, what: str) -> None:
    """``--candidates`` and ``--svg FILE``; ``what`` says what the picture shows."""
    parser.add_argument("--candidates", action="store_true",
                        help="also print the pencil marks: each blank cell with the digits that no "
                             "filled cell in its row, column, box (or variant rule) rules out, "
                             "e.g. '1249'; filled cells as '=5' (with --svg: small digits in each "
                             "blank cell). Not with --json")
    parser.add_argument("--svg", metavar="FILE",
                        help=f"also draw {what} as an SVG picture, rows labelled r1..rN and columns "
                             "c1..cN (with several puzzles: FILE-1.svg, FILE-2.svg, ...)")


def check_view_options(args) -> None:
    """Before any work: --candidates is text (refused with --json), --svg a writable new file."""
    if args.candidates and args.json:
        raise CliError("--candidates prints pencil marks in the text output: expected --json or "
                       "--candidates, not both")
    refuse_input_overwrite({"--svg": args.svg}, [args.file])
    check_output_path(args.svg, "--svg")


def numbered(path: str, many: bool, index: int, suffix: str = ".svg") -> Path:
    """``FILE`` for one puzzle; ``FILE-k.svg`` (k = index + 1) for the k-th of several.

    >>> str(numbered("out/grid.svg", True, 1)), str(numbered("grid.svg", False, 0))
    ('out/grid-2.svg', 'grid.svg')
    """
    p = Path(path)
    if many:
        p = p.with_name(f"{p.stem}-{index + 1}{p.suffix or suffix}")
    return p


def print_candidates(board: Board, symbols: str | None, indent: str = "") -> None:
    """The legend and the pencil-mark grid of ``board`` on standard output."""
    print(f"{indent}{LEGEND}:")
    grid = format_candidates(board, candidates(board), symbols)
    print("\n".join(indent + line for line in grid.splitlines()))


def write_svg(path: Path, board: Board, *, solution: Board | None = None, marked=(),
              symbols: str | None = None, title: str | None = None, pencil: bool = False,
              marks=None, quiet: bool = False) -> None:
    """Write one picture; ``pencil`` draws the board's candidates (``marks`` when given)."""
    if pencil and marks is None:
        marks = candidates(board)
    with output_file(str(path)) as out:
        out.write(board_svg(board, solution, marked, symbols=symbols, title=title,
                            candidates=marks if pencil else None))
    print(f"picture written to {path}", file=sys.stderr if quiet else sys.stdout)
