"""The one text path: Arabic joined and in bidi order, the bundled font, line height, ellipsis.

Known strings are checked against renderings made here without the client's code: HarfBuzz
shaping right to left (pygame-ce's `set_script`), and arabic-reshaper + python-bidi + DejaVu
Sans rendered straight with `pygame.font`. Real pygame with the dummy SDL drivers.
"""

from __future__ import annotations

import ast
import io
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import arabic_reshaper  # type: ignore[import-untyped]
import pygame
import pygame.freetype
import pytest
from bidi import get_display  # type: ignore[import-untyped]
from hypothesis import given, settings
from hypothesis import strategies as st

from client import theme
from client.ui.fonts import (
    BOLD_FILE,
    POINTS_PER_SIZE,
    REGULAR_FILE,
    FontBook,
    bundled_font_bytes,
    system_emoji_font,
)
from client.ui.text import BOLD_FROM_SIZE, ELLIPSIS, EMOJI_SCALE, TextRenderer
from client.ui.text_order import visual_text

ROOT = Path(__file__).resolve().parents[2]
FONT_FILE = ROOT / "assets" / "fonts" / REGULAR_FILE
SIZES = (theme.FONT_SMALL, theme.FONT_BODY, theme.FONT_LARGE, theme.FONT_TITLE)
KNOWN = ("محمد", "Karim: بصرة يا معلم 10", "Abdelrahman Sayd", "عبد الرحمن محمود")
"""A name, a chat line of both scripts with a number, and two 16-letter names."""
WHITE = (255, 255, 255)


@pytest.fixture
def renderer(pygame_ready: None) -> TextRenderer:
    """A renderer with no emoji font, so emoji always take the placeholder."""
    return TextRenderer(fonts=FontBook(lambda: None))


def reference_font(size: int) -> pygame.font.Font:
    """DejaVu Sans as the text path should use it at theme size `size`."""
    weight = BOLD_FILE if size >= BOLD_FROM_SIZE else REGULAR_FILE
    return pygame.font.Font(str(ROOT / "assets" / "fonts" / weight), round(size * POINTS_PER_SIZE))


def on_line(rendered: pygame.Surface, height: int) -> pygame.Surface:
    """`rendered` at the top of a transparent surface `height` tall, as a line is drawn."""
    canvas = pygame.Surface((rendered.get_width(), height), pygame.SRCALPHA)
    canvas.blit(rendered, (0, 0))
    return canvas


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def inked_columns(surface: pygame.Surface) -> list[int]:
    return [
        x
        for x in range(surface.get_width())
        if any(surface.get_at((x, y)).a for y in range(surface.get_height()))
    ]


@pytest.mark.parametrize("size", [theme.FONT_BODY, theme.FONT_TITLE])
def test_an_arabic_name_is_drawn_as_harfbuzz_shapes_it_right_to_left(
    renderer: TextRenderer, size: int
) -> None:
    harfbuzz = reference_font(size)
    try:
        harfbuzz.set_script("Arab")
    except pygame.error:
        pytest.skip("this pygame-ce's SDL_ttf has no HarfBuzz")
    harfbuzz.set_direction(pygame.DIRECTION_RTL)
    expected = on_line(harfbuzz.render("محمد", True, WHITE), renderer.line_height(size))
    drawn = renderer.render("محمد", size, WHITE)
    assert drawn.get_size() == expected.get_size()
    assert pixels(drawn) == pixels(expected)


@pytest.mark.parametrize("text", KNOWN)
@pytest.mark.parametrize("size", SIZES)
def test_known_strings_match_reshaper_bidi_and_dejavu_rendered_directly(
    renderer: TextRenderer, text: str, size: int
) -> None:
    direct = reference_font(size).render(get_display(arabic_reshaper.reshape(text)), True, WHITE)
    height = renderer.line_height(size)
    assert direct.get_height() <= height, "the line cuts off part of a glyph"
    drawn = renderer.render(text, size, WHITE)
    assert drawn.get_size() == (direct.get_width(), height)
    assert pixels(drawn) == pixels(on_line(direct, height))


def test_a_mixed_line_is_in_bidi_order_glyph_for_glyph() -> None:
    # Karim's words stay left to right; the Arabic run reads right to left with the number
    # kept whole on its left; each letter takes its joined form.
    basra = (
        "\N{ARABIC LETTER TEH MARBUTA ISOLATED FORM}\N{ARABIC LETTER REH FINAL FORM}"
        "\N{ARABIC LETTER SAD MEDIAL FORM}\N{ARABIC LETTER BEH INITIAL FORM}"
    )
    ya = "\N{ARABIC LETTER ALEF FINAL FORM}\N{ARABIC LETTER YEH INITIAL FORM}"
    moallem = (
        "\N{ARABIC LETTER MEEM FINAL FORM}\N{ARABIC LETTER LAM MEDIAL FORM}"
        "\N{ARABIC LETTER AIN MEDIAL FORM}\N{ARABIC LETTER MEEM INITIAL FORM}"
    )
    assert visual_text("Karim: بصرة يا معلم 10") == f"Karim: 10 {moallem} {ya} {basra}"
    assert visual_text("محمد") == (
        "\N{ARABIC LETTER DAL FINAL FORM}\N{ARABIC LETTER MEEM MEDIAL FORM}"
        "\N{ARABIC LETTER HAH MEDIAL FORM}\N{ARABIC LETTER MEEM INITIAL FORM}"
    )


def test_vowel_marks_stay_on_their_letters(renderer: TextRenderer) -> None:
    plain, marked = (
        renderer.render("محمد", theme.FONT_BODY),
        renderer.render("مُحَمَّد", theme.FONT_BODY),
    )
    assert marked.get_size() == plain.get_size()
    assert pixels(marked) != pixels(plain)


def interface_characters() -> Iterator[str]:
    """Every character the interface can show: the client's string literals, the catalogues,
    and each joined form of each Arabic letter."""
    for path in sorted((ROOT / "client").rglob("*.py")):
        if path.name == "text_order.py":
            continue  # its literals are the emoji ranges, drawn from an emoji font by design
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                yield from node.value
    for catalogue in sorted((ROOT / "assets").rglob("*.po")):
        yield from catalogue.read_text(encoding="utf-8")
    letters = [chr(c) for c in (*range(0x621, 0x63B), *range(0x641, 0x64B))]
    for letter in letters:
        for context in (letter, f"ب{letter}", f"{letter}ب", f"ب{letter}ب", f"ل{letter}"):
            yield from arabic_reshaper.reshape(context)
    yield from "0123456789٠١٢٣٤٥٦٧٨٩♠♥♦♣" + ELLIPSIS + "\u064e\u064f\u0650\u0651\u0652"


@pytest.mark.parametrize("file_name", [REGULAR_FILE, BOLD_FILE])
def test_every_glyph_the_interface_uses_is_in_the_bundled_font(
    pygame_ready: None, file_name: str
) -> None:
    pygame.freetype.init()
    face = pygame.freetype.Font(io.BytesIO(bundled_font_bytes(file_name)), 16)
    shown = {
        c for c in interface_characters() if unicodedata.category(c) not in ("Cc", "Cf", "Zl", "Zp")
    }
    missing = sorted(c for c in shown if face.get_metrics(c)[0] is None)
    assert not missing, f"{file_name} has no glyph for {[f'U+{ord(c):04X}' for c in missing]}"


def test_the_fonts_and_their_licence_are_package_data() -> None:
    assert bundled_font_bytes(REGULAR_FILE) == FONT_FILE.read_bytes()
    licence = (ROOT / "assets" / "fonts" / "LICENSE").read_text(encoding="utf-8")
    assert "Bitstream Vera" in licence and "DejaVu changes are in public domain" in licence


LINES = (
    "Karim",
    "محمد",
    "مُحَمَّد إِ",
    "gjpqy ÉÅ",
    "A♥ + 7♠ + 8♦",
    "hi 🙂",
    "👨\u200d👩\u200d👧 يلا 🇪🇬",
    "",
)


@pytest.mark.parametrize("size", SIZES)
def test_every_line_is_as_tall_whatever_it_holds(renderer: TextRenderer, size: int) -> None:
    height = renderer.line_height(size)
    for text in LINES:
        assert renderer.measure(text, size)[1] == height
        assert renderer.render(text, size).get_height() == height
        assert all(
            renderer.render(line, size).get_height() == height
            for line in renderer.wrap(text, 60, size)
        )


def test_an_emoji_without_a_font_is_a_placeholder_of_a_letters_size(renderer: TextRenderer) -> None:
    size = theme.FONT_BODY
    drawn = renderer.render("🙂", size, WHITE)
    side = round(renderer.line_height(size) * EMOJI_SCALE)
    assert drawn.get_width() == side + 2
    inked = inked_columns(drawn)
    assert len(inked) >= side - 2, "a ring the width of the emoji"
    two = renderer.render("🙂🙂", size, WHITE)
    assert two.get_width() == 2 * drawn.get_width()
    family = renderer.render("👨\u200d👩\u200d👧", size, WHITE)
    assert family.get_width() == drawn.get_width(), "a joined sequence is one emoji"


def test_the_emoji_font_is_looked_for_only_when_an_emoji_is_drawn(pygame_ready: None) -> None:
    asked: list[int] = []

    def find() -> str | None:
        asked.append(1)
        return None

    renderer = TextRenderer(fonts=FontBook(find))
    renderer.render("Karim: بصرة ♥", theme.FONT_BODY)
    assert asked == []
    renderer.render("🙂", theme.FONT_BODY)
    renderer.render("👍", theme.FONT_BODY)
    assert asked == [1]


def test_a_system_colour_emoji_font_draws_emoji_in_colour(pygame_ready: None) -> None:
    path = system_emoji_font()
    if path is None:
        pytest.skip("no colour-emoji font on this computer")
    renderer = TextRenderer(fonts=FontBook(lambda: path))
    drawn = renderer.render("🙂", theme.FONT_BODY, WHITE)
    assert drawn.get_height() == renderer.line_height(theme.FONT_BODY)
    colours = {
        tuple(drawn.get_at((x, y)))[:3]
        for x in range(drawn.get_width())
        for y in range(drawn.get_height())
        if drawn.get_at((x, y)).a > 200
    }
    assert any(r > g + 40 for r, g, _b in colours), "the smiley is yellow, not the text's white"


def test_hearts_and_diamonds_are_red_clubs_and_spades_in_the_texts_colour(
    renderer: TextRenderer,
) -> None:
    def reds(text: str) -> int:
        drawn = renderer.render(text, theme.FONT_BODY, theme.TEXT)
        return sum(
            1
            for x in range(drawn.get_width())
            for y in range(drawn.get_height())
            if (c := drawn.get_at((x, y))).a > 128 and c.r > c.g + 80
        )

    assert reds("A♥") > 10 and reds("8♦") > 10
    assert reds("A♠") == 0 and reds("9♣") == 0


TEXT_CHARACTERS = st.sampled_from(
    list("aWm ")
    + list("محمدبصرةيالعمل")
    + ["\u064e", "\u0651", "1", "0", "♥", "♣", "🙂", "👍", "\U0001f3fd", "\u200d", "…", "!"]
)


@settings(max_examples=150, deadline=None)
@given(
    text=st.text(TEXT_CHARACTERS, max_size=40),
    max_width=st.integers(0, 320),
    size=st.sampled_from(SIZES),
)
def test_an_ellipsis_never_makes_a_line_wider_than_its_box(
    pygame_ready: None, text: str, max_width: int, size: int
) -> None:
    renderer = TextRenderer(fonts=FontBook(lambda: None))
    drawn = renderer.render(text, size, max_width=max_width)
    assert drawn.get_width() <= max_width
    assert drawn.get_height() == renderer.line_height(size)
    fitted = renderer.fit(text, max_width, size)
    if renderer.measure(text, size)[0] <= max_width:
        assert fitted == text
    else:
        assert fitted == "" or (fitted.endswith(ELLIPSIS) and text.startswith(fitted[:-1].rstrip()))


def test_a_long_name_in_a_box_ends_in_an_ellipsis(renderer: TextRenderer) -> None:
    for name in ("Abdelrahman Sayd", "عبد الرحمن محمود"):
        fitted = renderer.fit(name, 100, theme.FONT_BODY)
        assert fitted.endswith(ELLIPSIS) and len(fitted) < len(name)
        assert renderer.render(name, theme.FONT_BODY, max_width=100).get_width() <= 100


def test_wrapping_keeps_words_whole_in_both_scripts(renderer: TextRenderer) -> None:
    said = "Karim: بصرة يا معلم 10 and the الكومي is still out there"
    for width in (60, 90, 140, 220):
        lines = renderer.wrap(said, width, theme.FONT_SMALL)
        assert " ".join(lines) == said
        assert all(renderer.measure(line, theme.FONT_SMALL)[0] <= width for line in lines)


def test_a_caret_follows_the_direction_of_the_text(renderer: TextRenderer) -> None:
    size = theme.FONT_BODY
    width = renderer.measure("محمد", size)[0]
    assert renderer.caret_x("محمد", 0, size) == width
    assert renderer.caret_x("محمد", 4, size) == 0
    assert renderer.caret_x("Karim", 0, size) == 0
    assert renderer.caret_x("Karim", 5, size) == renderer.measure("Karim", size)[0]


def test_lines_are_cached(renderer: TextRenderer) -> None:
    line = "Karim: بصرة يا معلم 10 🙂"
    assert renderer.render(line, theme.FONT_SMALL) is renderer.render(line, theme.FONT_SMALL)
    assert renderer.layout(line, theme.FONT_SMALL) is renderer.layout(line, theme.FONT_SMALL)
    fitted = renderer.render(line, theme.FONT_SMALL, max_width=80)
    assert renderer.render(line, theme.FONT_SMALL, max_width=80) is fitted


def test_brackets_face_the_right_way_in_right_to_left_runs() -> None:
    from client.ui.text_order import visual_text

    shown = visual_text("منى (إنت)")
    # Displayed left to right: the parenthetical comes first, opened by "(" on its left.
    assert shown.startswith("(") and ")" in shown and shown.index("(") < shown.index(")")
    assert visual_text("Karim (Mona)") == "Karim (Mona)"


def test_our_reordering_agrees_with_python_bidi_where_nothing_is_mirrored() -> None:
    import random

    from client.ui.text_order import _levels, _reorder_and_mirror

    rng = random.Random(1)
    alphabet = "abc مني 12٣ :.,-+♥\u2068\u2069🙂"
    for _ in range(1000):
        line = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 20)))
        assert _reorder_and_mirror(line, _levels(line)) == get_display(line), repr(line)


def test_a_line_the_reshaper_cannot_join_is_still_drawn() -> None:
    from client.ui.text_order import visual_text

    # arabic-reshaper raises IndexError on a joiner before lam-alef (found by hypothesis).
    assert set(visual_text("\u200dلا")) >= {"ل", "ا"}
