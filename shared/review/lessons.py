"""What a costly play led to, told from the match itself: the lesson of a hand review.

A review (`shared.review.hand_review`) finds that a play cost points on average; this module
says why in terms a player recognises, from what happened next in the replay: the opponent's
capture that followed (a Basra given away, many cards swept), or from what the better play
would have done (a Basra missed, cards left on the floor), or from the round's end (the most
cards lost by a few). `lesson_for` picks the first of those that fits and returns its parts
(`Lesson`), so an interface in another language can word it itself; `lesson_sentence` words it
in English.

>>> from shared.cards import Card
>>> lesson = Lesson(LessonKind.SWEPT, Play(Card.parse("3s")), Play(Card.parse("7d"),
...     frozenset({Card.parse("4h"), Card.parse("3h")})), 1, Card.parse("Jc"), 9)
>>> lesson_sentence(lesson, ("Ali", "Karim"))
'Keeping the 7♦ for later let Karim take 9 cards with the J♣.'
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from shared.cards import KOMI, Card, Rank, Suit
from shared.engine import Transition, apply_play
from shared.events import BasraScored, CardsCaptured, RoundScored
from shared.plays import Play
from shared.rules import Bonus
from shared.state import MatchState, Seat, team_of

__all__ = [
    "ActionKind",
    "Lesson",
    "LessonKind",
    "action_kind",
    "card_name",
    "lesson_for",
    "lesson_sentence",
]

SWEEP_CARDS = 3
"""An opponent's capture of at least this many floor cards is worth telling."""
CLOSE_MAJORITY = 4
"""A round's most cards lost by at most this many is worth telling."""
SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class LessonKind(enum.StrEnum):
    """What the costly play led to, or missed."""

    BASRA_GIVEN = "basra_given"
    """The next opponent cleared the floor it left: a Basra."""
    JACK_BASRA_GIVEN = "jack_basra_given"
    """The next opponent made a Jack Basra on it."""
    SWEPT = "swept"
    """The next opponent took many cards (`Lesson.cards`)."""
    MISSED_BASRA = "missed_basra"
    """The better play made a Basra."""
    MISSED_CARDS = "missed_cards"
    """The better play took more cards (`Lesson.cards`: how many floor cards)."""
    MAJORITY = "majority"
    """The round's most cards went to the other side by a few (`Lesson.mine`, `theirs`)."""
    COSTLY = "costly"
    """None of the above: it cost points on average."""


class ActionKind(enum.StrEnum):
    """How the sentence names the play made."""

    LAID = "laid"
    """"Laying the 3♠": the card took nothing."""
    KEPT = "kept"
    """"Keeping the 7♦ for later": the better play would have used a sweeping card held back."""
    TOOK = "took"
    """"Taking 2 cards with the Q♠"."""


@dataclass(frozen=True, slots=True)
class Lesson:
    """Why a play was costly, in parts."""

    kind: LessonKind
    played: Play
    better: Play
    opponent: Seat | None = None
    """The opponent who profited (the Basra and sweep kinds)."""
    card: Card | None = None
    """The opponent's capturing card (the Basra and sweep kinds)."""
    cards: int = 0
    """Floor cards the opponent took (`SWEPT`) or the better play would have (`MISSED_CARDS`)."""
    mine: int = 0
    """Cards the reviewed side ended the round with (`MAJORITY`)."""
    theirs: int = 0
    """Cards the other side ended the round with (`MAJORITY`)."""


def lesson_for(
    steps: Sequence[Transition], index: int, state: MatchState, played: Play, better: Play
) -> Lesson:
    """The lesson of play ``index`` of a replay (``steps``: its transitions): ``played`` made
    from ``state`` when ``better`` was the better play."""
    follow = _next_in_round(steps, index)
    if follow is not None:
        lesson = _punished(follow, played, better)
        if lesson is not None:
            return lesson
    mine, better_events = len(played.taken), apply_play(state, better).events
    if any(isinstance(e, BasraScored) for e in better_events):
        return Lesson(LessonKind.MISSED_BASRA, played, better)
    if len(better.taken) > mine:
        return Lesson(LessonKind.MISSED_CARDS, played, better, cards=len(better.taken))
    seat = state.to_move
    assert seat is not None
    tally = _round_tally(steps, index, state.round.number)
    if tally is not None:
        own, other = tally[team_of(seat)], tally[1 - team_of(seat)]
        if own < other <= own + CLOSE_MAJORITY:
            return Lesson(LessonKind.MAJORITY, played, better, mine=own, theirs=other)
    return Lesson(LessonKind.COSTLY, played, better)


def _next_in_round(steps: Sequence[Transition], index: int) -> Transition | None:
    """The play after ``index`` (always the other side's), unless ``index`` ended the round."""
    if index + 1 >= len(steps) or any(isinstance(e, RoundScored) for e in steps[index].events):
        return None
    return steps[index + 1]


def _punished(follow: Transition, played: Play, better: Play) -> Lesson | None:
    captured = next((e for e in follow.events if isinstance(e, CardsCaptured)), None)
    if captured is None:
        return None
    basra = next((e for e in follow.events if isinstance(e, BasraScored)), None)
    if basra is not None:
        jack = basra.bonus is Bonus.JACK_BASRA
        kind = LessonKind.JACK_BASRA_GIVEN if jack else LessonKind.BASRA_GIVEN
        taken = len(captured.taken)
        return Lesson(kind, played, better, captured.seat, captured.card, taken)
    if len(captured.taken) >= SWEEP_CARDS:
        taken = len(captured.taken)
        return Lesson(LessonKind.SWEPT, played, better, captured.seat, captured.card, taken)
    return None


def _round_tally(steps: Sequence[Transition], index: int, number: int) -> tuple[int, ...] | None:
    """The cards each team ended round ``number`` with (None: the record stops before)."""
    for step in steps[index:]:
        for event in step.events:
            if isinstance(event, RoundScored) and event.number == number:
                return event.tally.cards
    return None


# --- words -------------------------------------------------------------------------------


def card_name(card: Card) -> str:
    """A card as a player writes it: "7♦", "J♣", "10♥"."""
    return f"{card.rank.label}{SUIT_SYMBOLS[card.suit]}"


def action_kind(lesson: Lesson) -> ActionKind:
    """How to name the play made: kept back a sweeping card, laid a card, or took cards."""
    played, better = lesson.played, lesson.better
    sweeper = better.card.rank is Rank.JACK or better.card == KOMI
    if sweeper and better.card != played.card and len(better.taken) > len(played.taken):
        return ActionKind.KEPT
    return ActionKind.TOOK if played.taken else ActionKind.LAID


def lesson_sentence(lesson: Lesson, names: Sequence[str]) -> str:
    """The lesson as one English sentence; ``names`` are the seats' names."""
    return f"{_action(lesson)} {_consequence(lesson, names)}."


def _action(lesson: Lesson) -> str:
    played = lesson.played
    match action_kind(lesson):
        case ActionKind.KEPT:
            return f"Keeping the {card_name(lesson.better.card)} for later"
        case ActionKind.TOOK:
            return f"Taking {_count(len(played.taken), 'card')} with the {card_name(played.card)}"
        case ActionKind.LAID:
            return f"Laying the {card_name(played.card)}"


def _consequence(lesson: Lesson, names: Sequence[str]) -> str:
    who = names[lesson.opponent] if lesson.opponent is not None else "the other side"
    card = card_name(lesson.card) if lesson.card is not None else ""
    better = card_name(lesson.better.card)
    match lesson.kind:
        case LessonKind.BASRA_GIVEN:
            return f"let {who} make a Basra with the {card}"
        case LessonKind.JACK_BASRA_GIVEN:
            return f"let {who} make a Jack Basra with the {card}"
        case LessonKind.SWEPT:
            return f"let {who} take {_count(lesson.cards, 'card')} with the {card}"
        case LessonKind.MISSED_BASRA:
            return f"missed a Basra with the {better}"
        case LessonKind.MISSED_CARDS:
            return f"left {_count(lesson.cards, 'card')} that the {better} could take"
        case LessonKind.MAJORITY:
            return f"cost the round's most cards ({lesson.mine} to {lesson.theirs})"
        case LessonKind.COSTLY:
            return "cost points on average, with what you knew then"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
