"""``sudoku-cp check-proof``: every proof a ``--proof DIR`` holds, checked again against its puzzle."""

from __future__ import annotations

import os
import sys

from ..core.files import NotAFile
from ..core.results import EXIT_DISAGREE, EXIT_OK
from .inputs import read_entries
from .options import add_input_options
from .printing import print_json
from .usage import CliError, command, group, reference

def add_parser(sub) -> None:
    p = command(sub, "check-proof", "Check again every proof that --proof wrote to a directory.", (
        "sudoku-cp solve -f puzzles.txt --unique --proof proofs && sudoku-cp check-proof proofs -f puzzles.txt",
        "sudoku-cp check-proof proofs 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "sudoku-cp check-proof proofs - < puzzle.txt",
    ), more=reference("check-proof", "0 every proof verified, 2 no proof or an unreadable input, 3 a "
                                     "proof refused"))
    group(p, "input").add_argument("directory", metavar="DIR", help="the directory --proof wrote")
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
