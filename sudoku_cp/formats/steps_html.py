"""One self-contained HTML page to step through a solution: no network, no server, inline CSS and JS.

The page shows the grid with candidates as it stands before each step, the step's cells and units
highlighted (the cells it fills or clears in orange, the facts it uses in blue, its units shaded),
its sentence, and a difficulty summary (which techniques were needed, how often). Buttons and the
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
from typing import Any

from .text import DEFAULT_SYMBOLS


def steps_page(steps: Any, title: str = "Step by step", embedded: bool = False,
               symbols: str | None = None) -> str:
    """The page for a step sequence (``steps.page_data(symbols)``); ``embedded``: a fragment for a notebook."""
    return steps_page_from_data(steps.page_data(symbols), title, embedded)


def steps_page_from_data(data: dict[str, Any], title: str = "Step by step", embedded: bool = False) -> str:
    """The page (or, ``embedded``, a ``<div>`` fragment) for the data of :meth:`Steps.page_data`."""
    payload = data if "symbols" in data else dict(
        data, symbols=DEFAULT_SYMBOLS if data["size"] <= len(DEFAULT_SYMBOLS) else None)
    text = json.dumps(payload, separators=(",", ":")).replace("</", "<\\/").replace("<!--", "<\\!--")
    root = f"ss-root-{uuid.uuid4().hex[:12]}" if embedded else "ss-root"
    body = BODY.replace("@TITLE@", html.escape(title)).replace("@DATA@", text).replace("@ROOT@", root)
    script = SCRIPT.replace("@ROOT@", root).replace("@EMBEDDED@", "true" if embedded else "false")
    if embedded:
        return f'<div class="sudoku-steps">{STYLE}{body}<script>{script}</script></div>'
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{html.escape(title)}</title>{STYLE}</head>\n<body>{body}'
            f'<script>{script}</script></body></html>\n')


STYLE = """<style>
.sudoku-steps, body { font-family: system-ui, sans-serif; color: #222; }
.ss-root { display: flex; gap: 28px; align-items: flex-start; margin: 16px; flex-wrap: wrap; }
#ss-grid { display: grid; border: 3px solid #222; background: #222; gap: 1px; }
#ss-grid .cell { background: #fff; width: 56px; height: 56px; display: flex; align-items: center;
  justify-content: center; font-size: 30px; position: relative; box-sizing: border-box; }
#ss-grid .cell.given { font-weight: 700; }
#ss-grid .cell.placed { color: #1a5fb4; }
#ss-grid .cell.unit { background: #fff4c2; }
#ss-grid .cell.focus { background: #ffe08a; }
#ss-grid .cell.premise { box-shadow: inset 0 0 0 3px #3584e4; }
#ss-grid .cell.target { background: #ffb86c; }
#ss-grid .cell.bt { border-top: 2px solid #222; }
#ss-grid .cell.bl { border-left: 2px solid #222; }
.cands { display: grid; width: 100%; height: 100%; font-size: 12px; color: #666;
  align-items: center; justify-items: center; }
.cands span.gone { color: #c01c28; text-decoration: line-through; font-weight: 700; }
.cands span.put { color: #1a5fb4; font-weight: 700; }
#ss-side { max-width: 460px; }
#ss-side h1 { font-size: 20px; margin: 0 0 8px; }
#ss-counter { font-weight: 600; margin: 8px 0; }
#ss-text { min-height: 4.5em; font-size: 17px; line-height: 1.4; }
#ss-tech { color: #555; margin: 6px 0 12px; }
#ss-nav button { font-size: 16px; padding: 6px 12px; margin-right: 4px; }
#ss-summary { margin-top: 18px; border-top: 1px solid #ccc; padding-top: 8px; }
#ss-summary li { margin: 2px 0; }
#ss-legend { color: #555; font-size: 13px; margin-top: 10px; }
</style>"""

BODY = """<div id="@ROOT@" class="ss-root" tabindex="0">
<div id="ss-grid" aria-label="grid"></div>
<div id="ss-side">
<h1>@TITLE@</h1>
<div id="ss-nav"><button id="ss-first" title="Home">&laquo; Start</button><button id="ss-prev"
 title="Left arrow">&#x25C0; Back</button><button id="ss-next" title="Right arrow">Next &#x25B6;</button><button
 id="ss-last" title="End">End &raquo;</button></div>
<div id="ss-counter"></div>
<div id="ss-text"></div>
<div id="ss-tech"></div>
<div id="ss-legend">Orange: the cell the step fills or clears. Blue frame: a fact it uses.
Shaded: its units. Red, struck out: candidates it removes. Keys: &larr; &rarr; Home End.</div>
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
  const grid = $("ss-grid");
  grid.style.gridTemplateColumns = "repeat(" + n + ", auto)";
  const cells = [];
  for (let i = 0; i < n * n; i++) {
    const el = document.createElement("div");
    const r = Math.floor(i / n), c = i % n;
    el.className = "cell";
    el.id = "cell-" + r + "-" + c;
    if (r > 0 && data.region[i] !== data.region[i - n]) el.classList.add("bt");
    if (c > 0 && data.region[i] !== data.region[i - 1]) el.classList.add("bl");
    grid.appendChild(el);
    cells.push(el);
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
      el.dataset.digit = d;
      if (d > 0) { el.textContent = sym(d); continue; }
      el.textContent = "";
      const box = document.createElement("div");
      box.className = "cands";
      box.style.gridTemplateColumns = "repeat(" + side + ", 1fr)";
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
