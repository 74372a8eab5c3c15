"""Rulespec text on terminals and in rule sheets: what it may hold, and which links become links.

Control, direction and invisible characters are refused where a value is
read (``tests/bad_input/text_*.yaml`` hold one per kind), so sheets, diffs and
messages never show other text than the file holds; a source ``url`` must
be http(s) (``source_url_javascript.yaml``), and the sheet links nothing else
even if handed another address.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sevens.compiler.model import Source
from sevens.compiler.rulesheet.i18n import Lang
from sevens.compiler.rulesheet.sheet import source_context
from tests.conftest import assert_refused_at, sevens_cli

LINKED = (
    "id: linked\nextends: fan-tan\nsources:\n- title: Rules\n  url: https://example.org/rules\n"
)


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_an_https_source_is_a_link(fmt: str, tmp_path: Path) -> None:
    path = tmp_path / "linked.yaml"
    path.write_text(LINKED, encoding="utf-8")
    result = sevens_cli("rulesheet", str(path), "--lang", "en", "--format", fmt)
    assert result.exit_code == 0, result.output
    link = (
        '<a href="https://example.org/rules">' if fmt == "html" else "<https://example.org/rules>"
    )
    assert link in result.output


@pytest.mark.parametrize("url", ["javascript:alert(4)", "data:text/html,x", "https://a b"])
def test_a_sheet_links_only_http_addresses(url: str) -> None:
    """Defence in depth: the sheet drops an address validation would have refused."""
    assert source_context(Lang("en"), Source("Evil", None, None, url))["url"] is None


@pytest.mark.parametrize(
    "args",
    [
        ["rulesheet", "rlo.yaml", "--format", "html"],
        ["rulesheet", "rlo.yaml"],
        ["diff", "fan-tan", "rlo.yaml"],
    ],
    ids=["html", "md", "diff"],
)
def test_sheets_and_diffs_refuse_a_right_to_left_override(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("rlo.yaml").write_text('id: rlo\nextends: fan-tan\nname: "Fan \\u202eTan"\n', "utf-8")
    result = sevens_cli(*args)
    assert_refused_at(result, "rlo.yaml:3:12", "U+202E (right-to-left override)")
    assert "\u202e" not in result.output
