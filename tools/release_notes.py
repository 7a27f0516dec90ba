"""A release's notes: the section of CHANGELOG.md for the version a tag names.

``python -m tools.release_notes v0.1.0`` prints that section (its heading left out), which the
workflow's release job publishes with the apps. It refuses (exit status 1, saying why) a tag
that is not ``v`` followed by the game's version (`shared.version.VERSION`), and a version the
changelog has no section for: a release never goes out under another number than the one the
game reports, nor without notes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from shared.version import VERSION

CHANGELOG = Path(__file__).resolve().parent.parent / "CHANGELOG.md"


class NoNotes(ValueError):
    """The tag or the changelog does not make a release; the text says why."""


def notes_for(tag: str, changelog: str) -> str:
    """The changelog's section for the version of ``tag``, without its heading."""
    if tag != f"v{VERSION}":
        raise NoNotes(f"the tag {tag} is not v{VERSION}, the version the game says it is")
    lines = changelog.splitlines()
    heading = f"## [{VERSION}]"
    starts = [i for i, line in enumerate(lines) if line.startswith(heading)]
    if not starts:
        raise NoNotes(f"CHANGELOG.md has no section {heading}")
    body = lines[starts[0] + 1 :]
    ends = [i for i, line in enumerate(body) if line.startswith("## ")]
    section = "\n".join(body[: ends[0]] if ends else body).strip()
    if not section:
        raise NoNotes(f"the section {heading} of CHANGELOG.md is empty")
    return section + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tag", help="the release's tag, v and the version")
    args = parser.parse_args(argv)
    try:
        sys.stdout.write(notes_for(args.tag, CHANGELOG.read_text(encoding="utf-8")))
    except NoNotes as refusal:
        sys.stderr.write(f"no release: {refusal}\n")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
