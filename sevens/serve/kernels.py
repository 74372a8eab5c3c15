"""The native kernels of the fairness panel, made ready in the background.

Each rule set has kernels of its own (:mod:`sevens.compiler.native_kernels`): numba compiles
them once (about 10 s of CPU; the first rule set also compiles the kernels every rule set
shares) into its cache, and a later process only loads them.  The workbench never waits for
a compilation: when the cache lacks the kernels, a process of its own compiles them
(``python -m sevens.serve.kernels``: numba's compiler is Python code, and in the server's
process it would hold the interpreter the requests need).  When the server starts, that
process compiles the shared kernels and Parliament's; for a text whose kernels (or its
parent's) are not compiled yet the panel is played by the Python engine and says so, while
a process compiles them (the newest text only).  Without numba the panel is played in Python
with the lab's note saying how to install it.
"""

from __future__ import annotations

import enum
import subprocess
import sys
import threading

from ..compiler.analyse import AnalysedRules
from ..native import NativeUnsupported, native_available, native_rules
from ..native.cache import COLD_START_SECONDS

#: The rule set the kernels are warmed on when the server starts (with the kernels every rule
#: set shares), and the strategies the panel's experiments seat.
WARM_ON = "parliament"
PANEL_STRATEGIES = {"random-play", "heuristic", "withhold"}

#: What the panel says while the kernels are being made ready.
WARMING_NOTE = (
    "note: the native kernels are being compiled (once, about "
    f"{COLD_START_SECONDS} s): played in Python meanwhile"
)
#: What the panel says while the kernels of the text it measures are being compiled.
RULE_SET_NOTE = (
    "note: the native kernels of these rules are being compiled (once, about "
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
        self._text_compiler: subprocess.Popen[bytes] | None = None  # the newest text's
        self._compiling_text: str | None = None
        self._lock = threading.Lock()
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

    def ready_for(self, text: str, rules: AnalysedRules) -> bool:
        """Whether the panel of ``text`` (``rules``) may play on the kernels now: they are
        loaded and the kernels of ``rules`` and of its parent are compiled.  If they are not,
        a process compiles them (ending one that compiles an older text)."""
        from ..native.build import kernels_ready
        from .workbench import parent_of

        if not self.ready:
            return False
        try:
            compiled = all(
                kernels_ready(native.rule_set, native.program)
                for native in (native_rules(parent_of(rules)), native_rules(rules))
            )
        except NativeUnsupported:  # the lab plays it in Python and its note says why
            return True
        if not compiled:
            self._compile_text(text)
        return compiled

    def _compile_text(self, text: str) -> None:
        with self._lock:
            running = self._text_compiler
            if running is not None and running.poll() is None:
                if self._compiling_text == text:
                    return
                running.terminate()
            if self._stopping.is_set():
                return
            self._compiling_text = text
            self._text_compiler = subprocess.Popen(
                [sys.executable, "-m", __name__, "--stdin"], stdin=subprocess.PIPE
            )
            assert self._text_compiler.stdin is not None
            self._text_compiler.stdin.write(text.encode("utf-8"))
            self._text_compiler.stdin.close()

    def stop(self) -> None:
        """The server stops: end a compilation still running."""
        self._stopping.set()
        with self._lock:
            compilers = [self._compiler, self._text_compiler]
        for compiler in compilers:
            if compiler is not None and compiler.poll() is None:
                compiler.terminate()
                compiler.wait(timeout=10)

    def _warm(self) -> None:
        from ..native.build import kernels_ready

        try:
            warm_on = native_rules(WARM_ON)
            if not kernels_ready(warm_on.rule_set, warm_on.program):
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


def compile_text(text: str) -> None:
    """Compile the kernels of a house rule's text and of its parent (both sides of the panel)."""
    from ..lab.native_games import native_side
    from .workbench import check, parent_of

    rules = check(text).rules
    if rules is None:
        return
    for side in (parent_of(rules), rules):
        try:
            native_side(side, side.spec.players.min, 1, PANEL_STRATEGIES)
        except NativeUnsupported:
            continue


if __name__ == "__main__":
    try:
        if sys.argv[1:] == ["--stdin"]:
            compile_text(sys.stdin.read())
        else:
            warm()
    except KeyboardInterrupt:  # Ctrl-C on the server reaches this process too
        sys.exit(130)
