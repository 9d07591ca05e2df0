"""Task code called from several threads at once (``serve``'s workers): what must not race."""

from __future__ import annotations

import sys
import threading

from sudoku_cp.core import packages


def test_a_package_half_imported_by_another_thread_is_waited_for(tmp_path, monkeypatch):
    """Two workers asking for the same solver package: the second gets it whole, not half-made.

    (The web page asks for candidates and an explanation at once: both load ``pysat.solvers``;
    the second was handed the module from ``sys.modules`` while the first was still running it,
    and failed with "partially initialized module 'pysat.solvers' has no attribute 'Solver'".)
    """
    started, go, asked = threading.Event(), threading.Event(), threading.Event()
    (tmp_path / "slow_package_for_test.py").write_text(
        "import builtins\nbuiltins.SLOW_STARTED.set()\nbuiltins.SLOW_GO.wait(60)\nVALUE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr("builtins.SLOW_STARTED", started, raising=False)
    monkeypatch.setattr("builtins.SLOW_GO", go, raising=False)
    monkeypatch.delitem(sys.modules, "slow_package_for_test", raising=False)
    real = packages.importlib.import_module

    def import_module(name):  # the second thread reached the import system: it waits there
        if threading.current_thread().name == "second":
            asked.set()
        return real(name)

    monkeypatch.setattr(packages.importlib, "import_module", import_module)
    whole = []

    def second():
        module = packages.import_package("slow_package_for_test")
        whole.append(hasattr(module, "VALUE"))
        asked.set()

    first = threading.Thread(target=packages.import_package, args=("slow_package_for_test",), name="first")
    first.start()
    assert started.wait(60)  # the first is inside the module's body: half imported
    other = threading.Thread(target=second, name="second")
    other.start()
    assert asked.wait(60)  # the second is waiting for it (or, wrongly, came back with it half-made)
    go.set()
    first.join(60)
    other.join(60)
    assert whole == [True]
    monkeypatch.delitem(sys.modules, "slow_package_for_test", raising=False)
