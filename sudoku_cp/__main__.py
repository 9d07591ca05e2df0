"""``python -m sudoku_cp``: the same as the ``sudoku-cp`` command."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
