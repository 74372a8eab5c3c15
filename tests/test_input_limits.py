"""What ``sevens`` agrees to read as a rulespec: regular files of at most 1 MiB.

A link to ``/dev/zero`` would fill the memory and a FIFO would block for ever;
both are refused at ``file:1:1`` with exit 2, as a rulespec and as an
``extends:`` parent, before any byte is read.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from click.testing import Result

from tests.conftest import assert_refused_at, sevens_cli

#: The documented limit (``compiler.errors.MAX_FILE_BYTES``).
ONE_MIB = 1 << 20


def test_link_to_dev_zero_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("z.yaml").symlink_to("/dev/zero")
    assert_refused_at(sevens_cli("validate", "z.yaml"), "z.yaml:1:1", "not a regular file")


def test_directory_is_refused_at_its_first_position(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    os.mkdir("d.yaml")
    assert_refused_at(
        sevens_cli("validate", "d.yaml"), "d.yaml:1:1", "not a regular file (a directory)"
    )


def test_fifo_is_refused_without_blocking(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    os.mkfifo("x.yaml")
    done: list[Result] = []
    worker = threading.Thread(target=lambda: done.append(sevens_cli("validate", "x.yaml")))
    worker.start()
    worker.join(timeout=30)
    if not done:  # unblock the reader so that the test run can end, then fail
        with open("x.yaml", "w", encoding="utf-8"):
            pass
        worker.join()
        pytest.fail("validate blocked on a FIFO")
    assert_refused_at(done[0], "x.yaml:1:1", "not a regular file (a FIFO)")


def test_file_over_the_size_limit_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("big.yaml").write_text("#" * (ONE_MIB + 1), encoding="utf-8")
    assert_refused_at(sevens_cli("validate", "big.yaml"), "big.yaml:1:1", "the limit is 1 MiB")


def test_parent_that_is_a_device_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``extends:`` never reads a device either: a link to one is no rulespec file."""
    monkeypatch.chdir(tmp_path)
    Path("parent.yaml").symlink_to("/dev/zero")
    Path("child.yaml").write_text("id: child\nextends: parent.yaml\n", encoding="utf-8")
    assert_refused_at(sevens_cli("validate", "child.yaml"), "child.yaml:2:10", "extends")


def test_parents_are_found_beside_the_real_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A house rule reached through a link reads ``extends: ./base.yaml`` beside itself."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "real").mkdir()
    (tmp_path / "links").mkdir()
    Path("real/base.yaml").write_text("id: base-x\nextends: parliament\n", encoding="utf-8")
    Path("real/top.yaml").write_text("id: top-x\nextends: ./base.yaml\n", encoding="utf-8")
    Path("links/top.yaml").symlink_to("../real/top.yaml")
    result = sevens_cli("validate", "links/top.yaml")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("command", [["validate"], ["simulate", "--games", "1"]])
def test_a_directory_named_like_a_rulespec_is_not_an_unknown_variant(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    os.mkdir("house.yaml")
    result = sevens_cli(command[0], "house.yaml", *command[1:])
    assert_refused_at(result, "house.yaml:1:1", "not a regular file (a directory)")


def test_a_parent_that_is_a_directory_is_named_as_such(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    os.mkdir("parent.yaml")
    Path("child.yaml").write_text("id: child\nextends: ./parent.yaml\n", encoding="utf-8")
    assert_refused_at(
        sevens_cli("validate", "child.yaml"), "child.yaml:2:10", "it is not a regular file"
    )
