"""The one shape of every ``--json`` document the ``sevens`` command prints.

Each document starts with ``schema`` (which document it is and the version of
its layout, e.g. ``sevens.simulate/1``) and ``version`` (the version of the
program that wrote it), so a script that reads it can check what it got.
docs/api.md lists the documents and their keys.
"""

from __future__ import annotations

import json
from importlib import metadata
from typing import Any

#: The layout version of each document; raise it when a key changes meaning or goes away.
SCHEMAS = {
    "simulate": 1,
    "legal": 1,
    "analyse": 1,
    "compare": 1,
    "variants": 1,
}


def program_version() -> str:
    """The installed version of sevens (``0+unknown`` when run from an uninstalled tree)."""
    try:
        return metadata.version("sevens")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def document(kind: str, payload: dict[str, Any], **dump_options: Any) -> str:
    """``payload`` as a JSON document of ``kind``, headed by its ``schema`` and ``version``."""
    head = {"schema": f"sevens.{kind}/{SCHEMAS[kind]}", "version": program_version()}
    return json.dumps({**head, **payload}, **dump_options)
