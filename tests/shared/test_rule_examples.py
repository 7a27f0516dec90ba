"""Every worked example of docs/rules.md §8, by name, and the rule book's table of them is the
engine's: each row's floor and card give exactly the captures and bonus the row says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shared.cards import STANDARD_DECK, Card, parse_cards
from shared.engine import apply_play, new_match
from shared.events import BasraScored, LeftoversTaken, RoundScored
from shared.plays import Play
from shared.rules import Bonus, RuleSet, capture_options
from tests.shared.positions import position


def outcomes(card: str, floor: str) -> set[tuple[frozenset[Card], Bonus]]:
    return {(c.taken, c.bonus) for c in capture_options(Card.parse(card), parse_cards(floor))}


def taken(text: str) -> frozenset[Card]:
    return frozenset(parse_cards(text))


EXAMPLES = [
    pytest.param("5h", "5s", {(taken("5h"), Bonus.BASRA)}, id="1_same_rank_basra"),
    pytest.param("5h 2c 3d", "5s", {(taken("5h 2c 3d"), Bonus.BASRA)}, id="2_rank_and_sum"),
    pytest.param("Ac 2d 3h 4s", "5c", {(taken("Ac 2d 3h 4s"), Bonus.BASRA)}, id="3_two_pairs"),
    pytest.param(
        "Ac Ad 2c 3h 3s", "4d", {(taken("Ac Ad 3h 3s"), Bonus.NONE)}, id="4_greedy_is_wrong"
    ),
    pytest.param(
        "Ac 2c 3c 4c 5c 9h",
        "9d",
        {(taken("9h 2c 3c 4c"), Bonus.NONE), (taken("9h Ac 3c 5c"), Bonus.NONE)},
        id="5_player_chooses",
    ),
    pytest.param("Qs Qh 5c", "Qd", {(taken("Qs Qh"), Bonus.NONE)}, id="6_queens"),
    pytest.param("Kh", "Ks", {(taken("Kh"), Bonus.BASRA)}, id="7_king_basra"),
    pytest.param("", "Jc", {(taken(""), Bonus.NONE)}, id="8a_jack_on_empty_floor"),
    pytest.param("Jc", "Jh", {(taken("Jc"), Bonus.JACK_BASRA)}, id="8b_jack_basra"),
    pytest.param("Jc 4d", "Jh", {(taken("Jc 4d"), Bonus.NONE)}, id="9_jack_sweep_no_basra"),
    pytest.param("2c 3d 4h", "7d", {(taken("2c 3d 4h"), Bonus.BASRA)}, id="10_komi_as_nine"),
    pytest.param("5c 5d 5h", "7d", {(taken("5c 5d 5h"), Bonus.BASRA)}, id="11_komi_as_five"),
    pytest.param("4c 6d Kh", "7d", {(taken("4c 6d Kh"), Bonus.NONE)}, id="12_komi_no_basra"),
    pytest.param("Jc", "7d", {(taken("Jc"), Bonus.JACK_BASRA)}, id="13_komi_as_jack"),
    pytest.param("", "7d", {(taken(""), Bonus.NONE)}, id="14a_komi_on_empty_floor"),
    pytest.param("7d 3c", "7s", {(taken("7d"), Bonus.NONE)}, id="14b_komi_on_floor_is_a_seven"),
    pytest.param("6c 2d Kh", "9s", {(taken(""), Bonus.NONE)}, id="15_takes_nothing"),
]


@pytest.mark.parametrize(("floor", "card", "expected"), EXAMPLES)
def test_worked_example(
    floor: str, card: str, expected: set[tuple[frozenset[Card], Bonus]]
) -> None:
    assert outcomes(card, floor) == expected


RULE_BOOK = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
BONUSES = {"none": Bonus.NONE, "Basra": Bonus.BASRA, "Jack Basra": Bonus.JACK_BASRA}


def rule_book_examples() -> dict[str, tuple[str, str, set[tuple[frozenset[Card], Bonus]]]]:
    """The rows of the rule book's table of worked examples: number -> floor, card, outcomes."""
    text = RULE_BOOK.read_text(encoding="utf-8")
    table = text[text.index("## 8. Worked examples") :]
    rows: dict[str, tuple[str, str, set[tuple[frozenset[Card], Bonus]]]] = {}
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) != 6 or not re.fullmatch(r"\d+[ab]?", cells[0]):
            continue
        number, floor, card, takes, bonus, _why = cells
        sets = re.findall(r"`([^`]+)`", takes) or [""]
        rows[number] = (
            "" if floor == "empty" else floor.strip("`"),
            card.strip("`"),
            {(taken(cards), BONUSES[bonus]) for cards in sets},
        )
    return rows


def test_the_rule_books_examples_are_the_engines() -> None:
    rows = rule_book_examples()
    assert len(rows) == len(EXAMPLES)
    for example in EXAMPLES:
        number = str(example.id).split("_")[0]
        assert rows[number] == tuple(example.values), f"example {number}"


def _deck_with(hands_and_floor: list[str], rest_first: str = "") -> list[Card]:
    """A deck whose first cards are the given ones, then the others in standard order."""
    chosen = [c for text in hands_and_floor for c in parse_cards(text)] + parse_cards(rest_first)
    return chosen + [c for c in STANDARD_DECK if c not in chosen]


def test_15_leftovers_go_to_last_capturer_without_basra() -> None:
    """The round's last card takes nothing; the floor and it go to the last capturer."""
    state = position(["", "9s"], "6c 2d Kh", to_move=1, last_capturer=0)
    pile_before = len(state.round.piles[0])
    events = apply_play(state, Play(Card.parse("9s"))).events
    leftovers = [e for e in events if isinstance(e, LeftoversTaken)]
    assert leftovers == [LeftoversTaken(0, tuple(parse_cards("6c 2d Kh 9s")))]
    assert not any(isinstance(e, BasraScored) for e in events)
    scored = [e for e in events if isinstance(e, RoundScored)]
    assert scored[0].tally.cards[0] == pile_before + 4


def test_16_first_floor_buries_jack_and_komi() -> None:
    deck = _deck_with(["2c 3c 4c 5c", "2d 3d 4d 5d", "Jc 4h 7d 9s"], rest_first="Qh Jd Kd")
    state = new_match(RuleSet(), dealer=1, deck=deck)
    floor = state.round.floor
    assert [str(c) for c in floor] == ["Qh", "4h", "Kd", "9s"]
    # Jc, 7d and the Jd that came up as a replacement lie at the bottom of the stock.
    assert [str(c) for c in state.round.stock[-3:]] == ["Jc", "7d", "Jd"]
