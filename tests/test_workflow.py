"""The continuous-integration workflow (`.github/workflows/`), which cannot run here, is at least
valid: every workflow file passes the GitHub workflow schema that check-jsonschema ships (no
network), a broken one does not, and the workflow tests on the three systems and builds the app
from the spec `make dist` uses."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def schema_check(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows",
         str(path)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_the_workflow_passes_the_github_schema(path: Path) -> None:
    done = schema_check(path)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_broken_workflow_does_not(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yml"
    broken.write_text(WORKFLOWS[0].read_text().replace("    steps:", "    stepz:", 1))
    done = schema_check(broken)
    assert done.returncode != 0 and "stepz" in done.stdout


def test_it_tests_on_three_systems_and_builds_the_apps_from_the_spec() -> None:
    text = "\n".join(path.read_text() for path in WORKFLOWS)
    assert "os: [ubuntu-latest, windows-latest, macos-latest]" in text
    assert "packaging/basra.spec" in text and (ROOT / "packaging" / "basra.spec").is_file()
    for app in ("linux-x86_64", "windows-x86_64", "macos-arm64", "macos-x86_64"):
        assert f"name: {app}" in text


def test_a_version_tag_publishes_the_four_apps_as_a_release() -> None:
    text = (ROOT / ".github" / "workflows" / "ci.yml").read_text()
    release = text[text.index("\n  release:") :]
    assert "if: github.event_name == 'push' && startsWith(github.ref, 'refs/tags/v')" in release
    assert "needs: [test, app]" in release, "only once every test passed and every app is built"
    assert "permissions:\n      contents: write" in release
    assert 'python -m tools.release_notes "$GITHUB_REF_NAME"' in release
    assert "pattern: basra-*" in release and "merge-multiple: true" in release
    assert 'gh release create "$GITHUB_REF_NAME" apps/*' in release
    assert "--notes-file release-notes.md" in release


def test_the_linux_app_is_built_on_the_glibc_floor_the_readme_states() -> None:
    text = (ROOT / ".github" / "workflows" / "ci.yml").read_text()
    assert "container: almalinux:8" in text, "AlmaLinux 8: glibc 2.28, supported until 2029"
    readme = (ROOT / "README.md").read_text()
    assert "glibc 2.28 or newer" in readme
