"""The package version, in one place (read by the package and by `sudoku-cp --version`)."""

__version__ = "0.1.0"
