"""A line of text as it is stored (logical order) turned into what is drawn, left to right.

Owns `visual_pieces`: Arabic letters take their joined forms (arabic-reshaper), then mixed
Arabic, English and number runs are put in display order by the Unicode bidi algorithm
(python-bidi), and the result is cut into pieces drawn alike: plain text, red suit symbols, and
single clusters the main font has no glyph for (emoji, drawn by `client.ui.text` from an emoji
font or as a placeholder). Also `visual_text` (the reordering alone), `cut_points` (where a line
may be cut without splitting a letter from its marks or an emoji sequence) and
`is_right_to_left`. Pure: no pygame.
"""

from __future__ import annotations

import enum
import logging
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import arabic_reshaper  # type: ignore[import-untyped]  # ships no type hints
from bidi import get_base_level, get_display  # type: ignore[import-untyped]

logger = logging.getLogger(__name__)

RESHAPER = arabic_reshaper.ArabicReshaper(
    configuration={
        # Names carry their vowel marks (a fatha is part of the name the player typed).
        "delete_harakat": False,
        # The one ligature DejaVu Sans has no glyph for; its letters join without it.
        "ARABIC LIGATURE ALLAH": False,
    }
)
RED_SUITS = frozenset("♥♦♡♢")
STAND_IN = "\ufffc"
"""Takes an emoji cluster's place while the line is reordered: a neutral like the emoji."""
TAG = "\ufffd"
"""Another neutral, to find where one stand-in went (both reorder exactly alike)."""
ZERO_WIDTH_JOINER = "\u200d"
_CLUSTER_MARKS = frozenset({"\ufe0e", "\ufe0f", "\u20e3"})
"""Variation selectors and the keycap, which belong to the emoji before them."""


class PieceKind(enum.Enum):
    TEXT = "text"
    RED_SUIT = "red suit"
    FALLBACK = "fallback"
    """One cluster the main font has no glyph for."""


@dataclass(frozen=True, slots=True)
class Piece:
    """A stretch of a line drawn one way, in display order."""

    text: str
    kind: PieceKind


def is_right_to_left(text: str) -> bool:
    """True when the first letter with a direction is Arabic (or another right-to-left one)."""
    return bool(text) and get_base_level(text) == 1


def visual_text(text: str) -> str:
    """`text` with Arabic letters joined and runs in display order (left to right)."""
    try:
        shaped = RESHAPER.reshape(text)
    except IndexError:
        # arabic-reshaper 3.x fails on a few odd sequences (a joiner before lam-alef, say);
        # such a line is drawn with its letters unjoined rather than not at all.
        logger.debug("could not join the letters of %r", text)
        shaped = text
    if not MIRRORED.keys() & set(shaped):
        return str(get_display(shaped))
    return _reorder_and_mirror(shaped, _levels(shaped))


MIRRORED = dict(zip("()[]{}<>«»", ")(][}{><»«", strict=True))
"""Characters drawn as their mirror image at a right-to-left level (bidi rule L4)."""
_ISOLATE_MARKS = frozenset("\u2066\u2067\u2068\u2069")
_LEVEL = re.compile(r"Level\(\s*(\d+)")


def _levels(text: str) -> list[int]:
    """The resolved bidi level of each character of `text`.

    python-bidi's default (Rust) algorithm reorders but does not mirror, and tells its levels
    only in its debug report, one per UTF-8 byte; the first byte of each character counts.
    """
    if not text:
        return []
    report = str(get_display(text, debug=True))
    level_part, paragraph_part = report.split("levels:", 1)[1].split("paragraphs:", 1)
    per_byte = [int(n) for n in _LEVEL.findall(level_part)]
    base = int(_LEVEL.findall(paragraph_part)[0])
    levels, offset = [], 0
    for char in text:
        levels.append(per_byte[offset])
        offset += len(char.encode())
    # Rule L1: spaces and isolate marks at the end of the line go back to the paragraph level.
    end = len(text)
    while end and (text[end - 1].isspace() or text[end - 1] in _ISOLATE_MARKS):
        end -= 1
        levels[end] = base
    return levels


def _reorder_and_mirror(text: str, levels: list[int]) -> str:
    """Rules L2 and L4 on one line: reverse every run at each level from the highest down to
    the lowest odd one, and mirror the brackets that sit at an odd level."""
    chars = [MIRRORED.get(c, c) if level % 2 else c for c, level in zip(text, levels, strict=True)]
    order = list(range(len(chars)))
    lowest_odd = min((level for level in levels if level % 2), default=1)
    for level in range(max(levels, default=0), lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] >= level:
                j = i
                while j < len(order) and levels[order[j]] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return "".join(chars[i] for i in order)


def visual_pieces(text: str, covered: Callable[[str], bool]) -> tuple[Piece, ...]:
    """`text` in display order, cut into pieces; `covered` says which characters the font has."""
    clusters = list(_fallback_clusters(text, covered))
    logical = text
    for start, end in reversed(clusters):
        logical = logical[:start] + STAND_IN + logical[end:]
    display = visual_text(logical)
    in_display_order = _clusters_in_display_order(logical, [text[s:e] for s, e in clusters])
    pieces: list[Piece] = []
    run = ""
    for char in display:
        kind = _kind_of(char)
        if kind is PieceKind.TEXT:
            run += char
            continue
        if run:
            pieces.append(Piece(run, PieceKind.TEXT))
            run = ""
        shown = in_display_order.pop(0) if kind is PieceKind.FALLBACK else char
        if pieces and kind is PieceKind.RED_SUIT and pieces[-1].kind is kind:
            pieces[-1] = Piece(pieces[-1].text + char, kind)
        else:
            pieces.append(Piece(shown, kind))
    if run:
        pieces.append(Piece(run, PieceKind.TEXT))
    return tuple(pieces)


def cut_points(text: str) -> list[int]:
    """Indices where `text` may be cut: never before a mark or inside an emoji sequence."""
    points = [0]
    for i in range(1, len(text)):
        char, before = text[i], text[i - 1]
        if unicodedata.combining(char) or char in _CLUSTER_MARKS or _is_skin_tone(char):
            continue
        if ZERO_WIDTH_JOINER in (char, before) or _is_tag(char):
            continue
        points.append(i)
    points.append(len(text))
    return points


def _kind_of(char: str) -> PieceKind:
    if char == STAND_IN:
        return PieceKind.FALLBACK
    return PieceKind.RED_SUIT if char in RED_SUITS else PieceKind.TEXT


def _clusters_in_display_order(logical: str, clusters: list[str]) -> list[str]:
    """The clusters in the order their stand-ins appear in the display form of `logical`."""
    if len(clusters) < 2:
        return list(clusters)
    stand_ins = [i for i, char in enumerate(logical) if char == STAND_IN]
    placed: list[tuple[int, str]] = []
    for at, cluster in zip(stand_ins, clusters, strict=True):
        tagged = logical[:at] + TAG + logical[at + 1 :]
        placed.append((visual_text(tagged).index(TAG), cluster))
    return [cluster for _, cluster in sorted(placed)]


def _fallback_clusters(text: str, covered: Callable[[str], bool]) -> Iterator[tuple[int, int]]:
    """(start, end) of each run the font cannot draw: one emoji with its modifiers and joins."""
    i = 0
    while i < len(text):
        char = text[i]
        # A stand-in typed by the player is drawn as one too, so each one found is ours.
        if char not in (STAND_IN, TAG) and not _needs_fallback(char, covered):
            i += 1
            continue
        end = i + 1
        if _is_regional_indicator(char) and end < len(text):
            end += _is_regional_indicator(text[end])
        while end < len(text):
            follower = text[end]
            if follower in _CLUSTER_MARKS or _is_skin_tone(follower) or _is_tag(follower):
                end += 1
            elif follower == ZERO_WIDTH_JOINER and end + 1 < len(text):
                end += 2
            else:
                break
        yield i, end
        i = end


def _needs_fallback(char: str, covered: Callable[[str], bool]) -> bool:
    # Format characters (bidi isolates, joiners) are read by the bidi step and drawn as nothing.
    return unicodedata.category(char) not in ("Cf", "Cc") and not covered(char)


def _is_skin_tone(char: str) -> bool:
    return "\U0001f3fb" <= char <= "\U0001f3ff"


def _is_tag(char: str) -> bool:
    return "\U000e0020" <= char <= "\U000e007f"


def _is_regional_indicator(char: str) -> bool:
    return "\U0001f1e6" <= char <= "\U0001f1ff"
