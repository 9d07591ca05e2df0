"""``sudoku-cp check-proof``: every proof a ``--proof DIR`` holds, checked again against its puzzle."""

from __future__ import annotations

import os
import sys

from ..core.files import NotAFile
from ..core.results import EXIT_DISAGREE, EXIT_OK
from .inputs import read_entries
from .options import add_input_options
from .printing import print_json
from .usage import CliError, Help

HELP = """\
Check again the proofs that --proof DIR holds (solve, count, explain and batch write them), with
the input they were made from: for each DIR/puzzle-LINE-STATUS.cnf, the formula is derived again
from the puzzle on line LINE of the input (its encoding and at-most-one read from the file's first
line; for 'unique', the puzzle's solution found again) and must equal the file to the byte, so a
file edited, or swapped with another puzzle's, is refused; then DIR/puzzle-LINE-STATUS.drat is
replayed on it by dratify. One line per proof: 'verified' or 'REFUSED: why'. The files are read
as regular files only (a device, a FIFO or a directory under a proof's name is an error, before any
check), in chunks: a .cnf longer than its formula, or a .drat longer than 64 times it (plus 1 MiB;
real proofs are a fraction of it), is refused without being read whole.

Exit 0 when every proof is verified, 3 when any is refused (as --certify), 2 when DIR holds no
proof, a proof's name is not a regular file, or the input cannot be read.

examples:
  sudoku-cp solve -f puzzles.txt --unique --proof proofs && sudoku-cp check-proof proofs -f puzzles.txt
  sudoku-cp check-proof proofs 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
"""


def add_parser(sub) -> None:
    p = sub.add_parser("check-proof", help="check again the proofs of a --proof DIR (exit 3 if any is refused)",
                       description=HELP, formatter_class=Help)
    p.add_argument("directory", metavar="DIR", help="the directory --proof wrote")
    add_input_options(p)
    p.set_defaults(run=run)


def run(args) -> int:
    from ..tasks.certify import recheck_proofs

    if not os.path.isdir(args.directory):
        raise CliError(f"{args.directory}: no such directory: expected the DIR that --proof wrote")
    puzzles = {}
    for entry in read_entries(args):
        if entry.board is None:  # the proofs cannot be matched with an input that does not read
            raise CliError(f"{entry.error} (the proofs are matched with the input by line)")
        puzzles[entry.line] = entry.board
    try:
        checked = recheck_proofs(args.directory, puzzles)
    except NotAFile as exc:  # a device, a FIFO, a directory in place of a proof: never read or waited on
        raise CliError(str(exc)) from None
    if not checked:
        raise CliError(f"{args.directory}: no proof found: expected puzzle-LINE-STATUS.cnf and .drat files")
    for done in checked:
        cert = done.certificate
        if args.json:
            print_json({"name": done.name, "line": done.line, "status": done.status,
                        "verified": done.error is None, "error": done.error,
                        "lemmas": cert.lemmas if cert else None, "checker": cert.checker if cert else None})
        elif done.error is None and cert is not None:
            print(f"{done.name}: verified ({cert.lemmas} lemmas, {cert.checker})")
        else:
            print(f"{done.name}: REFUSED: {done.error}", file=sys.stderr)
    refused = sum(done.error is not None for done in checked)
    if not args.json:
        print(f"{len(checked) - refused} of {len(checked)} proofs verified"
              + (f", {refused} refused" if refused else ""))
    return EXIT_DISAGREE if refused else EXIT_OK


__all__ = ["add_parser", "run"]
