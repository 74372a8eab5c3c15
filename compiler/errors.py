"""Positioned, user-facing errors.

Every problem found in a rulespec is reported as ``file:line:col: message``
followed by the offending source line and a caret, so that the author can
find it without reading a traceback.  The CLI turns :class:`SevensError`
into exit code 2.
"""

from __future__ import annotations

import difflib
import os
import re
import stat
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

_LINE_BREAK = re.compile(r"\r\n|[\n\r\x85\u2028\u2029]")


@dataclass(frozen=True)
class Location:
    """A 1-based position in a source file."""

    path: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@dataclass
class Diagnostic:
    """One error: a message, where it happened, and the source text to quote."""

    message: str
    location: Location | None = None
    source_line: str | None = None
    key: str | None = None  # the dotted rulespec key the message is about, when known

    def render(self) -> str:
        """Format as ``file:line:col: message`` plus the source line and a caret."""
        message = escape_text(self.message)
        if self.location is None:
            return f"error: {message}"
        text = f"{escape_text(str(self.location))}: {message}"
        if self.source_line is not None:
            line = self.source_line.rstrip("\n")
            before = escape_text(line[: max(self.location.column - 1, 0)])
            caret = " " * len(before) + "^"
            text += f"\n    {escape_text(line)}\n    {caret}"
        return text


class SevensError(Exception):
    """A user-facing error carrying one or more diagnostics."""

    def __init__(self, diagnostics: Diagnostic | Iterable[Diagnostic]):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics: list[Diagnostic] = list(diagnostics)
        super().__init__(self.render())

    def render(self) -> str:
        """All diagnostics, one block each."""
        return "\n".join(d.render() for d in self.diagnostics)


@dataclass
class SourceFile:
    """The text of a file, kept to quote lines in diagnostics."""

    path: str
    text: str
    lines: list[str] = field(init=False)

    def __post_init__(self) -> None:
        # YAML's line breaks, not str.splitlines's (which also breaks at form feeds…)
        self.lines = _LINE_BREAK.split(self.text)
        if self.lines[-1] == "":  # a final line break ends the last line; it opens none
            self.lines.pop()

    @classmethod
    def read(cls, path: Path) -> SourceFile:
        """Read a rulespec file, turning OS and decoding errors into :class:`SevensError`.

        Only a regular file (after following links) of at most
        :data:`MAX_FILE_BYTES` is read: ``/dev/zero`` would fill the memory and a
        FIFO would block for ever, so both are refused before any byte is read.
        """
        try:
            raw = _read_regular_file(path)
        except FileNotFoundError:
            raise SevensError(Diagnostic(f"{path}: no such file")) from None
        except OSError as exc:
            raise SevensError(
                Diagnostic(f"{shown_path(path)}: cannot read: {exc.strerror}")
            ) from None
        if isinstance(raw, str):  # not a regular file, or too large: refused at 1:1
            raise SevensError(Diagnostic(raw, Location(shown_path(path), 1, 1)))
        try:
            return cls(shown_path(path), raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise SevensError(_decode_diagnostic(path, exc)) from None

    def diagnostic(self, message: str, line: int, column: int) -> Diagnostic:
        """A diagnostic at a 1-based line and column of this file."""
        source_line = self.lines[line - 1] if 0 < line <= len(self.lines) else None
        return Diagnostic(message, Location(self.path, line, column), source_line)


#: The largest rulespec file read, in bytes (1 MiB; the built-ins are under 10 KiB).
MAX_FILE_BYTES = 1 << 20


def _read_regular_file(path: Path) -> bytes | str:
    """The bytes of ``path``, or why it is refused (not a regular file, too large).

    Opened without blocking (a FIFO would otherwise wait for a writer) and
    checked with ``fstat`` on the open descriptor, so the file checked is the
    file read; at most one byte over the limit is ever read.
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):  # checked before fdopen, which refuses a directory itself
        os.close(fd)
        return f"not a regular file ({_file_kind(info.st_mode)}); a rulespec must be a file"
    with os.fdopen(fd, "rb") as stream:
        data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        return f"the file is too large (over {MAX_FILE_BYTES:,} bytes; the limit is 1 MiB)"
    return data


def _file_kind(mode: int) -> str:
    """What a non-regular file is, in words."""
    kinds = (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((name for test, name in kinds if test(mode)), "not a regular file")


#: Characters that reorder or hide text on a terminal although they are not control codes
#: (direction marks, overrides and isolates; zero-width and other invisible characters).
_INVISIBLE = frozenset(
    "\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
    "\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\ufeff"
)


def escape_text(text: str) -> str:
    """``text`` with control characters, lone surrogates and direction marks escaped.

    Messages quote names and lines from files; written raw, an escape
    sequence in a file would drive the user's terminal.  Tabs stay tabs.
    """
    if text.isprintable():
        return text
    return "".join(_escape_char(c) for c in text)


def _escape_char(char: str) -> str:
    if char == "\t" or not (unicodedata.category(char) in ("Cc", "Cs") or char in _INVISIBLE):
        return char
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _decode_diagnostic(path: Path, exc: UnicodeDecodeError) -> Diagnostic:
    """Where in the file the bytes stop being UTF-8."""
    raw = exc.object if isinstance(exc.object, bytes) else b""
    before = raw[: exc.start]
    line = before.count(b"\n") + 1
    column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
    location = Location(shown_path(path), line, column)
    return Diagnostic(f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x})", location)


def shown_path(path: Path) -> str:
    """The path as users should see it: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


def dotted_key(path: Iterable[str | int]) -> str:
    """A rulespec path as authors write it: ``players.best``, ``sources[0].title``."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else part
    return text


def did_you_mean(name: str, candidates: Iterable[str]) -> str:
    """A `` — did you mean 'x'?`` suffix when a candidate is close, else ``''``."""
    close = difflib.get_close_matches(name, sorted(set(candidates)), n=1, cutoff=0.6)
    return f" — did you mean '{close[0]}'?" if close else ""
