"""Bad input is part of the product.

Every file in ``tests/bad_input/`` holds one mistake and starts with a line

    # expect: [FILE:]LINE:COL MESSAGE

giving where the mistake is (in FILE, relative to ``tests/bad_input/``, when it
is not the file itself) and a substring of the message.  ``sevens validate``
must exit with status 2, report ``file:line:col: message``, quote the source
line with a caret under the column, and never show a traceback.

The rest of the module checks the other commands' bad input, YAML safety
(tags, alias bombs, duplicate keys, ``yes``/``no``) and that no string from a
rulespec ever becomes executable code.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import CliRunner, Result

from sevens.cli import main
from sevens.compiler.errors import SevensError, SourceFile
from sevens.compiler.load import parse_yaml
from sevens.compiler.pipeline import load_rulespec

BAD_DIR = Path(__file__).resolve().parent / "bad_input"
EXPECT = re.compile(
    r"^# expect: (?:(?P<file>[\w./-]+\.yaml):)?(?P<line>\d+):(?P<col>\d+) (?P<message>.+)$"
)
#: A diagnostic header: ``path:line:col: message``.
HEADER = re.compile(r"^\S+\.yaml:\d+:\d+: ", re.MULTILINE)
#: Names of parser tokens that mean nothing to a rulespec author.
INTERNAL_TOKENS = re.compile(r"\b(?:lsqb|rsqb|lpar|rpar|minus|plus|__anon\w*|\$end)\b", re.I)
EXIT_INVALID = 2


@dataclass(frozen=True)
class Expectation:
    """Where a bad file's mistake is and what the message must say."""

    file: str
    line: int
    column: int
    message: str

    @property
    def location(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: "


def bad_files() -> list[Path]:
    return sorted(BAD_DIR.glob("*.yaml"))


def read_expectation(path: Path) -> Expectation:
    first_line = path.read_text(encoding="utf-8").split("\n", 1)[0]
    match = EXPECT.match(first_line)
    assert match, f"{path.name}: first line must be '# expect: [FILE:]LINE:COL MESSAGE'"
    return Expectation(
        match["file"] or path.name, int(match["line"]), int(match["col"]), match["message"]
    )


def run(*args: str) -> Result:
    """Run the ``sevens`` command in-process."""
    return CliRunner().invoke(main, list(args))


def assert_user_error(result: Result) -> None:
    """Exit status 2, from a clean exit rather than an escaped exception."""
    assert result.exit_code == EXIT_INVALID, result.output
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output


def validate_in_bad_dir(monkeypatch: pytest.MonkeyPatch, *names: str) -> Result:
    monkeypatch.chdir(BAD_DIR)
    return run("validate", *names)


def quoted_block(output: str, expectation: Expectation) -> list[str]:
    """The header line of the expected diagnostic and the two lines after it."""
    lines = output.splitlines()
    for index, line in enumerate(lines):
        if line.startswith(expectation.location):
            return lines[index : index + 3]
    raise AssertionError(f"no diagnostic at {expectation.location!r} in:\n{output}")


def source_line(expectation: Expectation) -> str:
    lines = (BAD_DIR / expectation.file).read_text(encoding="utf-8").splitlines()
    return lines[expectation.line - 1]


# -- the corpus ----------------------------------------------------------------------


def test_corpus_is_large_enough() -> None:
    assert len(bad_files()) >= 35


@pytest.mark.parametrize("path", bad_files(), ids=lambda p: p.stem)
def test_bad_file_is_reported_at_its_position(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expectation = read_expectation(path)
    result = validate_in_bad_dir(monkeypatch, path.name)
    assert_user_error(result)
    assert expectation.location in result.output, result.output
    assert expectation.message in result.output, result.output
    assert expectation.location in result.stderr


@pytest.mark.parametrize("path", bad_files(), ids=lambda p: p.stem)
def test_bad_file_quotes_line_and_caret(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expectation = read_expectation(path)
    result = validate_in_bad_dir(monkeypatch, path.name)
    header, quoted, caret = quoted_block(result.output, expectation)
    assert expectation.message in header
    assert quoted == "    " + source_line(expectation).rstrip("\n"), result.output
    assert caret == "    " + " " * (expectation.column - 1) + "^", result.output


@pytest.mark.parametrize("path", bad_files(), ids=lambda p: p.stem)
def test_bad_file_gets_one_plain_message(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One mistake, one diagnostic, in the author's words rather than the parser's."""
    result = validate_in_bad_dir(monkeypatch, path.name)
    assert len(HEADER.findall(result.output)) == 1, result.output
    assert not INTERNAL_TOKENS.search(result.output), result.output


def test_validate_reports_every_bad_file(monkeypatch: pytest.MonkeyPatch) -> None:
    names = ["unknown_key_top.yaml", "cond_unknown_name.yaml", "yaml_tab_indent.yaml"]
    result = validate_in_bad_dir(monkeypatch, *names)
    assert_user_error(result)
    for name in names:
        assert read_expectation(BAD_DIR / name).location in result.output


def test_validate_reports_bad_file_among_good_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    good = str(BAD_DIR.parent.parent / "rulespecs" / "parliament.yaml")
    result = validate_in_bad_dir(monkeypatch, good, "cond_unknown_attribute.yaml")
    assert_user_error(result)
    assert read_expectation(BAD_DIR / "cond_unknown_attribute.yaml").location in result.output


def test_validate_missing_file() -> None:
    result = run("validate", "/nonexistent/rules.yaml")
    assert_user_error(result)
    assert "no such file" in result.output


# -- other commands: nothing half-written, exit 2 -------------------------------------


def test_compile_bad_file_writes_nothing(tmp_path: Path) -> None:
    result = run("compile", str(BAD_DIR / "cond_unknown_name.yaml"), "-o", str(tmp_path))
    assert_user_error(result)
    assert "cond_unknown_name.yaml:4:37:" in result.output
    assert list(tmp_path.iterdir()) == []


def test_compile_good_and_bad_files_writes_nothing(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text("id: house-rule\nextends: parliament\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run("compile", str(good), str(BAD_DIR / "opening_card_removed.yaml"), "-o", str(out))
    assert_user_error(result)
    assert not out.exists() or list(out.iterdir()) == []


def test_simulate_bad_file() -> None:
    result = run("simulate", str(BAD_DIR / "cond_folded_block.yaml"), "--games", "1")
    assert_user_error(result)
    assert "cond_folded_block.yaml:6:35:" in result.output


@pytest.mark.parametrize("players", ["2", "99"])
def test_simulate_player_count_out_of_range(players: str) -> None:
    result = run("simulate", "parliament", "--players", players, "--games", "1")
    assert_user_error(result)
    assert f"parliament is played by 3 to 8 players, not {players}" in result.output


def test_simulate_bad_player_count_writes_no_record(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    result = run("simulate", "parliament", "-p", "2", "-g", "1", "--record", str(record))
    assert_user_error(result)
    assert not record.exists(), "a record file was left behind by a run that never started"


def test_simulate_unknown_variant() -> None:
    result = run("simulate", "nosuchvariant", "--games", "1")
    assert_user_error(result)
    assert "unknown variant 'nosuchvariant'" in result.output


def test_simulate_near_miss_variant_suggests() -> None:
    result = run("simulate", "parliment", "--games", "1")
    assert_user_error(result)
    assert "did you mean 'parliament'?" in result.output


def test_simulate_unknown_strategy_lists_the_known_ones() -> None:
    result = run("simulate", "parliament", "--games", "1", "--strategy", "nosuch")
    assert_user_error(result)
    assert "'nosuch' is not one of 'random', 'random-play', 'heuristic'" in result.output
    assert "'search'" in result.output


def test_simulate_record_in_missing_directory() -> None:
    result = run("simulate", "parliament", "--games", "1", "--record", "/nonexistent/dir/x.jsonl")
    assert_user_error(result)
    assert "/nonexistent/dir/x.jsonl: cannot write the record" in result.output


def test_simulate_zero_games() -> None:
    result = run("simulate", "parliament", "--games", "0")
    assert result.exit_code == EXIT_INVALID
    assert "Traceback" not in result.output


def test_legal_unknown_card() -> None:
    result = run("legal", "parliament", "--hand", "7X")
    assert_user_error(result)
    assert "--hand: '7X' is not a card of parliament" in result.output


def test_legal_card_on_table_and_in_hand() -> None:
    result = run("legal", "parliament", "--table", "7D 7H", "--hand", "8H 7H")
    assert_user_error(result)
    assert "cards both on the table and in the hand: 7H" in result.output


def test_legal_unknown_variant() -> None:
    result = run("legal", "fantan", "--hand", "7D")
    assert_user_error(result)
    assert "did you mean 'fan-tan'?" in result.output


def test_rulesheet_unknown_language() -> None:
    pytest.importorskip("sevens.compiler.rulesheet")
    result = run("rulesheet", "parliament", "--lang", "xx")
    assert_user_error(result)
    assert "xx" in result.output


# -- YAML safety ------------------------------------------------------------------------


def parse_text(text: str) -> dict[str, object]:
    return parse_yaml(SourceFile("inline.yaml", text)).data


def test_billion_laughs_fails_fast() -> None:
    started = time.perf_counter()
    result = run("validate", str(BAD_DIR / "billion_laughs.yaml"))
    # A guard against a hang (an expansion would take hours), not a speed claim: a loaded
    # machine may be slow, so the bound is generous.
    assert time.perf_counter() - started < 30.0
    assert_user_error(result)
    assert "alias expansion exceeds the node budget" in result.output


@pytest.mark.parametrize(
    "tagged",
    [
        '!!python/object/apply:os.system ["touch {marker}"]',
        "!!python/object/apply:subprocess.call [[touch, '{marker}']]",
        "!!python/object/new:os.system ['touch {marker}']",
        "!!python/name:os.system",
        "!custom 'touch {marker}'",
    ],
)
def test_python_tags_are_rejected_never_run(tagged: str, tmp_path: Path) -> None:
    marker = tmp_path / "PWNED"
    spec = tmp_path / "tagged.yaml"
    spec.write_text(f"id: tagged\nname: {tagged.format(marker=marker)}\n", encoding="utf-8")
    for command in (["validate"], ["compile", "-o", str(tmp_path / "out")]):
        result = run(*command, str(spec))
        assert_user_error(result)
        assert "tagged.yaml:2:7: tag " in result.output
        assert "is not allowed in a rulespec" in result.output
    assert not marker.exists()
    assert not (tmp_path / "out").exists()


def test_deeply_nested_yaml_is_a_clear_error(tmp_path: Path) -> None:
    spec = tmp_path / "deep.yaml"
    spec.write_text("id: deep\nname: " + "[" * 3000 + "]" * 3000 + "\n", encoding="utf-8")
    result = run("validate", str(spec))
    assert_user_error(result)
    assert "deep.yaml:2:" in result.output


def test_non_utf8_file_is_located(tmp_path: Path) -> None:
    spec = tmp_path / "latin1.yaml"
    spec.write_bytes("id: latin\nname: Fan Tan à la française\n".encode("latin-1"))
    result = run("validate", str(spec))
    assert_user_error(result)
    assert "latin1.yaml:2:" in result.output


@pytest.mark.parametrize("word", ["no", "yes", "on", "off", "y", "n", "No", "YES", "Off"])
def test_yes_no_on_off_stay_strings(word: str) -> None:
    data = parse_text(f"id: x\nname: {word}\naliases: [{word}]\ndeck:\n  lowest: {word}\n")
    assert data["name"] == word
    assert data["aliases"] == [word]
    assert data["deck"] == {"lowest": word}


def test_only_true_and_false_are_booleans() -> None:
    data = parse_text("a: true\nb: False\nc: 'true'\n")
    assert data == {"a": True, "b": False, "c": "true"}


def test_yes_no_survive_into_the_model(tmp_path: Path) -> None:
    spec = tmp_path / "words.yaml"
    spec.write_text(
        "id: words\nextends: parliament\nname: no\naliases: [yes, on, off]\ndescription: off\n",
        encoding="utf-8",
    )
    model = load_rulespec(spec).spec
    assert model.name == "no"
    assert model.aliases == ("yes", "on", "off")
    assert model.description == "off"


def test_duplicate_key_names_first_definition() -> None:
    text = "id: x\nplayers:\n  min: 3\n  max: 6\n  min: 4\n"
    with pytest.raises(SevensError) as caught:
        parse_text(text)
    (diagnostic,) = caught.value.diagnostics
    assert diagnostic.location is not None
    assert (diagnostic.location.line, diagnostic.location.column) == (5, 3)
    assert "duplicate key 'min' (first defined at line 3)" in diagnostic.message


# -- no code injection ------------------------------------------------------------------


def injected_spec(marker: Path) -> tuple[str, str]:
    """A rulespec whose texts are Python code with quotes, and the name it holds."""
    payload = f"import os; os.system('touch {marker}')"
    name = f"x'''\n{payload}\n'''\"\"\"\n{payload}\n\"\"\"\\"
    quoted = name.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    text = (
        "id: injected\nextends: parliament\n"
        f'name: "{quoted}"\n'
        f'description: "{quoted}"\n'
        f"aliases: [\"{quoted}\", \"__import__('os').system('touch {marker}')\"]\n"
    )
    return text, name


def import_file(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("sevens_injection_probe", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_rulespec_strings_never_become_code(tmp_path: Path) -> None:
    marker = tmp_path / "PWNED"
    text, name = injected_spec(marker)
    source = tmp_path / "injected.yaml"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    result = run("compile", str(source), "-o", str(out))
    assert result.exit_code == 0, result.output
    generated = out / "injected.py"
    module = import_file(generated)
    assert not marker.exists()
    assert module.ID == "injected"
    assert module.__doc__ is not None and name in module.__doc__
    imports = [n for n in ast.walk(ast.parse(generated.read_text())) if isinstance(n, ast.Import)]
    assert all(alias.name != "os" for node in imports for alias in node.names)
