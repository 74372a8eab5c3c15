"""The workbench's routes: the page, the library, live results, downloads and the play socket.

Nothing a request sends names a file: built-ins are chosen by id from the library, and
the house rule is the text in the request, checked in memory
(:mod:`sevens.serve.workbench`).  Work that can take a while runs in a small pool of
threads, and each answer waits for it at most :attr:`Settings.check_seconds` (checks,
sheet, differences) or :attr:`Settings.fairness_seconds` (the fairness panel); past
that the page is told the server did not answer in time (503).  The work itself is
bounded by the compiler's own input limits and by the number of games asked for, and
the lab's games of an answer past its time stop at the next deal.  The fairness panel is
played on numba's kernels once :mod:`sevens.serve.kernels` has them ready.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.errors import SevensError
from sevens.compiler.load import BUILTIN_DIR, builtin_ids
from sevens.compiler.pipeline import load_rulespec
from sevens.compiler.rulesheet.i18n import LANGUAGES
from sevens.compiler.validate import load_schema
from sevens.runtime.api import GameError

from ..loading.library import builtin_specs, sources_of, variant_row
from . import play_socket, workbench
from .i18n import page_texts
from .kernels import RULE_SET_NOTE, Kernels, State
from .security import Guard, Policy

STATIC_DIR = Path(__file__).resolve().parent / "static"
T = TypeVar("T")


@dataclass(frozen=True)
class Settings:
    """How the workbench runs: its security policy, limits and the fairness panel's size."""

    policy: Policy
    fairness_games: int = 2000  # paired deals per fairness panel
    native: bool = True  # the panel on numba's kernels where installed, once they are ready
    check_seconds: float = 10.0
    fairness_seconds: float = 60.0
    seed: int = 0  # the first deal's seed in the play view


class Refused(Exception):
    """A request the workbench answers with a message instead of a result."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def build_app(settings: Settings) -> Guard:
    """The workbench as an ASGI application, behind its guard."""
    routes = Routes(settings)
    app = Starlette(
        lifespan=routes.lifespan,
        routes=[
            Route("/", routes.page),
            Route("/api/library", routes.library),
            Route("/api/start/{variant}", routes.start),
            Route("/api/schema", routes.schema),
            Route("/api/texts", routes.texts),
            Route("/api/live", routes.live, methods=["POST"]),
            Route("/api/fairness", routes.fairness, methods=["POST"]),
            Route("/api/download/{kind}", routes.download, methods=["POST"]),
            WebSocketRoute("/ws/play", routes.play),
            Mount("/static", StaticFiles(directory=STATIC_DIR), name="static"),
        ],
        exception_handlers={Refused: _refused},  # type: ignore[dict-item]
    )
    app.state.routes = routes  # for tests that hold the lab's worker busy
    return Guard(app, settings.policy)


async def _refused(request: Request, error: Refused) -> Response:
    return JSONResponse({"error": str(error)}, status_code=error.status)


class Routes:
    """The handlers, sharing the settings and the pool of worker threads."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        # checks and sheets, and the lab's games apart, so a long measurement never holds up
        # the answers to typing
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="sevens-serve")
        self.lab = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sevens-serve-lab")
        self.measurements = 0  # fairness panels asked for: only the latest is measured
        self.deals = 0  # deals dealt in the play view, each on its own seed
        self.kernels = Kernels(settings.native)

    @asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """The server's life: the native kernels are made ready meanwhile, never awaited."""
        self.kernels.start()
        try:
            yield
        finally:
            self.kernels.stop()

    async def bounded(
        self,
        work: Callable[[], T],
        seconds: float,
        pool: ThreadPoolExecutor | None = None,
        stop: threading.Event | None = None,
    ) -> T:
        """``work()`` in a pool, waited for at most ``seconds``; 503 past that (and ``stop``
        set, which the lab's games look at between deals, so they end too), 400 for a
        rule set the engine refuses (too few players, an impossible position…)."""
        loop = asyncio.get_running_loop()
        try:
            running = loop.run_in_executor(pool or self.pool, work)
            return await asyncio.wait_for(running, seconds)
        except TimeoutError:
            if stop is not None:
                stop.set()
            raise Refused(503, f"no answer within {seconds:g} s") from None
        except (SevensError, GameError, ValueError) as error:
            raise Refused(400, str(error)) from None

    # -- the page and what it reads -------------------------------------------------------

    async def page(self, request: Request) -> Response:
        return FileResponse(STATIC_DIR / "index.html", media_type="text/html")

    async def library(self, request: Request) -> Response:
        lang = _language(request.query_params.get("lang", "en"))
        rows = [
            {**variant_row(spec, lang), "sources": sources_of(spec)} for spec in builtin_specs()
        ]
        return JSONResponse({"variants": rows, "languages": list(LANGUAGES)})

    async def start(self, request: Request) -> Response:
        """A new house rule that extends a built-in and changes nothing yet."""
        variant = request.path_params["variant"]
        if variant not in builtin_ids():
            raise Refused(404, f"unknown built-in '{variant}'")
        return JSONResponse(
            {"text": starter_text(variant), "parent": (BUILTIN_DIR / f"{variant}.yaml").read_text()}
        )

    async def schema(self, request: Request) -> Response:
        return JSONResponse(load_schema())

    async def texts(self, request: Request) -> Response:
        return JSONResponse(page_texts(_language(request.query_params.get("lang", "en"))))

    # -- live results -----------------------------------------------------------------------

    async def live(self, request: Request) -> Response:
        """The check of the text and, when it is valid, its sheet and its differences."""
        text, lang = await _text_and_language(request)

        def work() -> dict[str, Any]:
            checked = workbench.check(text)
            result = checked.as_json()
            rules = checked.rules
            if rules is not None:
                result["sheet"] = workbench.rule_sheet(rules, lang)
                result["diff"] = _or_message(lambda: workbench.differences(rules, lang))
            return result

        return JSONResponse(await self.bounded(work, self.settings.check_seconds))

    async def fairness(self, request: Request) -> Response:
        """The fairness panel's figures; a request overtaken by a newer one before its turn
        came is answered 409 without playing (the page has moved on to a newer text)."""
        text, _ = await _text_and_language(request)
        self.measurements += 1
        number = self.measurements

        def work(stop: threading.Event) -> dict[str, Any]:
            if number != self.measurements:
                raise Refused(409, "a newer text is being measured")
            return self._fairness(text, _valid_rules(text), stop)

        return JSONResponse(await self.measured(work))

    async def measured(self, work: Callable[[threading.Event], T]) -> T:
        """``work(stop)`` on the lab's worker, stopped when its time is up."""
        stop = threading.Event()
        return await self.bounded(
            lambda: work(stop), self.settings.fairness_seconds, self.lab, stop
        )

    def _fairness(self, text: str, rules: AnalysedRules, stop: threading.Event) -> dict[str, Any]:
        """The panel's figures of ``text``, on the kernels once they are ready for it (in
        Python until then, with a note saying so)."""
        native = self.settings.native and self.kernels.state in (State.READY, State.OFF)
        waiting = self.kernels.note()
        if native and self.kernels.ready and not self.kernels.ready_for(text, rules):
            native, waiting = False, RULE_SET_NOTE
        result = workbench.fairness(rules, self.settings.fairness_games, native=native, stop=stop)
        if waiting is not None:
            result["notes"] = [waiting, *result["notes"]]
        return result

    async def download(self, request: Request) -> Response:
        """The rule sheet as printable A4 HTML, or the fairness report, as a file."""
        kind = request.path_params["kind"]
        text, lang = await _text_and_language(request)
        if kind == "sheet":
            sheet = await self.bounded(
                lambda: workbench.rule_sheet(_valid_rules(text), lang), self.settings.check_seconds
            )
            return _attachment(sheet, f"house-rule.{lang}.html")
        if kind == "report":
            report = await self.measured(lambda stop: self._report(text, lang, stop))
            return _attachment(report, f"house-rule.fairness.{lang}.html")
        raise Refused(404, f"no download '{kind}'")

    def _report(self, text: str, lang: str, stop: threading.Event) -> str:
        rules = _valid_rules(text)
        return workbench.fairness_report(rules, self._fairness(text, rules, stop), lang)

    # -- play -------------------------------------------------------------------------------

    async def play(self, socket: WebSocket) -> None:
        """One socket, deals of one rule set: see :mod:`sevens.serve.play_socket`."""
        await socket.accept()
        session = None
        try:
            while True:
                raw = await socket.receive_text()
                try:
                    message = play_socket.decode(raw)
                    if session is None or "text" in message:
                        opening = await asyncio.get_running_loop().run_in_executor(
                            self.pool, play_socket.prepare, message
                        )
                        self.deals += 1
                        session = play_socket.deal(opening, self.settings.seed + self.deals - 1)
                    else:
                        play_socket.act(session, message)
                    await socket.send_json({"position": play_socket.position(session)})
                except (play_socket.PlayError, SevensError, GameError, ValueError) as error:
                    await socket.send_json({"error": str(error)})
        except WebSocketDisconnect:
            return


def starter_text(variant: str) -> str:
    """The editor's text for a new house rule of ``variant``: it extends it, changing nothing."""
    spec = load_rulespec(BUILTIN_DIR / f"{variant}.yaml").spec
    name = spec.naming.names.get("en", spec.name)
    return (
        "# yaml-language-server: $schema=rulespecs/schema/rulespec.schema.json\n"
        f"id: {variant}-house\n"
        f"extends: {variant}\n"
        "kind: house-rule\n"
        f"name: {json.dumps(name + ' (house rule)', ensure_ascii=False)}\n"
    )


def _valid_rules(text: str) -> AnalysedRules:
    checked = workbench.check(text)
    if checked.rules is None:
        raise Refused(400, checked.report)
    return checked.rules


def _or_message(work: Callable[[], str]) -> str:
    try:
        return work()
    except SevensError as error:
        return error.render()


def _language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise Refused(400, f"unknown language '{lang}' (known: {' '.join(LANGUAGES)})")
    return lang


async def _text_and_language(request: Request) -> tuple[str, str]:
    """The request's rulespec text and language (a JSON object ``{"text", "lang"}``)."""
    try:
        body = json.loads(await request.body())
    except ValueError:
        raise Refused(400, "the request is a JSON object with 'text'") from None
    if not isinstance(body, dict) or not isinstance(body.get("text"), str):
        raise Refused(400, "the request is a JSON object with 'text'")
    return body["text"], _language(str(body.get("lang", "en")))


def _attachment(text: str, filename: str) -> Response:
    return Response(
        text,
        media_type="text/html; charset=utf-8",
        headers={"content-disposition": f'attachment; filename="{filename}"'},
    )
