"""The rules for players, as the "How to play" screen tells them: short sections, then worked
examples drawn with real cards (the project's rule book, docs/rules.md §3-§6 and §8).

Owns `SECTIONS` (a title and its paragraphs, marked for translation in reading order, so that a
translator finds each section's words together in the catalogue), `EXAMPLES` (a floor, the card
played, what it takes, each way the player may choose, and what it scores, with a sentence on
why) and `rule_numbers` (the figures the text quotes, taken from the default `RuleSet` and
written in the player's digits). A test checks every example against the engine. Pure: no
pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from client.i18n.language import N_, number
from shared.cards import STANDARD_DECK, Card, parse_cards
from shared.rules import Bonus, RuleSet


@dataclass(frozen=True)
class Section:
    """A heading and its paragraphs (catalogue ids; `_` them, then format with `rule_numbers`)."""

    title: str
    paragraphs: tuple[str, ...]

    @classmethod
    def of(cls, title: str, *paragraphs: str) -> Section:
        # The words are the call's own arguments so that the catalogue lists each section's
        # title and paragraphs together (the extractor walks the code breadth first).
        return cls(title, paragraphs)


@dataclass(frozen=True)
class WorkedExample:
    """A floor, the card played on it, and what it takes: one set, or each set the player may
    choose between; `bonus` is what the play scores beyond its cards."""

    floor: tuple[Card, ...]
    played: Card
    takes: tuple[tuple[Card, ...], ...]
    bonus: Bonus
    why: str

    @classmethod
    def of(
        cls, floor: str, played: str, takes: tuple[str, ...], bonus: Bonus, why: str
    ) -> WorkedExample:
        return cls(
            tuple(parse_cards(floor)),
            Card.parse(played),
            tuple(tuple(parse_cards(taken)) for taken in takes),
            bonus,
            why,
        )


SECTIONS = (
    Section.of(
        N_("The aim"),
        N_(
            "Take cards from the floor. Each round, the side that takes most of the {cards} "
            "cards scores {majority} points, and every Basra scores more. The first side to "
            "reach {target} points wins the match."
        ),
    ),
    Section.of(
        N_("Dealing"),
        N_(
            "Each player gets {hand} cards, and {hand} more go face up on the floor; a Jack "
            "or the 7 of diamonds never starts on the floor. When every hand is empty, the "
            "dealer deals {hand} more to each player, until the pack runs out."
        ),
        N_(
            "Play goes to the right, one card each turn. With four players, partners sit "
            "opposite each other and share their cards and their score."
        ),
    ),
    Section.of(
        N_("What a card takes"),
        N_(
            "You choose which card to play; what it can take, it takes. A number card (the "
            "ace counts 1) takes every floor card of its rank, and as many other number "
            "cards as it can in groups that each add up to its value. When two ways take "
            "as many cards, you choose."
        ),
        N_(
            "A Queen takes the Queens and a King takes the Kings: pictures never add up. A "
            "card that takes nothing stays on the floor."
        ),
    ),
    Section.of(
        N_("Basra"),
        N_(
            "Clear the whole floor with a number card, a Queen or a King: that is a Basra, "
            "worth {basra} points. It counts with the last card of the round too."
        ),
    ),
    Section.of(
        N_("Jack Basra"),
        N_(
            "A Jack sweeps the whole floor, pictures and all, but that is no Basra. A Jack "
            "that takes a lone Jack is a Jack Basra: {jack} points."
        ),
    ),
    Section.of(
        N_("The Komi: the 7 of diamonds"),
        N_(
            "Played from your hand, the 7 of diamonds sweeps the whole floor like a Jack. "
            "It makes a Basra when one single card could have cleared that same floor, and "
            "a Jack Basra when the floor was a lone Jack. Lying on the floor it is an "
            "ordinary 7."
        ),
    ),
    Section.of(
        N_("Scoring"),
        N_(
            "When the last card of the round is played, the cards left on the floor go to "
            "the side that took cards last. The side with {most} cards or more scores "
            "{majority}; at {tie} each, nobody does. Each Basra adds {basra} and each Jack "
            "Basra {jack}. Single cards score nothing."
        ),
    ),
    Section.of(
        N_("The end"),
        N_(
            "Scores are added when a round ends. The first side to reach {target} wins; if "
            "both sides reach it, the higher score wins, and if they are level another "
            "round is played."
        ),
    ),
)

EXAMPLES_TITLE = N_("Examples")

EXAMPLES = (
    WorkedExample.of(
        "5h 2c 3d",
        "5s",
        ("5h 2c 3d",),
        Bonus.BASRA,
        N_("The 5 takes the other 5 by its rank, and the 2 and the 3 because they make 5."),
    ),
    WorkedExample.of(
        "Ac Ad 2c 3h 3s",
        "4d",
        ("Ac Ad 3h 3s",),
        Bonus.NONE,
        N_(
            "The 4 takes as many cards as it can: an ace and a 3, then the other ace and 3. "
            "The 2 stays on the floor."
        ),
    ),
    WorkedExample.of(
        "Ac 2c 3c 4c 5c 9h",
        "9d",
        ("2c 3c 4c 9h", "Ac 3c 5c 9h"),
        Bonus.NONE,
        N_("The 9 takes the 9, with 2, 3 and 4 or with ace, 3 and 5: you choose."),
    ),
    WorkedExample.of(
        "Qs Qh 5c",
        "Qd",
        ("Qs Qh",),
        Bonus.NONE,
        N_("A Queen takes only Queens: the 5 stays."),
    ),
    WorkedExample.of(
        "Jc",
        "Jh",
        ("Jc",),
        Bonus.JACK_BASRA,
        N_("A Jack on a lone Jack."),
    ),
    WorkedExample.of(
        "2c 3d 4h",
        "7d",
        ("2c 3d 4h",),
        Bonus.BASRA,
        N_("The Komi sweeps the floor, and a 9 would have taken all three: a Basra."),
    ),
    WorkedExample.of(
        "4c 6d Kh",
        "7d",
        ("4c 6d Kh",),
        Bonus.NONE,
        N_("The Komi sweeps the floor, but no single card takes a 4, a 6 and a King together."),
    ),
)


def rule_numbers(rules: RuleSet | None = None) -> dict[str, str]:
    """The figures the sections quote, in the player's digits, by their field names."""
    rules = rules if rules is not None else RuleSet()
    cards = len(STANDARD_DECK)
    figures = {
        "cards": cards,
        "hand": rules.hand_size,
        "majority": rules.majority_points,
        "most": cards // 2 + 1,
        "tie": cards // 2,
        "basra": rules.basra_points,
        "jack": rules.jack_basra_points,
        "target": rules.target,
    }
    return {name: number(value) for name, value in figures.items()}
