"""Option types shared by the commands (the CLI and the balance lab's commands)."""

from __future__ import annotations

import math
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
