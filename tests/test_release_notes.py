"""A release's notes are the changelog's section for the game's version, and nothing goes out
under another number (`tools.release_notes`, run by the workflow's release job)."""

from __future__ import annotations

import pytest

from shared.version import VERSION
from tools.release_notes import CHANGELOG, NoNotes, main, notes_for

CHANGES = f"""# Changelog

## [{VERSION}] - unreleased

- Something new.

## [0.0.1] - 2026-01-01

- Something old.
"""


def test_the_notes_are_the_versions_section_alone() -> None:
    assert notes_for(f"v{VERSION}", CHANGES) == "- Something new.\n"


def test_the_changelog_has_a_section_for_this_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([f"v{VERSION}"]) == 0
    notes = capsys.readouterr().out
    assert notes.strip() and notes in CHANGELOG.read_text(encoding="utf-8")


@pytest.mark.parametrize("tag", [VERSION, "v0.0.1", f"v{VERSION}-rc1", "release"])
def test_a_tag_that_is_not_v_and_the_version_is_refused(tag: str) -> None:
    with pytest.raises(NoNotes, match=f"is not v{VERSION}"):
        notes_for(tag, CHANGES)


def test_a_version_without_notes_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(NoNotes, match="no section"):
        notes_for(f"v{VERSION}", "# Changelog\n\n## [0.0.1] - 2026-01-01\n\n- Old.\n")
    with pytest.raises(NoNotes, match="is empty"):
        notes_for(f"v{VERSION}", f"# Changelog\n\n## [{VERSION}]\n\n## [0.0.1]\n- Old.\n")
    assert main(["v0.0.0"]) == 1
    assert capsys.readouterr().err.startswith("no release: the tag v0.0.0 is not")
