"""``python -m sudoku_cp``: the same as the ``sudoku-cp`` command."""

from .cli import run

if __name__ == "__main__":
    run()
