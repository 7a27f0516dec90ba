"""The page ``/downloads/``: the desktop apps on offer, a line per system, in English and Arabic.

The apps are named as the release workflow packs them: ``basra-SYSTEM-MACHINE.EXT``, where
SYSTEM is ``windows``, ``macos`` or ``linux`` and MACHINE ``x86_64`` or ``arm64`` (for example
``basra-windows-x86_64.zip``, ``basra-macos-arm64.zip``, ``basra-linux-x86_64.tar.gz``), with
a version allowed after ``basra-`` (``basra-1.2.0-macos-x86_64.zip``, or ``basra-v1.2.0-...``).
Each system of `SYSTEMS` that has a file gets a line saying which computer it suits; any other
file is listed under "Other files". Sizes read in decimal units (bytes, kB, MB, GB). A file
name is written into the page escaped, and into its link percent-encoded byte by byte, so any
name the folder holds (spaces, Arabic letters, quotes) is offered and asked for safely. No
script, so the page's Content-Security-Policy holds.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final
from urllib.parse import quote

__all__ = ["SYSTEMS", "Offer", "System", "human_size", "link_of", "listing_page", "system_of"]


@dataclass(frozen=True, slots=True)
class System:
    """A kind of computer an app is built for, by the ``SYSTEM-MACHINE`` of its name."""

    key: str
    english: str
    arabic: str


SYSTEMS: Final = (
    System("windows-x86_64", "Windows (64-bit PC)", "ويندوز"),
    System("macos-arm64", "Mac with Apple silicon (M1 or later)", "ماك بمعالج Apple"),
    System("macos-x86_64", "Mac with an Intel processor", "ماك بمعالج Intel"),
    System("linux-x86_64", "Linux (64-bit PC)", "لينكس"),
    System("linux-arm64", "Linux (64-bit ARM)", "لينكس ARM"),
)

_RELEASE: Final = re.compile(
    r"basra(?:-v?[0-9][0-9A-Za-z.+]*)?-(windows|macos|linux)-(x86_64|arm64)\.(zip|tar\.gz|tgz)",
    re.IGNORECASE,
)
_UNITS: Final = ((1_000_000_000, "GB"), (1_000_000, "MB"), (1_000, "kB"))


@dataclass(frozen=True, slots=True)
class Offer:
    """A file on the page: its name and its size in bytes."""

    name: str
    size: int


def system_of(name: str) -> System | None:
    """The system a file of that name is for, by the release naming; None for another file."""
    match = _RELEASE.fullmatch(name)
    if match is None:
        return None
    key = f"{match[1]}-{match[2]}".lower()
    return next((system for system in SYSTEMS if system.key == key), None)


def human_size(size: int) -> str:
    """``size`` bytes in the largest decimal unit it reaches: 512 bytes, 2.0 kB, 64.3 MB."""
    for unit, name in _UNITS:
        if size >= unit:
            return f"{size / unit:.1f} {name}"
    return "1 byte" if size == 1 else f"{size} bytes"


def link_of(name: str) -> str:
    """The page's link to the file ``name``: every byte but letters, digits and ``-._~``
    percent-encoded (a name the file system could not decode keeps its own bytes)."""
    return quote(name.encode("utf-8", "surrogateescape"), safe="")


def _item(offer: Offer) -> str:
    shown = html.escape(offer.name.encode("utf-8", "replace").decode("utf-8"))
    return (
        f'<a href="{link_of(offer.name)}" download>{shown}</a> '
        f'<span dir="ltr">({human_size(offer.size)})</span>'
    )


def listing_page(offers: Sequence[Offer]) -> str:
    """The whole page for ``offers`` (in name order)."""
    lines = []
    for system in SYSTEMS:
        mine = [offer for offer in offers if system_of(offer.name) == system]
        if mine:
            files = " · ".join(_item(offer) for offer in mine)
            lines.append(
                f'<li><strong>{system.english}</strong> · <span lang="ar" dir="rtl">'
                f"{system.arabic}</span>: {files}</li>"
            )
    others = [offer for offer in offers if system_of(offer.name) is None]
    body = f"<ul>{''.join(lines)}</ul>" if lines else ""
    if others:
        rows = "".join(f"<li>{_item(offer)}</li>" for offer in others)
        body += (
            f'<h2>Other files · <span lang="ar" dir="rtl">ملفات تانية</span></h2><ul>{rows}</ul>'
        )
    if not offers:
        body = "<p>Nothing to download here. ما فيش حاجة.</p>"
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>Basra for your computer</title></head><body>"
        "<h1>Basra for your computer</h1>"
        '<p lang="ar" dir="rtl">بصرة على الكمبيوتر: نزّل اللعبة وشغّلها من غير بايثون.</p>'
        "<p>Choose the line of your computer, download, unzip and run.</p>"
        f'{body}<p><a href="/">Back to the game · ارجع للعبة</a></p></body></html>'
    )
