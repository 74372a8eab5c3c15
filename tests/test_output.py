"""Every command that writes: what is at the path is never clobbered or replaced wrongly.

``simulate --record``, ``compile -o`` and ``rulesheet -o`` all write through
``sevens.compiler.output``; each is tried against /dev/null, a FIFO, a
symbolic link, a directory, its own input file, an unwritable folder, a full
disk (/dev/full), a file-size limit and SIGTERM.
"""

from __future__ import annotations

import os
import resource
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from sevens.cli import main
from sevens.compiler.output import OutputError, open_output, write_text

ROOT = Path(__file__).resolve().parent.parent
PARLIAMENT = ROOT / "rulespecs" / "parliament.yaml"
HOUSE_RULE = "id: pub-parliament\nextends: parliament\nname: Pub Parliament\n"
EXIT_INVALID = 2


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def assert_one_line_error(result: Result, *fragments: str) -> None:
    assert result.exit_code == EXIT_INVALID, result.output
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


def leftovers(folder: Path) -> list[str]:
    """Temporary files left in ``folder`` (hidden ``.name.xxxx.tmp`` files)."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# Each writing command, as a function of the destination it is pointed at.
def record_to(path: str, tmp: Path) -> list[str]:
    return ["simulate", "parliament", "--games", "3", "--record", path]


def sheet_to(path: str, tmp: Path) -> list[str]:
    return ["rulesheet", "parliament", "-o", path]


def module_into(path: str, tmp: Path) -> list[str]:
    spec = tmp / "house.yaml"
    spec.write_text(HOUSE_RULE, encoding="utf-8")
    return ["compile", str(spec), "-o", path]


WRITERS: dict[str, Callable[[str, Path], list[str]]] = {
    "simulate --record": record_to,
    "rulesheet -o": sheet_to,
    "compile -o": module_into,
}
FILE_WRITERS = {k: v for k, v in WRITERS.items() if k != "compile -o"}  # -o names a file


@pytest.fixture(params=sorted(FILE_WRITERS))
def file_writer(request: pytest.FixtureRequest) -> Callable[[str, Path], list[str]]:
    return FILE_WRITERS[request.param]


@pytest.fixture(params=sorted(WRITERS))
def writer(request: pytest.FixtureRequest) -> Callable[[str, Path], list[str]]:
    return WRITERS[request.param]


# -- what is at the path ------------------------------------------------------------------


def test_dev_null_stays_a_device(
    file_writer: Callable[[str, Path], list[str]], tmp_path: Path
) -> None:
    result = run(*file_writer("/dev/null", tmp_path))
    assert result.exit_code == 0, result.output
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_dev_full_is_a_one_line_error(
    file_writer: Callable[[str, Path], list[str]], tmp_path: Path
) -> None:
    """A full disk (ENOSPC): /dev/full refuses every write."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    result = run(*file_writer("/dev/full", tmp_path))
    assert_one_line_error(result, "/dev/full: cannot write", "No space left on device")


def test_fifo_is_written_not_replaced(
    file_writer: Callable[[str, Path], list[str]], tmp_path: Path
) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    result = run(*file_writer(str(fifo), tmp_path))
    reader.join(timeout=30)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert received and received[0], "the reader of the FIFO got nothing"


def test_symlink_is_followed_and_kept(
    file_writer: Callable[[str, Path], list[str]], tmp_path: Path
) -> None:
    target = tmp_path / "real.txt"
    target.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    result = run(*file_writer(str(link), tmp_path))
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and link.resolve() == target
    assert target.read_text() != "old\n"
    assert leftovers(tmp_path) == []


def test_directory_is_refused(
    file_writer: Callable[[str, Path], list[str]], tmp_path: Path
) -> None:
    result = run(*file_writer(str(tmp_path), tmp_path))
    assert_one_line_error(result, "cannot write", "it is a directory")


def test_path_under_a_file_is_refused(
    writer: Callable[[str, Path], list[str]], tmp_path: Path
) -> None:
    plain = tmp_path / "plain.txt"
    plain.write_text("x")
    result = run(*writer(str(plain / "x"), tmp_path))
    assert_one_line_error(result, "cannot write", "Not a directory")
    assert plain.read_text() == "x"


def test_input_file_is_never_overwritten(tmp_path: Path) -> None:
    spec = tmp_path / "house.yaml"
    spec.write_text(HOUSE_RULE, encoding="utf-8")
    for args in (
        ["simulate", str(spec), "--games", "2", "--record", str(spec)],
        ["rulesheet", str(spec), "-o", str(spec)],
    ):
        result = run(*args)
        assert_one_line_error(result, "it is an input file")
        assert spec.read_text(encoding="utf-8") == HOUSE_RULE


def test_parent_file_is_never_overwritten(tmp_path: Path) -> None:
    spec = tmp_path / "house.yaml"
    spec.write_text(HOUSE_RULE, encoding="utf-8")
    child = tmp_path / "child.yaml"
    child.write_text("id: child\nextends: ./house.yaml\n", encoding="utf-8")
    for args in (
        ["simulate", str(child), "--games", "2", "--record", str(spec)],
        ["rulesheet", str(child), "-o", str(spec)],
    ):
        assert_one_line_error(run(*args), "it is an input file")
        assert spec.read_text(encoding="utf-8") == HOUSE_RULE


def test_input_file_through_a_link_is_never_overwritten(tmp_path: Path) -> None:
    spec = tmp_path / "house.yaml"
    spec.write_text(HOUSE_RULE, encoding="utf-8")
    (tmp_path / "alias.yaml").symlink_to(spec)
    result = run("simulate", str(spec), "-g", "2", "--record", str(tmp_path / "alias.yaml"))
    assert_one_line_error(result, "it is an input file")
    assert spec.read_text(encoding="utf-8") == HOUSE_RULE


@pytest.fixture
def unwritable_dir(tmp_path: Path) -> Path:
    """A folder this process may not create files in (root ignores modes: use /sys)."""
    if os.geteuid() != 0:
        folder = tmp_path / "read-only"
        folder.mkdir()
        folder.chmod(0o500)
        return folder
    probe = Path("/sys/sevens-probe")
    try:
        probe.touch()
    except OSError:
        return Path("/sys")
    probe.unlink()
    pytest.skip("running as root with a writable /sys: no unwritable folder to test")


def test_unwritable_folder_is_a_one_line_error(
    writer: Callable[[str, Path], list[str]], tmp_path: Path, unwritable_dir: Path
) -> None:
    result = run(*writer(str(unwritable_dir / "out"), tmp_path))
    assert_one_line_error(result, "cannot write")


def test_missing_folder_for_the_record(tmp_path: Path) -> None:
    result = run(*record_to(str(tmp_path / "no" / "such" / "x.jsonl"), tmp_path))
    assert_one_line_error(result, "cannot write the record", "No such file or directory")


# -- permissions and atomicity ------------------------------------------------------------


def _umask(mask: int) -> int:
    return os.umask(mask)


def test_new_files_get_the_umask_permissions(
    writer: Callable[[str, Path], list[str]], tmp_path: Path
) -> None:
    previous = _umask(0o022)
    try:
        out = tmp_path / "out"
        out.mkdir()
        args = writer(str(out if writer is module_into else out / "file"), tmp_path)
        result = run(*args)
    finally:
        _umask(previous)
    assert result.exit_code == 0, result.output
    (written,) = list(out.iterdir())
    assert stat.S_IMODE(written.stat().st_mode) == 0o644


def test_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "sheet.md"
    target.write_text("old")
    target.chmod(0o640)
    result = run(*sheet_to(str(target), tmp_path))
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert target.read_text() != "old"


def test_failed_write_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "keep.txt"
    target.write_text("precious")
    with pytest.raises(RuntimeError), open_output(target) as handle:
        handle.write("half")
        raise RuntimeError("interrupted")
    assert target.read_text() == "precious"
    assert leftovers(tmp_path) == []


def test_output_errors_are_sevens_errors(tmp_path: Path) -> None:
    with pytest.raises(OutputError) as caught:
        write_text(tmp_path, "x")
    assert "it is a directory" in caught.value.render()


def test_two_rulespecs_with_one_id_are_refused(tmp_path: Path) -> None:
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text(HOUSE_RULE, encoding="utf-8")
    out = tmp_path / "out"
    result = run("compile", str(tmp_path / "a.yaml"), str(tmp_path / "b.yaml"), "-o", str(out))
    assert_one_line_error(result, "both have the id 'pub-parliament'")
    assert not out.exists() or list(out.iterdir()) == []


# -- signals and limits (real processes) -----------------------------------------------


def sevens_process(*args: str, **kwargs: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "sevens", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kwargs,  # type: ignore[call-overload]
    )


def test_sigterm_leaves_no_temporary_file(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    process = sevens_process("simulate", "parliament", "-g", "1000000", "--record", str(record))
    deadline = time.monotonic() + 60
    while not leftovers(tmp_path) and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    assert leftovers(tmp_path), "the run never started writing its record"
    time.sleep(0.3)  # let it write a while
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 128 + signal.SIGTERM, stderr
    assert "Traceback" not in stderr
    assert leftovers(tmp_path) == []
    assert not record.exists()


def test_dev_stdout_redirected_to_a_file_keeps_records_and_summary(tmp_path: Path) -> None:
    """``--record /dev/stdout > file``: the file must not be replaced or overwritten."""
    out = tmp_path / "out.txt"
    with out.open("w") as stdout:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "sevens",
                "simulate",
                "parliament",
                "-g",
                "3",
                "--json",
                "--record",
                "/dev/stdout",
            ],
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    text = out.read_text()
    assert text.count('"deal": 1') + text.count('"deal":1') == 3, text[:300]
    assert '"games_per_second"' in text  # the summary follows the records
    assert leftovers(tmp_path) == []


def test_file_size_limit_is_a_one_line_error(tmp_path: Path) -> None:
    """EFBIG: the record outgrows RLIMIT_FSIZE; Python ignores SIGXFSZ, so write() fails."""
    record = tmp_path / "games.jsonl"

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))

    process = sevens_process(
        "simulate", "parliament", "-g", "500", "--record", str(record), preexec_fn=limit
    )
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == EXIT_INVALID, stderr
    assert "cannot write the record: File too large" in stderr
    assert len(stderr.strip().splitlines()) == 1, stderr
    assert leftovers(tmp_path) == [] and not record.exists()
