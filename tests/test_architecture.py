"""The arrows of docs/design.md §1, the client's layers, no import cycles, small modules and
classes, and one handler for each client message.

Walks every module's imports with `ast` (inside functions and under ``if TYPE_CHECKING:`` too),
so a forbidden import fails here even when no test happens to execute it.

The unit of the arrows is a *part*: a subpackage (``client.table``, ``server.room``,
``shared.wire``), the modules directly in ``shared/`` (the engine, one part), and each module at
the top of ``client/`` or ``server/`` on its own (the app that assembles the packages, beside
small foundations they all use: theme, tween, settings; the server's config, players and
refusals). A part with no rules of its own keeps its root's (``server.net`` those of
``server``). The client's parts stand in an ordered
list of layers (`CLIENT_LAYERS`), each importing only lower ones; no two modules import each
other, directly or round a circle, type-checking imports included. No module is over
`MAX_MODULE_LINES` lines, no function over `MAX_FUNCTION_LINES`, and no class has more than
`MAX_OWN_METHODS` methods of its own. Every client-to-server message type is handled in one
place only: the session, the lobby, or one part of a room. The browser client's modules keep
the same rules of size and cycles in their twin, ``tests/web/architecture.test.mjs``.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("shared", "server", "client", "bench", "tools")

FORBIDDEN: dict[str, set[str]] = {
    # The engine sits below everything else in shared/.
    "shared": {"pygame", "client", "server", "bench", "tools", "shared.wire", "shared.bots"},
    # Bots see views, never bytes; the wire never needs a bot.
    "shared.bots": {"pygame", "client", "server", "bench", "tools", "shared.wire"},
    "shared.wire": {"pygame", "client", "server", "bench", "tools", "shared.bots"},
    # A review searches with the bots and reads records; it never needs the wire.
    "shared.review": {"pygame", "client", "server", "bench", "tools", "shared.wire"},
    "server": {"pygame", "client", "bench", "tools"},
    # Sessions and the network are game logic, and the catalogues word notices: none draws.
    "client.i18n": {"pygame"},
    "client.sessions": {"pygame"},
    "client.net": {"pygame", "client.art", "client.ui", "client.table"},
}
"""Part -> the roots, parts and modules it must never import (besides the layers' order)."""

CLIENT_LAYERS: tuple[tuple[str, ...], ...] = (
    ("client",),
    # Foundations: the catalogues, colours and sizes, easing; the pure geometry above the
    # sizes it keeps text to (theme.FONT_MIN).
    ("client.i18n", "client.theme", "client.tween", "client.verify"),
    ("client.layout",),
    ("client.child_process",),
    ("client.settings",),
    ("client.records",),
    # What a match tells the table (practice, a room's match over a link, replays).
    ("client.sessions",),
    # Drawing: art below the widgets, the widgets below the table.
    ("client.art",),
    ("client.ui",),
    ("client.table",),
    # The network sits above drawing so that no drawing package can reach it.
    ("client.net",),
    ("client.scenes",),
    ("client.app",),
    ("client.main",),
    ("client.__main__",),
)
"""The client's parts, lowest first: a part imports only parts of lower layers."""

CLIENT_DEFAULT = {"server", "bench", "tools"}
"""What every part of the client must never import."""


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
    if names[0] in ("client", "server") and len(names) >= 2:
        return f"{names[0]}.{names[1]}"
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
                base = ".".join([*package[: len(package) - node.level + 1], base]).strip(".")
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
    if part.startswith("client"):
        return CLIENT_DEFAULT | FORBIDDEN.get(part, set()) | higher_layers(part)
    return FORBIDDEN.get(part, FORBIDDEN.get(part.split(".")[0], set()))


def layer_of(part: str) -> int:
    """The index of `part`'s layer in `CLIENT_LAYERS`."""
    return next(i for i, layer in enumerate(CLIENT_LAYERS) if part in layer)


def higher_layers(part: str) -> set[str]:
    """The client's parts that `part` must not import: its own layer's others and all above."""
    level = layer_of(part)
    return {other for layer in CLIENT_LAYERS[level:] for other in layer} - {part}


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


def module_graph(packages: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    """Module -> the project's modules it imports (type-checking imports too), for the modules
    of `packages`. Naming a package imports its ``__init__``; its parent packages, which Python
    imports first anyway, do not count as an arrow."""
    graph: dict[str, set[str]] = {}
    for path in project_files():
        source = module_name(path)
        if source.split(".")[0] not in packages:
            continue
        targets = graph.setdefault(source, set())
        for name in imported_names(path):
            if real_module(name) and name != source and not source.startswith(name + "."):
                targets.add(name)
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


@pytest.mark.parametrize("package", ["shared", "server", "client", "tools", "bench"])
def test_no_import_cycles_between_modules(package: str) -> None:
    cycle = find_cycle(module_graph((package,)))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


MAX_MODULE_LINES = 450
MAX_FUNCTION_LINES = 60


@pytest.mark.parametrize("package", ["shared", "server", "client", "tools"])
def test_modules_and_functions_stay_small(package: str) -> None:
    """Small modules, each one idea; functions short enough to read at once."""
    too_long: list[str] = []
    for path in sorted((ROOT / package).rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT)
        lines = source.count("\n")
        if lines > MAX_MODULE_LINES:
            too_long.append(f"{where}: {lines} lines")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    too_long.append(f"{where}:{node.lineno} {node.name}: {length} lines")
    assert not too_long, too_long


MAX_OWN_METHODS = 25


def own_methods(node: ast.ClassDef) -> list[str]:
    """The methods a class defines itself (properties included; not those of a class nested
    in it, nor inherited ones)."""
    return [n.name for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


@pytest.mark.parametrize("package", PACKAGES)
def test_no_class_does_everything(package: str) -> None:
    """A class has at most `MAX_OWN_METHODS` methods of its own: one that needs more does
    several things, and splits along them into parts it holds."""
    crowded: list[str] = []
    for path in sorted((ROOT / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and len(own_methods(node)) > MAX_OWN_METHODS:
                where = path.relative_to(ROOT)
                crowded.append(f"{where}:{node.lineno} {node.name}: {len(own_methods(node))}")
    assert not crowded, crowded


def test_the_method_count_counts_a_class_own_methods_only() -> None:
    source = (
        "class A:\n    def a(self): ...\n    @property\n    def b(self): ...\n"
        "    class Inner:\n        def c(self): ...\n"
    )
    [outer] = ast.parse(source).body
    assert isinstance(outer, ast.ClassDef)
    assert own_methods(outer) == ["a", "b"]


def test_every_client_part_has_a_layer() -> None:
    parts = {str(part_of(module_name(path))) for path in (ROOT / "client").rglob("*.py")}
    layered = {part for layer in CLIENT_LAYERS for part in layer}
    assert parts == layered, f"parts without a layer: {sorted(parts - layered)}"


def test_the_layers_forbid_upward_imports_only() -> None:
    assert "client.net" in rules_for("client.table"), "drawing never reaches the network"
    assert "client.scenes" in rules_for("client.sessions")
    assert "client.sessions" not in rules_for("client.net")
    assert "client.i18n" not in rules_for("client.main")


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


def test_the_tests_helpers_never_need_the_benchmarks() -> None:
    """What several tests share (clients, servers, oracles) lives in tests/, not in bench/,
    which the wheel leaves out: only a test of a benchmark itself imports `bench`."""
    for path in sorted((ROOT / "tests").rglob("*.py")):
        if path.name.startswith("test_"):
            continue
        roots = {name.split(".")[0] for name in imported_names(path)}
        assert "bench" not in roots, f"{path.relative_to(ROOT)} imports bench"


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


def test_a_server_package_keeps_the_servers_rules() -> None:
    assert part_of("server.room.actor") == "server.room"
    assert part_of("server.lobby") == "server.lobby"
    assert {"pygame", "client"} <= rules_for("server.net") == rules_for("server")


def test_the_module_graph_sees_type_checking_imports() -> None:
    graph = module_graph(("client",))
    assert "client.scenes.base" in graph["client.scenes.table"]
    assert "client.sessions.game_session" in graph["client.sessions.remote"]


def test_every_client_message_has_exactly_one_handler() -> None:
    """Each client-to-server message type is answered in one place only: the session (pings),
    the lobby, or one part of a room; the lobby forwards to rooms what their parts route."""
    from server.lobby import Lobby
    from server.room.actor import ROOM_PARTS, ROOM_REQUESTS
    from shared.wire.protocol import SCHEMAS, Flow
    from shared.wire.session import ANSWERED_BY_SESSION

    handlers: dict[str, list[str]] = {kind.value: ["the session"] for kind in ANSWERED_BY_SESSION}
    for owner in (Lobby, *ROOM_PARTS):
        for route in owner.ROUTES:
            handlers.setdefault(route.kind.value, []).append(owner.__name__)
    twice = {kind: owners for kind, owners in handlers.items() if len(owners) > 1}
    assert not twice, f"handled more than once: {twice}"
    assert set(handlers) == {kind.value for kind in SCHEMAS[Flow.TO_SERVER]}
    in_rooms = {route.kind for part in ROOM_PARTS for route in part.ROUTES}
    assert in_rooms == ROOM_REQUESTS


def test_a_table_of_routes_refuses_a_type_routed_twice() -> None:
    from server.routes import Route, Routes
    from shared.wire.protocol import MsgType

    def handler(owner: object, asker: object, request: object) -> None:
        """Nothing: only the table is tried."""

    chat: Route[object, object] = Route(MsgType.CHAT, handler)
    with pytest.raises(ValueError, match="two handlers for 'chat'"):
        Routes([("one", [chat]), ("other", [chat])])
