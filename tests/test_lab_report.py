"""What the lab's HTML report says besides its plots: the rules, the numbers, who gains,
and the command line that plays the same games again."""

from __future__ import annotations

import html
import json
import re
import shlex
from pathlib import Path

import pytest

from tests.conftest import report_sentences, sevens_cli


def _report(tmp_path: Path, *args: str) -> str:
    page = tmp_path / "report.html"
    result = sevens_cli(*args, "--games", "200", "--jobs", "1", "--quiet", "--report", str(page))
    assert result.exit_code == 0, result.output
    return page.read_text(encoding="utf-8")


def _without_plots(page: str) -> str:
    return re.sub(r"<svg.*?</svg>", "", page, flags=re.S)


def test_the_reports_command_line_plays_the_same_games_again(tmp_path: Path) -> None:
    page = _report(tmp_path, "analyse", "refusal-penalty", "--seed", "5")
    command = html.unescape(re.search(r"<pre>(sevens analyse .*?)</pre>", page).group(1))  # type: ignore[union-attr]
    words = shlex.split(command)[1:]
    again = sevens_cli(*words, "--json", "--quiet", "--jobs", "1")
    first = sevens_cli(
        "analyse", "refusal-penalty", "--seed", "5", "--games", "200", "-j", "1", "-q", "--json"
    )
    assert again.exit_code == first.exit_code == 0
    assert json.loads(again.stdout) == json.loads(first.stdout)
    assert "sevens 0.1.0" in page


def test_an_analysis_report_states_the_rules_the_seats_and_who_gains(tmp_path: Path) -> None:
    page = _without_plots(_report(tmp_path, "analyse", "refusal-penalty"))
    assert "<h2>The rules</h2><p>Parliament with a penalty card for refusing." in page
    seats = re.search(r"<h2>Seats</h2><table>(.*?)</table>", page).group(1)  # type: ignore[union-attr]
    assert seats.count("<tr><td>") == 4 and "%" in seats
    assert "who gains from the withholding seat" in page
    gains = page.split("who gains from the withholding seat")[1].split("</table>")[0]
    assert gains.count("<tr><td>") == 3  # the three seats after the offender
    assert "points [" in gains


def test_a_comparison_report_states_the_differences_as_diff_says_them(tmp_path: Path) -> None:
    page = _without_plots(_report(tmp_path, "compare", "parliament", "voluntary-pass"))
    assert "<h2>What voluntary-pass changes of parliament</h2>" in page
    assert "<li>You may now pass even when you could play.</li>" in page


def test_chips_and_lengths_are_never_drawn_on_one_axis(tmp_path: Path) -> None:
    page = _report(tmp_path, "compare", "parliament", "refusal-penalty")
    captions = re.findall(r"<figcaption>(\w+): A − B with intervals.</figcaption>", page)
    assert "Lengths" in captions and "Chips" in captions and "Counts" not in captions


def test_matches_of_one_fixed_length_get_no_one_bar_plot(tmp_path: Path) -> None:
    page = _report(tmp_path, "analyse", "parliament")
    assert "every match lasted 4 deals" in page
    session = page.split("every match lasted 4 deals")[0].rsplit("<figure>", 1)[1]
    assert "Match length" not in session


@pytest.mark.parametrize(
    "command",
    [("analyse", "refusal-penalty"), ("compare", "parliament", "voluntary-pass")],
    ids=["analyse", "compare"],
)
def test_a_report_in_german_or_japanese_has_no_english_sentence(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    english = report_sentences(_report(tmp_path, *command))
    assert len(english) > 30  # headings, tables, captions, findings, the rules
    for lang in ("de", "ja"):
        page = _report(tmp_path, *command, "--lang", lang)
        assert f'<html lang="{lang}">' in page
        assert sorted(english & report_sentences(page)) == [], lang


def test_a_german_comparison_report_says_the_differences_as_diff_does(tmp_path: Path) -> None:
    page = _without_plots(_report(tmp_path, "compare", "parliament", "voluntary-pass", "-l", "de"))
    diff = sevens_cli("diff", "parliament", "voluntary-pass", "--lang", "de").stdout
    assert "<title>Balancevergleich: parliament gegen voluntary-pass</title>" in page
    for line in diff.splitlines():
        if line.startswith("- "):
            assert f"<li>{html.escape(line[2:].replace('**', ''))}</li>" in page


def test_a_report_in_an_unknown_language_is_refused(tmp_path: Path) -> None:
    result = sevens_cli("analyse", "parliament", "--games", "10", "--lang", "xx")
    assert result.exit_code == 2
    assert "'xx' is not one of" in result.output and "Traceback" not in result.output


def test_every_report_text_is_translated_with_its_placeholders() -> None:
    from sevens.lab.i18n import LAB, LANGUAGES
    from sevens.play.catalog import extract_messages, read_catalog

    extracted = {m.id for m in extract_messages(LAB) if m.id}
    for lang in LANGUAGES:
        catalog = read_catalog(lang, LAB)
        assert {m.id for m in catalog if m.id} == extracted, "python -m sevens.lab.i18n"
        for message in catalog:
            if message.id and lang != "en":
                assert message.string, f"{lang}: {message.id!r} is not translated"
                names = set(re.findall(r"%\((\w+)\)", str(message.id)))
                assert set(re.findall(r"%\((\w+)\)", str(message.string))) == names
