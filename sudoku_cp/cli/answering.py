"""The loop of the answering commands: each puzzle read, answered, certified, then printed."""

from __future__ import annotations

import sys

from ..backends.base import Deadline
from ..core.results import EXIT_DISAGREE, Result, Status, worst_exit
from .inputs import input_paths, read_entries
from .output_files import proof_dir
from .printing import describe_certificate, explaining, label, print_disagreement, print_record, report_entry_error


def answer_each(args, compute, report, example: bool = False, provers=None, failure=Result) -> int:
    """Answer every input puzzle: ``compute(board) -> (result, exit code)``, then JSON or ``report``.

    ``report(result, prefix, many, index)`` prints the text form. A bad puzzle is reported where
    it stands; a disagreement or a failed verification is exit 3 with every answer shown. The
    ``error`` records of those are made by ``failure`` (the command's :class:`Result` class, so that
    they have the keys of its other records). With
    ``args.certify`` (or ``args.proof``) each answer is certified before it is shown, proofs coming
    from the first of ``provers`` that can give one (:func:`~sudoku_cp.tasks.certify.certify`); a
    refused proof is exit 3. Returns the most serious exit code.
    """
    from ..tasks.certify import ProofRefused, certify, write_proof
    from ..tasks.solving import DisagreementError, VerificationError

    certifying = bool(getattr(args, "certify", False) or getattr(args, "proof", None))
    proofs = proof_dir(getattr(args, "proof", None), input_paths(args))
    noted = False
    codes = []
    many = args.file is not None
    for entry in read_entries(args, example=example):
        if entry.board is None:
            codes.append(report_entry_error(entry, args, many, failure=failure))
            continue
        prefix = label(entry, many)
        deadline = Deadline(getattr(args, "time_limit", None))  # each puzzle's, certification included
        try:
            result, code = compute(entry.board)
            done = certify(result, provers or (), deadline) if certifying else None
            if done is not None and done.timed_out:
                code = result.exit_code
        except DisagreementError as exc:
            print_disagreement(exc, prefix, args.symbols)
            if args.json:  # one record per puzzle still: an error holding every backend's answer
                print_record(failure(Status.ERROR, entry.board, error=f"backends disagree: {exc}",
                                    backends=exc.check.results, index=entry.index if many else None,
                                    line=entry.line if many else None), args.symbols, explaining(args))
            codes.append(EXIT_DISAGREE)
            continue
        except ProofRefused as exc:
            print(f"{prefix}CERTIFICATE REFUSED: {exc}", file=sys.stderr)
            if args.json:  # one record per puzzle still, worded as batch words it
                print_record(failure(Status.ERROR, entry.board, error=f"solver failure: certificate refused: {exc}",
                                    index=entry.index if many else None, line=entry.line if many else None),
                             args.symbols, explaining(args))
            codes.append(EXIT_DISAGREE)
            continue
        except VerificationError as exc:
            print(f"{prefix}VERIFICATION FAILED: {exc}", file=sys.stderr)
            if args.json:
                print_record(failure(Status.ERROR, entry.board, error=f"solver failure: {exc}",
                                    index=entry.index if many else None, line=entry.line if many else None),
                             args.symbols, explaining(args))
            codes.append(EXIT_DISAGREE)
            continue
        if many:
            result.index, result.line = entry.index, entry.line
        codes.append(code)
        if args.json and done is not None and done.note and not noted:  # text output says it below
            print(f"sudoku-cp: {done.note}", file=sys.stderr)
            noted = True
        if proofs is not None and done is not None and done.refutation is not None:
            write_proof(proofs, f"puzzle-{entry.line}-{result.status.value}", done.refutation)
        if args.json:
            print_record(result, args.symbols, explaining(args))
        else:
            report(result, prefix, many, entry.index)
            if certifying and result.status is not Status.ERROR:  # (an error line says why there is no answer)
                line = describe_certificate(result) or (done.note if done else None) or (
                    "no proof needed: the duplicate givens listed are checkable by eye"
                    if result.status is Status.INVALID else "uncertified")
                print(f"  {line}" if many else line)
    return worst_exit(codes)
