"""``sudoku-cp serve``: the JSON API and the page, against a real server on a free loopback port."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("starlette")  # the web extra (the test extra pulls it in)

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLVED_CELL_OFF = "5" + CLASSIC[1:2] + "3" + CLASSIC[3:]  # 3 twice in row 1 (and box 1): invalid

NO_SOLUTION = "12345678." + "........9" + "." * 63  # r1c9 can be no digit


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running(log, argv: list[str]):
    """``argv`` (with ``--port PORT``, a free loopback port, added) serving; its URL; stopped at the end,
    its log free of tracebacks."""
    port = free_port()
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, *argv, "--port", str(port)], stdout=out,
                                stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):  # until it answers (or has died)
            assert proc.poll() is None, log.read_text()
            try:
                urllib.request.urlopen(url + "/", timeout=5).read()
                break
            except OSError:
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert "Traceback" not in log.read_text(), log.read_text()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``sudoku-cp serve`` in its own process, its log kept; stopped (and the log read) at the end."""
    log = tmp_path_factory.mktemp("serve") / "serve.log"
    with running(log, ["-m", "sudoku_cp", "serve", "--workers", "2"]) as url:
        yield url, log


# The app as ``make_app(WORKERS, QUEUE_SECONDS)`` builds it.
LAUNCH = """\
import sys
workers, queue, port = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[4])
import uvicorn
from sudoku_cp.web.app import make_app
uvicorn.run(make_app(workers, queue), host="127.0.0.1", port=port, log_level="info")
"""


def app_server(tmp_path_factory, workers: int = 2, queue: float = 10.0):
    log = tmp_path_factory.mktemp("app") / "serve.log"
    return running(log, ["-c", LAUNCH, str(workers), str(queue)])


def post(url: str, path: str, data: bytes | dict, headers: dict | None = None) -> tuple[int, dict]:
    raw = json.dumps(data).encode() if isinstance(data, dict) else data
    req = urllib.request.Request(url + path, data=raw, headers={"Content-Type": "application/json",
                                                                 **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def post_text(url: str, body: dict) -> str:
    req = urllib.request.Request(url + "/api/download", json.dumps(body).encode())
    with urllib.request.urlopen(req, timeout=120) as r:
        return r.read().decode()


def cli_json(*argv: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "sudoku_cp", *argv, "--json"], capture_output=True, text=True)
    return json.loads(out.stdout)


def cli_error(*argv: str) -> str:
    out = subprocess.run([sys.executable, "-m", "sudoku_cp", *argv], capture_output=True, text=True)
    assert out.returncode == 2
    return out.stderr.strip().removeprefix("sudoku-cp: ").removeprefix("error: ")


def timeless(record: dict) -> dict:
    """A record without its timings (which differ between two runs)."""
    out = {k: v for k, v in record.items() if "time" not in k and k not in ("backends", "stats")}
    out["stats"] = sorted(record.get("stats") or {})  # the same counters, each solve's own values
    return out


@pytest.mark.parametrize("command,puzzle", [("validate", CLASSIC), ("validate", SOLVED_CELL_OFF),
                                            ("count", CLASSIC), ("explain", CLASSIC[:-1] + ".")])
def test_same_object_as_the_cli(server, command, puzzle):
    url, _ = server
    status, got = post(url, f"/api/{command}", {"puzzle": puzzle})
    assert status == 200
    assert timeless(got) == timeless(cli_json(command, puzzle))


def test_count_answers_unique_with_a_limit_and_cross_check(server):
    url, _ = server
    status, got = post(url, "/api/count", {"puzzle": CLASSIC, "backend": "sat,dfs", "limit": 3})
    assert status == 200 and got["status"] == "unique" and got["count"] == 1
    assert got["backend"] == "sat,dfs"
    status, got = post(url, "/api/count", {"puzzle": "." * 81, "limit": 3})
    assert got["status"] == "multiple" and got["count"] == 3


def test_every_backend_in_the_page_menu_answers_through_the_api(server):
    """Each choice of the page's backend menu is a name the API takes: the puzzle counted unique by it
    (a cross-check answers for all its backends, each listed)."""
    import re
    from importlib import resources

    page = resources.files("sudoku_cp.web").joinpath("static/index.html").read_text("utf-8")
    menu = re.search(r'<select id="backend">(.*?)</select>', page).group(1)
    choices = [value or text for value, text in re.findall(r'<option(?: value="([^"]*)")?>([^<]*)</option>', menu)]
    assert choices[:3] == ["sat", "cpsat", "dfs"] and {"all", "mip", "smt", "xc", "choco"} <= set(choices)
    url, _ = server
    for choice in choices:
        status, got = post(url, "/api/count", {"puzzle": CLASSIC, "backend": choice})
        assert (status, got["status"], got["count"]) == (200, "unique", 1), (choice, got)
        names = [entry["backend"].split(":")[0] for entry in got["backends"] or []]
        expected = ["sat", "cpsat", "dfs"] if choice == "all" else choice.split(",") if "," in choice else []
        assert names == expected, (choice, names)


def test_bad_puzzle_is_400_worded_as_the_cli(server):
    url, _ = server
    status, got = post(url, "/api/validate", {"puzzle": "12x"})
    assert status == 400
    assert got["error"] in cli_error("validate", "12x")


@pytest.mark.parametrize("raw,status,words", [
    (b"{not json", 400, "expected a JSON object"),
    (b"[1, 2]", 400, "expected a JSON object"),
    (json.dumps({"puzzle": 5}).encode(), 400, "puzzle: expected a string"),
    (json.dumps({"puzzle": CLASSIC, "limit": "two"}).encode(), 400, "limit: expected int"),
    (json.dumps({"puzzle": CLASSIC, "time_limit": -1}).encode(), 400, "expected a positive number"),
    (json.dumps({"puzzle": CLASSIC, "backend": "nosuch"}).encode(), 400, "nosuch"),
    (json.dumps({"puzzle": CLASSIC, "hint": 4}).encode(), 400, "expected a level 1, 2 or 3"),
])
def test_refused_and_the_server_still_answers(server, raw, status, words):
    url, _ = server
    code, got = post(url, "/api/explain" if b"hint" in raw else "/api/count", raw)
    assert code == status and words in got["error"]
    assert post(url, "/api/validate", {"puzzle": CLASSIC}) == (200, post(url, "/api/validate",
                                                                         {"puzzle": CLASSIC})[1])


def whole_reply(s: socket.socket) -> bytes:
    """An HTTP reply read to the end of its body (headers and body may come in separate packets)."""
    reply = b""
    while True:
        head, blank, body = reply.partition(b"\r\n\r\n")
        length = re.search(rb"(?i)content-length: *(\d+)", head)
        if blank and length and len(body) >= int(length.group(1)):
            return reply
        part = s.recv(4096)
        if not part:
            return reply
        reply += part


def test_huge_declared_body_is_413_before_it_is_sent(server):
    """A Content-Length over the bound is answered from the headers: the body is never read (the client
    that sent it whole could meet a closed socket, so the headers go first and the answer is read)."""
    url, _ = server
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=60) as s:
        s.sendall(b"POST /api/count HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n"
                  b"Content-Type: application/json\r\n\r\n")
        reply = whole_reply(s)
    assert reply.startswith(b"HTTP/1.1 413") and b"at most" in reply
    assert post(url, "/api/validate", {"puzzle": CLASSIC})[0] == 200


def test_huge_body_without_content_length_is_413(server):
    """A chunked body (no Content-Length) is bounded while it streams in."""
    url, _ = server
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=60) as s:
        s.sendall(b"POST /api/count HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
                  b"Content-Type: application/json\r\n\r\n")
        chunk = b" " * 65536
        try:
            for _ in range(40):  # 2.6 MB, over the bound
                s.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            s.sendall(b"0\r\n\r\n")
        except OSError:  # the server answered and closed before the rest was sent
            pass
        reply = s.recv(4096)
    assert reply.startswith(b"HTTP/1.1 413")
    assert post(url, "/api/validate", {"puzzle": CLASSIC})[0] == 200


def test_share_string_bomb_is_refused(server):
    from test_rough_edges import lz_bomb

    url, _ = server
    share = "https://f-puzzles.com/?load=" + lz_bomb(30000)  # 450 million letters once decompressed
    code, got = post(url, "/api/validate", {"puzzle": share})
    assert code == 400 and "decompresses to more than 16,777,216 characters" in got["error"]
    assert got["error"] in cli_error("validate", share)
    assert post(url, "/api/validate", {"puzzle": CLASSIC})[0] == 200


def test_twenty_concurrent_requests_answered_correctly(server):
    url, _ = server
    empty_row = "." * 9  # the classic board without its first row: several solutions
    puzzles = [CLASSIC, "." * 81, SOLVED_CELL_OFF, empty_row + CLASSIC[9:]] * 5
    expected = {CLASSIC: "unique", "." * 81: "multiple", SOLVED_CELL_OFF: "invalid",
                empty_row + CLASSIC[9:]: "multiple"}
    with ThreadPoolExecutor(20) as pool:
        answers = list(pool.map(lambda p: post(url, "/api/count", {"puzzle": p}), puzzles))
    assert [a[0] for a in answers] == [200] * 20
    assert [a[1]["status"] for a in answers] == [expected[p] for p in puzzles]


def open_page(browser, url: str, puzzle: str, done=lambda words: words == "unique"):
    """The page at 1280 px with ``puzzle`` typed in, once its status satisfies ``done``: (text box, status)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.set_window_size(1280, 900)
    browser.get(url + "/")
    box = browser.find_element(By.ID, "puzzle")
    box.send_keys(puzzle)
    status = browser.find_element(By.ID, "status")
    WebDriverWait(browser, 60).until(lambda d: done(status.text))
    return box, status


def test_page_in_chromium(server, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    url, _ = server
    box, status = open_page(browser, url, CLASSIC)
    assert browser.find_element(By.CSS_SELECTOR, "#board svg")
    box.send_keys("\b" * 81 + SOLVED_CELL_OFF)  # an edit: two 3s in row 1
    WebDriverWait(browser, 60).until(lambda d: status.text.startswith("invalid"))
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board .mark")) == 2  # the two 3s, r1c2 and r1c3
    box.clear()
    box.send_keys(NO_SOLUTION)
    WebDriverWait(browser, 60).until(lambda d: "cannot all hold" in status.text)
    assert status.text.startswith("unsat: these 7 givens")
    box.clear()
    box.send_keys("." * 81)
    WebDriverWait(browser, 60).until(lambda d: status.text.startswith("multiple"))
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board .mark2")) > 0  # the differing cells
    box.clear()
    box.send_keys(CLASSIC)
    WebDriverWait(browser, 60).until(lambda d: status.text == "unique")
    browser.find_element(By.ID, "hint").click()
    hint = browser.find_element(By.ID, "hinttext")
    WebDriverWait(browser, 60).until(lambda d: hint.text and hint.text != "thinking...")
    assert hint.text == post(url, "/api/explain", {"puzzle": CLASSIC, "hint": 1})[1]["hint_text"]
    assert "{" not in hint.text  # words, not a record
    Select(browser.find_element(By.ID, "backend")).select_by_value("sat,cpsat")  # a cross-check
    backends = browser.find_element(By.ID, "backends")
    WebDriverWait(browser, 60).until(lambda d: backends.text.count("unique in") == 2)
    assert backends.text.startswith("sat:") and "\ncpsat: unique in " in backends.text
    Select(browser.find_element(By.ID, "backend")).select_by_value("all")  # sat, cpsat and dfs
    WebDriverWait(browser, 60).until(lambda d: backends.text.count("unique in") == 3)
    assert "\ndfs: unique in " in backends.text
    browser.find_element(By.CSS_SELECTOR, '#downloads [data-format="fpuzzles"]').click()
    WebDriverWait(browser, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#dlmsg a"))
    link = browser.find_element(By.CSS_SELECTOR, "#dlmsg a").get_attribute("href")
    assert link == post_text(url, {"puzzle": CLASSIC, "format": "fpuzzles"})


def test_hint_levels_mark_the_step_on_the_board(server, browser):
    """Level 1 names the technique only (no cell marked); level 2 marks the conclusion's cells; level 3
    also the premises' cells and the digit placed: the cells of the API's first step, nothing else."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    url, _ = server
    open_page(browser, url, CLASSIC)
    first = post(url, "/api/explain", {"puzzle": CLASSIC, "hint": 3})[1]["steps"][0]
    name = lambda f: f"{f[0]},{f[1]}"  # noqa: E731
    hint = browser.find_element(By.ID, "hinttext")
    for level in (1, 2, 3):
        Select(browser.find_element(By.ID, "level")).select_by_value(str(level))
        browser.find_element(By.ID, "hint").click()
        expected = post(url, "/api/explain", {"puzzle": CLASSIC, "hint": level})[1]["hint_text"]
        WebDriverWait(browser, 60).until(lambda d: hint.text == expected)
        marked = {kind: {r.get_attribute("data-at") for r in browser.find_elements(By.CSS_SELECTOR, f"#board rect.step-{kind}")}
                  for kind in ("conclusion", "premise")}
        assert marked["conclusion"] == (set() if level == 1 else {name(f) for f in first["conclusion"]})
        assert marked["premise"] == ({name(f) for f in first["premises"]} - marked["conclusion"] if level == 3 else set())
        placed = [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#board text.concluded")]
        assert placed == ([str(f[2]) for f in first["conclusion"] if f[2] > 0] if level == 3 else [])


def test_serve_help_teaches_and_bad_workers_is_a_usage_error():
    out = subprocess.run([sys.executable, "-m", "sudoku_cp", "serve", "--help"], capture_output=True, text=True)
    assert out.returncode == 0
    for words in ("/api/validate", "/api/count", "/api/explain", "/api/candidates", "/api/edit", "certificate",
                  "--host", "127.0.0.1",
                  "413", "503", "curl"):
        assert words in out.stdout
    assert cli_error("serve", "--workers", "0") == "--workers 0: expected at least 1"


@pytest.mark.parametrize("kind", ["dimacs", "cpsat"])
def test_download_is_what_encode_writes(server, kind):
    url, _ = server
    req = urllib.request.Request(url + "/api/download", json.dumps({"puzzle": CLASSIC, "format": kind}).encode())
    with urllib.request.urlopen(req, timeout=120) as r:
        got = r.read().decode()
    out = subprocess.run([sys.executable, "-m", "sudoku_cp", "encode", CLASSIC, "--format", kind],
                         capture_output=True, text=True)
    assert got.rstrip("\n") == out.stdout.rstrip("\n") and got


def test_download_fpuzzles_link_reads_back(server):
    from sudoku_cp.formats.text import format_line, parse_puzzle

    url, _ = server
    req = urllib.request.Request(url + "/api/download", json.dumps({"puzzle": CLASSIC, "format": "fpuzzles"}).encode())
    with urllib.request.urlopen(req, timeout=120) as r:
        link = r.read().decode()
    assert format_line(parse_puzzle(link)) == CLASSIC
    assert post(url, "/api/download", {"puzzle": CLASSIC, "format": "png"}) == \
        (400, {"error": "format 'png': expected dimacs, cpsat, fpuzzles or certificate"})


def test_candidates_is_the_cli_object_and_refuses_a_bad_limit(server):
    url, _ = server
    two = "12..34....12...."
    status, got = post(url, "/api/candidates", {"puzzle": two, "limit": 3})
    assert status == 200 and got["status"] == "multiple"
    assert got["candidates"][0] == [[1], [2], [3, 4], [3, 4]]
    assert timeless(got) == timeless(cli_json("candidates", two, "--limit", "3"))
    status, got = post(url, "/api/candidates", {"puzzle": two, "limit": 0})
    assert status == 400 and "limit 0" in got["error"]
    status, got = post(url, "/api/candidates", {"puzzle": NO_SOLUTION})
    assert status == 200 and got["status"] == "unsat" and got["candidates"][0][8] == []


# The app with a backend that lies (tests/fakes.py) registered beside the real ones.
LIAR = """\
import sys
sys.path.insert(0, sys.argv[1])
from sudoku_cp.backends import REGISTRY, Entry
REGISTRY["liar"] = Entry("fakes:LiarBackend", "test only")
import uvicorn
from sudoku_cp.web.app import make_app
uvicorn.run(make_app(2, 10.0), host="127.0.0.1", port=int(sys.argv[3]), log_level="info")
"""
LIAR_CLI = LIAR.partition("import uvicorn")[0] + "from sudoku_cp.cli import main\nsys.exit(main(sys.argv[2:]))\n"


@pytest.mark.parametrize("path", ["/api/count", "/api/candidates", "/api/explain"])
def test_a_disagreement_is_the_cli_error_record_not_a_traceback(tmp_path, path):
    """A cross-check with a backend whose answer fails the checker: 500 with the record ``--json`` prints
    (status error, every backend's answer), the server still answering, nothing in its log but requests."""
    with running(tmp_path / "serve.log", ["-c", LIAR, str(Path(__file__).parent)]) as url:
        status, got = post(url, path, {"puzzle": TWO, "backend": "sat,liar"})
        assert status == 500 and got["status"] == "error" and got["puzzle"] == TWO
        cli = subprocess.run([sys.executable, "-c", LIAR_CLI, str(Path(__file__).parent), path.rpartition("/")[2],
                              TWO, "--backend", "sat,liar", "--json"], capture_output=True, text=True)
        assert cli.returncode == 3 and got["error"] == json.loads(cli.stdout)["error"]
        if path == "/api/candidates":  # the liar's first wrong grid stops it, as in the CLI
            assert got["error"].startswith("solver failure: liar returned a wrong solution")
            assert got["candidates"] is None and got["limit"] == 2 and got["backends"] is None
        else:  # a cross-check: every backend's answer
            assert got["error"].startswith("backends disagree")
            assert [entry["backend"] for entry in got["backends"]] == ["sat:cadical195", "liar"]
            assert got["backends"][1]["status"] == "error" and "wrong solution" in got["backends"][1]["error"]
        assert post(url, path, {"puzzle": CLASSIC})[0] == 200


# --- typing givens, certificates, the bound on concurrent work ---

TWO = "." * 9 + CLASSIC[9:]  # the classic board without its first row: two solutions


def test_edit_sets_and_clears_a_given_keeping_the_form(server):
    from sudoku_cp.formats.fpuzzles import share_link
    from sudoku_cp.formats.text import format_grid, parse_puzzle

    url, _ = server
    board = parse_puzzle(CLASSIC)
    assert post(url, "/api/edit", {"puzzle": CLASSIC, "cell": [0, 2], "digit": 4}) == \
        (200, {"puzzle": CLASSIC[:2] + "4" + CLASSIC[3:]})
    assert post(url, "/api/edit", {"puzzle": CLASSIC, "cell": [0, 0], "digit": 0}) == (200, {"puzzle": "." + CLASSIC[1:]})
    grid = format_grid(board)
    code, got = post(url, "/api/edit", {"puzzle": grid, "cell": [8, 8], "digit": 0})
    assert code == 200 and got["puzzle"] == format_grid(board.with_givens([(8, 8, 0)]))  # still a grid
    code, got = post(url, "/api/edit", {"puzzle": share_link(board), "cell": [0, 2], "digit": 4})
    assert code == 200 and got["puzzle"].startswith("https://f-puzzles.com/?load=")  # still a link
    assert parse_puzzle(got["puzzle"]).cells == board.with_givens([(0, 2, 4)]).cells
    diagonal = json.dumps({"givens": "." * 81, "constraints": [{"type": "diagonal"}]})
    code, got = post(url, "/api/edit", {"puzzle": diagonal, "cell": [4, 4], "digit": 5})
    edited = parse_puzzle(got["puzzle"])
    assert code == 200 and edited[4, 4] == 5 and edited.blanks == 80
    assert [u.kind for u in edited.rules.units] == [u.kind for u in parse_puzzle(diagonal).rules.units]


@pytest.mark.parametrize("body,words", [
    ({"cell": [9, 0], "digit": 1}, "cell [9, 0]: expected [row, col] counted from 0, each 0..8"),
    ({"cell": "r1c1", "digit": 1}, 'cell "r1c1": expected [row, col]'),
    ({"digit": 1}, "cell null: expected [row, col]"),
    ({"cell": [0, 0], "digit": 10}, "digit 10: expected 1..9, or 0 to clear the cell"),
    ({"cell": [0, 0], "digit": True}, "digit: expected int, got true"),
    ({"cell": [0, 0]}, "digit null: expected 1..9"),
])
def test_edit_refuses_a_bad_cell_or_digit(server, body, words):
    url, _ = server
    code, got = post(url, "/api/edit", {"puzzle": CLASSIC, **body})
    assert code == 400 and got["error"].startswith(words)


def download(url: str, body: dict) -> tuple[int, str, bytes]:
    req = urllib.request.Request(url + "/api/download", json.dumps(body).encode())
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return r.status, r.headers["Content-Type"], r.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers["Content-Type"], exc.read()


@pytest.mark.parametrize("puzzle,status", [(CLASSIC, "unique"), (NO_SOLUTION, "unsat")])
def test_certificate_is_what_proof_writes_and_checks_again(server, tmp_path, puzzle, status):
    import zipfile

    url, _ = server
    code, media, data = download(url, {"puzzle": puzzle, "format": "certificate"})
    assert code == 200 and media == "application/zip"
    name = f"puzzle-1-{status}"
    got = tmp_path / "zip"
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert sorted(archive.namelist()) == sorted([f"{name}.cnf", f"{name}.drat", "README.txt", "puzzle.txt"])
        archive.extractall(got)
    cli = tmp_path / "cli"
    subprocess.run([sys.executable, "-m", "sudoku_cp", "solve", puzzle, "--unique", "--proof", str(cli)],
                   capture_output=True, check=False)
    for kind in ("cnf", "drat"):  # the very files --proof writes (the solver is deterministic)
        assert (got / f"{name}.{kind}").read_text() == (cli / f"{name}.{kind}").read_text()
    assert (got / "README.txt").read_text() == (cli / "README.txt").read_text()
    again = subprocess.run([sys.executable, "-m", "sudoku_cp", "check-proof", str(got), "-f", str(got / "puzzle.txt")],
                           capture_output=True, text=True)
    assert again.returncode == 0, again.stdout + again.stderr
    cnf = got / f"{name}.cnf"
    cnf.write_text(cnf.read_text() + "1 0\n")  # an edited formula: refused
    again = subprocess.run([sys.executable, "-m", "sudoku_cp", "check-proof", str(got), "-f", str(got / "puzzle.txt")],
                           capture_output=True, text=True)
    assert again.returncode == 3 and "is not the formula" in again.stdout + again.stderr


def test_certificate_of_a_puzzle_without_a_proof_says_what_its_certificate_is(server):
    url, _ = server
    code, _, data = download(url, {"puzzle": TWO, "format": "certificate"})
    assert code == 422 and "several solutions" in json.loads(data)["error"]
    code, _, data = download(url, {"puzzle": SOLVED_CELL_OFF, "format": "certificate"})
    assert code == 422 and "repeats a digit" in json.loads(data)["error"]


SLOW = {"puzzle": "." * 81, "limit": 10**6}  # counting that runs until its time limit (10^21 solutions)


def test_requests_beyond_the_bound_wait_for_a_worker(server):
    """Four requests of 2 s on two workers that wait up to 10 s: all answered, two after waiting."""
    url, _ = server
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: post(url, "/api/count", {**SLOW, "time_limit": 2}), range(4)))
    assert [code for code, _ in answers] == [200] * 4
    assert all(got["status"] == "multiple" and not got["complete"] for _, got in answers)
    assert post(url, "/api/validate", {"puzzle": CLASSIC})[0] == 200


def test_requests_beyond_the_bound_get_503_and_the_server_still_answers(tmp_path_factory):
    """One worker, a wait of 0.5 s: of 1 + 3 requests that each hold the worker 3 s, those that
    cannot get it in time are 503 (at least two: the first holds it 3 s, six times the wait)."""
    with app_server(tmp_path_factory, workers=1, queue=0.5) as url:
        with ThreadPoolExecutor(4) as pool:
            answers = list(pool.map(lambda _: post(url, "/api/count", {**SLOW, "time_limit": 3}), range(4)))
        codes = sorted(code for code, _ in answers)
        assert set(codes) <= {200, 503} and codes.count(200) >= 1 and codes.count(503) >= 2
        for code, got in answers:
            if code == 503:
                assert got == {"error": "busy: every worker is solving; try again"}
            else:
                assert got["status"] == "multiple" and not got["complete"]
        code, got = post(url, "/api/count", {"puzzle": CLASSIC})  # still answering, and rightly
        assert code == 200 and timeless(got) == timeless(cli_json("count", CLASSIC))


# --- the page in Chromium: typing into the grid, candidates, stepping ---

def active(browser) -> tuple[str | None, str | None]:
    """The focused element's cell and aria label, read in one script (a redraw between two reads would
    leave the second on a detached element)."""
    cell, label = browser.execute_script(
        "const e = document.activeElement; return [e.getAttribute('data-cell'), e.getAttribute('aria-label')];")
    return cell, label


def test_page_types_givens_into_the_grid_with_the_keyboard(server, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    url, _ = server
    box, status = open_page(browser, url, CLASSIC)
    for _ in range(12):  # Tab from the text: the backend, then the grid (one stop for all its cells)
        browser.switch_to.active_element.send_keys(Keys.TAB)
        if active(browser)[0] is not None:
            break
    assert active(browser) == ("0,0", "r1c1, given 5")
    browser.switch_to.active_element.send_keys(Keys.TAB)
    assert active(browser)[0] is None  # out of the grid: the next control
    browser.find_element(By.CSS_SELECTOR, 'rect.cell[data-cell="0,2"]').click()
    # blank; once the true candidates have come, also the one digit of the unique solution there
    assert active(browser) in (("0,2", "r1c3, blank"), ("0,2", "r1c3, blank, candidates 4"))
    browser.switch_to.active_element.send_keys("3")  # a second 3 in row 1
    WebDriverWait(browser, 60).until(lambda d: status.text.startswith("invalid"))
    assert box.get_attribute("value") == CLASSIC[:2] + "3" + CLASSIC[3:]
    assert active(browser) == ("0,2", "r1c3, given 3")  # the focus stayed in the redrawn grid
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board .mark")) == 2
    browser.switch_to.active_element.send_keys(Keys.BACKSPACE)
    WebDriverWait(browser, 60).until(lambda d: status.text == "unique")
    assert box.get_attribute("value") == CLASSIC
    for key, cell in ((Keys.ARROW_RIGHT, ("0,3", "r1c4, blank")), (Keys.ARROW_DOWN, ("1,3", "r2c4, given 1")),
                      (Keys.END, ("1,8", "r2c9, blank")), (Keys.ARROW_RIGHT, ("1,8", "r2c9, blank"))):
        browser.switch_to.active_element.send_keys(key)
        assert active(browser)[0] == cell[0] and active(browser)[1].startswith(cell[1])
    browser.find_element(By.CSS_SELECTOR, 'rect.cell[data-cell="0,0"]').click()
    browser.switch_to.active_element.send_keys("0")  # clear a given: r1c1's 5 goes
    WebDriverWait(browser, 60).until(lambda d: box.get_attribute("value") == "." + CLASSIC[1:])
    WebDriverWait(browser, 60).until(lambda d: status.text == "unique")  # still unique without it
    assert active(browser)[1].startswith("r1c1, blank")


def expected_candidates(puzzle: str) -> list[list[list[int]]]:
    """Each cell's digits over every solution (an enumeration, independent of the candidates task)."""
    from sudoku_cp.formats.text import parse_puzzle
    from sudoku_cp.tasks.solving import count

    result = count(parse_puzzle(puzzle), 1000)
    assert result.complete
    return [[sorted({s[r, c] for s in result.solutions}) for c in range(9)] for r in range(9)]


def drawn(browser) -> dict[str, str]:
    """Each blank cell's aria label, as the page wrote it from the candidates it drew."""
    from selenium.webdriver.common.by import By

    labels = (e.get_attribute("aria-label") for e in browser.find_elements(By.CSS_SELECTOR, "#board rect.cell"))
    return {label.split(",")[0]: label.split(", ", 2)[-1] for label in labels if ", blank" in label}


@pytest.fixture(scope="module")
def candidates_server(tmp_path_factory):
    """The app with the real candidates task, or (until it is in this build) the stand-in."""
    with app_server(tmp_path_factory) as url:
        yield url


def test_page_draws_true_candidates_and_redraws_them_after_an_edit(candidates_server, browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    open_page(browser, candidates_server, TWO, lambda words: words != "")
    cands = browser.find_element(By.ID, "cands")
    WebDriverWait(browser, 60).until(lambda d: cands.text.startswith("true candidates:") and "working" not in cands.text)
    want = expected_candidates(TWO)
    blank = [(r, c) for r in range(9) for c in range(9) if TWO[r * 9 + c] == "."]
    open_cells = sum(len(want[r][c]) > 1 for r, c in blank)
    assert cands.text == f"true candidates: {open_cells} of {len(blank)} blank cells still open (small digits)"
    assert drawn(browser) == {f"r{r + 1}c{c + 1}": "candidates " + " ".join(map(str, want[r][c])) for r, c in blank}
    small = browser.find_elements(By.CSS_SELECTOR, "#board text.candidate")
    assert len(small) == sum(len(want[r][c]) for r, c in blank)  # givens have none drawn
    WebDriverWait(browser, 60).until(lambda d: d.find_element(By.ID, "status").text.startswith("multiple"))
    WebDriverWait(browser, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board .mark2"))
    assert drawn(browser) == {f"r{r + 1}c{c + 1}": "candidates " + " ".join(map(str, want[r][c])) for r, c in blank}
    # the screenshots of the README, looked at before they were committed: written into docs/ only when
    # SUDOKU_CP_DOCS is set (a test run leaves the checkout as it was), else beside the test's other files
    shots = DOCS if os.environ.get("SUDOKU_CP_DOCS") else tmp_path
    for width in (1280, 390):
        browser.set_window_size(width, 1000 if width == 1280 else 1400)
        browser.save_screenshot(str(shots / ("serve.png" if width == 1280 else "serve-390.png")))
        assert (shots / ("serve.png" if width == 1280 else "serve-390.png")).stat().st_size > 10_000
    browser.set_window_size(1280, 900)
    r, c = next((r, c) for r, c in blank if len(want[r][c]) > 1)  # pin an open cell to its first digit
    browser.find_element(By.CSS_SELECTOR, f'rect.cell[data-cell="{r},{c}"]').click()
    browser.switch_to.active_element.send_keys(str(want[r][c][0]))
    WebDriverWait(browser, 60).until(lambda d: d.find_element(By.ID, "status").text == "unique")
    edited = TWO[:r * 9 + c] + str(want[r][c][0]) + TWO[r * 9 + c + 1:]
    now = expected_candidates(edited)
    WebDriverWait(browser, 60).until(lambda d: cands.text.startswith("true candidates: 0 of"))
    assert drawn(browser) == {f"r{r + 1}c{c + 1}": "candidates " + " ".join(map(str, now[r][c]))
                              for r, c in blank if edited[r * 9 + c] == "."}
    assert all(len(now[r][c]) == 1 for r, c in blank)  # a unique puzzle's candidates: its solution
    shown = len(browser.find_elements(By.CSS_SELECTOR, "#board text.candidate"))
    browser.find_element(By.ID, "showcands").click()  # a solver hides them: they give the solution away
    assert browser.find_elements(By.CSS_SELECTOR, "#board text.candidate") == [] and shown > 0
    browser.find_element(By.ID, "showcands").click()
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board text.candidate")) == shown


DOCS = Path(__file__).parent.parent / "docs"


def test_page_steps_through_the_explanation(server, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    url, _ = server
    open_page(browser, url, CLASSIC)
    e = post(url, "/api/explain", {"puzzle": CLASSIC, "steps": True})[1]
    steps, texts, rating = e["steps"], e["step_texts"], e["difficulty"]
    browser.find_element(By.ID, "explain").click()
    text = browser.find_element(By.ID, "steptext")
    WebDriverWait(browser, 60).until(lambda d: text.text.startswith("step 1 of"))

    def shows(i: int) -> None:
        assert text.text == f"step {i + 1} of {len(steps)}: {texts[i]} ({steps[i]['technique']})"
        marked = {tuple(map(int, r.get_attribute("data-at").split(",")))
                  for r in browser.find_elements(By.CSS_SELECTOR, "#board rect.step-conclusion")}
        assert marked == {(f[0], f[1]) for f in steps[i]["conclusion"]}
        placed = len(browser.find_elements(By.CSS_SELECTOR, "#board text.placed"))
        assert placed == sum(f[2] > 0 for s in steps[:i] for f in s["conclusion"])

    assert browser.find_element(By.ID, "rating").text == \
        f"rating: SE {rating['se']} ({rating['level']}), hardest step: {rating['hardest']}"
    shows(0)
    assert browser.find_element(By.ID, "prev").get_attribute("disabled")
    browser.find_element(By.ID, "next").click()
    shows(1)
    browser.find_element(By.ID, "last").click()
    shows(len(steps) - 1)
    assert browser.find_element(By.ID, "next").get_attribute("disabled")
    browser.find_element(By.ID, "prev").click()
    shows(len(steps) - 2)
    browser.find_element(By.ID, "first").click()
    shows(0)
    browser.find_element(By.ID, "close").click()
    assert not browser.find_elements(By.CSS_SELECTOR, "#board rect.step-conclusion") and not text.text
    browser.find_element(By.ID, "puzzle").clear()
    browser.find_element(By.ID, "puzzle").send_keys(TWO)  # no steps for a puzzle with two solutions
    WebDriverWait(browser, 60).until(lambda d: d.find_element(By.ID, "status").text.startswith("multiple"))
    browser.find_element(By.ID, "explain").click()
    WebDriverWait(browser, 60).until(lambda d: text.text.startswith("no steps"))
    assert text.text == "no steps: steps need a puzzle with exactly one solution"
    browser.find_element(By.CSS_SELECTOR, '#downloads [data-format="certificate"]').click()
    message = browser.find_element(By.ID, "dlmsg")
    WebDriverWait(browser, 60).until(lambda d: "several solutions" in message.text)
