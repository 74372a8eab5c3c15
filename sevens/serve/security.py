"""Safe by default: what every request to the workbench must pass before any route runs.

* **Token**: a random token made per run is in the address the command prints; every
  request but the static files (the page's own scripts and styles, the same for everyone)
  must carry it, as ``?token=`` or the header ``X-Sevens-Token``.  Another local user or a
  web page that guesses the port cannot use the server without it.
* **Host**: the ``Host`` header must be one of the server's own addresses, so a page whose
  domain is re-pointed at 127.0.0.1 (DNS rebinding) is refused even before the token.
* **Origin**: a request that changes or computes anything (every method but GET and HEAD)
  and every WebSocket must come from the page itself (``Origin`` one of the server's own
  addresses); a browser sends it and a page elsewhere cannot forge it.
* **Size**: a request body over :attr:`Policy.max_body` bytes is refused with 413 before
  it is read any further.

Every answer also carries headers that keep the page to itself (no framing, no referrer
carrying the token, no scripts from elsewhere).
"""

from __future__ import annotations

import contextlib
import hmac
import json
import secrets
import socket
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: Requests that only read (an address opened in the browser, a file of the page).
SAFE_METHODS = frozenset({"GET", "HEAD"})

#: The largest request body, in bytes: a rulespec is at most a few kilobytes.
MAX_BODY = 256 * 1024

#: Headers of every answer (the editor's styles are injected by its script, hence inline).
SECURITY_HEADERS = (
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        b"img-src 'self' data: blob:; frame-src 'self' blob: data:; connect-src 'self'; "
        b"object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
)


def new_token() -> str:
    """A fresh per-run token (192 random bits)."""
    return secrets.token_urlsafe(24)


@dataclass(frozen=True)
class Policy:
    """What the guard lets through: the run's token, the accepted ``Host`` values and the
    largest body."""

    token: str
    hosts: frozenset[str]
    max_body: int = MAX_BODY

    @classmethod
    def for_address(cls, token: str, host: str, port: int) -> Policy:
        """The policy of a server listening on ``host:port``: its own names only (with the
        loopback names on a loopback address, and this machine's names and addresses on a
        wildcard address such as ``0.0.0.0``)."""
        names = {host}
        if host in LOOPBACK_NAMES or host in WILDCARDS:
            names |= LOOPBACK_NAMES
        if host in WILDCARDS:
            names |= _machine_names()
        hosts = {f"[{name}]:{port}" if ":" in name else f"{name}:{port}" for name in names}
        return cls(token, frozenset(hosts))

    @property
    def origins(self) -> frozenset[str]:
        """The page's own origins."""
        return frozenset(f"http://{host}" for host in self.hosts)

    def refusal(self, scope: Scope) -> str | None:
        """Why a request is refused (403), or ``None`` when it may go on."""
        headers = _headers(scope)
        if headers.get("host") not in self.hosts:
            return "unknown Host: open the address sevens serve printed"
        origin = headers.get("origin")
        must_have_origin = scope["type"] == "websocket" or scope.get("method") not in SAFE_METHODS
        if origin is not None and origin not in self.origins:
            return "request from another site"
        if must_have_origin and origin is None:
            return "request without an Origin"
        if scope["path"].startswith("/static/"):
            return None
        if not self.token_matches(_token_given(scope, headers)):
            return "missing or wrong token: open the address sevens serve printed"
        return None

    def token_matches(self, given: str | None) -> bool:
        """Whether ``given`` is this run's token (compared in constant time)."""
        return given is not None and hmac.compare_digest(given.encode(), self.token.encode())


#: The names of this machine's loopback address, and the addresses that mean every interface.
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})
WILDCARDS = frozenset({"0.0.0.0", "::"})


def _machine_names() -> set[str]:
    """This machine's host names and the addresses the resolver gives for them (asked only
    when the server listens on every interface)."""
    names = {socket.gethostname(), socket.getfqdn()}
    with contextlib.suppress(OSError):
        names |= set(socket.gethostbyname_ex(socket.gethostname())[2])
    return names


def _headers(scope: Scope) -> dict[str, str]:
    """The request's headers by lower-case name (the first of repeated ones)."""
    found: dict[str, str] = {}
    for name, value in scope.get("headers", []):
        found.setdefault(name.decode("latin-1").lower(), value.decode("latin-1"))
    return found


def _token_given(scope: Scope, headers: dict[str, str]) -> str | None:
    if "x-sevens-token" in headers:
        return headers["x-sevens-token"]
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    values = query.get("token")
    return values[0] if values else None


class Guard:
    """ASGI middleware that applies a :class:`Policy` before the application sees a request."""

    def __init__(self, app: ASGIApp, policy: Policy) -> None:
        self.app, self.policy = app, policy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self.policy.refusal(scope)
        if scope["type"] == "websocket":
            if refusal is not None:
                await send({"type": "websocket.close", "code": 1008, "reason": refusal})
                return
            await self.app(scope, receive, send)
            return
        if refusal is not None:
            await _answer(send, 403, refusal)
            return
        body = await self._read_body(scope, receive)
        if body is None:
            await _answer(send, 413, f"request body over {self.policy.max_body} bytes")
            return
        await self.app(scope, _replay(body, receive), _with_headers(send))

    async def _read_body(self, scope: Scope, receive: Receive) -> bytes | None:
        """The whole body, or ``None`` as soon as it is known to be over the limit."""
        declared = _headers(scope).get("content-length")
        if declared is not None and (
            not declared.isdigit() or int(declared) > self.policy.max_body
        ):
            return None
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.policy.max_body:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that hands the application the body already read, then what the
    connection says next (its disconnect, which a streaming answer listens for)."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replayed


def _with_headers(send: Send) -> Send:
    """``send`` with :data:`SECURITY_HEADERS` added to the answer's start."""

    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
        await send(message)

    return wrapped


async def _answer(send: Send, status: int, reason: str) -> None:
    """A short JSON refusal."""
    body = json.dumps({"error": reason}).encode()
    headers: list[Any] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *SECURITY_HEADERS,
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
