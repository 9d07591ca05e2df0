"""The web app: routes in one table, work in the task functions the CLI calls, the CLI's JSON.

Every request has a deadline (its ``time_limit``, at most :data:`MAX_SECONDS`); solving runs in a
bounded worker pool off the event loop; a request that cannot get a worker within
:data:`QUEUE_SECONDS` (``make_app(queue_seconds=...)``) gets 503. Bodies over :data:`MAX_BODY` bytes get 413 before they are read
whole; bad input gets 400 and ``{"error": ...}`` worded as the CLI words it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ..core.board import PuzzleError
from ..core.results import Status
from ..core.shape import parse_box
from ..formats.text import MAX_PUZZLE_CHARS, parse_puzzle

MAX_BODY = MAX_PUZZLE_CHARS + 4096  # bytes: one puzzle's longest text and its options
MAX_SECONDS = 30.0  # the longest time_limit a request may ask for (and the default)
QUEUE_SECONDS = 10.0  # how long a request waits for a free worker before 503
WORKERS = 2


class BadRequest(Exception):
    """Input refused: 400 (or ``status``) with ``{"error": message}``."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


class Failed(Exception):
    """A solver failed the cross-check or its answer failed the checker: 500 with the CLI's error record."""

    def __init__(self, record: dict):
        super().__init__(record["error"])
        self.record = record


def _checked(board, work, symbols: str | None, explaining: bool | None = None, kind=None):
    """``work()``'s result; a disagreement or a failed verification becomes :class:`Failed` holding the
    record ``--json`` prints for it (status ``error``, every backend's answer; the CLI's exit 3), made
    as a ``kind`` (a :class:`Result` class: the keys of the command's records)."""
    from ..core.results import Result, SolverFailure
    from ..formats.records import record
    from ..tasks.solving import DisagreementError

    kind = kind or Result
    try:
        return work()
    except DisagreementError as exc:
        failed = kind(Status.ERROR, board, error=f"backends disagree: {exc}", backends=exc.check.results)
    except SolverFailure as exc:
        failed = kind(Status.ERROR, board, error=f"solver failure: {exc}")
    raise Failed(record(failed, symbols, explaining))


def _option(body: dict, key: str, kind: type, default: Any) -> Any:
    value = body.get(key, default)
    if value is None or (kind is bool) == isinstance(value, bool) and (
            isinstance(value, kind) or kind is float and isinstance(value, int)):
        return value
    raise BadRequest(f"{key}: expected {'a number' if kind is float else kind.__name__}, got {json.dumps(value)[:40]}")


def _board(body: dict):
    text = body.get("puzzle")
    if not isinstance(text, str):
        raise BadRequest('puzzle: expected a string (the puzzle text, link or JSON document)')
    box = _option(body, "box", str, None)
    from ..formats import sudokupad

    try:
        with sudokupad.options(_option(body, "rules_text", str, None), _option(body, "ignore_unread", bool, False)):
            return parse_puzzle(text, None if box is None else parse_box(box), _option(body, "symbols", str, None))
    except PuzzleError as exc:
        raise BadRequest(str(exc)) from None


def _time_limit(body: dict) -> float:
    limit = _option(body, "time_limit", float, MAX_SECONDS)
    if limit <= 0:
        raise BadRequest(f"time_limit {limit}: expected a positive number of seconds")
    return min(float(limit), MAX_SECONDS)


def _backends(body: dict, default: str = "sat"):
    from ..backends import resolve

    name = _option(body, "backend", str, default)
    try:
        return name, resolve(name)
    except (ValueError, KeyError) as exc:
        raise BadRequest(str(exc).strip("'\"")) from None


def do_validate(body: dict) -> dict:
    from ..formats.records import record
    from ..tasks.solving import validate

    return record(validate(_board(body)), _option(body, "symbols", str, None))


def do_count(body: dict) -> dict:
    from ..formats.records import record
    from ..tasks.solving import count

    board = _board(body)
    name, backends = _backends(body)
    limit = _option(body, "limit", int, 2)
    if limit < 1:
        raise BadRequest(f"limit {limit}: expected at least 1")
    deadline = _time_limit(body)
    result = _checked(board, lambda: count(board, limit, backends, time_limit=deadline),
                      _option(body, "symbols", str, None))
    if len(backends) > 1:
        result.backend = name
    return record(result, _option(body, "symbols", str, None))


def do_explain(body: dict) -> dict:
    from ..formats.records import record
    from ..tasks.explain import DEFAULT_LIMIT, explain

    board = _board(body)
    name, backends = _backends(body)
    limit = _option(body, "limit", int, DEFAULT_LIMIT)
    if limit < 2:
        raise BadRequest(f"limit {limit}: explain needs at least 2 to tell unique from multiple")
    steps = _option(body, "steps", bool, False)
    hint = _option(body, "hint", int, None)
    if hint is not None and hint not in (1, 2, 3):
        raise BadRequest(f"hint {hint}: expected a level 1, 2 or 3")
    symbols = _option(body, "symbols", str, None)
    deadline = _time_limit(body)
    result = _checked(board, lambda: explain(board, limit, backends, deadline, False, steps=(
        1 if hint is not None else True) if steps or hint is not None else False), symbols, True)
    out = record(result, symbols, True)
    found, rules = result.steps, board.rules
    if found is not None:  # the words explain prints beside its record, for the page
        if hint is not None:
            out["hint_text"] = found[0].hint(rules, hint, symbols) if found else "none, the grid is full"
        else:
            out["step_texts"] = [step.text(rules, symbols) for step in found]
            out["difficulty"] = found.difficulty()
    return out


def do_candidates(body: dict) -> dict:
    from functools import partial

    from ..tasks.candidates import DEFAULT_LIMIT, TrueCandidates, candidates

    board = _board(body)
    name, backends = _backends(body)
    limit = _option(body, "limit", int, DEFAULT_LIMIT)
    if limit < 1:
        raise BadRequest(f"limit {limit}: expected at least 1")
    deadline = _time_limit(body)
    result = _checked(board, lambda: candidates(board, backend=backends, limit=limit, time_limit=deadline),
                      _option(body, "symbols", str, None), kind=partial(TrueCandidates, limit=limit))
    if len(backends) > 1 and result.status is not Status.INVALID:
        result.backend = name
    return result.to_json(_option(body, "symbols", str, None))


def _cells(body: dict, key: str, size: int) -> list[tuple[int, int]]:
    cells = _option(body, key, list, [])
    if not all(isinstance(c, list) and len(c) >= 2 and all(isinstance(x, int) and 0 <= x < size for x in c[:2])
               for c in cells):
        raise BadRequest(f"{key}: expected a list of cells [row, col] counted from 0")
    return [(c[0], c[1]) for c in cells]


def do_svg(body: dict) -> str:
    """The board drawn with the catalogue's shapes, ``marked`` cells red, ``secondary`` blue."""
    from ..formats.svg import board_svg

    board = _board(body)
    return board_svg(board, symbols=_option(body, "symbols", str, None), marked=_cells(body, "marked", board.size),
                     secondary=_cells(body, "secondary", board.size))


def do_download(body: dict) -> str | bytes:
    """``format`` dimacs or cpsat: the model ``encode`` writes; fpuzzles: the f-puzzles link;
    certificate: the zip :func:`certificate_zip` makes."""
    from ..cli.encode_cmd import model_text
    from ..formats.fpuzzles import no_share_link, share_link

    board = _board(body)
    kind = _option(body, "format", str, "dimacs")
    if kind == "fpuzzles":
        refused = no_share_link(board)
        if refused is not None:
            raise BadRequest(f"--fpuzzles: {refused}")
        return share_link(board)
    if kind == "certificate":
        return certificate_zip(board, _time_limit(body), _option(body, "symbols", str, None))
    if kind not in ("dimacs", "cpsat"):
        raise BadRequest(f"format {kind!r}: expected dimacs, cpsat, fpuzzles or certificate")
    return model_text(board, kind, symbols=_option(body, "symbols", str, None))


def certificate_zip(board, time_limit: float, symbols: str | None = None) -> bytes:
    """What ``solve PUZZLE --unique --proof DIR`` writes, zipped, plus ``puzzle.txt`` (the puzzle).

    A unique or unsat puzzle's DRAT proof (``puzzle-1-STATUS.cnf`` and ``.drat``, checked by
    dratify before they are zipped) and the proof README: ``sudoku-cp check-proof DIR -f
    DIR/puzzle.txt`` checks them again. The answer and its proof share ``time_limit``: past it,
    504. Other answers have no proof to download: 422 saying what their certificate is.
    """
    import io
    import zipfile

    from ..backends import make
    from ..backends.base import Deadline
    from ..core.results import Status
    from ..formats.text import format_puzzle
    from ..tasks.certify import PROOF_README, ProofRefused, certify
    from ..tasks.solving import solve

    deadline = Deadline(time_limit)
    result = solve(board, "sat", unique=True, time_limit=deadline)
    if result.status is Status.INVALID:
        raise BadRequest("certificate: the puzzle repeats a digit in a unit (its conflicts are its "
                         "certificate): expected a puzzle that is unique or has no solution", 422)
    if result.status is Status.MULTIPLE:
        raise BadRequest("certificate: the puzzle has several solutions (two of them, checked, are its "
                         "certificate): expected a puzzle that is unique or has no solution", 422)
    try:
        done = certify(result, [make("sat")], deadline) if result.status is not Status.UNKNOWN else None
    except ProofRefused as exc:  # never expected: the checker refused the solver's proof
        raise BadRequest(f"certificate refused: {exc}", 500) from None
    if done is None or done.refutation is None:
        raise BadRequest(f"certificate: the time limit ({time_limit:g} s) ended the work before the proof "
                         f"was checked: expected a larger time_limit (at most {MAX_SECONDS:g})", 504)
    name = f"puzzle-1-{result.status.value}"
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(f"{name}.cnf", done.refutation.cnf)
        archive.writestr(f"{name}.drat", done.refutation.proof)
        archive.writestr("README.txt", PROOF_README)
        archive.writestr("puzzle.txt", format_puzzle(board, symbols) + "\n")
    return out.getvalue()


def do_edit(body: dict) -> dict:
    """The puzzle with one given set (``digit`` 1..N) or cleared (0) at ``cell`` ``[row, col]``.

    ``{"puzzle": TEXT}`` in the form it came in: a link stays an f-puzzles link (when f-puzzles can
    say its rules), a grid over several lines stays a grid, one line stays one line; a variant
    written otherwise becomes a puzzle document.
    """
    from ..formats.fpuzzles import no_share_link, share_link
    from ..formats.text import format_grid, format_line, format_puzzle

    board = _board(body)
    n = board.size
    cell = body.get("cell")
    if not (isinstance(cell, list) and len(cell) == 2 and all(type(x) is int and 0 <= x < n for x in cell)):
        raise BadRequest(f"cell {json.dumps(cell)[:40]}: expected [row, col] counted from 0, each 0..{n - 1}")
    digit = _option(body, "digit", int, None)
    if digit is None or not 0 <= digit <= n:
        raise BadRequest(f"digit {json.dumps(digit)}: expected 1..{n}, or 0 to clear the cell")
    board = board.with_givens([(cell[0], cell[1], digit)])
    symbols = _option(body, "symbols", str, None)
    text = body["puzzle"].strip()
    if "://" in text:
        return {"puzzle": share_link(board) if no_share_link(board) is None else format_puzzle(board, symbols)}
    if text.startswith("{") or not board.rules.is_classic:
        return {"puzzle": format_puzzle(board, symbols)}
    return {"puzzle": format_grid(board, symbols) if "\n" in text else format_line(board, symbols)}


class Pool:
    """A bounded pool of workers; a call waits at most ``queue_seconds`` for one, then 503."""

    def __init__(self, workers: int = WORKERS, queue_seconds: float = QUEUE_SECONDS):
        self.executor = ThreadPoolExecutor(workers, thread_name_prefix="sudoku-cp-serve")
        self.free = asyncio.Semaphore(workers)
        self.queue_seconds = queue_seconds

    async def run(self, work, body: dict):
        try:
            await asyncio.wait_for(self.free.acquire(), self.queue_seconds)
        except asyncio.TimeoutError:
            raise BadRequest("busy: every worker is solving; try again", 503) from None
        try:
            return await asyncio.get_running_loop().run_in_executor(self.executor, work, body)
        finally:
            self.free.release()


async def _body(request: Request) -> dict:
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise BadRequest(f"request body: expected at most {MAX_BODY} bytes", 413)
    chunks, size = [], 0
    async for chunk in request.stream():  # bounded even without (or lying about) Content-Length
        size += len(chunk)
        if size > MAX_BODY:
            raise BadRequest(f"request body: expected at most {MAX_BODY} bytes", 413)
        chunks.append(chunk)
    try:
        body = json.loads(b"".join(chunks))
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadRequest(f"request body: expected a JSON object ({exc})") from None
    if not isinstance(body, dict):
        raise BadRequest('request body: expected a JSON object such as {"puzzle": "..."}')
    return body


def _endpoint(work, media: str = "json"):
    async def endpoint(request: Request) -> Response:
        try:
            out = await request.app.state.pool.run(work, await _body(request))
        except BadRequest as exc:
            return JSONResponse({"error": str(exc)}, status_code=exc.status)
        except Failed as exc:
            return JSONResponse(exc.record, status_code=500)
        if isinstance(out, bytes):  # a download's archive
            return Response(out, media_type="application/zip",
                            headers={"Content-Disposition": 'attachment; filename="certificate.zip"'})
        if media != "json":
            return Response(out, media_type=media)
        return JSONResponse(out)
    return endpoint


async def page(request: Request) -> Response:
    return HTMLResponse(resources.files("sudoku_cp.web").joinpath("static/index.html").read_text("utf-8"))


ROUTES = [  # the one table
    Route("/", page),
    Route("/api/validate", _endpoint(do_validate), methods=["POST"]),
    Route("/api/count", _endpoint(do_count), methods=["POST"]),
    Route("/api/explain", _endpoint(do_explain), methods=["POST"]),
    Route("/api/candidates", _endpoint(do_candidates), methods=["POST"]),
    Route("/api/edit", _endpoint(do_edit), methods=["POST"]),
    Route("/api/download", _endpoint(do_download, "text/plain; charset=utf-8"), methods=["POST"]),
    Route("/api/svg", _endpoint(do_svg, "image/svg+xml"), methods=["POST"]),
]


def make_app(workers: int = WORKERS, queue_seconds: float = QUEUE_SECONDS) -> Starlette:
    """The app, its pool of ``workers`` solving threads made when it starts; a request waits
    ``queue_seconds`` at most for a free one, then gets 503."""
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        app.state.pool = Pool(workers, queue_seconds)
        yield
        app.state.pool.executor.shutdown(wait=False, cancel_futures=True)

    return Starlette(routes=ROUTES, lifespan=lifespan)
