"""The layers only point down: runtime/ at the bottom, compiler/ above it, sevens/ on top.

Read from the source tree with :mod:`ast` (nothing is imported), with the
folders named as ``[tool.setuptools] package-dir`` installs them:

* ``sevens.runtime`` (runtime/) imports nothing of the compiler or the
  applications: generated modules run on it alone;
* ``sevens.compiler`` (compiler/) imports of the runtime only its contract
  (:data:`CONTRACT`), and nothing of the applications;
* no module imports itself again through others (no import cycle), counting
  imports inside functions as well as at the top;
* no module imports another's ``_private`` name.

The checks are functions over a :class:`Tree` so a synthetic tree with a
planted violation shows each one fails when it should.
"""

from __future__ import annotations

import ast
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: What the compiler may import of the runtime: the contract its output is written against.
CONTRACT = frozenset({"sevens.runtime.contract", "sevens.runtime.api", "sevens.runtime.arith"})

#: Cycles and private imports let through on purpose: none (the one turn loop ended the last).
KNOWN_CYCLES: frozenset[frozenset[str]] = frozenset()
KNOWN_PRIVATE_IMPORTS: frozenset[tuple[str, str, str]] = frozenset()


@dataclass
class Tree:
    """Modules by dotted name: their source text and whether each is a package ``__init__``."""

    sources: dict[str, str] = field(default_factory=dict)
    packages: set[str] = field(default_factory=set)

    def add(self, name: str, source: str, package: bool = False) -> None:
        self.sources[name] = source
        if package:
            self.packages.add(name)


@dataclass(frozen=True)
class Import:
    """One imported module (or a name from it), as ``importer`` wrote it, resolved."""

    importer: str
    module: str
    name: str | None
    line: int


def layer(module: str) -> str:
    """The layer a module belongs to: runtime, compiler, generated, data or app."""
    for folder in ("runtime", "compiler", "generated"):
        if module == f"sevens.{folder}" or module.startswith(f"sevens.{folder}."):
            return folder
    if module.startswith("sevens.rulespecs"):
        return "data"
    return "app"


def source_tree(root: Path = ROOT) -> Tree:
    """The package as installed, read from the folders ``package-dir`` maps."""
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    tree = Tree()
    for package, folder in config["tool"]["setuptools"]["package-dir"].items():
        base = root / folder
        for path in sorted(base.rglob("*.py")):
            parts = path.relative_to(base).with_suffix("").parts
            is_package = parts[-1] == "__init__"
            name = ".".join((package, *(parts[:-1] if is_package else parts)))
            tree.add(name, path.read_text(encoding="utf-8"), is_package)
    return tree


def imports(tree: Tree) -> list[Import]:
    """Every import of a module in the tree (top level or in a function), resolved."""
    found = []
    for importer, source in tree.sources.items():
        package = importer if importer in tree.packages else importer.rpartition(".")[0]
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                found += [Import(importer, a.name, None, node.lineno) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[: len(parts) - (node.level - 1)]
                    base = ".".join([*parts, *([node.module] if node.module else [])])
                for alias in node.names:
                    submodule = f"{base}.{alias.name}"
                    if submodule in tree.sources:  # ``from package import module``
                        found.append(Import(importer, submodule, None, node.lineno))
                    else:
                        found.append(Import(importer, base, alias.name, node.lineno))
    return [i for i in found if i.module in tree.sources]


def layer_violations(tree: Tree) -> list[str]:
    """Imports that point up, or from the compiler into the runtime beyond its contract."""
    wrong = []
    for i in imports(tree):
        source, target = layer(i.importer), layer(i.module)
        if source == "runtime" and target not in ("runtime",):
            wrong.append(f"{i.importer}:{i.line} (runtime) imports {i.module} ({target})")
        elif source == "compiler" and target == "runtime" and i.module not in CONTRACT:
            wrong.append(f"{i.importer}:{i.line} (compiler) imports {i.module}, not the contract")
        elif source == "compiler" and target == "app":
            wrong.append(f"{i.importer}:{i.line} (compiler) imports {i.module} (app)")
        elif source == "generated" and target not in ("runtime", "generated"):
            wrong.append(f"{i.importer}:{i.line} (generated) imports {i.module} ({target})")
    return wrong


def cycles(tree: Tree) -> list[list[str]]:
    """The import cycles: strongly connected groups of modules, each as one cycle through them."""
    graph: dict[str, set[str]] = {name: set() for name in tree.sources}
    for i in imports(tree):
        graph[i.importer].add(i.module)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(start: str) -> None:  # Tarjan's algorithm, iteratively
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1 or node in graph[node]:
                    groups.append(group)

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return [_one_cycle(graph, group) for group in groups]


def _one_cycle(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """A path through ``group`` that comes back to where it began, for the message."""
    start = min(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in sorted(graph[node] & group):
            if child == start:
                return [*paths[node], start]
            if child not in paths:
                paths[child] = [*paths[node], child]
                queue.append(child)
    return sorted(group)


def private_imports(tree: Tree) -> list[tuple[str, str, str]]:
    """``(importer, module, name)`` for each ``_name`` imported from another module."""
    return [
        (i.importer, i.module, i.name)
        for i in imports(tree)
        if i.name and i.name.startswith("_") and not i.name.startswith("__")
    ]


# The package itself.


def test_the_runtime_and_the_compiler_import_only_down() -> None:
    assert layer_violations(source_tree()) == []


def test_no_module_takes_part_in_an_import_cycle() -> None:
    found = cycles(source_tree())
    unknown = [c for c in found if frozenset(c) not in KNOWN_CYCLES]
    assert unknown == [], "\n".join(" -> ".join(c) for c in unknown)


def test_no_module_imports_another_modules_private_name() -> None:
    found = set(private_imports(source_tree())) - KNOWN_PRIVATE_IMPORTS
    assert found == set()


def test_the_tree_is_read_as_installed() -> None:
    """The reading sees the layers at all (a wrong mapping would pass every check vacuously)."""
    tree = source_tree()
    found = {(layer(i.importer), layer(i.module)) for i in imports(tree)}
    assert {("app", "compiler"), ("app", "runtime"), ("compiler", "runtime")} <= found
    assert {("runtime", "runtime"), ("generated", "runtime")} <= found
    assert "sevens.runtime.engine" in tree.sources and "sevens.compiler.pipeline" in tree.sources


# Planted violations: each check fails on a tree that breaks its rule.


def _synthetic(**modules: str) -> Tree:
    tree = Tree()
    for package in ("sevens", "sevens.runtime", "sevens.compiler", "sevens.lab"):
        tree.add(package, "", package=True)
    for name, source in modules.items():
        tree.add(name.replace("__", "."), source)
    return tree


def test_a_runtime_import_of_the_compiler_is_caught() -> None:
    tree = _synthetic(
        sevens__runtime__engine="from ..compiler.errors import SevensError\n",
        sevens__compiler__errors="class SevensError(Exception): ...\n",
    )
    assert layer_violations(tree) == [
        "sevens.runtime.engine:1 (runtime) imports sevens.compiler.errors (compiler)"
    ]


def test_a_runtime_import_of_an_application_inside_a_function_is_caught() -> None:
    tree = _synthetic(
        sevens__runtime__strategies="def bot():\n    from sevens.lab import runner\n",
        sevens__lab__runner="",
    )
    assert layer_violations(tree) == [
        "sevens.runtime.strategies:2 (runtime) imports sevens.lab.runner (app)"
    ]


def test_a_compiler_import_beyond_the_contract_is_caught() -> None:
    tree = _synthetic(
        sevens__compiler__emit="from ..runtime.contract import RuleSet\nfrom ..runtime import machine\n",
        sevens__runtime__contract="",
        sevens__runtime__machine="",
    )
    assert layer_violations(tree) == [
        "sevens.compiler.emit:2 (compiler) imports sevens.runtime.machine, not the contract"
    ]


def test_a_cycle_is_caught_and_reported_as_a_path() -> None:
    tree = _synthetic(
        sevens__runtime__a="from . import b\n",
        sevens__runtime__b="def late():\n    from .c import x\n",
        sevens__runtime__c="from sevens.runtime.a import y\n",
        sevens__runtime__d="from . import a\n",  # leads into the cycle, is not part of it
    )
    assert cycles(tree) == [
        ["sevens.runtime.a", "sevens.runtime.b", "sevens.runtime.c", "sevens.runtime.a"]
    ]


def test_a_private_name_imported_from_another_module_is_caught() -> None:
    tree = _synthetic(
        sevens__runtime__match="def _target_reached(): ...\n",
        sevens__lab__session="from sevens.runtime.match import _target_reached, __doc__\n",
    )
    assert private_imports(tree) == [
        ("sevens.lab.session", "sevens.runtime.match", "_target_reached")
    ]


# The tests: each test module stands alone; what tests share lives in conftest.


def imported_test_modules(sources: dict[str, str]) -> list[str]:
    """``importer -> imported`` for each import of a test module by another module of ``tests``.

    ``sources`` maps dotted names (``tests.rulesheet.test_play``) to source text.
    """
    found = []
    for importer, source in sources.items():
        package = importer.rpartition(".")[0] if importer.count(".") else importer
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _resolved(package, node.module, node.level)
                names = [base] + [f"{base}.{alias.name}" for alias in node.names]
            else:
                continue
            found += [f"{importer} -> {n}" for n in names if _is_test_module(n) and n != importer]
    return sorted(set(found))


def _resolved(package: str, module: str | None, level: int) -> str:
    """The absolute name of ``from <level dots><module> import``, seen from ``package``."""
    if level == 0:
        return module or ""
    parts = package.split(".")
    base = ".".join(parts[: len(parts) - (level - 1)])
    return f"{base}.{module}" if module else base


def _is_test_module(name: str) -> bool:
    return name.startswith("tests.") and name.rpartition(".")[2].startswith("test_")


def _test_sources() -> dict[str, str]:
    sources = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        dotted = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        sources[dotted] = path.read_text(encoding="utf-8")
    return sources


def test_no_test_module_imports_another() -> None:
    sources = _test_sources()
    assert "tests.rulesheet.test_play" in sources and "tests.conftest" in sources
    assert imported_test_modules(sources) == []


def test_a_test_module_importing_another_is_caught() -> None:
    sources = {
        "tests.test_a": "from tests.test_b import RULES\n",
        "tests.rulesheet.test_c": "from . import test_d\nfrom tests.conftest import compiled\n",
        "tests.conftest": "import tests.test_e\n",
    }
    assert imported_test_modules(sources) == [
        "tests.conftest -> tests.test_e",
        "tests.rulesheet.test_c -> tests.rulesheet.test_d",
        "tests.test_a -> tests.test_b",
    ]
