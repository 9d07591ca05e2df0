"""Penpa+'s points on a square grid: which cell, corner, edge or quarter of the board an index names.

Penpa+ pads the ``nx`` x ``ny`` grid with two cells on every side (``nx0 = nx + 4`` columns,
``ny0 = ny + 4`` rows, ``M = nx0 * ny0``) and numbers every point it can draw on (class_square.js
``create_point``): cell centres ``k = row * nx0 + col`` in ``[0, M)``; vertices ``M + k``, the
bottom-right corner of cell ``k``; the midpoint of cell ``k``'s bottom edge ``2M + k`` and of its right
edge ``3M + k``; the quarter points ``4M + 4k + q`` (``q``: 0 top-left, 1 top-right, 2 bottom-left, 3
bottom-right), where killer sums sit; then compass points from ``8M``. The board is the square of
cells the link lists (line 5), ``D`` x ``D``; its cell ``(r, c)`` 0-based is what messages name ``r1c1``.

>>> g = Grid(9, 9, [(2 + r) * 13 + 2 + c for r in range(9) for c in range(9)])
>>> g.cell(28), g.edge(2 * 169 + 28), g.edge(3 * 169 + 28), g.quarter(4 * 169 + 4 * 28)
((0, 0), ((0, 0), (1, 0)), ((0, 0), (0, 1)), ((0, 0), 0))
>>> g.vertex(169 + 28), g.where(0)
((1, 1), 'outside the grid')
"""

from __future__ import annotations

from ...core.shape import cell_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable


class Grid:
    """The padded grid of a Penpa+ square board, and its board of ``size`` x ``size`` cells."""

    def __init__(self, nx: int, ny: int, board: Iterable[int]):
        self.nx0, self.ny0 = nx + 4, ny + 4
        self.points = self.nx0 * self.ny0
        cells = sorted(set(board))
        rows = sorted({k // self.nx0 for k in cells})
        cols = sorted({k % self.nx0 for k in cells})
        self.size = len(rows)
        self.top, self.left = (rows[0], cols[0]) if cells else (0, 0)
        self.square = bool(cells) and len(cols) == self.size and len(cells) == self.size ** 2 \
            and rows == list(range(self.top, self.top + self.size)) \
            and cols == list(range(self.left, self.left + self.size)) and all(0 <= k < self.points for k in cells)
        self.shape = f"{len(cols)} columns by {len(rows)} rows" + ("" if len(cells) == len(rows) * len(cols) else
                                                                  f" ({len(cells)} cells)")

    def _rc(self, k: int) -> tuple[int, int] | None:
        """The board cell of padded cell ``k``, or None outside the board."""
        r, c = divmod(k, self.nx0) if 0 <= k < self.points else (-1, -1)
        r, c = r - self.top, c - self.left
        return (r, c) if 0 <= r < self.size and 0 <= c < self.size else None

    def cell(self, index: int) -> tuple[int, int] | None:
        """The board cell whose centre is point ``index``, or None."""
        return self._rc(index) if 0 <= index < self.points else None

    def vertex(self, index: int) -> tuple[int, int] | None:
        """Grid point ``(y, x)`` of vertex ``index`` relative to the board's top-left corner, or None."""
        if not self.points <= index < 2 * self.points:
            return None
        r, c = divmod(index - self.points, self.nx0)
        return r + 1 - self.top, c + 1 - self.left

    def edge(self, index: int) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """The two board cells an edge midpoint ``index`` lies between, or None (not an edge of two board cells)."""
        if 2 * self.points <= index < 3 * self.points:
            k = index - 2 * self.points
            a, b = self._rc(k), self._rc(k + self.nx0)
        elif 3 * self.points <= index < 4 * self.points:
            k = index - 3 * self.points
            a, b = self._rc(k), self._rc(k + 1) if (k + 1) % self.nx0 else None
        else:
            return None
        return (a, b) if a is not None and b is not None else None

    def quarter(self, index: int) -> tuple[tuple[int, int], int] | None:
        """The board cell and quarter (0 top-left ... 3 bottom-right) of quarter point ``index``, or None."""
        if not 4 * self.points <= index < 8 * self.points:
            return None
        k, q = divmod(index - 4 * self.points, 4)
        rc = self._rc(k)
        return (rc, q) if rc is not None else None

    def where(self, index: int) -> str:
        """A point for a message: ``r1c1``, ``the edge r1c1-r1c2``, ``the corner of r1c1 and r2c2``, ..."""
        rc = self.cell(index)
        if rc is not None:
            return cell_name(*rc)
        pair = self.edge(index)
        if pair is not None:
            return f"the edge {cell_name(*pair[0])}-{cell_name(*pair[1])}"
        corner = self.vertex(index)
        if corner is not None and 0 <= corner[0] <= self.size and 0 <= corner[1] <= self.size:
            y, x = corner
            return f"the corner at the bottom right of {cell_name(y - 1, x - 1)}" if y and x else \
                f"the corner at row line {y}, column line {x}"
        quarter = self.quarter(index)
        if quarter is not None:
            return f"the {('top-left', 'top-right', 'bottom-left', 'bottom-right')[quarter[1]]} corner of " \
                   f"{cell_name(*quarter[0])}"
        return "outside the grid"

    def outside(self, index: int) -> bool:
        """Whether point ``index`` is off the board: a cell, edge, corner or quarter no board cell touches."""
        return self.where(index) == "outside the grid"


__all__ = ["Grid"]
