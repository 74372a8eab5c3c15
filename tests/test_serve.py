"""The workbench's server (``sevens serve``): every endpoint through Starlette's TestClient.

Security first (token, Host, Origin, body size, time limit, hostile rulespecs), then each
result checked against the CLI command that computes it for the same text saved as a file:
the page must say exactly what ``sevens validate``, ``rulesheet``, ``diff`` and ``compare``
say.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sevens.compiler.errors import SevensError
from sevens.compiler.load import builtin_ids, load_text
from sevens.lab.measures import Player
from sevens.serve.app import Settings, build_app, starter_text
from sevens.serve.kernels import RULE_SET_NOTE, WARMING_NOTE, Kernels, State
from sevens.serve.security import Policy
from tests.conftest import cli_on_house_rule, report_sentences, session_at_your_give, sevens_cli

TOKEN = "test-token-of-this-run"
HOST = "testserver"
ORIGIN = f"http://{HOST}"
PAGE = {"origin": ORIGIN, "x-sevens-token": TOKEN}  # what the page sends with every request

PUB = """\
id: pub-parliament
extends: parliament
name: Pub Parliament
passing:
  voluntary: true
  voluntary_cost: 2
"""
MISSPELT = PUB.replace("  voluntary: true", "  volontary: true")


def _client(**settings: Any) -> TestClient:
    """A client of a workbench that plays the fairness panel in Python unless told
    ``native=True`` (then it makes numba's kernels ready when it starts)."""
    policy = Policy(TOKEN, frozenset({HOST}))
    settings.setdefault("native", False)
    return TestClient(build_app(Settings(policy, **settings)), base_url=ORIGIN)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with _client(fairness_games=100) as test_client:
        yield test_client


def _live(client: TestClient, text: str, lang: str = "en") -> dict[str, Any]:
    response = client.post("/api/live", json={"text": text, "lang": lang}, headers=PAGE)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


# --- security --------------------------------------------------------------------------------


def test_the_page_needs_the_runs_token(client: TestClient) -> None:
    assert client.get("/").status_code == 403
    assert client.get("/?token=another-token").status_code == 403
    page = client.get(f"/?token={TOKEN}")
    assert page.status_code == 200 and "<title>" in page.text


def test_every_api_needs_the_token_in_the_query_or_the_header(client: TestClient) -> None:
    for path in ("/api/library", "/api/schema", "/api/texts", "/api/start/parliament"):
        assert client.get(path).status_code == 403, path
        assert client.get(path, headers={"x-sevens-token": "wrong"}).status_code == 403, path
        assert client.get(path, headers={"x-sevens-token": TOKEN}).status_code == 200, path
        assert client.get(f"{path}?token={TOKEN}").status_code == 200, path
    posted = client.post("/api/live", json={"text": PUB}, headers={"origin": ORIGIN})
    assert posted.status_code == 403


def test_a_foreign_host_is_refused_even_with_the_token(client: TestClient) -> None:
    """DNS rebinding: a page on another domain re-pointed at 127.0.0.1 sends its own Host."""
    for path in (f"/?token={TOKEN}", "/static/app.js", "/api/library"):
        response = client.get(path, headers={"host": "attacker.example:8765", **PAGE})
        assert response.status_code == 403, path
        assert "Host" in response.json()["error"]


def test_requests_that_compute_must_come_from_the_page(client: TestClient) -> None:
    body = {"text": PUB}
    token = {"x-sevens-token": TOKEN}
    assert client.post("/api/live", json=body, headers=token).status_code == 403
    foreign = {**token, "origin": "http://attacker.example"}
    assert client.post("/api/live", json=body, headers=foreign).status_code == 403
    assert client.post("/api/live", json=body, headers=PAGE).status_code == 200
    # a foreign Origin is refused on reads too
    assert client.get("/api/library", headers=foreign).status_code == 403


def test_the_static_files_need_the_host_but_no_token(client: TestClient) -> None:
    for name in ("app.js", "editor.js", "style.css"):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200, name
    assert client.get("/static/..%2Fapp.py", headers=PAGE).status_code == 404


def test_a_body_over_the_limit_is_refused_with_413(client: TestClient) -> None:
    huge = {"text": "# " + "x" * 300_000}
    response = client.post("/api/live", json=huge, headers=PAGE)
    assert response.status_code == 413
    assert "bytes" in response.json()["error"]


def test_a_body_without_a_length_is_counted_as_it_arrives(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"text": "'
        for _ in range(40):
            yield b"x" * 10_000
        yield b'"}'

    response = client.post("/api/live", content=chunks(), headers=PAGE)
    assert response.status_code == 413


def test_answers_keep_the_page_to_itself(client: TestClient) -> None:
    headers = client.get(f"/?token={TOKEN}").headers
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["referrer-policy"] == "no-referrer"  # the token stays in this page
    assert headers["x-frame-options"] == "DENY"


def test_a_request_past_its_time_limit_is_answered_503() -> None:
    with _client(check_seconds=0.001) as slow:
        response = slow.post("/api/live", json={"text": PUB}, headers=PAGE)
    assert response.status_code == 503
    assert "no answer within" in response.json()["error"]


def test_a_malformed_request_is_a_clear_400(client: TestClient) -> None:
    for body in (b"not json", b"[1, 2]", b'{"text": 3}'):
        response = client.post("/api/live", content=body, headers=PAGE)
        assert response.status_code == 400, body
        assert "'text'" in response.json()["error"]
    unknown = client.post("/api/live", json={"text": PUB, "lang": "xx"}, headers=PAGE)
    assert unknown.status_code == 400 and "unknown language 'xx'" in unknown.text


# --- hostile rulespecs: refused as the CLI refuses them, no file read -------------------------

BILLION_LAUGHS = "id: laughs\n" + "".join(
    f"l{k}: &l{k} [{', '.join([f'*l{k - 1}'] * 9) if k else 'lol'}]\n" for k in range(9)
)
HOSTILE = {
    "alias bomb": BILLION_LAUGHS,
    "python tag": "id: x\nextends: parliament\nname: !!python/object:os.system ls\n",
    "built-in's id": "id: parliament\nextends: fan-tan\n",
    "not a mapping": "- a\n- b\n",
    "bad condition": "id: x\nextends: parliament\nplay:\n  legal: __import__('os')\n",
}


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_rulespecs_get_the_clis_message(
    client: TestClient, name: str, tmp_path: Path
) -> None:
    text = HOSTILE[name]
    answer = _live(client, text)
    cli = cli_on_house_rule(text, tmp_path, "validate", "house-rule.yaml")
    assert cli.exit_code == 2
    assert not answer["valid"] and "sheet" not in answer
    assert answer["report"] + "\n" == cli.stderr


@pytest.mark.parametrize(
    "reference", ["/etc/passwd", "../rulespecs/parliament.yaml", "parliament.yaml", "~/x.yaml"]
)
def test_extends_may_name_only_a_builtin_id(client: TestClient, reference: str) -> None:
    """The editor's text has no folder: a path in ``extends`` would read the server's files."""
    answer = _live(client, f"id: x\nextends: {reference}\n")
    assert not answer["valid"]
    assert answer["problems"] == [
        {
            "line": 2,
            "column": 10,
            "message": f"house-rule.yaml:2:10: 'extends' names '{reference}', "
            + answer["problems"][0]["message"].split(f"'{reference}', ", 1)[1],
        }
    ]
    assert "which is not a built-in id" in answer["report"]
    with pytest.raises(SevensError, match="not a built-in id"):
        load_text("house-rule.yaml", f"id: x\nextends: {reference}\n")


# --- the library and a new house rule ---------------------------------------------------------


def test_the_library_lists_every_builtin_in_the_language(client: TestClient) -> None:
    answer = client.get("/api/library?lang=ja", headers=PAGE).json()
    rows = {row["id"]: row for row in answer["variants"]}
    assert sorted(rows) == builtin_ids()
    assert rows["parliament"]["name"] == "パーラメント"
    assert rows["parliament"]["kind"] == "game"
    assert (rows["parliament"]["min_players"], rows["parliament"]["max_players"]) == (3, 8)
    assert rows["parliament"]["sources"][0]["title"] == "Parliament – Spielanleitung"
    assert rows["ace-low"]["extends"] == "fan-tan"
    assert answer["languages"] == ["de", "en", "es", "fr", "ja", "nl", "pt", "ru", "sv"]
    listed = _listed("ja")  # the same rows as sevens list --json (one run of it, not one a row)
    for row in answer["variants"]:
        assert {k: v for k, v in row.items() if k != "sources"} in listed


def _listed(lang: str) -> list[dict[str, Any]]:
    result = sevens_cli("list", "--json", "--lang", lang)
    rows: list[dict[str, Any]] = json.loads(result.stdout)["variants"]
    return rows


def test_a_house_rule_starts_as_its_parent_and_changes_nothing(client: TestClient) -> None:
    answer = client.get("/api/start/sjuan", headers=PAGE).json()
    assert answer["text"] == starter_text("sjuan")
    assert answer["parent"].startswith("# yaml-language-server")
    live = _live(client, answer["text"])
    assert live["valid"]
    assert "the same rules" in live["diff"] or "same" in live["diff"]


def test_every_builtin_starts_a_valid_house_rule() -> None:
    from sevens.serve.workbench import check

    for variant in builtin_ids():
        checked = check(starter_text(variant))
        assert checked.rules is not None, checked.report
        assert checked.rules.spec.parent == variant


@pytest.mark.parametrize("variant", ["nonesuch", "..%2F..%2Fetc%2Fpasswd", "%2E%2E"])
def test_only_builtins_can_be_started_from(client: TestClient, variant: str) -> None:
    assert client.get(f"/api/start/{variant}", headers=PAGE).status_code == 404


def test_the_schema_and_the_texts_of_every_language(client: TestClient) -> None:
    schema = client.get("/api/schema", headers=PAGE).json()
    assert "passing" in schema["properties"]
    english = client.get("/api/texts?lang=en", headers=PAGE).json()
    for lang in ("de", "ja", "ru"):
        texts = client.get(f"/api/texts?lang={lang}", headers=PAGE).json()
        assert texts.keys() == english.keys()
        assert texts["Rule sheet"] != "Rule sheet", lang


def test_every_page_text_is_translated_with_its_placeholders() -> None:
    from sevens.play.catalog import extract_messages, read_catalog
    from sevens.serve.i18n import LANGUAGES, PAGE, PAGE_TEXTS

    assert {m.id for m in extract_messages(PAGE) if m.id} == set(PAGE_TEXTS)
    for lang in LANGUAGES:
        catalog = read_catalog(lang, PAGE)
        assert {m.id for m in catalog if m.id} == set(PAGE_TEXTS), "python -m sevens.serve.i18n"
        for message in catalog:
            if message.id and lang != "en":
                assert message.string, f"{lang}: {message.id!r} is not translated"
                names = set(re.findall(r"%\((\w+)\)", str(message.id)))
                assert set(re.findall(r"%\((\w+)\)", str(message.string))) == names


# --- live results: the CLI's own words ----------------------------------------------------------


def test_an_error_is_placed_and_worded_as_sevens_validate_says_it(
    client: TestClient, tmp_path: Path
) -> None:
    answer = _live(client, MISSPELT)
    cli = cli_on_house_rule(MISSPELT, tmp_path, "validate", "house-rule.yaml")
    assert answer["report"] + "\n" == cli.stderr
    [problem] = answer["problems"]
    assert (problem["line"], problem["column"]) == (5, 3)
    assert problem["message"] == cli.stderr.splitlines()[0]
    assert "did you mean 'voluntary'" in problem["message"]


def test_an_inherited_problem_is_shown_at_the_first_line(client: TestClient) -> None:
    text = "id: x\nextends: parliament\nplayers:\n  min: 9\n"  # parliament's max is 8
    answer = _live(client, text)
    assert not answer["valid"]
    assert all(p["line"] >= 1 for p in answer["problems"])


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_the_sheet_and_the_diff_are_the_clis(client: TestClient, lang: str, tmp_path: Path) -> None:
    answer = _live(client, PUB, lang)
    assert answer["valid"] and answer["problems"] == []
    sheet = cli_on_house_rule(
        PUB, tmp_path, "rulesheet", "house-rule.yaml", "--lang", lang, "--format", "html"
    )
    assert sheet.exit_code == 0 and answer["sheet"] == sheet.stdout
    diff = cli_on_house_rule(PUB, tmp_path, "diff", "parliament", "house-rule.yaml", "--lang", lang)
    assert diff.exit_code == 0 and answer["diff"] + "\n" == diff.stdout


def test_a_rule_set_without_a_parent_has_no_diff_but_a_sheet(client: TestClient) -> None:
    text = (Path(__file__).parent.parent / "rulespecs" / "parliament.yaml").read_text()
    answer = _live(client, text.replace("id: parliament", "id: my-parliament"))
    assert answer["valid"] and "<html" in answer["sheet"]
    assert "extends no built-in" in answer["diff"]


# --- the fairness panel and the downloads --------------------------------------------------------


def test_the_fairness_panel_is_sevens_compare(client: TestClient, tmp_path: Path) -> None:
    response = client.post("/api/fairness", json={"text": PUB}, headers=PAGE)
    assert response.status_code == 200, response.text
    panel = response.json()
    assert (panel["a"]["variant"], panel["b"]["source"]) == ("parliament", "house-rule.yaml")
    assert panel["games"] == 100 and set(panel["experiments"]) == {"main", "penalty"}
    cli = cli_on_house_rule(
        PUB,
        tmp_path,
        "compare",
        "parliament",
        "house-rule.yaml",
        "--games",
        "100",
        "--jobs",
        "1",
        "--json",
        "--quiet",
    )
    assert cli.exit_code == 0, cli.output
    compared = json.loads(cli.stdout)
    for name in ("main", "penalty"):
        assert panel["experiments"][name] == compared["experiments"][name], name
    assert panel["experiments"]["penalty"]["b"]["after_focus"]  # who gains from withholding
    assert (panel["backend"], panel["notes"]) == ("python", [])


def _ready(client: TestClient) -> None:
    """Wait for the server's native kernels (compiled the first time, loaded later)."""
    kernels = client.app.app.state.routes.kernels  # type: ignore[attr-defined]
    deadline = time.monotonic() + 900  # a cold compilation on a loaded machine
    while kernels.state is State.WARMING and time.monotonic() < deadline:
        time.sleep(0.2)
    assert kernels.ready, kernels.note()


def _ready_for(client: TestClient, text: str) -> None:
    """Wait for the kernels of a text and its parent, compiled by a process of the server's."""
    from sevens.serve.workbench import check

    kernels = client.app.app.state.routes.kernels  # type: ignore[attr-defined]
    rules = check(text).rules
    assert rules is not None
    deadline = time.monotonic() + 900  # a cold compilation on a loaded machine
    while not kernels.ready_for(text, rules) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert kernels.ready_for(text, rules)


def test_the_native_fairness_panel_is_sevens_compare_on_numba(
    tmp_path: Path, native_kernels: None
) -> None:
    pytest.importorskip("numba")
    with _client(fairness_games=300, native=True) as native:
        _ready(native)
        response = native.post("/api/fairness", json={"text": PUB}, headers=PAGE)
        panel = response.json()
        if panel["backend"] == "python":  # the house rule's own kernels: compiled meanwhile
            assert panel["notes"] == [RULE_SET_NOTE], panel["notes"]
            _ready_for(native, PUB)
            response = native.post("/api/fairness", json={"text": PUB}, headers=PAGE)
    assert response.status_code == 200, response.text
    panel = response.json()
    assert (panel["backend"], panel["notes"]) == ("numba", [])
    args = ["parliament", "house-rule.yaml", "--games", "300", "--jobs", "1", "--json", "-q"]
    cli = cli_on_house_rule(PUB, tmp_path, "compare", *args, "--backend", "numba")
    assert cli.exit_code == 0, cli.output
    compared = json.loads(cli.stdout)
    for name in ("main", "penalty"):
        assert panel["experiments"][name] == compared["experiments"][name], name


def test_the_panel_is_played_in_python_while_the_kernels_warm(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("numba")
    monkeypatch.setattr(Kernels, "start", lambda self: None)  # still warming, for ever
    with _client(fairness_games=50, native=True) as warming:
        response = warming.post("/api/fairness", json={"text": PUB}, headers=PAGE)
    assert response.status_code == 200, response.text
    panel = response.json()
    assert (panel["backend"], panel["notes"]) == ("python", [WARMING_NOTE])


def test_without_numba_the_panel_is_played_in_python_with_the_labs_note(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "numba" else real(name, *a)
    )
    with _client(fairness_games=50, native=True) as python_only:
        response = python_only.post("/api/fairness", json={"text": PUB}, headers=PAGE)
    assert response.status_code == 200, response.text
    panel = response.json()
    hint = "the numba backend needs numba: pip install 'sevens[fast]'"
    assert panel["backend"] == "python"
    assert panel["notes"] == [
        f"note: parliament is played in Python: {hint}",
        f"note: house-rule.yaml is played in Python: {hint}",
    ]


def test_a_measurement_past_its_time_limit_stops_playing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lab's games end with the request that timed out: no deal is played after it."""
    played: list[int] = []
    real_game = Player.game

    def counted(self: Player, *args: Any, **kwargs: Any) -> Any:
        played.append(1)
        return real_game(self, *args, **kwargs)

    monkeypatch.setattr(Player, "game", counted)
    with _client(fairness_games=100_000, fairness_seconds=1.0) as slow:
        response = slow.post("/api/fairness", json={"text": PUB}, headers=PAGE)
        assert response.status_code == 503
        assert "no answer within 1 s" in response.json()["error"]
        lab = slow.app.app.state.routes.lab  # type: ignore[attr-defined]
        lab.submit(lambda: None).result(timeout=30)  # the lab's one worker is free again
        games = len(played)
        assert games > 0
        time.sleep(0.5)
        assert len(played) == games


def test_fairness_of_a_broken_rule_is_refused_with_its_errors(client: TestClient) -> None:
    response = client.post("/api/fairness", json={"text": MISSPELT}, headers=PAGE)
    assert response.status_code == 400
    assert "unknown key 'volontary'" in response.json()["error"]


def test_the_sheet_downloads_as_printable_a4_html(client: TestClient, tmp_path: Path) -> None:
    response = client.post("/api/download/sheet", json={"text": PUB, "lang": "de"}, headers=PAGE)
    assert response.status_code == 200
    assert response.headers["content-disposition"] == 'attachment; filename="house-rule.de.html"'
    assert "@page { size: A4" in response.text
    cli = cli_on_house_rule(
        PUB, tmp_path, "rulesheet", "house-rule.yaml", "--lang", "de", "--format", "html"
    )
    assert response.text == cli.stdout


def test_the_fairness_report_downloads_as_the_labs_html(client: TestClient) -> None:
    response = client.post("/api/download/report", json={"text": PUB}, headers=PAGE)
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    assert "<title>Balance comparison: parliament vs pub-parliament</title>" in response.text
    assert "sevens compare parliament house-rule.yaml" in response.text
    missing = client.post("/api/download/passwords", json={"text": PUB}, headers=PAGE)
    assert missing.status_code == 404


def test_the_fairness_report_downloads_in_the_pages_language(client: TestClient) -> None:
    def report(lang: str) -> Any:
        body = {"text": PUB, "lang": lang}
        response = client.post("/api/download/report", json=body, headers=PAGE)
        assert response.status_code == 200, response.text
        return response

    english = report_sentences(report("en").text)
    german = report("de")
    assert german.headers["content-disposition"] == (
        'attachment; filename="house-rule.fairness.de.html"'
    )
    assert "<title>Balancevergleich: parliament gegen pub-parliament</title>" in german.text
    assert "„Pub Parliament“" in german.text  # the differences as sevens diff --lang de says them
    for page in (german.text, report("ja").text):
        assert english & report_sentences(page) == set()


# --- play over the WebSocket --------------------------------------------------------------------


def test_a_deal_is_played_to_its_end_over_the_socket(client: TestClient) -> None:
    url = f"/ws/play?token={TOKEN}"
    with client.websocket_connect(url, headers={"origin": ORIGIN}) as socket:
        socket.send_json({"text": PUB, "lang": "de"})
        position = socket.receive_json()["position"]
        assert position["seats"][0]["name"] == "Du"  # the game's own words, in German
        for _ in range(200):
            if position["over"]:
                break
            assert position["my_turn"]
            legal = [card["card"] for card in position["hand"] if card["legal"]]
            others = [a["action"] for a in position["other_actions"]]
            assert legal or others
            socket.send_json({"action": (legal or others)[0]})
            position = socket.receive_json()["position"]
        assert position["over"]
        assert len(position["standings"]) == 4
        assert sorted(row["place"] for row in position["standings"] if row["place"] > 0)[0] == 1


def test_an_illegal_play_is_refused_and_the_deal_goes_on(client: TestClient) -> None:
    with client.websocket_connect(f"/ws/play?token={TOKEN}", headers={"origin": ORIGIN}) as ws:
        ws.send_json({"text": PUB})
        position = ws.receive_json()["position"]
        illegal = [card["card"] for card in position["hand"] if not card["legal"]]
        ws.send_json({"action": illegal[0]})
        assert "error" in ws.receive_json()
        ws.send_text("not json")
        assert ws.receive_json() == {"error": "a message is a JSON object"}
        ws.send_json({"action": next(card["card"] for card in position["hand"] if card["legal"])})
        assert "position" in ws.receive_json()


def test_other_requests_are_answered_while_a_deal_is_set_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Checking and compiling the text of a new deal runs off the event loop: a set-up held
    until a request is answered does not hold that request up."""
    import threading

    from sevens.serve import play_socket

    entered, release = threading.Event(), threading.Event()
    waited: list[bool] = []
    real_prepare = play_socket.prepare

    def held(message: dict[str, Any]) -> Any:
        entered.set()
        waited.append(release.wait(timeout=20))  # False: nobody answered meanwhile
        return real_prepare(message)

    monkeypatch.setattr(play_socket, "prepare", held)
    with (
        _client() as client,
        client.websocket_connect(f"/ws/play?token={TOKEN}", headers={"origin": ORIGIN}) as ws,
    ):
        ws.send_json({"text": PUB})
        assert entered.wait(timeout=20)
        texts = client.get("/api/texts?lang=de", headers=PAGE)
        release.set()
        position = ws.receive_json()["position"]
    assert texts.status_code == 200 and texts.json()["Rule sheet"] != "Rule sheet"
    assert waited == [True]
    assert position["my_turn"]


def test_a_broken_rule_cannot_be_played(client: TestClient) -> None:
    with client.websocket_connect(f"/ws/play?token={TOKEN}", headers={"origin": ORIGIN}) as ws:
        ws.send_json({"text": MISSPELT})
        assert "unknown key 'volontary'" in ws.receive_json()["error"]


@pytest.mark.parametrize(
    ("query", "origin"),
    [
        ("", ORIGIN),
        ("?token=wrong", ORIGIN),
        (f"?token={TOKEN}", None),
        (f"?token={TOKEN}", "http://attacker.example"),
    ],
)
def test_the_socket_needs_the_token_and_the_pages_origin(
    client: TestClient, query: str, origin: str | None
) -> None:
    headers = {"origin": origin} if origin else {}
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(f"/ws/play{query}", headers=headers) as ws,
    ):
        ws.receive_json()


# --- the command ----------------------------------------------------------------------------------


def test_serve_without_its_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "uvicorn" else real(name, *a)
    )
    result = sevens_cli("serve", "--no-browser")
    assert result.exit_code == 2
    assert result.stderr == "sevens serve needs uvicorn: pip install 'sevens[serve]'\n"
    assert "Traceback" not in result.output


def test_serve_refuses_an_address_it_cannot_listen_on() -> None:
    result = sevens_cli("serve", "--no-browser", "--host", "192.0.2.1", "--port", "9")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot listen on 192.0.2.1:9: ")


def test_the_policy_of_a_server_accepts_its_own_names_only() -> None:
    import socket

    policy = Policy.for_address("t", "127.0.0.1", 8765)
    assert policy.hosts == {"127.0.0.1:8765", "localhost:8765", "[::1]:8765"}
    assert Policy.for_address("t", "192.0.2.7", 80).hosts == {"192.0.2.7:80"}
    everywhere = Policy.for_address("t", "0.0.0.0", 80).hosts
    assert {"127.0.0.1:80", f"{socket.gethostname()}:80"} <= everywhere
    assert "attacker.example:80" not in everywhere


def test_only_the_latest_fairness_request_is_measured() -> None:
    """Typing makes texts faster than the lab measures them: a request overtaken while it
    waited for the lab's worker is answered 409 at once instead of playing its games."""
    import threading

    client = _client(fairness_games=50)
    routes = client.app.app.state.routes
    gate = threading.Event()
    routes.lab.submit(gate.wait)  # the lab's one worker is busy
    answers: dict[str, int] = {}

    def ask(name: str, text: str) -> None:
        response = client.post("/api/fairness", json={"text": text}, headers=PAGE)
        answers[name] = response.status_code

    first = threading.Thread(target=ask, args=("first", PUB))
    first.start()
    while routes.measurements < 1:
        time.sleep(0.01)
    second = threading.Thread(target=ask, args=("second", PUB.replace("2", "3")))
    second.start()
    while routes.measurements < 2:
        time.sleep(0.01)
    gate.set()
    first.join(timeout=120)
    second.join(timeout=120)
    assert answers == {"first": 409, "second": 200}


def test_the_page_asks_for_the_card_you_give() -> None:
    """Ristiseiska's giver chooses its penalty card: at your "give" the position names who
    takes it, and every card of your hand may be given."""
    from sevens.serve.play_socket import position

    session = session_at_your_give("ristiseiska")
    pending = session.game.pending
    assert pending is not None and pending.receiver is not None
    shown = position(session)
    assert shown["give_to"] == session.name(pending.receiver, short=True)
    assert shown["hand"] and all(card["legal"] for card in shown["hand"])
