"""One self-contained HTML page to step through a solution: no network, no server, inline CSS and JS.

The page shows the grid with candidates as it stands before each step, the step's cells and units
highlighted (the cells it fills or clears in orange, the facts it uses in blue, its units shaded),
its sentence, and a difficulty summary (which techniques were needed, how often). The grid lies
over the picture of its rules that the SVG writer draws (:func:`~.svg.page_picture`: every
kind's marks, under the digits), and a chain step's links (``arrows``) are drawn as arrows
between candidates over it. Sizes follow the board's width, so a phone shows it whole. Buttons and the
arrow keys (Home, End too) move forward and back; ``page.html#step=12`` opens at step 12. In a
notebook (``embedded``) each view has its own root element and listens to keys only while it has
the focus, so several views step independently and typing in a cell is left alone. The steps are embedded as JSON
(``<script type="application/json" id="steps-data">``), the same ``steps`` as ``explain --json``
plus each step's sentence, and the grid before each step.

``steps_page`` takes any object with a ``page_data()`` method (``tasks.steps.Steps``), so this
module needs nothing from the layers above.

>>> page = steps_page_from_data({"size": 4, "box": [2, 2], "givens": [0] * 16, "region": [0] * 16,
...     "units": [], "states": [{"cells": [0] * 16, "cands": [[1, 2, 3, 4]] * 16}], "steps": [],
...     "techniques": {}, "solved": False})
>>> page.startswith("<!DOCTYPE html>"), "http" in page.replace("http-equiv", "")
(True, False)
"""

from __future__ import annotations

import html
import json
import uuid
from math import isqrt
from typing import Any

from ..core.board import Board
from ..core.shape import Shape
from .svg import page_picture
from .text import DEFAULT_SYMBOLS


def steps_page(steps: Any, title: str = "Step by step", embedded: bool = False,
               symbols: str | None = None) -> str:
    """The page for a step sequence (``steps.page_data(symbols)``); ``embedded``: a fragment for a notebook."""
    return steps_page_from_data(steps.page_data(symbols), title, embedded)


def steps_page_from_data(data: dict[str, Any], title: str = "Step by step", embedded: bool = False) -> str:
    """The page (or, ``embedded``, a ``<div>`` fragment) for the data of :meth:`Steps.page_data`."""
    payload = data if "symbols" in data else dict(
        data, symbols=DEFAULT_SYMBOLS if data["size"] <= len(DEFAULT_SYMBOLS) else None)
    picture = dict(payload.get("picture") or page_picture(Board.empty(Shape(*payload["box"]))))
    svg = picture.pop("svg")  # drawn once, in the page; the rest (margins, cage sums) is for the script
    payload = dict(payload, picture=picture)
    text = json.dumps(payload, separators=(",", ":")).replace("</", "<\\/").replace("<!--", "<\\!--")
    root = f"ss-root-{uuid.uuid4().hex[:12]}" if embedded else "ss-root"
    n, (top, right, bottom, left) = payload["size"], picture["margins"]
    board = (f"--n: {n}; --k: {isqrt(n - 1) + 1}; --cols: {n + left + right}; --rows: {n + top + bottom}; "
             f"--left: {left}; --top: {top}")
    body = (BODY.replace("@TITLE@", html.escape(title)).replace("@DATA@", text).replace("@ROOT@", root)
            .replace("@PICTURE@", svg).replace("@BOARD@", board))
    script = SCRIPT.replace("@ROOT@", root).replace("@EMBEDDED@", "true" if embedded else "false")
    if embedded:
        return f'<div class="sudoku-steps">{STYLE}{body}<script>{script}</script></div>'
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{html.escape(title)}</title>{STYLE}</head>\n<body>{body}'
            f'<script>{script}</script></body></html>\n')


# The board is the rules' picture (svg.page_picture: the same drawing as the SVG writer's) with the
# cells laid over it and the chain's arrows over them; sizes follow the board's width (cqw), so it
# shrinks to a phone's screen instead of scrolling.
STYLE = """<style>
.sudoku-steps, body { font-family: system-ui, sans-serif; color: #222; }
body { margin: 0; }
.ss-root { display: flex; gap: 20px 28px; align-items: flex-start; margin: 12px; flex-wrap: wrap; }
#ss-board { position: relative; width: min(100%, calc(var(--cols) * 56px)); flex: 0 0 auto;
  container-type: inline-size; }
#ss-board > svg { display: block; width: 100%; height: auto; overflow: visible; }
#ss-board #ss-arrows { position: absolute; left: 0; top: 0; height: 100%; pointer-events: none; }
#ss-grid { position: absolute; display: grid; left: calc(100% * var(--left) / var(--cols));
  top: calc(100% * var(--top) / var(--rows)); width: calc(100% * var(--n) / var(--cols));
  height: calc(100% * var(--n) / var(--rows));
  grid-template-columns: repeat(var(--n), 1fr); grid-template-rows: repeat(var(--n), 1fr); }
#ss-grid .cell { display: flex; align-items: center; justify-content: center; position: relative;
  box-sizing: border-box; min-width: 0; min-height: 0; overflow: hidden;
  font-size: calc(100cqw / var(--cols) * 0.6); line-height: 1; }
#ss-grid .cell.given { font-weight: 700; }
#ss-grid .cell.placed { color: #1a5fb4; }
#ss-grid .cell.low { padding-top: 26%; }
#ss-grid .cell.unit { background: rgba(255, 214, 0, 0.2); }
#ss-grid .cell.focus { background: rgba(255, 190, 0, 0.4); }
#ss-grid .cell.premise { box-shadow: inset 0 0 0 max(2px, calc(100cqw / var(--cols) * 0.055)) #3584e4; }
#ss-grid .cell.target { background: rgba(255, 120, 0, 0.45); }
.cands { display: grid; width: 100%; height: 100%; box-sizing: border-box; color: #555; padding: 8%;
  grid-template-columns: repeat(var(--k), 1fr); grid-template-rows: repeat(var(--k), 1fr);
  font-size: calc(100cqw / var(--cols) / var(--k) * 0.72); align-items: center; justify-items: center; }
.cell.summed .cands { padding-top: 30%; }  /* below the cage's sum (PAD and SUMMED in the script) */
.cands span.gone { color: #c01c28; text-decoration: line-through; font-weight: 700; }
.cands span.put { color: #1a5fb4; font-weight: 700; }
#ss-side { flex: 1 1 300px; min-width: 0; max-width: 560px; overflow-wrap: anywhere; }
#ss-side h1 { font-size: 20px; margin: 0 0 8px; }
#ss-rules { color: #555; margin: 0 0 8px; }
#ss-counter { font-weight: 600; margin: 8px 0; }
#ss-text { min-height: 4.5em; font-size: 17px; line-height: 1.4; }
#ss-tech { color: #555; margin: 6px 0 12px; }
#ss-nav { display: flex; flex-wrap: wrap; gap: 4px; }
#ss-nav button { font-size: 16px; padding: 6px 10px; }
#ss-summary { margin-top: 18px; border-top: 1px solid #ccc; padding-top: 8px; }
#ss-summary li { margin: 2px 0; }
#ss-legend { color: #555; font-size: 13px; margin-top: 10px; }
</style>"""

BODY = """<div id="@ROOT@" class="ss-root" tabindex="0">
<div id="ss-board" style="@BOARD@">@PICTURE@
<div id="ss-grid" aria-label="grid"></div>
<svg id="ss-arrows" aria-label="chain"></svg></div>
<div id="ss-side">
<h1>@TITLE@</h1>
<div id="ss-rules"></div>
<div id="ss-nav"><button id="ss-first" title="Home">&laquo; Start</button><button id="ss-prev"
 title="Left arrow">&#x25C0; Back</button><button id="ss-next" title="Right arrow">Next &#x25B6;</button><button
 id="ss-last" title="End">End &raquo;</button></div>
<div id="ss-counter"></div>
<div id="ss-text"></div>
<div id="ss-tech"></div>
<div id="ss-legend">Orange: the cell the step fills or clears. Blue frame: a fact it uses.
Shaded: its units. Red, struck out: candidates it removes. A chain's links are arrows between
candidates: green if the link makes it true, blue if false; solid into a true one, dashed into a
false one. Keys: &larr; &rarr; Home End.</div>
<div id="ss-summary"></div>
</div>
<script type="application/json" id="steps-data">@DATA@</script></div>"""

SCRIPT = r"""
(function () {
  const root = document.getElementById("@ROOT@"), embedded = @EMBEDDED@;
  const $ = id => root.querySelector("#" + id);  // this view's own elements, however many share the page
  const data = JSON.parse($("steps-data").textContent);
  const n = data.size, steps = data.steps, states = data.states;
  const sym = d => data.symbols ? data.symbols[d - 1] : String(d);
  const side = Math.ceil(Math.sqrt(n));
  const pic = data.picture, C = pic.cell, summed = {};
  pic.summed.forEach(i => { summed[i] = true; });
  if (pic.rules) $("ss-rules").textContent = "Everywhere: " + pic.rules + ".";
  const grid = $("ss-grid");
  const cells = [];
  for (let i = 0; i < n * n; i++) {
    const el = document.createElement("div");
    const r = Math.floor(i / n), c = i % n;
    el.className = "cell" + (summed[i] ? " summed" : "");
    el.id = "cell-" + r + "-" + c;
    grid.appendChild(el);
    cells.push(el);
  }
  // the chain's arrows, drawn in the picture's units: candidate d of a cell sits where its cell's
  // candidate grid puts it (below the sum in a cell holding a cage's sum)
  const arrows = $("ss-arrows"), head = "@ROOT@-head", NS = arrows.namespaceURI;  // inline SVG's own namespace
  const m = pic.margins;  // top, right, bottom, left: the picture's viewBox, in cells
  arrows.setAttribute("viewBox", [-m[3] * C, -m[0] * C, (n + m[1] + m[3]) * C, (n + m[0] + m[2]) * C].join(" "));
  const svg = (tag, attrs, parent) => {
    const el = document.createElementNS(NS, tag);
    Object.keys(attrs).forEach(a => el.setAttribute(a, attrs[a]));
    (parent || arrows).appendChild(el);
    return el;
  };
  const marker = svg("marker", {id: head, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 4.5,
                                markerHeight: 4.5, orient: "auto", markerUnits: "strokeWidth"}, svg("defs", {}));
  svg("path", {d: "M0,0 L10,5 L0,10 z", fill: "#813d9c"}, marker);
  const layer = svg("g", {});
  const PAD = 0.08, SUMMED = 0.3;  // the candidates' inset in a cell, and below a cage's sum (as the style's)
  function spot(f, state) {  // [x, y, radius]: a link in a filled cell (re-derived) is its digit
    const r = f[0], c = f[1], d = Math.abs(f[2]), top = summed[r * n + c] ? SUMMED : PAD;
    if (state.cells[r * n + c] > 0) return [(c + 0.5) * C, (r + 0.5 + (summed[r * n + c] ? 0.13 : 0)) * C, C * 0.36];
    const row = Math.floor((d - 1) / side), col = (d - 1) % side, w = (1 - 2 * PAD) / side, h = (1 - top - PAD) / side;
    return [(c + PAD + (col + 0.5) * w) * C, (r + top + (row + 0.5) * h) * C, w * C * 0.42];
  }
  function drawChain(step, state) {
    layer.textContent = "";
    if (!step || !step.arrows) return;
    const seen = {};
    step.arrows.forEach(pair => pair.forEach(f => {
      const key = f.join(",");
      if (seen[key]) return;
      seen[key] = true;
      const p = spot(f, state);
      svg("circle", {"class": "ss-node " + (f[2] > 0 ? "on" : "off"), cx: p[0], cy: p[1], r: p[2],
                     fill: f[2] > 0 ? "rgba(46,194,126,0.35)" : "rgba(53,132,228,0.3)",
                     stroke: f[2] > 0 ? "#26a269" : "#1c71d8", "stroke-width": C * 0.025}, layer);
    }));
    step.arrows.forEach(pair => {
      const a = spot(pair[0], state), b = spot(pair[1], state);
      const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy);
      if (len < a[2] + b[2]) return;  // two candidates touching: the rings show the link
      const ux = dx / len, uy = dy / len, bend = Math.min(len * 0.15, C * 0.6);
      const x1 = a[0] + ux * a[2], y1 = a[1] + uy * a[2], x2 = b[0] - ux * b[2], y2 = b[1] - uy * b[2];
      const mx = (x1 + x2) / 2 - uy * bend, my = (y1 + y2) / 2 + ux * bend;  // bowed, clear of the cells between
      const strong = pair[1][2] > 0;
      svg("path", {"class": "ss-link " + (strong ? "strong" : "weak"), d: "M" + x1 + " " + y1 + " Q" + mx + " "
                   + my + " " + x2 + " " + y2, fill: "none", stroke: "#813d9c", "stroke-width": C * 0.045,
                   "stroke-dasharray": strong ? "none" : (C * 0.12) + " " + (C * 0.08), "marker-end": "url(#" + head + ")"}, layer);
    });
  }
  let pos = 0;
  function show(k) {
    pos = Math.max(0, Math.min(steps.length, k));
    const state = states[pos], step = steps[pos];
    const target = {}, premise = {}, unit = {}, focus = {};
    if (step) {
      step.conclusion.forEach(f => { target[f[0] * n + f[1]] = (target[f[0] * n + f[1]] || []).concat([f[2]]); });
      step.premises.forEach(f => { premise[f[0] * n + f[1]] = true; });
      step.units.forEach(u => data.units[u].cells.forEach(i => { unit[i] = true; }));
      step.focus.forEach(u => data.units[u].cells.forEach(i => { focus[i] = true; }));
    }
    for (let i = 0; i < n * n; i++) {
      const el = cells[i], d = state.cells[i];
      el.classList.toggle("given", data.givens[i] > 0);
      el.classList.toggle("placed", d > 0 && !data.givens[i]);
      el.classList.toggle("target", i in target);
      el.classList.toggle("premise", !!premise[i]);
      el.classList.toggle("focus", !!focus[i] && !(i in target));
      el.classList.toggle("unit", !!unit[i] && !focus[i] && !(i in target));
      el.classList.toggle("low", d > 0 && !!summed[i]);
      el.dataset.digit = d;
      if (d > 0) { el.textContent = sym(d); continue; }
      el.textContent = "";
      const box = document.createElement("div");
      box.className = "cands";
      const here = target[i] || [];
      for (let e = 1; e <= n; e++) {
        const s = document.createElement("span");
        if (state.cands[i].indexOf(e) >= 0) {
          s.textContent = sym(e);
          if (here.indexOf(-e) >= 0) s.className = "gone";
          if (here.indexOf(e) >= 0) s.className = "put";
        }
        box.appendChild(s);
      }
      el.appendChild(box);
    }
    drawChain(step, state);
    $("ss-counter").textContent = step
      ? "Step " + (pos + 1) + " of " + steps.length
      : (data.solved ? "Solved in " + steps.length + " steps" : "After " + steps.length + " steps");
    $("ss-text").textContent = step ? step.text
      : (data.solved ? "Every cell is filled: the unique solution." : data.partial ? "The time limit ended the steps here (status unknown)." : "No more steps were asked for.");
    $("ss-tech").textContent = step
      ? "Technique: " + step.technique + " (cost " + step.cost + "); constraints: " + step.constraints.join(", ")
      : "";
    $("ss-prev").disabled = pos === 0;
    $("ss-first").disabled = pos === 0;
    $("ss-next").disabled = pos === steps.length;
    $("ss-last").disabled = pos === steps.length;
    root.dataset.pos = pos;
  }
  const summary = $("ss-summary");
  const names = Object.keys(data.techniques);
  const rated = data.difficulty;
  summary.innerHTML = "<b>Difficulty</b>: " + (rated ? "<span class=\"ss-rating\"></span> " : "") + (names.length ? "the hardest technique needed is <i></i>." : "no step.") + "<ul></ul>";
  if (rated) summary.querySelector(".ss-rating").textContent = "SE " + rated.se.toFixed(1) + " (" + rated.level + "):";
  if (names.length) summary.querySelector("i").textContent = rated ? rated.hardest : names[names.length - 1];
  names.forEach(t => {
    const li = document.createElement("li");
    li.textContent = t + ": " + data.techniques[t] + (data.techniques[t] === 1 ? " step" : " steps");
    summary.querySelector("ul").appendChild(li);
  });
  $("ss-first").onclick = () => show(0);
  $("ss-prev").onclick = () => show(pos - 1);
  $("ss-next").onclick = () => show(pos + 1);
  $("ss-last").onclick = () => show(steps.length);
  (embedded ? root : document).addEventListener("keydown", ev => {  // a notebook: only when focused
    const to = {ArrowRight: pos + 1, ArrowLeft: pos - 1, Home: 0, End: steps.length}[ev.key];
    if (to !== undefined) { show(to); ev.preventDefault(); }
  });
  const start = embedded ? null : (location.hash || "").match(/^#step=(\d+)$/);  // page.html#step=12 opens at step 12
  show(start ? parseInt(start[1], 10) - 1 : 0);
})();
"""

__all__ = ["steps_page", "steps_page_from_data"]
