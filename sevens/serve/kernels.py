"""The native kernels of the fairness panel, made ready in the background when the server starts.

numba compiles the kernels once (about a minute and a half of CPU) into its cache, and a
later process only loads them (a second or two).  The workbench never waits for either:
when the cache lacks them, a process of its own compiles them (``python -m
sevens.serve.kernels``: numba's compiler is Python code, and in the server's process it
would hold the interpreter the requests need), then a thread loads them.  Until they are
loaded the panel is played by the Python engine and says so; without numba it is played
in Python with the lab's note saying how to install it.
"""

from __future__ import annotations

import enum
import subprocess
import sys
import threading

from ..native import native_available
from ..native.cache import COLD_START_SECONDS, ENTRY_POINTS, kernels_compiled

#: The rule set the kernels are warmed on (every rule set shares the compiled kernels), and
#: the strategies the panel's experiments seat.
WARM_ON = "parliament"
PANEL_STRATEGIES = {"random-play", "heuristic", "withhold"}

#: What the panel says while the kernels are being made ready.
WARMING_NOTE = (
    "note: the native kernels are being compiled (once, about "
    f"{COLD_START_SECONDS} s): played in Python meanwhile"
)


class State(enum.Enum):
    """Where the kernels are."""

    OFF = "off"  # the server plays in Python (not asked for, or numba is not installed)
    WARMING = "warming"
    READY = "ready"
    FAILED = "failed"


class Kernels:
    """The kernels' readiness for this server: started once, never waited for."""

    def __init__(self, wanted: bool) -> None:
        self.wanted = wanted and native_available()
        self.state = State.WARMING if self.wanted else State.OFF
        self.failure = ""
        self._compiler: subprocess.Popen[bytes] | None = None
        self._stopping = threading.Event()

    @property
    def ready(self) -> bool:
        """Whether a request may play on the kernels now."""
        return self.state is State.READY

    def note(self) -> str | None:
        """Why the panel is played in Python though the kernels were asked for, if it is."""
        if self.state is State.WARMING:
            return WARMING_NOTE
        if self.state is State.FAILED:
            return (
                f"note: the native kernels could not be loaded ({self.failure}): played in Python"
            )
        return None

    def start(self) -> None:
        """Begin making the kernels ready, in a thread of their own."""
        if self.wanted:
            threading.Thread(target=self._warm, name="sevens-serve-kernels", daemon=True).start()

    def stop(self) -> None:
        """The server stops: end a compilation still running."""
        self._stopping.set()
        compiler = self._compiler
        if compiler is not None and compiler.poll() is None:
            compiler.terminate()
            compiler.wait(timeout=10)

    def _warm(self) -> None:
        try:
            if not kernels_compiled(ENTRY_POINTS):
                self._compile_elsewhere()
            if self._stopping.is_set():
                return
            warm()  # loads them from numba's cache (compiles here only if that failed)
        except Exception as error:  # any failure leaves the panel in Python, saying why
            self.failure = str(error) or type(error).__name__
            self.state = State.FAILED
            return
        self.state = State.READY

    def _compile_elsewhere(self) -> None:
        """Compile the kernels into numba's cache in a process of their own."""
        self._compiler = subprocess.Popen([sys.executable, "-m", __name__])
        self._compiler.wait()


def warm() -> None:
    """Load the kernels the panel plays on, or compile them (the cold-start note on stderr)."""
    from ..lab.native_games import native_side

    native_side(WARM_ON, 4, 1, PANEL_STRATEGIES)


if __name__ == "__main__":
    try:
        warm()
    except KeyboardInterrupt:  # Ctrl-C on the server reaches this process too
        sys.exit(130)
