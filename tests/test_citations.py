"""Every document the repository cites is in the repository, with the sections cited.

Code and documents cite the project's own documents: ``docs/rules.md §4``, ``docs/design.md
§2``, ``PROTOCOL.md §14``. Each cited file must exist and each cited section (``§4``, ``§4-§5``,
``§3, §7``) must be a heading ``## 4.`` of it; no file cites the reference notes the project
started from (which are not in it). The documents' own links and the repository paths they name
point at what exists; README.md, also the wheel's page on a package index, where relative
links break, has only absolute ones, and stays short.
"""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEXT_KINDS = (".py", ".js", ".mjs", ".md", ".toml", ".yml", ".spec", ".html", ".css")
DOCUMENTS = sorted([ROOT / "README.md", ROOT / "PROTOCOL.md", *(ROOT / "docs").glob("*.md")])

CITATION = re.compile(
    r"(?P<doc>(?:docs/)?[a-z_]+\.md|PROTOCOL\.md)"
    r"(?P<sections>(?:,? ?(?:and )?§\d+(?:-§\d+)?)*)"
)
FOREIGN = re.compile(r"(?<![\w/])(?:DESIGN|GUIDE|RULES|RELIABILITY)\.md")
"""The reference notes beside the repository, which someone who clones it does not have."""
LINK = re.compile(r"\]\(([^)\s]+)\)")
REPO_PATH = re.compile(
    r"`((?:shared|server|client|tests|bench|tools|web|assets|packaging|docs|\.github|\.ci)"
    r"/[\w./-]*)`"
)


@cache
def tracked_texts() -> dict[Path, str]:
    """The repository's text files (tracked, or new and not ignored), by path."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    paths = [ROOT / name for name in listed if name.endswith(TEXT_KINDS) or name == "Makefile"]
    return {path: path.read_text(encoding="utf-8") for path in paths if path.is_file()}


def headings(document: Path) -> set[int]:
    return {int(n) for n in re.findall(r"^## (\d+)\.", document.read_text(), re.MULTILINE)}


def citations(text: str) -> list[tuple[str, list[int]]]:
    """Each document cited in ``text`` with the sections cited (a range gives its ends)."""
    found = []
    for match in CITATION.finditer(text):
        doc = match["doc"]
        if not (doc.startswith("docs/") or doc == "PROTOCOL.md"):
            continue
        found.append((doc, [int(n) for n in re.findall(r"§(\d+)", match["sections"])]))
    return found


def test_the_checker_reads_citations() -> None:
    text = "see docs/rules.md §4-§5 and PROTOCOL.md §3, §7; docs/design.md; README.md"
    assert citations(text) == [
        ("docs/rules.md", [4, 5]),
        ("PROTOCOL.md", [3, 7]),
        ("docs/design.md", []),
    ]
    assert FOREIGN.search("(RULES" + ".md §4)") and not FOREIGN.search("docs/rules.md §4")


def test_there_is_something_to_check() -> None:
    cited = {doc for text in tracked_texts().values() for doc, _ in citations(text)}
    assert {"docs/rules.md", "docs/design.md", "docs/promises.md", "PROTOCOL.md"} <= cited


@pytest.mark.parametrize("path", sorted(tracked_texts()), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_cited_document_and_section_exists(path: Path) -> None:
    text = tracked_texts()[path]
    assert not FOREIGN.search(text), f"cites a document the repository does not hold: {path}"
    for doc, sections in citations(text):
        document = ROOT / doc
        assert document.is_file(), f"{path.relative_to(ROOT)} cites {doc}, which is not here"
        missing = set(sections) - headings(document)
        assert not missing, f"{path.relative_to(ROOT)} cites {doc} §{sorted(missing)}"


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_the_documents_name_what_exists(document: Path) -> None:
    text = document.read_text(encoding="utf-8")
    for target in LINK.findall(text):
        if target.startswith(("http://", "https://")):
            continue
        assert document != ROOT / "README.md", f"README.md links {target}: not absolute"
        assert not target.startswith("#"), f"{document.name}: an anchor link, {target}"
        assert (document.parent / target).exists(), f"{document.name} links {target}"
    for name in REPO_PATH.findall(text):
        if any(mark in name for mark in "*<>") or name.endswith("/NAME"):
            continue
        assert (ROOT / name).exists(), f"{document.name} names {name}, which is not here"


def test_the_readme_is_for_players_and_hosts() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 300
    for document in ("docs/rules.md", "docs/design.md", "docs/promises.md", "PROTOCOL.md"):
        assert document in readme, f"the README says where {document} is"
