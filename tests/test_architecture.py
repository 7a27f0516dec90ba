"""The arrows of DESIGN.md §1: client -> shared, server -> shared, nothing else.

Walks every module's imports (including ones inside functions) with `ast`, so a forbidden
import fails here even when no test happens to execute it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "shared": {"pygame", "client", "server"},
    "client": {"server"},
    "server": {"pygame", "client"},
}
STDLIB_ONLY_EXCEPT = {"shared": {"msgpack"}}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_follow_the_design(package: str) -> None:
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"{package}/ has no modules"
    for path in files:
        wrong = imported_roots(path) & FORBIDDEN[package]
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


def test_shared_uses_only_the_standard_library_and_msgpack() -> None:
    import sys

    allowed = set(sys.stdlib_module_names) | {"shared"} | STDLIB_ONLY_EXCEPT["shared"]
    for path in sorted((ROOT / "shared").rglob("*.py")):
        extra = imported_roots(path) - allowed
        assert not extra, f"{path.relative_to(ROOT)} imports {sorted(extra)}"


def test_msgpack_only_in_the_wire_modules() -> None:
    for path in sorted((ROOT / "shared").rglob("*.py")):
        if "msgpack" in imported_roots(path):
            assert path.parent.name == "wire", path


def test_the_checker_sees_a_forbidden_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    import pygame\n    from server.rooms import Room\n")
    assert {"pygame", "server"} <= imported_roots(bad)
