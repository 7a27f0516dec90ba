"""Widgets driven by synthetic pygame events on the logical surface."""

from __future__ import annotations

import pygame
import pytest

from client import theme
from client.ui.widgets import (
    Button,
    Focusable,
    FocusCycle,
    Label,
    ListBox,
    TextInput,
    TextRenderer,
    Toast,
    logical_mouse_event,
)


@pytest.fixture(scope="module")
def renderer(pygame_ready: None) -> TextRenderer:
    return TextRenderer()


def mouse_down(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def mouse_up(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def typed(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


# --- Button ------------------------------------------------------------------------------


def test_button_clicks_on_press_and_release_inside(renderer: TextRenderer) -> None:
    clicks: list[int] = []
    button = Button((100, 100, 160, 48), "Play", renderer, on_click=lambda: clicks.append(1))
    assert not button.handle_event(motion((10, 10)))
    assert not button.hovered
    button.handle_event(motion((120, 120)))
    assert button.hovered
    assert not button.handle_event(mouse_down((120, 120)))
    assert button.pressed
    assert button.handle_event(mouse_up((125, 125)))
    assert clicks == [1]
    assert not button.pressed


def test_button_ignores_release_outside_and_other_buttons(renderer: TextRenderer) -> None:
    button = Button((100, 100, 160, 48), "Play", renderer)
    button.handle_event(mouse_down((120, 120)))
    assert not button.handle_event(mouse_up((400, 400)))
    button.handle_event(mouse_down((120, 120), button=3))
    assert not button.handle_event(mouse_up((120, 120), button=3))
    assert not button.handle_event(mouse_up((120, 120)))  # no press preceded this release


def test_disabled_button_does_not_click(renderer: TextRenderer) -> None:
    button = Button((0, 0, 100, 40), "Start", renderer, enabled=False)
    button.handle_event(mouse_down((10, 10)))
    assert not button.handle_event(mouse_up((10, 10)))
    button.focused = True
    assert not button.handle_event(key(pygame.K_RETURN))


def test_focused_button_activates_from_keyboard(renderer: TextRenderer) -> None:
    button = Button((0, 0, 100, 40), "Start", renderer)
    assert not button.handle_event(key(pygame.K_RETURN))
    button.focused = True
    assert button.handle_event(key(pygame.K_RETURN))
    assert button.handle_event(key(pygame.K_SPACE))
    assert not button.handle_event(key(pygame.K_a))


def test_button_draws_its_colours(renderer: TextRenderer) -> None:
    surface = pygame.Surface((200, 100))
    button = Button((20, 20, 160, 60), "OK", renderer)
    button.draw(surface)
    assert surface.get_at((30, 50))[:3] == theme.BUTTON_FILL
    button.enabled = False
    button.draw(surface)
    assert surface.get_at((30, 50))[:3] == theme.BUTTON_DISABLED


def test_logical_mouse_event_maps_window_pixels() -> None:
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(660, 420), button=1)
    mapped = logical_mouse_event(event, 0.5, (20.0, 60.0))
    assert mapped.pos == (1280, 720)
    assert mapped.button == 1
    keydown = key(pygame.K_a)
    assert logical_mouse_event(keydown, 0.5, (0.0, 0.0)) is keydown


# --- TextInput ---------------------------------------------------------------------------


def focused_input(renderer: TextRenderer, **kwargs: object) -> TextInput:
    field = TextInput((50, 50, 300, 40), renderer, **kwargs)  # type: ignore[arg-type]
    field.handle_event(mouse_down((60, 60)))
    assert field.focused
    return field


def test_text_input_types_and_backspaces(renderer: TextRenderer) -> None:
    field = focused_input(renderer)
    field.handle_event(typed("Alic"))
    field.handle_event(typed("e!"))
    assert field.text == "Alice!"
    field.handle_event(key(pygame.K_BACKSPACE))
    assert field.text == "Alice" and field.cursor == 5


def test_text_input_respects_max_length(renderer: TextRenderer) -> None:
    field = focused_input(renderer, max_length=5)
    field.handle_event(typed("hello world"))
    assert field.text == "hello"
    field.handle_event(typed("x"))
    assert field.text == "hello"


def test_text_input_cursor_keys_edit_in_the_middle(renderer: TextRenderer) -> None:
    field = focused_input(renderer)
    field.handle_event(typed("abd"))
    field.handle_event(key(pygame.K_LEFT))
    field.handle_event(typed("c"))
    assert field.text == "abcd"
    field.handle_event(key(pygame.K_HOME))
    field.handle_event(key(pygame.K_DELETE))
    assert field.text == "bcd" and field.cursor == 0
    field.handle_event(key(pygame.K_BACKSPACE))  # nothing before the cursor
    assert field.text == "bcd"
    field.handle_event(key(pygame.K_END))
    assert field.cursor == 3


def test_text_input_submits_on_enter(renderer: TextRenderer) -> None:
    submitted: list[str] = []
    field = focused_input(renderer, on_submit=submitted.append)
    field.handle_event(typed("192.168.1.5"))
    assert field.handle_event(key(pygame.K_RETURN))
    assert submitted == ["192.168.1.5"]


def test_unfocused_text_input_ignores_typing(renderer: TextRenderer) -> None:
    field = TextInput((50, 50, 300, 40), renderer, text="keep")
    field.handle_event(typed("zzz"))
    assert not field.handle_event(key(pygame.K_RETURN))
    assert field.text == "keep"
    field.handle_event(mouse_down((60, 60)))
    field.handle_event(mouse_down((600, 600)))  # clicking elsewhere drops focus
    assert not field.focused


def test_text_input_filter_and_click_places_cursor(renderer: TextRenderer) -> None:
    field = focused_input(renderer, allowed=str.isdigit)
    field.handle_event(typed("80a8b0"))
    assert field.text == "8080"
    field.handle_event(mouse_down((52, 60)))  # left edge: before the first character
    assert field.cursor == 0


def test_text_input_draws_text_and_scrolls_long_text(renderer: TextRenderer) -> None:
    surface = pygame.Surface((400, 140))
    field = focused_input(renderer, max_length=200)
    field.handle_event(typed("W" * 60))
    field.draw(surface)
    dark = sum(1 for x in range(60, 340) if surface.get_at((x, 70))[:3] == theme.INPUT_TEXT)
    assert dark > 0
    assert surface.get_at((45, 70))[:3] != theme.INPUT_TEXT, "text stays clipped to the box"


# --- ListBox -----------------------------------------------------------------------------


def test_listbox_selects_clicked_row(renderer: TextRenderer) -> None:
    box = ListBox((0, 0, 300, 100), renderer, ["a", "b", "c", "d", "e"], row_height=25)
    assert box.handle_event(mouse_down((10, 60)))
    assert box.selected == 2 and box.selected_item == "c"
    assert not box.handle_event(mouse_down((10, 60)))  # same row: no change
    assert not box.handle_event(mouse_down((500, 60)))
    assert box.selected == 2


def test_listbox_keys_scroll_selection_into_view(renderer: TextRenderer) -> None:
    box = ListBox((0, 0, 300, 100), renderer, [str(i) for i in range(10)], row_height=25)
    box.focused = True
    for _ in range(6):
        box.handle_event(key(pygame.K_DOWN))
    assert box.selected == 5
    assert box.scroll == 2  # rows 2..5 visible
    box.handle_event(key(pygame.K_UP))
    assert box.selected == 4


def test_listbox_wheel_scrolls_within_bounds(renderer: TextRenderer) -> None:
    box = ListBox((0, 0, 300, 100), renderer, [str(i) for i in range(10)], row_height=25)
    box.handle_event(motion((10, 10)))
    box.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-20))
    assert box.scroll == 6
    box.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3))
    assert box.scroll == 3
    assert box.row_at((10, 10)) == 3


def test_listbox_double_click_and_enter_activate(renderer: TextRenderer) -> None:
    activated: list[int] = []
    box = ListBox((0, 0, 300, 100), renderer, ["x", "y"], 25, on_activate=activated.append)
    box.handle_event(mouse_down((10, 30)))
    box.update(1.0)
    box.handle_event(mouse_down((10, 30)))  # too slow for a double click
    assert activated == []
    box.update(0.2)
    box.handle_event(mouse_down((10, 30)))
    assert activated == [1]
    box.handle_event(key(pygame.K_RETURN))
    assert activated == [1, 1]


def test_listbox_set_items_keeps_selected_text(renderer: TextRenderer) -> None:
    box = ListBox((0, 0, 300, 100), renderer, ["room A", "room B"])
    box.select(1)
    box.set_items(["room 0", "room A", "room B"])
    assert box.selected_item == "room B"
    box.set_items(["room C"])
    assert box.selected is None
    surface = pygame.Surface((300, 100))
    box.draw(surface)
    assert surface.get_at((150, 90))[:3] == theme.LIST_FILL


# --- Toast, Label, focus, text -----------------------------------------------------------


def test_toast_fades_and_finishes(renderer: TextRenderer) -> None:
    toast = Toast("Basra!", renderer, duration=2.0)
    assert toast.opacity == 0.0 and not toast.done
    toast.update(1.0)
    assert toast.opacity == 1.0
    surface = pygame.Surface((1280, 720))
    toast.draw(surface)
    assert surface.get_at(toast.center)[:3] != (0, 0, 0)
    toast.update(0.9)
    assert 0.0 < toast.opacity < 1.0
    toast.update(0.5)
    assert toast.done
    with pytest.raises(ValueError):
        Toast("x", renderer, duration=0)


def test_focus_cycle_tabs_over_enabled_widgets(renderer: TextRenderer) -> None:
    name = TextInput((0, 0, 200, 40), renderer)
    ok = Button((0, 50, 100, 40), "OK", renderer)
    off = Button((0, 100, 100, 40), "Off", renderer, enabled=False)
    cycle = FocusCycle([name, off, ok])

    def focused() -> Focusable | None:
        return cycle.focused

    assert cycle.handle_event(key(pygame.K_TAB))
    assert focused() is name
    cycle.handle_event(key(pygame.K_TAB))
    assert focused() is ok and not name.focused
    cycle.handle_event(key(pygame.K_TAB))
    assert focused() is name
    cycle.handle_event(key(pygame.K_TAB, pygame.KMOD_LSHIFT))
    assert focused() is ok
    cycle.handle_event(mouse_down((5, 5)))
    assert focused() is None


def test_label_and_text_renderer(renderer: TextRenderer) -> None:
    assert renderer.render("Score", 20) is renderer.render("Score", 20)
    surface = pygame.Surface((200, 60))
    rect = Label("Score 12", (100, 30), anchor="center").draw(surface, renderer)
    assert rect.center == (100, 30)
    lines = renderer.wrap("the quick brown fox jumps over the lazy dog", 90, 20)
    assert len(lines) > 2
    assert all(renderer.measure(line, 20)[0] <= 90 for line in lines)
    assert " ".join(lines) == "the quick brown fox jumps over the lazy dog"
    long_word = renderer.wrap("x" * 80, 60, 20)
    assert "".join(long_word) == "x" * 80 and len(long_word) > 1


def _drawn_rows(renderer: TextRenderer, box: ListBox, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    drawn: list[str] = []
    real = renderer.draw

    def recording(surface: pygame.Surface, text: str, *args: object, **kw: object) -> object:
        drawn.append(text)
        return real(surface, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(renderer, "draw", recording)
    box.draw(pygame.Surface((box.rect.right + 10, box.rect.bottom + 10)))
    return drawn


def test_a_list_of_two_line_rows_wraps_a_long_row_and_cuts_only_what_two_lines_cannot_hold(
    renderer: TextRenderer, monkeypatch: pytest.MonkeyPatch
) -> None:
    room = "Friday night · 4/4 seated · Egyptian · to 101 points · turns of 30 seconds · waiting"
    box = ListBox((0, 0, 420, 200), renderer, [room, "Short", room * 3], row_height=64)
    box.lines = 2
    drawn = _drawn_rows(renderer, box, monkeypatch)
    assert " ".join(drawn[:2]) == room, "the whole row on two lines"
    assert drawn[2] == "Short"
    assert len(drawn) == 5 and drawn[4].endswith("…") and not drawn[3].endswith("…")
    width = 420 - 2 * 10 - 6
    assert all(renderer.measure(line)[0] <= width for line in drawn)
    box.lines = 1
    assert _drawn_rows(renderer, box, monkeypatch)[0] == room, "one line: the item as given"
