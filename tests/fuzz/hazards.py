"""Hostile paths for the fuzz harness: where the CLI is told to write or read.

Each hazard makes one kind of path in a scratch folder (a FIFO, a symbolic link, a
device, a directory, the command's own input, a path under a regular file…) and
checks afterwards what the promises of ``docs/reliability.md`` say must hold of it:
devices and FIFOs are never replaced by regular files, inputs are never changed,
nothing half-written is left behind.
"""

from __future__ import annotations

import os
import random
import stat
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

#: The CLI's file-writing options, each with arguments that make it write quickly.
#: ``{input}`` stands for a house rule file and ``{parent}`` for the file it extends.
WRITERS: dict[str, list[str]] = {
    "analyse --record": ["analyse", "{input}", "--games", "4", "--quiet", "--record"],
    "analyse --report": ["analyse", "{input}", "--games", "4", "--quiet", "--report"],
    "compare --report": ["compare", "{parent}", "{input}", "--games", "4", "--quiet", "--report"],
    "simulate --record": ["simulate", "{input}", "--games", "2", "--record"],
    "rulesheet --output": ["rulesheet", "{input}", "--lang", "en", "--output"],
    "compile --output": ["compile", "{input}", "--output"],
}

#: Writing options that name a folder to write into (a folder is their normal destination).
FOLDER_WRITERS = {"compile --output"}

PARENT = "id: fuzz-parent\nextends: parliament\nname: Fuzz parent\n"
CHILD = "id: fuzz-child\nextends: {parent}\nname: Fuzz child\n"


@dataclass
class Hazard:
    """A path made for one case, and what must hold of it once the command has run."""

    path: str
    check: Callable[[int], None]
    readers: list[threading.Thread] = field(default_factory=list)


def inputs(folder: Path) -> tuple[Path, Path]:
    """A parent rulespec and a house rule extending it, written into ``folder``."""
    parent = folder / "parent.yaml"
    parent.write_text(PARENT, encoding="utf-8")
    child = folder / "child.yaml"
    child.write_text(CHILD.format(parent=parent), encoding="utf-8")
    return parent, child


def _drain(path: Path) -> threading.Thread:
    """A reader that empties a FIFO, so that a writer opening it does not wait for ever."""

    def read() -> None:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        try:
            for _ in range(600):
                try:
                    if os.read(fd, 65536) == b"":
                        threading.Event().wait(0.05)
                except BlockingIOError:
                    threading.Event().wait(0.05)
        finally:
            os.close(fd)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread


def make(
    kind: str, folder: Path, parent: Path, child: Path, *, folder_option: bool = False
) -> Hazard:
    """The hazard ``kind`` in ``folder`` (for an option that writes into a folder when ``folder_option``)."""
    texts = {p: p.read_bytes() for p in (parent, child)}

    def inputs_unchanged(code: int) -> None:
        for p, text in texts.items():
            assert p.read_bytes() == text, f"{p.name} was changed (exit {code})"

    if kind == "fifo":
        path = folder / "out.fifo"
        os.mkfifo(path)

        def still_fifo(code: int) -> None:
            assert stat.S_ISFIFO(path.lstat().st_mode), "the FIFO was replaced"

        return Hazard(str(path), still_fifo, [_drain(path)])
    if kind == "symlink":
        target = folder / "target.txt"
        target.write_text("old\n", encoding="utf-8")
        path = folder / "link.out"
        path.symlink_to(target)

        def still_link(code: int) -> None:
            assert path.is_symlink(), "the symbolic link was replaced by a file"

        return Hazard(str(path), still_link)
    if kind == "device":

        def still_device(code: int) -> None:
            assert stat.S_ISCHR(os.stat("/dev/null").st_mode), "/dev/null was replaced"

        return Hazard("/dev/null", still_device)
    if kind == "directory":
        path = folder / "a-folder"
        path.mkdir()

        def still_folder(code: int) -> None:
            assert path.is_dir(), "the folder was replaced"
            assert folder_option or code == 2, f"exit {code} writing to a folder"

        return Hazard(str(path), still_folder)
    if kind in ("own input", "parent input"):
        path = child if kind == "own input" else parent

        def refused(code: int) -> None:
            assert code == 2, f"exit {code} writing over {kind}"
            inputs_unchanged(code)

        return Hazard(str(path), refused)
    if kind == "under a file":
        path = folder / "plain.txt"
        path.write_text("x\n", encoding="utf-8")

        def refused_under(code: int) -> None:
            assert code == 2 and path.read_text(encoding="utf-8") == "x\n"

        return Hazard(str(path / "out"), refused_under)
    if kind == "empty":
        return Hazard("", lambda code: _expect(code == 2, f"exit {code} for an empty path"))
    raise ValueError(kind)


def _expect(condition: bool, message: str) -> None:
    assert condition, message


HAZARDS = [
    "fifo",
    "symlink",
    "device",
    "directory",
    "own input",
    "parent input",
    "under a file",
    "empty",
]


def leftovers(folder: Path, before: set[str]) -> list[str]:
    """Entries of ``folder`` a run left behind that are not the files a case made itself."""
    return sorted(set(os.listdir(folder)) - before)


def pick(rng: random.Random) -> tuple[str, str]:
    """A writing option and a hazard."""
    return rng.choice(sorted(WRITERS)), rng.choice(HAZARDS)


#: Rulespec paths that must be refused when read, not followed into a hang or a huge read.
def hostile_input(kind: str, folder: Path) -> Path:
    """A rulespec path of the hostile ``kind``: a FIFO, a link to an endless device, a huge file."""
    path = folder / f"{kind}.yaml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "endless":
        path.symlink_to("/dev/zero")
    elif kind == "huge":
        with path.open("w", encoding="utf-8") as handle:
            handle.write("id: huge\nextends: parliament\ndescription: '")
            handle.write("x" * (8 << 20))
            handle.write("'\n")
    elif kind == "folder":
        path.mkdir()
    else:
        raise ValueError(kind)
    return path


HOSTILE_INPUTS = ["fifo", "endless", "huge", "folder"]
