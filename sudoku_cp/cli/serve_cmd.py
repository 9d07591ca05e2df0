"""``sudoku-cp serve``: the web page and JSON API on a local port (needs the ``web`` extra)."""

from __future__ import annotations

from .usage import CliError, command, group, reference, section


def add_parser(sub) -> None:
    p = command(sub, "serve", "Serve the web page and its JSON API on this machine.", (
        "sudoku-cp serve                      (then open http://127.0.0.1:8000/)",
        "sudoku-cp serve --port 8080 --workers 2",
        "curl -d '{\"puzzle\": \"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\"}' "
        "http://127.0.0.1:8000/api/count",
    ), more=reference("serve", "0 after Ctrl-C, 2 bad options or the [web] extra missing"))
    server = group(p, "server")
    server.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1, "
                        "this machine only)")
    server.add_argument("--port", type=int, default=8000, help="port to listen on (default: 8000; 0: any free port)")
    server.add_argument("--workers", type=int, default=2, help="puzzles solved at once (default: 2); "
                        "more requests wait up to 10 s, then get 503")
    section(p, "JSON API (POST a JSON body; the answer is the object --json prints)", [
        ("/api/validate, /api/count, /api/explain, /api/candidates",
         '{"puzzle": TEXT, "backend": ..., "limit": ..., "time_limit": ...}'),
        ("/api/edit", '{"puzzle": TEXT, "cell": [row, col], "digit": d or 0}: sets or clears a given'),
        ("/api/download", '{"puzzle": TEXT, "format": dimacs, cpsat, fpuzzles or certificate}'),
        ("errors", '400 bad input ({"error": ...}), 413 a body over 1 MB, 503 every worker busy'),
    ])
    p.set_defaults(run=run)


def run(args) -> int:
    if args.workers < 1:
        raise CliError(f"--workers {args.workers}: expected at least 1")
    try:
        import uvicorn
    except ImportError:
        raise CliError("serve needs Starlette and uvicorn: pip install 'sudoku-cp[web]'") from None
    from ..web.app import make_app

    uvicorn.run(make_app(args.workers), host=args.host, port=args.port, log_level="info")
    return 0
