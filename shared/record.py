"""The record of one match: everything needed to replay it, restore it and check its deals.

One `MatchRecord` serves the server (restoring unfinished matches after a restart), practice,
the match files players keep and the tests: the rule options, the seats, the chance (for fair
deals the commitment and the client seeds, and the server seed once revealed; or an int seed),
the first dealer, every play in order, the chat lines and the outcome. `replay` rebuilds every
state and event through the engine, exactly as they first happened.

Beside this module: `shared.record_file` is its file format (versioned JSON lines that a server
appends play by play: `RecordWriter`, `read_record`), and `shared.fairness` checks its deals.
PROTOCOL.md, "Match records", documents the file.

How the parts of the game use it:

- A server, when a match starts: ``writer = RecordWriter.create(path, MatchRecord.begin(state,
  seats, started=now_ms, room=name))``, which keeps the server seed in the file (it needs it to
  restore the match); then ``writer.add_play(seat, play)`` for every play applied and
  ``writer.add_chat(...)`` for every chat line, ``writer.flush()`` at least at each round's end,
  and ``writer.finish(outcome_of(state, now_ms))`` at the end (or when the room closes). The
  finished file is the revealed record to hand to the players (`encode_record`).
- A server, on restart: ``writer = RecordWriter.reopen(path)`` then ``replay(writer.record)``;
  the final state, the seats and the chat lines rebuild the room, and play goes on appending.
- Practice: the same writer in the player's data directory, or ``record.with_play(...)``.
- A client: `read_record` / `write_record` for kept files; ``shared.fairness.verify(record,
  commitment=..., client_seed=...)`` and ``verify_seen(...)`` to check the deals.

>>> from shared.engine import legal_plays, new_match
>>> from shared.rules import RuleSet
>>> state = new_match(RuleSet(), seed=36)
>>> record = MatchRecord.begin(state, (SeatEntry("Ali"), SeatEntry("Karim", "easy")), started=0)
>>> record = record.with_play(1, legal_plays(state)[3]).with_chat("Ali", 0, "Nice one", ts=9)
>>> steps = replay(record)
>>> [str(p.play) for p in record.plays], steps.final.round.to_move
(['10c takes 4h 6c'], 0)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from shared.deals import CommitmentError, Deals, FairDeals, SealedDeals, SeededDeals
from shared.engine import IllegalPlayError, Transition, apply_play, new_match
from shared.plays import Play
from shared.rules import RuleSet
from shared.state import MatchState, Seat, Team

__all__ = [
    "MAX_LEVEL",
    "MAX_NAME",
    "MAX_SCORE",
    "MAX_SEED",
    "MAX_TEXT",
    "MAX_TIME",
    "Chance",
    "ChatLine",
    "EndReason",
    "MatchRecord",
    "Outcome",
    "RecordError",
    "RecordedPlay",
    "Replay",
    "ReplayError",
    "SeatEntry",
    "outcome_of",
    "replay",
]


MAX_NAME = 64
"""The longest name of a seat, a chat speaker or a room, in characters."""
MAX_LEVEL = 32
MAX_TEXT = 2048
"""The longest chat line, in characters."""
MAX_TIME = 2**53
"""Times are whole milliseconds since 1970, below this."""
MAX_SEED = 2**256
"""An int seed that a record holds is above minus this and below it."""
MAX_SCORE = 10**9


class RecordError(ValueError):
    """A match record that cannot be used; the message says why, in words for a player."""


class ReplayError(RecordError):
    """A recorded play that the engine refuses, or an outcome the plays do not lead to."""

    def __init__(self, message: str, round_number: int, play_index: int | None) -> None:
        super().__init__(message)
        self.round_number = round_number
        """The round (from 0) where the replay stopped."""
        self.play_index = play_index
        """The index in `MatchRecord.plays` of the play refused; None for the outcome."""


@dataclass(frozen=True, slots=True)
class SeatEntry:
    """Who sat in a seat when the match began."""

    name: str
    bot_level: str | None = None
    """The bot's level for a computer player; None for a human."""

    def __post_init__(self) -> None:
        _check_text(self.name, 1, MAX_NAME, "A seat's name")
        if self.bot_level is not None:
            _check_text(self.bot_level, 1, MAX_LEVEL, "A bot's level")

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None


class RecordedPlay(NamedTuple):
    """One play of the match and the seat that made it."""

    seat: Seat
    play: Play


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One chat line of the room, as everyone in it saw it."""

    plays_before: int
    """How many plays of the match had been made when it was said."""
    name: str
    seat: Seat | None
    """The speaker's seat; None for a spectator."""
    text: str
    ts: int
    """When it was said, in milliseconds since 1970 (UTC)."""

    def __post_init__(self) -> None:
        _check_text(self.name, 1, MAX_NAME, "A speaker's name")
        _check_text(self.text, 0, MAX_TEXT, "A chat line")
        _check_time(self.ts)


class EndReason(enum.StrEnum):
    """How a match ended."""

    WON = "won"
    """A side reached the target (docs/rules.md §6)."""
    ABANDONED = "abandoned"
    """The room closed before that."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How and when the match ended, with the final match scores per team."""

    reason: EndReason
    winner: Team | None
    """The winning team; None when abandoned."""
    scores: tuple[int, ...]
    ts: int
    """When it ended, in milliseconds since 1970 (UTC)."""

    def __post_init__(self) -> None:
        if (self.winner is None) != (self.reason is EndReason.ABANDONED):
            raise RecordError("A won match names its winner, and an abandoned one none.")
        if len(self.scores) != 2 or not all(0 <= s <= MAX_SCORE for s in self.scores):
            raise RecordError(f"An outcome holds two scores from 0 to {MAX_SCORE}.")
        _check_time(self.ts)


def _check_text(text: str, shortest: int, longest: int, what: str) -> None:
    if type(text) is not str or not shortest <= len(text) <= longest:
        raise RecordError(f"{what} is text of {shortest} to {longest} characters.")


def _check_time(ts: int) -> None:
    if type(ts) is not int or not 0 <= ts < MAX_TIME:
        raise RecordError("A time is whole milliseconds since 1970.")


def outcome_of(state: MatchState, ts: int) -> Outcome:
    """The outcome of a match that ends at ``state``: won if it has a winner, else abandoned."""
    if state.winner is None:
        return Outcome(EndReason.ABANDONED, None, state.scores, ts)
    return Outcome(EndReason.WON, state.winner, state.scores, ts)


Chance = SeededDeals | SealedDeals
"""A record's chance: an int seed, or fair deals as announced (commitment and client seeds)."""


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One match from its first deal, as far as it has gone; immutable, like the states."""

    rules: RuleSet
    seats: tuple[SeatEntry, ...]
    chance: Chance
    server_seed: bytes | None
    """The fair deals' server seed once revealed (the server's own file holds it from the
    start); None until then, and always for seeded deals."""
    dealer: Seat
    """The first round's dealer."""
    started: int
    """When the first deal was made, in milliseconds since 1970 (UTC)."""
    room: str | None = None
    """The room's name; None in practice."""
    plays: tuple[RecordedPlay, ...] = ()
    chat: tuple[ChatLine, ...] = ()
    """In the order said, each after the plays counted in its ``plays_before``."""
    outcome: Outcome | None = None
    """None while the match goes on."""
    dealer_rotated: bool = False
    """True when the first dealer continued a room's rotation (the next match after one
    played in the same room, its dealer announced before any seed was known) instead of
    being drawn from the seeds."""

    def __post_init__(self) -> None:
        players = self.rules.players
        if len(self.seats) != players:
            raise RecordError(f"A {players}-player match has {players} seats.")
        if self.dealer not in range(players):
            raise RecordError(f"The dealer must be a seat from 0 to {players - 1}.")
        if self.server_seed is not None and not isinstance(self.chance, SealedDeals):
            raise RecordError("Only fair deals have a server seed to reveal.")
        if any(entry.seat not in range(players) for entry in self.plays):
            raise RecordError(f"Every play is made from a seat from 0 to {players - 1}.")
        counts = [line.plays_before for line in self.chat]
        if counts != sorted(counts) or any(n not in range(len(self.plays) + 1) for n in counts):
            raise RecordError("Chat lines come in order, each after plays that were made.")
        if isinstance(self.chance, SeededDeals) and not -MAX_SEED < self.chance.seed < MAX_SEED:
            raise RecordError("A recorded seed has at most 77 digits.")
        _check_time(self.started)
        if self.room is not None:
            _check_text(self.room, 0, MAX_NAME, "A room's name")

    @classmethod
    def begin(
        cls,
        state: MatchState,
        seats: Sequence[SeatEntry],
        started: int,
        room: str | None = None,
        *,
        dealer_rotated: bool = False,
    ) -> MatchRecord:
        """The record of the match that ``state`` (just made by `new_match`) begins.

        Its rules, chance and dealer come from the state. Fair deals keep their server seed,
        as the server's own file must (to restore the match); `sealed` drops it.
        """
        r = state.round
        if r.number != 0 or r.deal != 1 or r.last_play is not None:
            raise RecordError("A record begins with the match, before its first play.")
        deals = state.deals
        chance: Chance = deals.sealed() if isinstance(deals, FairDeals) else deals
        server_seed = deals.server_seed if isinstance(deals, FairDeals) else None
        return cls(
            state.rules,
            tuple(seats),
            chance,
            server_seed,
            r.dealer,
            started,
            room,
            dealer_rotated=dealer_rotated,
        )

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def with_play(self, seat: Seat, play: Play) -> MatchRecord:
        """This record with one more play."""
        return replace(self, plays=(*self.plays, RecordedPlay(seat, play)))

    def with_chat(self, name: str, seat: Seat | None, text: str, ts: int) -> MatchRecord:
        """This record with one more chat line, said after the plays so far."""
        line = ChatLine(len(self.plays), name, seat, text, ts)
        return replace(self, chat=(*self.chat, line))

    def ended(self, outcome: Outcome) -> MatchRecord:
        """This record with its outcome."""
        return replace(self, outcome=outcome)

    def sealed(self) -> MatchRecord:
        """This record without the server seed: what players may see before the reveal."""
        return replace(self, server_seed=None)

    def deals(self) -> Deals:
        """The chance to replay with: the seeded deals, or the fair deals of the revealed seed.

        Raises `RecordError` when the server seed is not revealed or does not match the
        commitment.
        """
        chance = self.chance
        if isinstance(chance, SeededDeals):
            return chance
        if self.server_seed is None:
            raise RecordError("The server seed of this match is not revealed yet.")
        try:
            return chance.reveal(self.server_seed)
        except CommitmentError as error:
            raise RecordError(str(error)) from None


class Replay(NamedTuple):
    """A record played through the engine: the first state and every transition after it."""

    start: MatchState
    transitions: tuple[Transition, ...]

    @property
    def final(self) -> MatchState:
        return self.transitions[-1].state if self.transitions else self.start


def replay(record: MatchRecord) -> Replay:
    """Play ``record`` through the engine from its first deal; the states and events are the
    very ones of the match. Raises `ReplayError` at a play the engine refuses (or made from the
    wrong seat), or when the plays do not lead to the recorded outcome; `RecordError` when the
    deals cannot be known (see `MatchRecord.deals`)."""
    state = start = new_match(record.rules, deals=record.deals(), dealer=record.dealer)
    transitions = []
    for index, (seat, play) in enumerate(record.plays):
        number = state.round.number
        if seat != state.to_move:
            raise ReplayError(
                f"Play {index + 1} (round {number + 1}) is recorded for seat {seat}, "
                f"but {_mover(state)} was to play.",
                number,
                index,
            )
        try:
            step = apply_play(state, play)
        except IllegalPlayError as error:
            raise ReplayError(
                f"Play {index + 1} (round {number + 1}, seat {seat}: {play}) cannot be made: "
                f"{error}",
                number,
                index,
            ) from None
        transitions.append(step)
        state = step.state
    _check_outcome(record.outcome, state)
    return Replay(start, tuple(transitions))


def _mover(state: MatchState) -> str:
    return "nobody" if state.to_move is None else f"seat {state.to_move}"


def _check_outcome(outcome: Outcome | None, state: MatchState) -> None:
    if outcome is None:
        return
    won = outcome.reason is EndReason.WON
    if outcome.winner != state.winner or won != (state.winner is not None):
        said = f"team {outcome.winner} won" if won else "the match was abandoned"
        raise ReplayError(
            f"The record says {said}, but its plays end otherwise.", state.round.number, None
        )
    if outcome.scores != state.scores:
        raise ReplayError(
            f"The record gives the scores as {_scores(outcome.scores)}, "
            f"but its plays make them {_scores(state.scores)}.",
            state.round.number,
            None,
        )


def _scores(scores: tuple[int, ...]) -> str:
    return "-".join(str(s) for s in scores)
