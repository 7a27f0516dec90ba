"""The arrows of DESIGN.md §1, and no import cycles between packages.

Walks every module's imports with `ast` (inside functions and under ``if TYPE_CHECKING:`` too),
so a forbidden import fails here even when no test happens to execute it.

The unit of the arrows is a *part*: a subpackage (``client.table``, ``shared.wire``), the
modules directly in ``shared/`` (the engine, one part) or ``server/`` (one part), and each
module at the top of ``client/`` on its own (the app that assembles the packages, beside small
foundations they all use: theme, layout, tween, settings).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("shared", "server", "client", "bench")

FORBIDDEN: dict[str, set[str]] = {
    # The engine sits below everything else in shared/.
    "shared": {"pygame", "client", "server", "bench", "shared.wire", "shared.bots"},
    # Bots see views, never bytes; the wire never needs a bot.
    "shared.bots": {"pygame", "client", "server", "bench", "shared.wire"},
    "shared.wire": {"pygame", "client", "server", "bench", "shared.bots"},
    # A review searches with the bots and reads records; it never needs the wire.
    "shared.review": {"pygame", "client", "server", "bench", "shared.wire"},
    "server": {"pygame", "client", "bench"},
    # Drawing packages never know the network or the screens that use them.
    "client.art": {
        "server",
        "bench",
        "client.net",
        "client.scenes",
        "client.app",
        "client.main",
        "client.shots",
        "client.table",
        "client.ui",
        "client.sessions",
    },
    "client.ui": {
        "server",
        "bench",
        "client.net",
        "client.scenes",
        "client.app",
        "client.main",
        "client.shots",
        "client.table",
    },
    "client.table": {
        "server",
        "bench",
        "client.net",
        "client.scenes",
        "client.app",
        "client.main",
        "client.shots",
    },
    # Sessions and the network are game logic: they never draw.
    "client.sessions": {
        "server",
        "bench",
        "pygame",
        "client.net",
        "client.scenes",
        "client.table",
        "client.ui",
        "client.art",
        "client.app",
    },
    "client.net": {
        "server",
        "bench",
        "pygame",
        "client.scenes",
        "client.table",
        "client.ui",
        "client.art",
        "client.app",
    },
    # The catalogues sit below every other part of the client, and word notices without pygame.
    "client.i18n": {
        "server",
        "bench",
        "pygame",
        "client.net",
        "client.scenes",
        "client.table",
        "client.ui",
        "client.art",
        "client.sessions",
        "client.app",
        "client.main",
        "client.shots",
        "client.settings",
    },
}
"""Part -> the roots, parts and modules it must never import."""

CLIENT_DEFAULT = {"server", "bench"}
"""What every other part of the client must never import."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def part_of(module: str) -> str | None:
    """The part a module of the project belongs to; None outside the project."""
    names = module.split(".")
    if names[0] not in PACKAGES:
        return None
    if len(names) >= 2 and (ROOT / names[0] / names[1]).is_dir():
        return f"{names[0]}.{names[1]}"
    if names[0] == "client" and len(names) >= 2:
        return f"client.{names[1]}"
    return names[0]


def imported_names(path: Path) -> Iterator[str]:
    """Every absolute module name a file imports, and for ``from m import x`` also ``m.x``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module_name(path).split(".") if path.is_relative_to(ROOT) else [""]
    if path.name != "__init__.py":
        package = package[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package[:len(package) - node.level + 1], base]).strip(".")
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def project_files() -> list[Path]:
    return sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


def imports_of(path: Path) -> set[str]:
    """What a file imports, as roots (``pygame``), parts (``client.net``) and modules."""
    found: set[str] = set()
    for name in imported_names(path):
        found.add(name.split(".")[0])
        found.add(name)
        part = part_of(name)
        if part is not None and name.startswith(part):
            found.add(part)
    return found


def rules_for(part: str) -> set[str]:
    if part in FORBIDDEN:
        return FORBIDDEN[part]
    return CLIENT_DEFAULT if part.startswith("client") else set()


def real_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def part_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in project_files():
        source = part_of(module_name(path))
        assert source is not None
        targets = graph.setdefault(source, set())
        for name in imported_names(path):
            target = part_of(name)
            if target is not None and target != source and real_module(name):
                targets.add(target)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a path that ends where it starts, or None."""
    done: set[str] = set()

    def visit(node: str, trail: list[str]) -> list[str] | None:
        if node in trail:
            return [*trail[trail.index(node) :], node]
        if node in done:
            return None
        for target in sorted(graph.get(node, ())):
            cycle = visit(target, [*trail, node])
            if cycle:
                return cycle
        done.add(node)
        return None

    for start in sorted(graph):
        cycle = visit(start, [])
        if cycle:
            return cycle
    return None


@pytest.mark.parametrize("path", project_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_follow_the_arrows(path: Path) -> None:
    part = part_of(module_name(path))
    assert part is not None
    wrong = imports_of(path) & rules_for(part)
    assert not wrong, f"{part} must not import {sorted(wrong)}"


def test_no_import_cycles_between_parts() -> None:
    cycle = find_cycle(part_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


JOIN_ADDRESS = ROOT / "shared" / "wire" / "join.py"
"""Where the join address is made for the client's host screen and the server's console alike:
the machine's LAN addresses (ifaddr) and their QR codes (segno), both pure Python."""


def test_shared_uses_only_the_standard_library_and_msgpack() -> None:
    allowed = set(sys.stdlib_module_names) | {"shared", "msgpack"}
    for path in sorted((ROOT / "shared").rglob("*.py")):
        extra = {name.split(".")[0] for name in imported_names(path)} - allowed
        if path == JOIN_ADDRESS:
            extra -= {"ifaddr", "segno"}
        assert not extra, f"{path.relative_to(ROOT)} imports {sorted(extra)}"


def test_msgpack_only_in_the_wire_package() -> None:
    for path in project_files():
        if "msgpack" in imports_of(path) and not module_name(path).startswith("bench"):
            assert part_of(module_name(path)) == "shared.wire", path


def test_the_checker_sees_forbidden_and_type_checking_imports(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from client.net.link import Link\n"
        "def f():\n    import pygame\n    from server.room import Room\n"
    )
    names = set(imported_names(bad))
    assert {"pygame", "server.room", "client.net.link"} <= names


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
