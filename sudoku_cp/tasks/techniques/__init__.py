"""Human techniques, one module per family, in the manner of HoDoKu's solver package.

Each family module holds small finder functions: a finder takes the candidates grid
(:class:`~sudoku_cp.tasks.steps.Grid`) and returns its first step, or None. :data:`FINDERS` lists
them cheapest first, with the cost and SE rating of :data:`registry.TECHNIQUES`; the steps engine
(:mod:`sudoku_cp.tasks.steps`) tries them in this order before its forcing chains.

Families: :mod:`.singles` (full house, hidden and naked single), :mod:`.intersections` (locked
candidates, and SE's direct pointing and claiming), :mod:`.subsets` (naked and hidden pairs,
triples, quads, and SE's direct hidden pair and triple), :mod:`.fish` (X-wing,
swordfish, jellyfish, finned and sashimi), :mod:`.patterns` (skyscraper, two-string kite, turbot
fish, empty rectangle), :mod:`.wings` (XY-wing, XYZ-wing, WXYZ-wing, VWXYZ-wing, W-wing), :mod:`.colouring` (simple
colouring, multi-colouring), :mod:`.uniqueness` (unique rectangle types 1-4, unique loops, hidden rectangle,
BUG+1), :mod:`.sue_de_coq`, :mod:`.chains` (remote pair, X-chain, XY-chain, AIC),
:mod:`.nice_loops` (grouped nice loops), :mod:`.als` (ALS-XZ, ALS-XY-wing, death blossom),
:mod:`.forcing` (forcing chains and nets, written as chains); for the variant rules of the
constraint catalogue, :mod:`.lines` (what one line, dot or other constraint removes on its own)
and :mod:`.cages` (cage combinations, innies and outies).

>>> names = [name for name, _ in FINDERS]
>>> names[:4], names.index("locked candidates") > names.index("cage combinations")
(['full house', 'hidden single', 'direct pointing', 'direct claiming'], True)
"""

from __future__ import annotations

from collections.abc import Callable

from . import cages, chains, colouring, fish, intersections, lines, patterns, singles, subsets, uniqueness, wings
from . import als, nice_loops, sue_de_coq
from .base import Grid, Step
from .registry import COSTS, TECHNIQUES, Technique, cost_of, length_bonus


Finder = Callable[[Grid], "Step | None"]


def _one_kind(technique: str) -> tuple[str, Finder]:
    """The finder of the lines family for one technique: what each constraint of that kind removes."""
    return technique, lambda g: lines.eliminations(g, technique)


FINDERS: list[tuple[str, Finder]] = [
    ("full house", singles.full_house),
    ("hidden single", singles.hidden_single),
    ("direct pointing", lambda g: intersections.direct_locking(g, True)),
    ("direct claiming", lambda g: intersections.direct_locking(g, False)),
    ("direct hidden pair", lambda g: subsets.direct_hidden(g, 2)),
    ("naked single", singles.naked_single),
    _one_kind("palindrome"),
    _one_kind("kropki"),
    _one_kind("XV"),
    _one_kind("German whispers"),
    _one_kind("thermometer"),
    ("renban", lines.renban),
    _one_kind("arrow"),
    _one_kind("little killer"),
    _one_kind("constraint combinations"),
    ("cage combinations", cages.cage_combinations),
    ("direct hidden triple", lambda g: subsets.direct_hidden(g, 3)),
    ("innies and outies", cages.innies_outies),
    ("locked candidates", intersections.locked_candidates),
    ("naked pair", lambda g: subsets.naked_subset(g, 2)),
    ("X-wing", lambda g: fish.fish(g, 2)),
    ("hidden pair", lambda g: subsets.hidden_subset(g, 2)),
    ("naked triple", lambda g: subsets.naked_subset(g, 3)),
    ("swordfish", lambda g: fish.fish(g, 3)),
    ("hidden triple", lambda g: subsets.hidden_subset(g, 3)),
    ("combination analysis", cages.combination_analysis),
    ("skyscraper", patterns.skyscraper),
    ("two-string kite", patterns.two_string_kite),
    ("turbot fish", patterns.turbot_fish),
    ("XY-wing", wings.xy_wing),
    ("empty rectangle", patterns.empty_rectangle),
    ("finned X-wing", lambda g: fish.finned_fish(g, 2)),
    ("XYZ-wing", wings.xyz_wing),
    ("unique rectangle", uniqueness.unique_rectangle),
    ("unique loop", uniqueness.unique_loop),
    ("hidden rectangle", uniqueness.hidden_rectangle),
    ("naked quad", lambda g: subsets.naked_subset(g, 4)),
    ("jellyfish", lambda g: fish.fish(g, 4)),
    ("hidden quad", lambda g: subsets.hidden_subset(g, 4)),
    ("X-chain", chains.x_chain),
    ("WXYZ-wing", wings.wxyz_wing),
    ("BUG+1", uniqueness.bug_plus_one),
    ("finned swordfish", lambda g: fish.finned_fish(g, 3)),
    ("finned jellyfish", lambda g: fish.finned_fish(g, 4)),
    ("VWXYZ-wing", wings.vwxyz_wing),
    ("simple colouring", colouring.simple_colouring),
    ("multi-colouring", colouring.multi_colouring),
    ("Sue de Coq", sue_de_coq.sue_de_coq),
    ("remote pair", chains.remote_pair),
    ("XY-chain", chains.xy_chain),
    ("W-wing", wings.w_wing),
    ("AIC", chains.aic),
    ("grouped nice loop", nice_loops.grouped_nice_loop),
    ("ALS-XZ", als.als_xz),
    ("ALS-XY-wing", als.als_xy_wing),
    ("death blossom", als.death_blossom),
]

__all__ = ["COSTS", "FINDERS", "TECHNIQUES", "Technique", "cost_of", "length_bonus"]
