"""``sudoku-cp serve``: the JSON API and the page, against a real server on a free loopback port."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip("starlette")  # the web extra (the test extra pulls it in)

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLVED_CELL_OFF = "5" + CLASSIC[1:2] + "3" + CLASSIC[3:]  # 3 twice in row 1 (and box 1): invalid

NO_SOLUTION = "12345678." + "........9" + "." * 63  # r1c9 can be no digit


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The server in its own process, its log kept; stopped (and the log read) at the end."""
    port = free_port()
    log = tmp_path_factory.mktemp("serve") / "serve.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "sudoku_cp", "serve", "--port", str(port),
                                 "--workers", "2"], stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):  # until it answers (or has died)
        assert proc.poll() is None, log.read_text()
        try:
            urllib.request.urlopen(url + "/", timeout=5).read()
            break
        except OSError:
            time.sleep(0.1)
    yield url, log
    proc.terminate()
    proc.wait(timeout=30)
    assert "Traceback" not in log.read_text(), log.read_text()


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
    (b" " * 2_000_000, 413, "at most"),
    (json.dumps({"puzzle": CLASSIC, "hint": 4}).encode(), 400, "expected a level 1, 2 or 3"),
])
def test_refused_and_the_server_still_answers(server, raw, status, words):
    url, _ = server
    code, got = post(url, "/api/explain" if b"hint" in raw else "/api/count", raw)
    assert code == status and words in got["error"]
    assert post(url, "/api/validate", {"puzzle": CLASSIC}) == (200, post(url, "/api/validate",
                                                                         {"puzzle": CLASSIC})[1])


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


def test_page_in_chromium(server, browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    url, _ = server
    browser.set_window_size(1280, 900)
    browser.get(url + "/")
    box = browser.find_element(By.ID, "puzzle")
    box.send_keys(CLASSIC)
    status = browser.find_element(By.ID, "status")
    WebDriverWait(browser, 60).until(lambda d: status.text == "unique")
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
    WebDriverWait(browser, 60).until(lambda d: hint.text)
    assert hint.text == post(url, "/api/explain", {"puzzle": CLASSIC, "hint": 1})[1]["hint_text"]
    assert "{" not in hint.text  # words, not a record
    Select(browser.find_element(By.ID, "backend")).select_by_value("sat,cpsat")  # a cross-check
    backends = browser.find_element(By.ID, "backends")
    WebDriverWait(browser, 60).until(lambda d: backends.text.count("unique in") == 2)
    assert backends.text.startswith("sat:") and "\ncpsat: unique in " in backends.text
    browser.find_element(By.CSS_SELECTOR, '#downloads [data-format="fpuzzles"]').click()
    WebDriverWait(browser, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#hinttext a"))
    link = browser.find_element(By.CSS_SELECTOR, "#hinttext a").get_attribute("href")
    assert link == post_text(url, {"puzzle": CLASSIC, "format": "fpuzzles"})
    shots = tmp_path
    for width in (390, 1280):
        browser.set_window_size(width, 900)
        browser.save_screenshot(str(shots / f"serve-{width}.png"))
    assert (shots / "serve-390.png").stat().st_size > 0


def test_serve_help_teaches_and_bad_workers_is_a_usage_error():
    out = subprocess.run([sys.executable, "-m", "sudoku_cp", "serve", "--help"], capture_output=True, text=True)
    assert out.returncode == 0
    for words in ("/api/validate", "/api/count", "/api/explain", "/api/candidates", "--host", "127.0.0.1",
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
        (400, {"error": "format 'png': expected dimacs, cpsat or fpuzzles"})
