"""``sudoku-cp validate``: the duplicate scan, every conflict reported. Imports no solver."""

from __future__ import annotations

from ..core.results import worst_exit
from .inputs import numbered_outputs, read_entries
from .options import add_input_options
from .printing import label, print_record, report_entry_error, show_board
from .usage import command, reference
from .views import add_view_options, check_view_options, numbered, print_candidates, write_svg


def add_parser(sub) -> None:
    p = command(sub, "validate", "Report every digit a row, column, box or other rule repeats.", (
        "sudoku-cp validate 11..............",
        "sudoku-cp validate -f data/top1465.txt.gz --first 100 --json",
        "sudoku-cp validate --candidates --svg marks.svg   (the built-in example)",
    ), more=reference("validate", "0 valid, 1 invalid, 2 bad input"))
    add_input_options(p, example=True)
    add_view_options(p, "the board (conflicting cells marked)")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..tasks.solving import validate  # on use: the parser is built without the tasks

    check_view_options(args)
    codes = []
    entries = read_entries(args, example=True)
    many = args.file is not None
    for entry in entries:
        if entry.board is None:
            codes.append(report_entry_error(entry, args, many))
            continue
        result = validate(entry.board)
        if many:
            result.index, result.line = entry.index, entry.line
        codes.append(result.exit_code)
        cells = [cell for c in result.conflicts for cell in c.cells]
        if args.svg:  # with --json the message goes to stderr: stdout stays JSON
            write_svg(numbered(args.svg, numbered_outputs(args), entry.index), entry.board, marked=cells,
                      symbols=args.symbols, pencil=args.candidates, quiet=args.json,
                      title="invalid: duplicate givens marked" if cells else None)
        if args.json:
            print_record(result, args.symbols)
            continue
        if not result.conflicts:
            if entry.board.rules.is_classic:
                print(f"{label(entry, many)}valid: no digit repeats in any row, column or box")
            else:
                print(f"{label(entry, many)}valid: the givens break no rule of {entry.board.rules.name} "
                      f"Sudoku")
        else:
            print(f"{label(entry, many)}invalid: {len(result.conflicts)} conflict"
                  f"{'s' if len(result.conflicts) > 1 else ''}")
            for conflict in result.conflicts:
                print(f"  {conflict.describe()}")
        if args.candidates:  # the pencil-mark grid shows the board too
            print_candidates(entry.board, args.symbols, "  " if many else "")
        elif not many:
            print(show_board(entry.board, marked=cells, symbols=args.symbols,
                             meaning="a given in a conflict"))
    return worst_exit(codes)
