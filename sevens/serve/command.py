"""``sevens serve``: start the workbench on this machine and open it in the browser.

The web framework and server are the optional extra ``sevens[serve]``; without them the
command says how to install them (exit 2).  The server listens on 127.0.0.1 unless
``--host`` says otherwise, and prints its address with the run's token.
"""

from __future__ import annotations

import importlib.util
import socket
import sys
import webbrowser

import click

EXIT_INVALID = 2
#: The modules the extra ``serve`` installs.
NEEDED = ("starlette", "uvicorn", "websockets")


def missing_modules() -> list[str]:
    """The modules of the extra ``serve`` that are not installed."""
    return [name for name in NEEDED if importlib.util.find_spec(name) is None]


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port", default=8765, show_default=True, type=click.IntRange(0, 65535), help="0: any free."
)
@click.option("--no-browser", is_flag=True, help="Only print the address.")
@click.option(
    "--fairness-games",
    default=2000,
    show_default=True,
    type=click.IntRange(1, 100_000),
    help="Paired deals per fairness panel.",
)
def serve(host: str, port: int, no_browser: bool, fairness_games: int) -> None:
    """The house-rule workbench in the browser: write a rule, read its sheet, see whether it
    is fair, play it."""
    missing = missing_modules()
    if missing:
        click.echo(
            f"sevens serve needs {', '.join(missing)}: pip install 'sevens[serve]'", err=True
        )
        sys.exit(EXIT_INVALID)
    listener = _listen(host, port)
    _run(listener, host, fairness_games, open_browser=not no_browser)


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (port 0: a free one), or exit 2 with the reason."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
    except OSError as error:
        listener.close()
        click.echo(f"error: cannot listen on {host}:{port}: {error.strerror}", err=True)
        sys.exit(EXIT_INVALID)
    return listener


def _run(listener: socket.socket, host: str, fairness_games: int, open_browser: bool) -> None:
    import uvicorn

    from .app import Settings, build_app
    from .play_socket import MAX_MESSAGE
    from .security import WILDCARDS, Policy, new_token

    port = listener.getsockname()[1]
    policy = Policy.for_address(new_token(), host, port)
    shown = "127.0.0.1" if host in WILDCARDS else f"[{host}]" if ":" in host else host
    address = f"http://{shown}:{port}/?token={policy.token}"
    click.echo(f"sevens serve: {address}", nl=True)
    sys.stdout.flush()
    if open_browser:
        webbrowser.open(address)
    app = build_app(Settings(policy, fairness_games=fairness_games))
    config = uvicorn.Config(
        app,
        log_level="warning",
        proxy_headers=False,
        ws_max_size=MAX_MESSAGE,
        ws_per_message_deflate=False,
    )
    uvicorn.Server(config).run(sockets=[listener])
