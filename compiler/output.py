"""Every file the ``sevens`` command writes goes through here.

The promises (``docs/reliability.md``):

* a regular file is written to a temporary file beside it and renamed over it
  only when complete, so readers never see half a file; a new file gets the
  permissions the umask allows (``0666 & ~umask``), a replaced file keeps its own;
* a character device or a FIFO (``/dev/null``, a named pipe, a terminal) is
  written directly and never replaced, and so is anything named under ``/dev``
  or ``/proc`` (``/dev/stdout`` redirected to a file); a block device, a socket
  or a directory is refused;
* a symbolic link is followed: its target is written, the link stays;
* a path that is one of the command's input files is refused
  (:func:`check_output` says so before a long run starts, not after);
* every OS error (no such directory, permission denied, disk full, file size
  limit…) becomes a :class:`SevensError` with one line, and the temporary file
  is removed on every way out, including ``SIGTERM`` (the CLI turns it into
  ``SystemExit`` so that ``finally`` blocks run).

:func:`write_private` is the same writer for files nobody but this program
should touch (the compile cache): it never follows a link or writes into a
device at the path, it always puts a fresh file there by renaming, and it
refuses a folder that other users may write to.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from .errors import Diagnostic, SevensError, escape_text

#: File types written in place instead of through a temporary file.
_WRITTEN_IN_PLACE = (stat.S_ISCHR, stat.S_ISFIFO)
#: Folders whose entries stand for open files and devices, never replaced.
_SPECIAL_FOLDERS = ("/dev/", "/proc/")


class OutputError(SevensError):
    """A file could not be written; the message names the path and the reason."""


def _fail(path: Path | str, what: str, reason: str) -> OutputError:
    return OutputError(Diagnostic(f"{escape_text(str(path))}: cannot write {what}: {reason}"))


def _umask() -> int:
    """The process's umask (read by setting it and putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _target(path: Path, what: str) -> Path:
    """The file to write: ``path`` with symbolic links followed."""
    if not str(path) or "\0" in str(path):
        raise _fail(repr(str(path)), what, "not a file name")
    return Path(os.path.realpath(path))


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return a == Path(os.path.realpath(b))


def _check_not_input(path: Path, target: Path, inputs: Iterable[Path], what: str) -> None:
    for source in inputs:
        if _same_file(target, source):
            raise _fail(path, what, f"it is an input file ({escape_text(str(source))})")


def _existing_mode(path: Path) -> int | None:
    """The ``st_mode`` of what ``path`` leads to (links followed), or ``None`` when nothing."""
    try:
        return path.stat().st_mode
    except FileNotFoundError:
        return None


def check_output(
    path: Path,
    *,
    what: str = "the output",
    inputs: Iterable[Path] = (),
    make_parents: bool = False,
) -> None:
    """Refuse now what :func:`open_output` would refuse later, so no long run is wasted.

    An input file, a directory, a path under a file and (unless ``make_parents``)
    a missing folder are refused; a full disk or a file-size limit can only
    show when the text is written.
    """
    target = _target(path, what)
    _check_not_input(path, target, inputs, what)
    try:
        mode = _existing_mode(Path(path))
        if mode is None and not make_parents:
            os.stat(target.parent)  # a missing folder or a file in the way: its own errno
    except OSError as exc:
        raise _fail(path, what, exc.strerror or str(exc)) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise _fail(path, what, "it is a directory")


@contextmanager
def open_output(
    path: Path,
    *,
    what: str = "the output",
    inputs: Iterable[Path] = (),
    make_parents: bool = False,
) -> Iterator[IO[str]]:
    """A UTF-8 text stream whose content ends up at ``path`` (see the module docstring).

    The stream is committed when the ``with`` block ends normally; on any
    exception the destination is left as it was.
    """
    target = _target(path, what)
    _check_not_input(path, target, inputs, what)
    try:
        mode = _existing_mode(Path(path))
        if mode is not None and (not stat.S_ISREG(mode) or _is_special_name(path, target)):
            with _open_in_place(path, mode, what) as handle:
                yield handle
            return
        if make_parents:
            target.parent.mkdir(parents=True, exist_ok=True)
        with _open_replacing(target, mode) as handle:
            yield handle
    except OSError as exc:
        raise _fail(path, what, exc.strerror or str(exc)) from None
    except UnicodeEncodeError:
        raise _fail(path, what, "the text holds characters UTF-8 cannot encode") from None


def _is_special_name(path: Path, target: Path) -> bool:
    """Whether ``path`` names an open file of the process (``/dev/stdout``, ``/proc/self/fd/1``).

    Such a path may lead to a regular file (a shell redirection): renaming
    over that file would cut the shell's output in two, so it is written in place.
    """
    names = (str(Path(path).absolute()), str(target))
    return any(name.startswith(_SPECIAL_FOLDERS) for name in names)


@contextmanager
def _open_in_place(path: Path, mode: int, what: str) -> Iterator[IO[str]]:
    """Write a character device, a FIFO or an open file directly; refuse anything else."""
    if stat.S_ISDIR(mode):
        raise _fail(path, what, "it is a directory")
    if not stat.S_ISREG(mode) and not any(test(mode) for test in _WRITTEN_IN_PLACE):
        raise _fail(path, what, "it is not a regular file, a character device or a FIFO")
    with _open_existing(path) as handle:
        yield handle


def _open_existing(path: Path) -> IO[str]:
    """Open what ``path`` leads to for writing, without truncating or replacing it.

    When it is the process's own stdout or stderr (``/dev/stdout`` redirected to
    a file), the stream shares that descriptor's offset, so the records and the
    summary follow each other instead of overwriting each other.
    """
    here = os.stat(path)
    for fd in (1, 2):
        try:
            if os.path.samestat(here, os.fstat(fd)):
                return os.fdopen(os.dup(fd), "w", encoding="utf-8", newline="\n")
        except OSError:
            continue
    return open(path, "a", encoding="utf-8", newline="\n")


@contextmanager
def _open_replacing(target: Path, mode: int | None) -> Iterator[IO[str]]:
    """A temporary file beside ``target``, renamed over it on success, removed otherwise."""
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            os.fchmod(fd, stat.S_IMODE(mode) if mode is not None else 0o666 & ~_umask())
            yield handle
        os.replace(tmp, target)
    finally:
        Path(tmp).unlink(missing_ok=True)


def write_private(path: Path, text: str, *, what: str, make_parents: bool = False) -> None:
    """Put a fresh file holding ``text`` at ``path`` in a folder only this user may write.

    Whatever is at ``path`` (a link, a FIFO, a device, a file) is replaced by
    renaming, never written through: a link planted in a shared folder cannot
    make this program overwrite its target.  A folder writable by others (``o+w``)
    or owned by another user is refused, since anyone who may write there could
    swap the file between our writing and someone's reading.
    """
    if not str(path) or "\0" in str(path):
        raise _fail(repr(str(path)), what, "not a file name")
    folder = Path(os.path.realpath(Path(path).parent))
    try:
        if make_parents:
            folder.mkdir(parents=True, exist_ok=True)
        _check_private_folder(folder)
        mode = _private_mode(folder / Path(path).name)
        with _open_replacing(folder / Path(path).name, mode) as handle:
            handle.write(text)
    except OSError as exc:
        raise _fail(path, what, exc.strerror or str(exc)) from None
    except _Unsafe as exc:
        raise _fail(path, what, str(exc)) from None


class _Unsafe(Exception):
    """A folder :func:`write_private` must not write in; the message says why."""


def _check_private_folder(folder: Path) -> None:
    info = folder.stat()
    if not stat.S_ISDIR(info.st_mode):
        raise NotADirectoryError(20, os.strerror(20))
    if info.st_mode & stat.S_IWOTH:
        raise _Unsafe(f"the folder {escape_text(str(folder))} is writable by others (chmod o-w)")
    if info.st_uid not in (os.geteuid(), 0):
        raise _Unsafe(f"the folder {escape_text(str(folder))} belongs to another user")


def _private_mode(path: Path) -> int | None:
    """The mode to keep: a regular file's own; nothing for a link, device or FIFO replaced."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(21, "it is a directory")
    return stat.S_IMODE(info.st_mode) if stat.S_ISREG(info.st_mode) else None


def write_text(
    path: Path,
    text: str,
    *,
    what: str = "the output",
    inputs: Iterable[Path] = (),
    make_parents: bool = False,
) -> None:
    """Write ``text`` to ``path`` with the guarantees of :func:`open_output`."""
    with open_output(path, what=what, inputs=inputs, make_parents=make_parents) as handle:
        handle.write(text)


__all__ = ["OutputError", "check_output", "open_output", "write_private", "write_text"]
