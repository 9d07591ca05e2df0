"""Teaching views the commands share: pencil marks (``--candidates``) and pictures (``--svg``)."""

from __future__ import annotations

import sys
from pathlib import Path

from ..core.board import Board
from .inputs import read_entries
from .output_files import check_output_path, output_file, refuse_input_overwrite
from .usage import CliError, group


def add_view_options(parser, what: str) -> None:
    """``--candidates`` and ``--svg FILE`` (``output``); ``what`` says what the picture shows."""
    output = group(parser, "output")
    output.add_argument("--candidates", action="store_true",
                        help="print the pencil marks: each blank cell's digits that no filled peer rules "
                             "out (with --svg: drawn small). Not with --json")
    output.add_argument("--svg", metavar="FILE",
                        help=f"also draw {what} as an SVG picture (several puzzles: FILE-1.svg, FILE-2.svg, ...)")


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
    from ..core.candidates import candidates
    from ..formats.pencil import LEGEND, format_candidates

    print(f"{indent}{LEGEND}:")
    grid = format_candidates(board, candidates(board), symbols)
    print("\n".join(indent + line for line in grid.splitlines()))


def write_svg(path: Path, board: Board, *, solution: Board | None = None, marked=(),
              symbols: str | None = None, title: str | None = None, pencil: bool = False,
              marks=None, quiet: bool = False) -> None:
    """Write one picture; ``pencil`` draws the board's candidates (``marks`` when given)."""
    from ..core.candidates import candidates
    from ..formats.svg import board_svg

    if pencil and marks is None:
        marks = candidates(board)
    with output_file(str(path)) as out:
        out.write(board_svg(board, solution, marked, symbols=symbols, title=title,
                            candidates=marks if pencil else None))
    print(f"picture written to {path}", file=sys.stderr if quiet else sys.stdout)


def run_show(args, chosen: list[tuple[str, str]]) -> int:
    """``analyze --show``: one puzzle after propagation under each (encoding, amo) in ``chosen``."""
    if not args.show:
        raise CliError("--svg draws the grid of --show: expected --show with --svg")
    if args.file is not None:
        raise CliError("--show draws one puzzle: expected PUZZLE or '-', not -f FILE")
    if args.json:
        raise CliError("--show prints a grid for people: expected --json (the measurements) or "
                       "--show, not both")
    refuse_input_overwrite({"--svg": args.svg}, [args.puzzle])
    check_output_path(args.svg, "--svg")
    from ..core.candidates import candidates
    from ..formats.pencil import format_candidates
    from ..tasks.show import propagated

    entry = next(iter(read_entries(args)))
    if entry.board is None:  # one puzzle that does not parse is refused by read_entries already
        raise CliError(entry.error or "the puzzle does not parse")
    board = entry.board
    start = candidates(board)
    print(f"givens: {len(board.givens())}; pencil marks from the givens alone: "
          f"{sum(len(d) for d in start.values())} candidates in {len(start)} blank cells")
    several_amos = len({amo for _, amo in chosen}) > 1
    for encoding, amo in chosen:
        view = propagated(board, encoding, amo, probe=args.probe)
        how = "unit propagation" + (" and failed-literal probing" if view.probed else "")
        print(f"\n{encoding}/{view.amo}: ", end="")
        if view.contradiction:
            print(f"{how} derives a contradiction: the givens have no solution")
            continue
        verdict = (" (the grid is full and checked: a solution)" if view.solved else
                   " (the grid is full but NOT a solution)" if view.after.is_full() else "")
        print(f"{how} places {len(view.placed)} digit{'s' if len(view.placed) != 1 else ''} and "
              f"leaves {view.left} candidates in {len(view.candidates)} blank cells{verdict}")
        print("the candidates propagation leaves in each blank cell (=D a given, +D placed by "
              "propagation, - no digit left):")
        grid = format_candidates(view.after, view.candidates, args.symbols, placed=view.placed)
        print(grid)
        if args.svg:
            path = Path(args.svg)
            if len(chosen) > 1:
                name = f"{path.stem}-{encoding}" + (f"-{view.amo}" if several_amos else "")
                path = path.with_name(name + (path.suffix or ".svg"))
            write_svg(path, board, solution=view.after, symbols=args.symbols, pencil=True,
                      marks=view.candidates,
                      title=f"{encoding}: {len(view.placed)} placed, {view.left} candidates left")
    return 0
