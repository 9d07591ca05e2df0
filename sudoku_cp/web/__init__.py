"""``sudoku-cp serve``: a thin web face over the tasks (STYLE.md item 16)."""
