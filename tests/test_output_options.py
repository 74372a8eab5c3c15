"""Every option of the ``sevens`` command that writes a file, against every kind of path.

The options are found in click's own parameter lists, not in a list kept by
hand: a parameter typed ``click.Path``/``click.File``, or an option whose name
says it writes (``--record``, ``--report``, ``--output``, ``--out``…), must be
either run here (``WRITING_OPTIONS``) or declared an input (``READ_ONLY``), so
a new writing option fails ``test_every_writing_option_is_covered`` until it is
tried against the cases below.

Each option is pointed at a FIFO, a symbolic link, a character device, a
directory, the command's own rulespec and its ``extends:`` parent, a path under
a regular file, a missing folder and the empty name.  Whatever the case: exit
status 0, or 2 with one line and no traceback; nothing half-written (no
temporary file left), no file clobbered, no device, FIFO or link replaced by a
regular file, and a link's target written as ``compiler/output.py`` promises.
"""

from __future__ import annotations

import contextlib
import os
import resource
import stat
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from sevens.cli import main

EXIT_INVALID = 2
PARENT = "id: pub-base\nextends: parliament\nname: Pub Base\n"
HOUSE = "id: pub-house\nextends: ./parent.yaml\nname: Pub House\n"

Args = Callable[[str, Path], list[str]]
LAB = ["-g", "2", "-j", "1", "-q", "--json"]

#: How each writing option is run, given its destination and the house rule to read.
WRITING_OPTIONS: dict[tuple[str, str], Args] = {
    ("simulate", "record"): lambda dest, spec: ["simulate", str(spec), "-g", "2", "--record", dest],
    ("rulesheet", "output"): lambda dest, spec: ["rulesheet", str(spec), "-o", dest],
    ("compile", "output"): lambda dest, spec: ["compile", str(spec), "-o", dest],
    ("analyse", "record"): lambda dest, spec: ["analyse", str(spec), *LAB, "--record", dest],
    ("analyse", "report"): lambda dest, spec: ["analyse", str(spec), *LAB, "--report", dest],
    ("compare", "report"): lambda dest, spec: [
        "compare",
        str(spec),
        "parliament",
        *LAB,
        "--report",
        dest,
    ],
}
#: Writing options that name a folder to write into rather than a file.
FOLDER_OPTIONS = {("compile", "output")}
#: Path parameters that are only read.
READ_ONLY = {("compile", "files")}
#: Words in an option's name that say it writes somewhere.
WRITING_WORDS = {"record", "report", "output", "out", "write", "save", "dump", "export", "log"}


def _commands(group: click.Group, prefix: str = "") -> Iterator[tuple[str, click.Command]]:
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            yield from _commands(command, f"{prefix}{name} ")
        else:
            yield prefix + name, command


def _may_write(param: click.Parameter) -> bool:
    """The rule: a path- or file-typed parameter, or a valued option named like a writer."""
    if isinstance(param.type, click.Path | click.File):
        return True
    if not isinstance(param, click.Option) or param.is_flag or param.name is None:
        return False
    return bool(WRITING_WORDS & set(param.name.split("_")))


def _found() -> set[tuple[str, str]]:
    return {
        (name, str(param.name))
        for name, command in _commands(main)
        for param in command.params
        if _may_write(param)
    }


def test_every_writing_option_is_covered() -> None:
    found = _found()
    known = set(WRITING_OPTIONS) | READ_ONLY
    assert found - known == set(), "new path options: add them to WRITING_OPTIONS or READ_ONLY"
    assert known - found == set(), "options listed here that the command no longer has"


def test_the_rule_sees_a_new_writing_option() -> None:
    """The rule itself: a new ``--out`` option (no path type) would be found."""
    extra = click.Option(["--out"])
    command = main.commands["legal"]
    command.params.append(extra)
    try:
        assert ("legal", "out") in _found()
    finally:
        command.params.remove(extra)


# -- the cases ------------------------------------------------------------------------------


@dataclass
class Setup:
    """A folder with a house rule, its parent, and the things an option is pointed at."""

    work: Path
    house: Path
    parent: Path


@pytest.fixture
def setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Setup:
    work = tmp_path / "work"
    work.mkdir()
    (work / "parent.yaml").write_text(PARENT, encoding="utf-8")
    (work / "house.yaml").write_text(HOUSE, encoding="utf-8")
    (work / "plain.txt").write_text("plain\n", encoding="utf-8")
    monkeypatch.chdir(work)  # '' means the current folder to some options
    monkeypatch.setenv("SEVENS_CACHE", str(tmp_path / "cache"))
    return Setup(work, work / "house.yaml", work / "parent.yaml")


def _device(setup: Setup) -> str:
    """A character device that is safe to write: a private null device when running as
    root (a broken writer could replace the real /dev/null for the whole machine), else
    /dev/null, which a process without root cannot replace."""
    node = setup.work / "null"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        return str(node)
    except OSError:
        if os.geteuid() == 0:
            pytest.skip("root without mknod: not risking the real /dev/null")
        return "/dev/null"


def _fifo(setup: Setup) -> str:
    os.mkfifo(setup.work / "pipe")
    return str(setup.work / "pipe")


def _symlink(setup: Setup) -> str:
    (setup.work / "real").mkdir()
    (setup.work / "real" / "target.txt").write_text("old\n", encoding="utf-8")
    link = setup.work / "link"
    link.symlink_to(setup.work / "real" / "target.txt")
    return str(link)


def _folder_symlink(setup: Setup) -> str:
    (setup.work / "real").mkdir()
    link = setup.work / "link"
    link.symlink_to(setup.work / "real", target_is_directory=True)
    return str(link)


CASES: dict[str, Callable[[Setup], str]] = {
    "fifo": _fifo,
    "symlink": _symlink,
    "device": _device,
    "directory": lambda s: str(s.work),
    "own input": lambda s: str(s.house),
    "extends parent": lambda s: str(s.parent),
    "under a file": lambda s: str(s.work / "plain.txt" / "out"),
    "missing folder": lambda s: str(s.work / "no" / "such" / "out"),
    "empty": lambda s: "",
}
#: What a file option must do in each case (``None``: 0 or 2, whichever is clean).
FILE_EXPECTED: dict[str, int | None] = {
    "fifo": 0,
    "symlink": 0,
    "device": 0,
    "directory": EXIT_INVALID,
    "own input": EXIT_INVALID,
    "extends parent": EXIT_INVALID,
    "under a file": EXIT_INVALID,
    "missing folder": None,
    "empty": EXIT_INVALID,
}
FOLDER_EXPECTED: dict[str, int | None] = {
    **{case: EXIT_INVALID for case in CASES},
    "symlink": 0,
    "directory": 0,
    "missing folder": None,
}


def _snapshot(root: Path) -> dict[Path, tuple[int, bytes | str | None]]:
    """Every entry under ``root``: its file type, and its content or link target."""
    seen: dict[Path, tuple[int, bytes | str | None]] = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            mode = os.lstat(path).st_mode
            if stat.S_ISLNK(mode):
                seen[path] = (stat.S_IFMT(mode), os.readlink(path))
            elif stat.S_ISREG(mode):
                seen[path] = (stat.S_IFMT(mode), path.read_bytes())
            else:
                seen[path] = (stat.S_IFMT(mode), None)
    return seen


class _FifoReader:
    """Reads a FIFO in a thread, so a writer never blocks; unblocked if nobody writes."""

    def __init__(self, path: Path) -> None:
        self.path, self.data = path, b""
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        with self.path.open("rb") as handle:
            self.data = handle.read()

    def finish(self) -> None:
        # a refused run never opened the FIFO: open it ourselves so the reader ends
        # (OSError: the reader has already gone)
        with contextlib.suppress(OSError):
            os.close(os.open(self.path, os.O_WRONLY | os.O_NONBLOCK))
        self.thread.join(timeout=30)
        assert not self.thread.is_alive(), "the FIFO reader never finished"


def _run(args: list[str], fifo: Path | None) -> tuple[Result, bytes]:
    reader = _FifoReader(fifo) if fifo is not None else None
    try:
        result = CliRunner().invoke(main, args)
    finally:
        if reader is not None:
            reader.finish()
    return result, reader.data if reader is not None else b""


def _allowed_to_change(path: Path, dest: Path) -> bool:
    """The destination, what is under it (a folder option) and the folders made for it."""
    return path == dest or dest in path.parents or path in dest.parents


def _check_clean_exit(result: Result, expected: int | None) -> None:
    assert "Traceback" not in result.output, result.output
    assert result.exit_code in (0, EXIT_INVALID), (result.exit_code, result.output)
    if expected is not None:
        assert result.exit_code == expected, result.output
    if result.exit_code == EXIT_INVALID:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
        # one message; an option's own mistake also gets click's usage lines
        usage = ("Usage: ", "Try '")
        lines = [
            line
            for line in result.output.splitlines()
            if line.strip() and not line.startswith(usage)
        ]
        assert len(lines) == 1, result.output


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("option", sorted(WRITING_OPTIONS), ids=" ".join)
def test_writing_option_against(option: tuple[str, str], case: str, setup: Setup) -> None:
    folder_option = option in FOLDER_OPTIONS
    make = _folder_symlink if folder_option and case == "symlink" else CASES[case]
    dest = make(setup)
    before = _snapshot(setup.work)
    fifo = Path(dest) if case == "fifo" else None
    result, received = _run(WRITING_OPTIONS[option](dest, setup.house), fifo)
    _check_clean_exit(result, (FOLDER_EXPECTED if folder_option else FILE_EXPECTED)[case])
    after = _snapshot(setup.work)

    assert [p.name for p in after if p.name.startswith(".")] == [], "a temporary file is left"
    real_dest = Path(os.path.realpath(dest or "."))
    for path, (kind, content) in before.items():
        assert path in after, f"{path} was removed"
        assert after[path][0] == kind, f"{path} changed its type"
        if after[path][1] != content:
            assert result.exit_code == 0 and _allowed_to_change(path, real_dest), path
    for path in set(after) - set(before):
        assert result.exit_code == 0 and _allowed_to_change(path, real_dest), f"{path} appeared"

    if case in ("own input", "extends parent") and not folder_option:
        assert "it is an input file" in result.output, result.output
    if case == "device":
        assert stat.S_ISCHR(os.stat(dest).st_mode)
    if case == "fifo" and result.exit_code == 0:
        assert received, "the FIFO's reader got nothing"
    if case == "symlink":
        assert Path(dest).is_symlink()
        assert (Path(dest) / "pub-house.py" if folder_option else Path(dest)).exists()
        if not folder_option:
            assert (setup.work / "real" / "target.txt").read_text(encoding="utf-8") != "old\n"


# -- limits that only a real process can have ----------------------------------------------


def test_analyse_record_over_the_file_size_limit_is_one_line(tmp_path: Path) -> None:
    """EFBIG: the record outgrows RLIMIT_FSIZE; one line, exit 2, no file left behind."""
    record = tmp_path / "games.jsonl"

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))

    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "sevens",
            "analyse",
            "parliament",
            *("-g", "200", "-j", "1", "-q"),
            "--record",
            str(record),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=limit,
        env={**os.environ, "SEVENS_CACHE": str(tmp_path / "cache")},
        check=False,
    )
    assert done.returncode == EXIT_INVALID, done.stderr
    assert "cannot write the record: File too large" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "cache") == []


@pytest.mark.parametrize("option", sorted(WRITING_OPTIONS))
def test_an_empty_path_is_refused_as_such(option: tuple[str, str], tmp_path: Path) -> None:
    """``''`` is the option's mistake, not "the current folder" nor "a directory"."""
    house = tmp_path / "house.yaml"
    house.write_text("id: house\nextends: parliament\n", encoding="utf-8")
    result = CliRunner().invoke(main, WRITING_OPTIONS[option]("", house))
    assert result.exit_code == EXIT_INVALID, result.output
    assert "an empty path names no file" in result.output
