"""Option types shared by the commands (the CLI and the balance lab's commands)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:  # generic only in newer click releases; plain at run time
    _PathType = click.ParamType[Path]
else:
    _PathType = click.ParamType


class OutputFile(_PathType):
    """A path a command writes to: any path but the empty one.

    ``click.Path`` turns ``''`` into ``Path('.')``, so ``--record ''`` would be reported as
    "a directory" (or, for a folder option, write into the current one); an empty path is
    refused here instead, as the option's own mistake.
    """

    name = "path"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Path:
        if isinstance(value, Path):
            return value
        if not isinstance(value, str) or not value.strip():
            self.fail("an empty path names no file", param, ctx)
        return Path(value)


OUTPUT_FILE = OutputFile()


class FloatBetween(click.FloatRange):
    """A number in a closed range; ``nan`` is refused (``click.FloatRange`` lets it through,
    since every comparison with it is false)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(f"must be a number from {self.min} to {self.max}, not nan", param, ctx)
        return number


class StrategyName(click.Choice):  # type: ignore[type-arg]
    """The name of a bot strategy: one of the strategy registry's names, which ``--help``
    and shell completion list.

    The registry is read when click first needs the names, not when the command line is
    built, so that starting ``sevens`` does not import the bots (the search bot pulls in
    the engine)."""

    def __init__(self) -> None:
        super().__init__((), case_sensitive=True)

    @property  # type: ignore[override]
    def choices(self) -> Sequence[str]:
        from sevens.bots import STRATEGIES

        return tuple(STRATEGIES)

    @choices.setter
    def choices(self, names: Sequence[str]) -> None:
        """Ignored: ``click.Choice.__init__`` sets the names, which come from the registry."""


STRATEGY = StrategyName()
