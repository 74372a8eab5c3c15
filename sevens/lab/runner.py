"""Run an analysis in seeded chunks: in this process, on a process pool, or on a dask cluster.

The games of every experiment are cut into chunks (:func:`chunk_games`: a thousand
games, more in a large run), whatever the number of workers, and game ``g`` is
always played from seed ``seed + g``.  A chunk's result is a set of exact integer tallies, merged in
chunk order, so the figures are the same for any ``--jobs``, any completion
order and any cluster.  Workers get the compiled module's source with the
job, so a user's rulespec needs no file on the workers, only the package.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import IO, Any

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.errors import Diagnostic, SevensError
from sevens.compiler.pipeline import compile_rules, find_rulespec, load_rulespec
from sevens.runtime.api import Rules
from sevens.runtime.machine import CompiledRules
from sevens.runtime.records import game_record

from ..loading.registry import module_from_text
from .columns import Columns, add_columns, add_paired_columns, observations
from .facts import RuleFacts, rule_facts
from .measures import Experiment, Paired, Player, Tally
from .native_games import NativeSide, native_columns

#: Games per chunk in a run of up to 199,999 games an experiment (see :func:`chunk_games`).
CHUNK = 1000
#: The most games in a chunk: a larger run is cut into about a hundred chunks an experiment.
MOST_IN_A_CHUNK = 10_000

Progress = Callable[[int], None]


class Cancelled(Exception):
    """The caller stopped an in-process run (its answer is no longer awaited)."""


@dataclass(frozen=True)
class Source:
    """A rule set as shipped to workers: the compiled module's text (and, with ``--backend
    numba``, its native form, when the kernels play it)."""

    name: str  # as the user gave it: a built-in id or a rulespec path
    module: str
    key: str  # hash of the module text
    native: NativeSide | None = None


def ship(reference: str) -> Source:
    """The compiled module of a built-in id or rulespec file, ready to send to workers.

    It is compiled afresh from the rulespec, as the registry compiles a user's
    file, so a built-in's module is the one ``generated/`` holds when fresh.
    """
    return ship_rules(reference, load_rulespec(find_rulespec(reference)))


def ship_rules(name: str, rules: AnalysedRules) -> Source:
    """The compiled module of a rule set already loaded (a file, or an editor's text),
    named ``name`` in the results."""
    text = compile_rules(rules).source
    return Source(name, text, hashlib.sha256(text.encode()).hexdigest()[:16])


_LOADED: dict[str, tuple[Rules, RuleFacts]] = {}


def load(source: Source) -> tuple[Rules, RuleFacts]:
    """The rules of a shipped module (loaded once per process) and their facts.

    The text is the compiler's own output (rulespec strings appear in it only
    as constants), loaded as the registry loads a user's compiled rulespec.
    """
    if source.key not in _LOADED:
        module = module_from_text(source.module, f"<{source.name}>", f"sevens_lab_{source.key}")
        rules = CompiledRules(module)
        _LOADED[source.key] = (rules, rule_facts(rules))
    return _LOADED[source.key]


def unload(source: Source) -> None:
    """Forget a shipped module loaded in this process: a long-running caller that measures
    many rule sets (the workbench, one per edit) keeps only those it still uses."""
    _LOADED.pop(source.key, None)


@dataclass(frozen=True)
class Job:
    """Everything a worker needs: rule sets (one, or two to compare), table, experiments."""

    sources: tuple[Source, ...]
    players: int
    seed: int
    forget: float
    experiments: tuple[Experiment, ...]
    record: bool = False  # keep the game records of the "main" experiment

    def __post_init__(self) -> None:
        # Random(-n) deals as Random(n): a negative seed would replay other games' deals
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise ValueError(f"seed must be a whole number from 0, not {self.seed!r}")


@dataclass(frozen=True)
class Chunk:
    """Games ``start`` to ``stop - 1`` of experiment number ``experiment``."""

    index: int
    experiment: int
    start: int
    stop: int


@dataclass
class ChunkResult:
    """What a worker sends back for one chunk."""

    index: int
    tallies: list[Tally]
    paired: Paired | None
    records: list[str] = field(default_factory=list)


def chunk_games(job: Job) -> int:
    """Games per chunk of a job: :data:`CHUNK`, or for a run of many games a hundredth of its
    largest experiment in whole thousands, at most :data:`MOST_IN_A_CHUNK`.  It depends only
    on the games asked, never on the workers or the backend: the kernels play a thousand
    games in about 2 ms, less than the work of handing a chunk to a worker and tallying it,
    and a million games in chunks of a thousand spent a fifth of the run on that."""
    largest = max((experiment.games for experiment in job.experiments), default=0)
    return CHUNK * min(max(largest // (100 * CHUNK), 1), MOST_IN_A_CHUNK // CHUNK)


def chunks(job: Job) -> list[Chunk]:
    """The chunks of a job, in order; their number depends only on the games."""
    result: list[Chunk] = []
    size = chunk_games(job)
    for number, experiment in enumerate(job.experiments):
        for start in range(0, experiment.games, size):
            stop = min(start + size, experiment.games)
            result.append(Chunk(len(result), number, start, stop))
    return result


def play_chunk(job: Job, chunk: Chunk, stop: threading.Event | None = None) -> ChunkResult:
    """Play one chunk on every rule set of the job, game by game with the same seeds;
    :class:`Cancelled` as soon as ``stop`` is set (looked at before each game)."""
    loaded = [load(source) for source in job.sources]
    players = [Player(rules, facts, job.players, job.forget) for rules, facts in loaded]
    experiment = job.experiments[chunk.experiment]
    record = job.record and experiment.name == "main"
    result = ChunkResult(
        chunk.index, [Tally() for _ in players], Paired() if len(players) == 2 else None
    )
    games = range(chunk.start, chunk.stop)
    if stop is not None and stop.is_set():  # a chunk on the kernels takes milliseconds
        raise Cancelled(f"stopped before game {chunk.start}")
    natively = [  # the sides the kernels play: the same games, observed alike
        None
        if source.native is None or record
        else native_columns(
            source.native, facts, job.players, experiment, games, job.seed, job.forget
        )
        for source, (_, facts) in zip(job.sources, loaded, strict=True)
    ]
    if all(columns is not None for columns in natively):
        _add_all_columns(result, natively)
        return result
    ready = [None if columns is None else observations(columns) for columns in natively]
    for game in games:
        if stop is not None and stop.is_set():
            raise Cancelled(f"stopped before game {game}")
        seed = job.seed + game
        observed = []
        for side, player in enumerate(players):
            done = ready[side]
            if done is not None:
                obs, deal = done[game - chunk.start], None
            else:
                obs, deal = player.game(experiment, game, seed, record)
            result.tallies[side].add(obs)
            observed.append(obs)
            if record and deal is not None:
                facts = loaded[side][1]
                line = game_record(
                    facts.id,
                    job.players,
                    seed,
                    1,
                    deal,
                    facts.has_chips,
                    facts.has_points,
                    facts.teams,
                )
                result.records.append(json.dumps(line, ensure_ascii=False, separators=(",", ":")))
        if result.paired is not None:
            result.paired.add(observed[0], observed[1])
    return result


def _add_all_columns(result: ChunkResult, natively: list[Columns | None]) -> None:
    """Tally a chunk that every side played natively, column by column."""
    sides = [columns for columns in natively if columns is not None]
    for tally, columns in zip(result.tallies, sides, strict=True):
        add_columns(tally, columns)
    if result.paired is not None:
        add_paired_columns(result.paired, sides[0], sides[1])


@dataclass
class Outcome:
    """Merged tallies per experiment name, and whether the run was cut short."""

    tallies: dict[str, list[Tally]]
    paired: dict[str, Paired]
    partial: bool


def run(
    job: Job,
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
    record: IO[str] | None = None,
    stop: threading.Event | None = None,
) -> Outcome:
    """Play every chunk of ``job`` and merge the results; Ctrl-C returns what was played.

    ``stop`` (an in-process run, ``jobs=1``, only) ends the run between two games with
    :class:`Cancelled` once set: a caller that gave up waiting (the workbench past its time
    limit) leaves no games playing."""
    if stop is not None and (jobs > 1 or scheduler is not None):
        raise ValueError("a run that can be stopped plays in this process (jobs=1)")
    todo = chunks(job)
    done: dict[int, ChunkResult] = {}
    writer = _RecordWriter(record)
    partial = False
    results = _here(job, todo, stop) if stop is not None else _execute(job, todo, jobs, scheduler)
    played = 0
    try:
        for result in results:
            done[result.index] = result
            writer.add(result)
            played += todo[result.index].stop - todo[result.index].start
            if progress is not None:
                progress(played)
    except KeyboardInterrupt:
        partial = True
    finally:
        results.close()  # stops the pool or the cluster's futures at once
    return _merge(job, todo, done, partial)


def _execute(
    job: Job, todo: list[Chunk], jobs: int, scheduler: str | None
) -> Generator[ChunkResult, None, None]:
    if scheduler is not None:
        return _on_cluster(job, todo, scheduler)
    if jobs <= 1:
        return _here(job, todo)
    return _on_pool(job, todo, jobs)


def _here(
    job: Job, todo: list[Chunk], stop: threading.Event | None = None
) -> Generator[ChunkResult, None, None]:
    for chunk in todo:
        yield play_chunk(job, chunk, stop)


_JOB: Job | None = None


def _start_worker(job: Job) -> None:
    """Pool initialiser: keep the job, and leave Ctrl-C to the parent, which stops cleanly."""
    global _JOB
    _JOB = job
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_in_worker(chunk: Chunk) -> ChunkResult:
    assert _JOB is not None
    return play_chunk(_JOB, chunk)


def _on_pool(job: Job, todo: list[Chunk], jobs: int) -> Generator[ChunkResult, None, None]:
    pool = ProcessPoolExecutor(jobs, initializer=_start_worker, initargs=(job,))
    waiting = iter(todo)
    pending: set[Future[ChunkResult]] = set()
    try:
        with _ctrl_c_as_request() as stop:
            while True:
                # A few chunks in flight per worker: enough to keep every worker busy, and
                # few futures for ``wait`` to lock on each round.
                for chunk in itertools.islice(waiting, _IN_FLIGHT * jobs - len(pending)):
                    pending.add(pool.submit(_play_in_worker, chunk))
                if not pending or stop.is_set():
                    break
                finished, pending = wait(pending, timeout=_POLL, return_when=FIRST_COMPLETED)
                for future in finished:
                    yield future.result()
            if stop.is_set():
                raise KeyboardInterrupt
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


#: A scheduler address as --scheduler takes it: tcp://HOST:PORT or HOST:PORT ([v6]:PORT).
_ADDRESS = re.compile(
    r"(?:tcp://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):(?P<port>[0-9]{1,5})"
)

#: Seconds a scheduler has to accept the connection and say who it is.
CONNECT_SECONDS = 10.0


def scheduler_address(text: str) -> str:
    """``text`` as ``tcp://HOST:PORT``; ValueError for any other form (other schemes, a URL,
    no port), before dask is asked, whose own errors are tracebacks."""
    found = _ADDRESS.fullmatch(text.strip())
    if found is None or not 0 < int(found["port"]) < 65536:
        raise ValueError(f"give the scheduler as tcp://HOST:PORT or HOST:PORT, not {text!r}")
    return f"tcp://{found['host']}:{int(found['port'])}"


def check_scheduler(address: str, seconds: float) -> None:
    """Connect to ``address`` and ask who answers, all within ``seconds``: dask's client
    waits forever on a server that accepts but never answers (a web server), and fails with
    a decoding traceback on one that answers something else."""
    import asyncio
    import socket

    import distributed.comm

    connect: Any = distributed.comm.core.connect  # untyped library: keep it behind Any
    host, port = address.removeprefix("tcp://").rsplit(":", 1)
    try:  # refused or unknown: say so at once (dask's connect retries until its time limit)
        socket.create_connection((host.strip("[]"), int(port)), timeout=seconds).close()
    except OSError as exc:
        raise SevensError(Diagnostic(f"cannot reach the scheduler at {address}: {exc}")) from None

    async def identity() -> Any:
        comm = await connect(address, timeout=seconds)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    try:
        reply = asyncio.run(asyncio.wait_for(identity(), seconds))
    except TimeoutError:
        reply = f"no answer within {seconds:g} s"
    except OSError as exc:  # refused, unknown host, or dask's own time limit
        raise SevensError(Diagnostic(f"cannot reach the scheduler at {address}: {exc}")) from None
    except Exception:
        reply = "an answer that is not dask's"
    if not (isinstance(reply, dict) and reply.get("type") == "Scheduler"):
        detail = reply if isinstance(reply, str) else "an answer that is not a scheduler's"
        raise SevensError(Diagnostic(f"no dask scheduler at {address}: {detail}"))


def _on_cluster(job: Job, todo: list[Chunk], address: str) -> Generator[ChunkResult, None, None]:
    try:
        import distributed
    except ImportError:
        raise SevensError(
            Diagnostic("--scheduler needs dask.distributed: pip install 'sevens[cluster]'")
        ) from None
    dask: Any = distributed  # untyped library: keep it behind Any
    try:
        address = scheduler_address(address)
    except ValueError as exc:
        raise SevensError(Diagnostic(str(exc))) from None
    check_scheduler(address, CONNECT_SECONDS)
    try:
        client = dask.Client(address, timeout=f"{CONNECT_SECONDS:g}s")
    except OSError as exc:
        raise SevensError(Diagnostic(f"cannot reach the scheduler at {address}: {exc}")) from None
    futures: list[Any] = []
    try:
        with _ctrl_c_as_request() as stop:
            shared = client.scatter(job, broadcast=True)
            futures = [client.submit(play_chunk, shared, c, pure=False) for c in todo]
            unfinished = dask.as_completed(futures)
            while not unfinished.is_empty() and not stop.is_set():
                batch = unfinished.next_batch(block=False)
                if not batch:
                    time.sleep(_POLL)  # nothing finished yet: look again (and for Ctrl-C) soon
                for future in batch:
                    yield future.result()
            if stop.is_set():
                raise KeyboardInterrupt
    finally:
        client.cancel(futures)
        client.close()


#: Chunks submitted ahead per worker, and how often the wait looks for a Ctrl-C (seconds).
_IN_FLIGHT, _POLL = 3, 0.1


@contextmanager
def _ctrl_c_as_request() -> Iterator[threading.Event]:
    """Turn Ctrl-C into a request to stop, seen at the next chunk boundary.

    A ``KeyboardInterrupt`` raised at an arbitrary point can leave a future's
    lock held inside ``concurrent.futures.wait``; the pool's manager thread then
    blocks on it for ever and shutting the pool down hangs.  With the handler
    swapped for a flag, the loop stops at a point of its choosing.  Only Python's
    own handler is swapped: an ignored Ctrl-C (a background job started by a
    shell without job control) stays ignored, and another thread cannot set one.
    """
    stop = threading.Event()
    on_main_thread = threading.current_thread() is threading.main_thread()
    if not on_main_thread or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield stop
        return
    previous = signal.signal(signal.SIGINT, lambda _signal, _frame: stop.set())
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)


class _RecordWriter:
    """Writes the main experiment's records in game order, whole chunks only."""

    def __init__(self, stream: IO[str] | None) -> None:
        self.stream, self.next, self.waiting = stream, 0, dict[int, list[str]]()

    def add(self, result: ChunkResult) -> None:
        if self.stream is None:
            return
        self.waiting[result.index] = result.records
        while self.next in self.waiting:
            text = "".join(line + "\n" for line in self.waiting.pop(self.next))
            # A large write can be cut by Ctrl-C between two buffer flushes; holding the
            # signal back until it is done keeps the file to whole chunks of whole lines.
            with _interrupts_deferred():
                self.stream.write(text)
                self.stream.flush()
            self.next += 1


@contextmanager
def _interrupts_deferred() -> Iterator[None]:
    """Deliver a Ctrl-C that arrives inside the block only when the block ends (POSIX)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _merge(job: Job, todo: list[Chunk], done: dict[int, ChunkResult], partial: bool) -> Outcome:
    sides = len(job.sources)
    tallies = {e.name: [Tally() for _ in range(sides)] for e in job.experiments}
    paired = {e.name: Paired() for e in job.experiments} if sides == 2 else {}
    for index in sorted(done):
        result, name = done[index], job.experiments[todo[index].experiment].name
        for side in range(sides):
            tallies[name][side].merge(result.tallies[side])
        if result.paired is not None:
            paired[name].merge(result.paired)
    return Outcome(tallies, paired, partial)
