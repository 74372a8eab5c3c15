"""Every file the package writes goes through ``compiler/output.py``.

A class of output bugs (a device replaced, a link followed, an input
overwritten, a half-written file) is fixed there once; a module that opens a
file for writing by itself would bring the class back.  This scans the
package's source for the ways Python writes files.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_FOLDERS = ("compiler", "runtime", "sevens")
THE_WRITER = ROOT / "compiler" / "output.py"

#: Modules whose functions write, rename or create files, and the ones they have.
MODULE_WRITERS = {
    "os": {"replace", "rename", "renames", "link", "symlink", "mkfifo", "mknod"},
    "shutil": {"copy", "copy2", "copyfile", "copytree", "move"},
    "tempfile": {"NamedTemporaryFile", "TemporaryFile", "SpooledTemporaryFile", "mkstemp"},
}
#: Methods of ``Path`` that write.
PATH_WRITERS = {"write_text", "write_bytes", "touch", "rename", "replace", "symlink_to"}


def _sources() -> list[Path]:
    files = [p for folder in PACKAGE_FOLDERS for p in (ROOT / folder).rglob("*.py")]
    return sorted({p.resolve() for p in files} - {THE_WRITER.resolve()})


def _writes(call: ast.Call) -> bool:
    func = call.func
    if isinstance(func, ast.Name):  # open(path, "w"); the writer's own write_text is fine
        return func.id == "open" and _writes_mode(call, call.args[1:2])
    if not isinstance(func, ast.Attribute):
        return False
    owner = func.value.id if isinstance(func.value, ast.Name) else None
    if owner in MODULE_WRITERS:
        return func.attr in MODULE_WRITERS[owner]
    if func.attr == "open":  # path.open("w")
        return _writes_mode(call, call.args[:1])
    if func.attr in ("replace", "rename"):  # Path.replace(target); str.replace takes two
        return len(call.args) == 1 and not call.keywords
    return func.attr in PATH_WRITERS


def _writes_mode(call: ast.Call, positional: list[ast.expr]) -> bool:
    given = positional + [k.value for k in call.keywords if k.arg == "mode"]
    modes = [str(g.value) for g in given if isinstance(g, ast.Constant)]
    return any(flag in mode for mode in modes for flag in "wax+")


def test_no_module_writes_files_by_itself() -> None:
    found = []
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _writes(node):
                found.append(f"{path.relative_to(ROOT.resolve())}:{node.lineno}")
    assert found == [], "write through sevens.compiler.output instead: " + ", ".join(found)
