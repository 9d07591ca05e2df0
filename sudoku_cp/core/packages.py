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

import _thread
import importlib
import importlib.util
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from importlib.machinery import ModuleSpec
from types import ModuleType

# standard-library modules a package imports but uses only for work we seldom ask of it: each is
# deferred (defer_import) before the package loads. PySAT: temporary files for proofs, decimal for
# weighted formulas, compressed formula files. About 3.5 ms of `sudoku-cp solve`'s start.
DEFERRED = {"pysat": ("tempfile", "decimal", "bz2", "gzip", "lzma")}

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


@contextmanager
def held_interrupts() -> Iterator[None]:
    """Ctrl-C (and SIGTERM) held back until the block is done, then delivered as usual.

    For native calls that must not be cut short: a KeyboardInterrupt raised while a native
    extension initialises leaves it half-made, and one raised just after a PySAT solver's native
    ``delete`` (before PySAT forgets the handle) makes its destructor free it twice, a crash. Only
    the main thread runs signal handlers; elsewhere the block runs as it is.

    >>> with held_interrupts():
    ...     pass
    """
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pending: list[int] = []
    previous = {}
    for signum in (signal.SIGINT, signal.SIGTERM):
        if callable(signal.getsignal(signum)):  # a Python handler (default or ours), not SIG_DFL/SIG_IGN
            previous[signum] = signal.signal(signum, lambda signum, frame: pending.append(signum))
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        for number in dict.fromkeys(pending):
            signal.raise_signal(number)  # now handled by the restored handler


@contextmanager
def stopped_by_signals(stop: Callable[[], None], timeout: float | None = None) -> Iterator[None]:
    """A native call that Python's signal handlers cannot reach: Ctrl-C or SIGTERM calls ``stop()``.

    Python runs its handlers only once a native call returns, so a solver that catches no
    signal itself (CP-SAT with its own handler off, a PySAT solver solving with
    ``expect_interrupt``) would run to its end, or its time limit, before Ctrl-C or SIGTERM took
    effect. Here a helper thread, woken through :func:`signal.set_wakeup_fd`, calls ``stop()``
    when SIGINT arrives (SIGTERM too while a Python handler takes it), and also after ``timeout``
    seconds (a time limit); the handlers then run as the call returns. ``stop()`` is never called
    once the block is left. Outside the main thread only the timeout applies.

    >>> with stopped_by_signals(lambda: None, timeout=60):
    ...     pass
    """
    import signal
    import socket
    import threading

    reader = writer = None
    previous = -1
    if threading.current_thread() is threading.main_thread():
        reader, writer = socket.socketpair()
        writer.setblocking(False)
        try:
            previous = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
        except ValueError:  # no signal handling here (e.g. an embedded interpreter)
            reader.close()
            writer.close()
            reader = writer = None
    if reader is None and timeout is None:
        yield
        return
    wanted = {signal.SIGINT}
    if callable(signal.getsignal(signal.SIGTERM)):  # a Python handler (the CLI's), not SIG_DFL/SIG_IGN
        wanted.add(signal.SIGTERM)
    done = threading.Event()
    end = None if timeout is None else time.monotonic() + timeout

    def watch() -> None:
        if reader is None:
            if not done.wait(timeout):
                stop()
            return
        while not done.is_set():
            left = None if end is None else end - time.monotonic()
            data: bytes | None = None  # None: the time is up
            if left is None or left > 0:
                reader.settimeout(left)
                try:
                    data = reader.recv(64)
                except TimeoutError:
                    pass
            if done.is_set() or data == b"":
                return
            if data is None or wanted.intersection(data):
                stop()
                return

    watcher = threading.Thread(target=watch, name="stop-on-signal", daemon=True)
    watcher.start()
    restored = finished = False

    def finish() -> None:  # idempotent: run again if a signal cut it short
        nonlocal restored, finished
        if finished:
            return
        done.set()
        if writer is not None and not restored:
            signal.set_wakeup_fd(previous)  # else later signals go on writing to a closed fd number
            restored = True
        if writer is not None:
            with suppress(OSError):
                writer.send(b"\0")  # wake the watcher so it ends
        watcher.join()
        if reader is not None and writer is not None:
            reader.close()
            writer.close()
        finished = True

    try:
        yield
    finally:
        try:
            with held_interrupts():  # a second Ctrl-C here must not leave the watcher to stop a later call
                finish()
        finally:
            finish()  # when a signal landed before the hold began


class _Deferred(ModuleType):
    """A module whose body runs when an attribute it lacks is first asked for (see :func:`defer_import`)."""

    def __getattr__(self, attr: str):
        if attr not in _PROBES:  # the import system asks a module for __path__ (is it a package?)
            with _DEFERRED_LOCK:  # another thread asking meanwhile waits for the body to finish
                spec = _DEFERRED.pop(self.__name__, None)
                if spec is not None and spec.loader is not None:
                    try:
                        spec.loader.exec_module(self)
                    except BaseException:
                        _DEFERRED[self.__name__] = spec  # run again on the next lookup
                        raise
        return ModuleType.__getattribute__(self, attr)


_PROBES = frozenset({"__path__", "__wrapped__"})  # asked of any module: answered without running it
_DEFERRED: dict[str, ModuleSpec] = {}  # deferred module name -> its spec, until its body runs
_DEFERRED_LOCK = _thread.RLock()


def defer_import(name: str) -> None:
    """Make ``import name`` cheap: the module's body runs on its first attribute lookup instead.

    ``dataclasses`` imports ``inspect`` (and with it ``ast``, ``dis`` and ``tokenize``, about 4 ms,
    a fifth of a bare Python start) for one call, made only for a class with no docstring; every
    dataclass here has one, so a command line never runs that body. Unlike
    ``importlib.util.LazyLoader``, whose module loads as soon as a later ``import`` statement
    reads its ``__spec__``, the deferred module keeps its dunders and runs only when used. A
    module that is imported already is left alone (``tests/test_cold_start.py``).
    """
    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        return
    module = _Deferred(name)
    module.__spec__, module.__loader__, module.__file__ = spec, spec.loader, spec.origin
    if spec.submodule_search_locations is not None:
        module.__path__ = spec.submodule_search_locations
    _DEFERRED[name] = spec
    sys.modules[name] = module


def import_package(name: str) -> ModuleType:
    """Import a third-party module (``ortools.sat.python.cp_model``), Ctrl-C held back until it is in.

    A KeyboardInterrupt raised in the middle of a native extension's initialisation leaves it
    half-made (OR-Tools then fails with "ImportError: initialization failed", a traceback instead
    of exit 130), so a Ctrl-C during the import is delivered right after it
    (:func:`held_interrupts`). A module that cannot be imported is a :class:`MissingPackage`.
    Safe from threads: a module half-imported by another thread (the web app's workers asking for
    the same solver at once) is not returned before its import ends.
    """
    module = sys.modules.get(name)
    if module is not None and not getattr(getattr(module, "__spec__", None), "_initializing", False):
        return module  # (one another thread is still importing is waited for below, under its lock)
    for deferred in DEFERRED.get(name.partition(".")[0], ()):
        defer_import(deferred)
    with held_interrupts():
        try:
            return importlib.import_module(name)
        except ImportError as exc:
            raise MissingPackage(name, exc) from exc
