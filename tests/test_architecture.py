"""The shape of the code, read from its source with `ast` (nothing is imported):

- no import circle among the project's modules: every top-level folder of the checkout that
  holds Python (engine, grammar, render, service, ops, bot, arbitro, bench, testbed, tools and
  any new one; not tests/), counting imports inside functions and under `TYPE_CHECKING` (a
  circle hidden there is still a circle: the modules cannot be read one without the other);
- in service/, no class inherits from another class of service/ (the areas are plain classes
  wired by one composition root), and no area reaches for another area's private names.

Edges are module to module: `import a.b` is an edge to `a.b`; `from a import b` is an edge to
`a.b` when that is a module, else to `a`; only modules of the project count."""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOT_CODE = {"tests", "docs", "migrations",   # migrations/ holds SQL (and an empty __init__)
            "build", "dist"}                # what `pip install .` and a wheel build leave behind


# -- the modules -----------------------------------------------------------------------------
def _top_folders() -> list[Path]:
    return sorted(p for p in ROOT.iterdir()
                  if p.is_dir() and not p.name.startswith((".", "_")) and p.name not in NOT_CODE
                  and not p.name.endswith(".egg-info") and any(p.rglob("*.py")))


@cache
def modules() -> dict[str, Path]:
    """Dotted name -> file, for every Python file of the project's top-level folders."""
    found = {}
    for folder in _top_folders():
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if any(part.startswith(".") or part == "__pycache__" for part in parts):
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


@cache
def tree(name: str) -> ast.Module:
    path = modules()[name]
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _package_of(name: str) -> str:
    """The package a module's relative imports start from."""
    return name if modules()[name].name == "__init__.py" else name.rpartition(".")[0]


def _absolute(name: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = _package_of(name).split(".")
    base = base[:len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _known(dotted: str) -> str | None:
    """`dotted` or its longest prefix that is one of the project's modules."""
    parts = dotted.split(".")
    while parts:
        if ".".join(parts) in modules():
            return ".".join(parts)
        parts.pop()
    return None


def imports(name: str, parsed: ast.Module | None = None) -> set[str]:
    """The project's modules `name` imports (its source, or `parsed` read as its source),
    wherever the import stands in it."""
    found = set()
    for node in ast.walk(tree(name) if parsed is None else parsed):
        if isinstance(node, ast.Import):
            found |= {_known(alias.name) for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(name, node)
            for alias in node.names:
                target = f"{source}.{alias.name}"
                found.add(target if target in modules() else _known(source))
    return found - {None, name}


# -- circles ---------------------------------------------------------------------------------
def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups = []

    def visit(start: str) -> None:
        # iterative, so that a long chain of imports does not reach the recursion limit
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups)


def import_graph() -> dict[str, set[str]]:
    return {name: imports(name) for name in modules()}


def _shown(group: list[str], graph: dict[str, set[str]]) -> str:
    inside = set(group)
    edges = "; ".join(f"{a} -> {', '.join(sorted(graph[a] & inside))}" for a in group)
    return f"{len(group)} modules: {', '.join(group)}\n    ({edges})"


def test_the_project_is_found():
    """The check reads every top-level package, including ones it was not told about."""
    tops = {name.split(".")[0] for name in modules()}
    assert {"engine", "grammar", "render", "service", "ops", "bot", "arbitro", "bench",
            "testbed", "tools"} <= tops
    assert "tests" not in tops
    assert "service.game_service" in modules()


def test_no_import_circle():
    graph = import_graph()
    found = circles(graph)
    assert not found, "import circles (each group imports itself through the others):\n" + \
        "\n".join(f"- {_shown(group, graph)}" for group in found)


def test_the_circle_finder_sees_hidden_imports():
    """Imports inside a function or under TYPE_CHECKING count, relative ones too; a name
    imported from a package is an edge to its module when it is one; a chain without a way
    back is not a circle."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bot.app import X\n"
              "def late():\n    from service.storage import db\n    import engine.orders\n"
              "    from .i18n import tr\n    from engine import Power\n    import json\n")
    assert imports("bot.check", ast.parse(source)) == \
        {"bot.app", "service.storage.db", "engine.orders", "bot.i18n", "engine"}


# -- service/: no inheritance between its classes, no reaching into another area --------------
# A class of service/ may still derive from one of service/ when it is:
# - an exception: a family of errors (`except ServiceError`) is what exception classes are for,
#   and they carry no wiring;
# - an Enum or a Protocol: an Enum cannot be extended once it has members, and naming a
#   Protocol as a base only declares that the class implements it.
# Values (dataclasses, NamedTuples) are not exempt: a value that extends another couples two
# shapes; service/ has none, and a new one holds the other as a field instead.
_EXCEPTION_ROOTS = {name for name, value in vars(builtins).items()
                    if isinstance(value, type) and issubclass(value, BaseException)}
_ALLOWED_ROOTS = {"Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "Protocol"}


def _service_modules() -> list[str]:
    return [name for name in modules() if name == "service" or name.startswith("service.")]


def _names_bound(name: str) -> dict[str, str]:
    """Local name -> the dotted name it stands for, from a module's imports (any depth)."""
    bound = {}
    for node in ast.walk(tree(name)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                bound[alias.asname or alias.name.split(".")[0]] = \
                    alias.name if alias.asname else alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(name, node)
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{source}.{alias.name}"
    return bound


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = _dotted(node.value)
        return f"{head}.{node.attr}" if head else None
    if isinstance(node, ast.Subscript):            # Generic[T], Protocol[T]
        return _dotted(node.value)
    return None


@cache
def service_classes() -> dict[str, list[str]]:
    """Each class of service/ (module.Class) -> its bases, as dotted names where known."""
    classes = {}
    for name in _service_modules():
        bound = _names_bound(name)
        local = {node.name for node in tree(name).body if isinstance(node, ast.ClassDef)}
        for node in ast.walk(tree(name)):
            if not isinstance(node, ast.ClassDef):
                continue
            bases = []
            for base in node.bases:
                dotted = _dotted(base)
                if dotted is None:
                    continue
                head, _, rest = dotted.partition(".")
                if head in local and not rest:
                    bases.append(f"{name}.{head}")
                elif head in bound:
                    bases.append(f"{bound[head]}.{rest}" if rest else bound[head])
                else:
                    bases.append(dotted)
            classes[f"{name}.{node.name}"] = bases
    return classes


def _resolved(dotted: str) -> str:
    """A class named through a package that re-exports it, to where it is defined."""
    classes = service_classes()
    if dotted in classes:
        return dotted
    module, _, cls = dotted.rpartition(".")
    if module in modules():
        bound = _names_bound(module)
        if cls in bound and bound[cls] != dotted:
            return _resolved(bound[cls])
    return dotted


def _allowed(cls: str, seen: frozenset = frozenset()) -> bool:
    """An exception, an Enum or a Protocol, through any depth of service/'s classes."""
    if cls in seen:
        return False
    for base in service_classes().get(cls, []):
        base = _resolved(base)
        short = base.rpartition(".")[2]
        if base in service_classes():
            if _allowed(base, seen | {cls}):
                return True
        elif short in _EXCEPTION_ROOTS or short in _ALLOWED_ROOTS:
            return True
    return False


def inheritance_in_service() -> list[str]:
    found = []
    for cls, bases in sorted(service_classes().items()):
        for base in map(_resolved, bases):
            if base in service_classes() and not _allowed(base):
                found.append(f"{cls} inherits from {base}")
    return found


def test_no_class_of_service_inherits_from_another():
    found = inheritance_in_service()
    assert not found, "service/'s classes are plain classes given what they use (an exception, " \
        "an Enum or a Protocol may be a base):\n" + "\n".join(f"- {line}" for line in found)


def _area(name: str) -> str:
    """service.<area>[.more]: a sub-package, or a module at service/'s top level."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else ""


def _private(word: str) -> bool:
    return word.startswith("_") and not word.startswith("__")


@cache
def private_names() -> dict[str, set[str]]:
    """Area -> the private names its modules define: functions, classes, methods, module
    variables, attributes set on `self`/`cls`, fields of its classes."""
    defined: dict[str, set[str]] = {}
    for name in _service_modules():
        names = defined.setdefault(_area(name), set())
        for node in ast.walk(tree(name)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
    return {area: {word for word in names if _private(word)} for area, names in defined.items()}


def _owner_is_self(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return node.id in ("self", "cls")
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
        node.func.id in ("super", "type")


def private_reaches() -> list[str]:
    defined = private_names()
    found = []
    for name in _service_modules():
        area = _area(name)
        others = {word for other, words in defined.items() if other != area for word in words}
        mine = defined.get(area, set())
        for node in ast.walk(tree(name)):
            where = f"{modules()[name].relative_to(ROOT)}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.ImportFrom):
                source = _absolute(name, node)
                if source.startswith("service.") and _area(source) != area:
                    for alias in node.names:
                        if _private(alias.name) or any(map(_private, source.split("."))):
                            found.append(f"{where} imports {source}.{alias.name}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("service.") and _area(alias.name) != area \
                            and any(map(_private, alias.name.split("."))):
                        found.append(f"{where} imports {alias.name}")
            elif isinstance(node, ast.Attribute) and _private(node.attr) \
                    and not _owner_is_self(node.value) \
                    and node.attr in others and node.attr not in mine:
                found.append(f"{where} uses {ast.unparse(node)} (private to another area)")
    return found


def test_no_area_of_service_uses_another_areas_private_names():
    found = private_reaches()
    assert not found, "an area of service/ asks another through its public names:\n" + \
        "\n".join(f"- {line}" for line in found)


# -- the environment: read in one place ------------------------------------------------------
SETTINGS_MODULE = "ops.settings"


def environment_reads() -> list[str]:
    """`os.environ`, `os.getenv`, `os.putenv` (or `environ`/`getenv` imported from os) outside
    the settings module: every other module takes its values from `Settings` as arguments."""
    found = []
    for name in modules():
        if name == SETTINGS_MODULE:
            continue
        for node in ast.walk(tree(name)):
            word = None
            if isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv", "putenv") \
                    and isinstance(node.value, ast.Name) and node.value.id == "os":
                word = f"os.{node.attr}"
            elif isinstance(node, ast.ImportFrom) and node.module == "os":
                word = next((f"os.{a.name}" for a in node.names
                             if a.name in ("environ", "getenv", "putenv")), None)
            if word:
                found.append(f"{modules()[name].relative_to(ROOT)}:{node.lineno} reads {word}")
    return found


def test_the_environment_is_read_in_one_place():
    found = environment_reads()
    assert not found, f"the environment is read by {SETTINGS_MODULE} only (Settings.from_env); " \
        "elsewhere take the value as an argument:\n" + "\n".join(f"- {line}" for line in found)


# -- the checks themselves, on a made-up project ---------------------------------------------
_CACHED = (modules, tree, service_classes, private_names)


@pytest.fixture
def made_up(tmp_path, monkeypatch):
    """A project of the given files (path -> source) in place of the checkout."""
    def make(files: dict[str, str]) -> None:
        for path, source in files.items():
            (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / path).write_text(source, encoding="utf-8")
        monkeypatch.setitem(globals(), "ROOT", tmp_path)
        for cached in _CACHED:
            cached.cache_clear()
    yield make
    for cached in _CACHED:
        cached.cache_clear()


def test_the_checks_find_what_they_forbid_on_a_made_up_project(made_up):
    made_up({
        "service/__init__.py": "",
        "service/errors.py": "class ServiceError(Exception): ...\n"
                             "class Closed(ServiceError): ...\n",
        "service/kinds.py": "import enum\nfrom typing import Protocol\n"
                            "class Kind(enum.Enum): ...\nclass Poster(Protocol): ...\n",
        "service/base.py": "class Base:\n    def _helper(self): ...\n",
        "service/orders/__init__.py": "",
        "service/orders/submit.py":
            "from service.base import Base\nfrom service.errors import Closed\n"
            "from service.kinds import Kind, Poster\nfrom service.press.post import _quiet\n"
            "class Orders(Base): ...\nclass TooLate(Closed): ...\nclass Mine(Kind): ...\n"
            "class Posting(Poster): ...\n"
            "class Uses:\n    def go(self, other):\n        self._own()\n        other._helper()\n"
            "    def _own(self): ...\n",
        "service/press/__init__.py": "",
        "service/press/post.py": "import os\ndef _quiet(): return os.environ['X']\n",
        "tools/one.py": "def late():\n    from tools import two\n",
        "tools/two.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                        "    import tools.one\n",
    })
    assert circles(import_graph()) == [["tools.one", "tools.two"]]
    assert inheritance_in_service() == [
        "service.orders.submit.Orders inherits from service.base.Base"]
    assert private_reaches() == [
        "service/orders/submit.py:4 imports service.press.post._quiet",
        "service/orders/submit.py:12 uses other._helper (private to another area)"]
    assert environment_reads() == ["service/press/post.py:2 reads os.environ"]


# -- the map of the rooms matches the tree ----------------------------------------------------
def _table_names(text: str, heading: str) -> set[str]:
    """The backquoted names (`engine/`, `storage/`) in the first column of the table under
    `heading`."""
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {name.strip("/") for row in rows
            for name in re.findall(r"`([a-z_]+/)`", row.split("|")[1])}


def test_the_readme_and_the_architecture_page_name_every_package_and_room():
    """The README's layout table and docs/architecture.md list exactly the top-level folders
    with code, and the architecture page lists exactly the rooms of service/."""
    tops = {p.name for p in _top_folders()} | {"tests"}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    architecture = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert _table_names(readme, "## Layout") == tops
    assert _table_names(architecture, "## The top-level packages") == tops
    rooms = {p.name for p in (ROOT / "service").iterdir()
             if p.is_dir() and (p / "__init__.py").exists()}
    assert _table_names(architecture, "## The game service: rooms by area") == rooms
    top_modules = {p.name for p in (ROOT / "service").glob("*.py")}
    assert top_modules == {"__init__.py", "game_service.py", "models.py", "errors.py"}


def test_a_sqlite_install_needs_no_postgresql_driver():
    """`pip install .` alone (the README's first command) has no asyncpg: the service, the bot
    and the command line import it only when a PostgreSQL database is named."""
    import subprocess
    import sys
    probe = ("import sys, service.game_service, bot.app, arbitro.cli, ops.doctor\n"
             "print(sorted(m for m in sys.modules if m.split('.')[0] == 'asyncpg'))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "[]"


def test_no_test_imports_a_benchmark():
    """What tests and benchmarks share lives in testbed/; bench/ is only run, never imported by
    a test (a benchmark may change its figures without breaking a test)."""
    found = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            found += [f"{path.relative_to(ROOT)}: {n}" for n in names
                      if n == "bench" or n.startswith("bench.")]
    assert not found, found
