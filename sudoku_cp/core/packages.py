"""Third-party packages imported on first use: a missing or broken one is one clear error.

The solver packages (PySAT, OR-Tools) load only when a solver runs, so ``import sudoku_cp`` and
``sudoku-cp validate`` start fast and work without them. When one is needed and cannot be
imported, :func:`import_package` raises :class:`MissingPackage`, which names the package and
how to install it; the command line prints that one line and exits 2.

>>> import_package("json").__name__
'json'
>>> str(MissingPackage("pysat.solvers", ModuleNotFoundError("No module named 'pysat'", name="pysat")))
'the package python-sat (module pysat) is not installed: install it with: pip install python-sat'
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

# top-level module -> the distribution that provides it (what to pip install)
PACKAGES = {
    "pysat": "python-sat",
    "ortools": "ortools",
    "dratify": "dratify",
    "lzstring": "lzstring",
    "tqdm": "tqdm",
    "matplotlib": "matplotlib",
    "shtab": "shtab",
}


class MissingPackage(ImportError):
    """A package the work needs is not installed, or fails to import: says which and how to install it."""

    def __init__(self, module: str, cause: BaseException | None = None):
        top = module.partition(".")[0]
        self.package = PACKAGES.get(top, top)
        if isinstance(cause, ModuleNotFoundError) and cause.name == top:
            why = "is not installed"
        else:
            detail = str(cause).splitlines()[0] if cause is not None and str(cause) else type(cause).__name__
            why = f"cannot be imported ({module}: {detail})"
        super().__init__(f"the package {self.package} (module {top}) {why}: install it with: "
                         f"pip install {self.package}", name=top)


def import_package(name: str) -> ModuleType:
    """Import a third-party module (``ortools.sat.python.cp_model``), Ctrl-C held back until it is in.

    A KeyboardInterrupt raised in the middle of a native extension's initialisation leaves it
    half-made (OR-Tools then fails with "ImportError: initialization failed", a traceback instead
    of exit 130), so a Ctrl-C during the import is delivered right after it. A module that
    cannot be imported is a :class:`MissingPackage`.
    """
    module = sys.modules.get(name)
    if module is not None:
        return module
    import signal
    import threading

    pending: list[int] = []
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGINT, lambda signum, frame: pending.append(signum))
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        raise MissingPackage(name, exc) from exc
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    if pending:
        raise KeyboardInterrupt
    return module
