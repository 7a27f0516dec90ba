"""The event -> animation mapping: what moves where, when, and what is heard and shown.

Owns `choreograph(event, model, pace)`, which applies one engine event to the `TableModel` and
returns a `Choreography`: card `Move`s (from the stock, between hand and floor, into a pile),
timed `Cue`s (sounds, the Basra banner and confetti, highlights, the round results) and how long
the next event must wait (`hold`). Durations are for normal speed and multiplied by the pace
(0 = instant). Pure: no pygame, so the mapping is unit-tested without a display.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from client.i18n import _, number
from client.table.model import Placement, SpriteKey, TableModel
from client.table.teams import pile_seat
from shared.cards import Card
from shared.events import (
    BasraScored,
    CardPlayed,
    CardsCaptured,
    Event,
    FloorDealt,
    HandDealt,
    LeftoversTaken,
    MatchEnded,
    RoundScored,
    RoundStarted,
)
from shared.rules import Bonus
from shared.state import team_of

FLYING_LAYER = 200
"""Layer of a card in flight: above every resting card."""

# Timings in seconds at normal speed.
DEAL_FLIGHT = 0.34
DEAL_STAGGER = 0.08
PLAY_FLIGHT = 0.36
RELAYOUT = 0.28
CAPTURE_PAUSE = 0.42
"""The played card and what it takes glow on the floor this long before they sweep away."""
SWEEP_FLIGHT = 0.42
SWEEP_STAGGER = 0.045
BASRA_HOLD = 1.5
ROUND_BANNER = 1.1
LEFTOVER_PAUSE = 0.35
LAST_CARDS_HOLD = 1.3
""""Last cards to Karim" stays this long before the round's results cover the table."""
NOTE_BANNER = 1.2
KOMI = Card.parse("7d")


class CueKind(enum.StrEnum):
    SOUND = "sound"
    BANNER = "banner"
    """A big centred message (`text`, `detail`)."""
    BURST = "burst"
    """Confetti from `point`."""
    HIGHLIGHT = "highlight"
    """Outline `keys` for `length` seconds."""
    STATS = "stats"
    """Show the model's numbers (piles, Basras, stock, scores) from now on."""
    ROUND_RESULTS = "round_results"
    STORY = "story"
    """`event` is being shown now: the play log writes it down."""
    MATCH_RESULTS = "match_results"


class Tone(enum.StrEnum):
    """How loudly a banner speaks."""

    CELEBRATION = "celebration"
    """The player's own side scored: gold, big, with confetti and the fanfare."""
    QUIET = "quiet"
    """The other side's news: pale and smaller, no confetti."""
    PLAIN = "plain"
    """News for everyone ("Round 2") or for the player's side."""


@dataclass(frozen=True, slots=True)
class Cue:
    at: float
    kind: CueKind
    sound: str = ""
    text: str = ""
    detail: str = ""
    point: tuple[float, float] = (0.0, 0.0)
    keys: tuple[SpriteKey, ...] = ()
    length: float = 0.0
    event: Event | None = None
    """The event behind a results or story cue."""
    seat: int | None = None
    """The seat a banner names: its `text` holds `{name}` for the scene to fill in."""
    tone: Tone = Tone.PLAIN


@dataclass(frozen=True, slots=True)
class Move:
    """Tween sprite `key` to `end`; a `start` places (or creates) it there first."""

    key: SpriteKey
    end: Placement
    delay: float
    duration: float
    start: Placement | None = None
    vanish: bool = False
    """Remove the sprite on arrival (it joined a pile)."""
    ease: str = "ease_out_cubic"


@dataclass(frozen=True, slots=True)
class Choreography:
    moves: tuple[Move, ...] = ()
    cues: tuple[Cue, ...] = ()
    rekey: dict[SpriteKey, SpriteKey] = field(default_factory=dict)
    """Sprites to rename before moving (a hidden card turns into the card played)."""
    hold: float = 0.0
    """When the next event may begin; later moves of this one may still be running."""

    @property
    def duration(self) -> float:
        ends = [m.delay + m.duration for m in self.moves] + [c.at + c.length for c in self.cues]
        return max([self.hold, *ends])


def choreograph(event: Event, model: TableModel, pace: float = 1.0) -> Choreography:
    """Apply `event` to `model` and return how to show it; `pace` scales every time."""
    before = model.placements()
    rekey = model.apply(event)
    for old, new in rekey.items():
        before[new] = before.pop(old)
    after = model.placements()
    plan = _plan(event, model, before, after)
    cues = (Cue(0.0, CueKind.STORY, event=event), *plan.cues)
    return _scaled(Choreography(plan.moves, cues, rekey, plan.hold), pace)


# --- per-event plans -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Plan:
    moves: tuple[Move, ...]
    cues: tuple[Cue, ...]
    hold: float


Placements = dict[SpriteKey, Placement]


def _relayout(before: Placements, after: Placements, delay: float) -> list[Move]:
    """Slide every sprite that stays but whose resting place changed."""
    return [
        Move(key, place, delay, RELAYOUT)
        for key, place in after.items()
        if key in before and before[key] != place
    ]


def _stats(at: float) -> Cue:
    return Cue(at, CueKind.STATS)


def _from_stock(entering: list[SpriteKey], after: Placements, stock: Placement) -> list[Move]:
    moves = []
    for i, key in enumerate(entering):
        start = Placement(stock.center, stock.angle, False, FLYING_LAYER + i)
        moves.append(Move(key, after[key], i * DEAL_STAGGER, DEAL_FLIGHT, start))
    return moves


def _dealt(model: TableModel, before: Placements, after: Placements) -> _Plan:
    entering = [k for k in after if k not in before]
    moves = _from_stock(entering, after, model.stock_placement()) + _relayout(before, after, 0.0)
    cues = [_stats(0.0)]
    cues += [Cue(i * DEAL_STAGGER, CueKind.SOUND, sound="deal") for i in range(len(entering))]
    hold = max(0, len(entering) - 1) * DEAL_STAGGER + DEAL_FLIGHT * 0.6
    return _Plan(tuple(moves), tuple(cues), hold)


def _round_started(event: RoundStarted, before: Placements, after: Placements) -> _Plan:
    text = _("Round {number}").format(number=number(event.number + 1))
    cues = (_stats(0.0), Cue(0.0, CueKind.BANNER, text=text, length=ROUND_BANNER))
    return _Plan(tuple(_relayout(before, after, 0.0)), cues, ROUND_BANNER * 0.6)


def _played(event: CardPlayed, model: TableModel, before: Placements, after: Placements) -> _Plan:
    card = event.card
    end = after[card]
    start = before.get(card)
    if start is None:  # not seen in the hand (a resynchronised view): it comes from the seat
        start = Placement(_seat_origin(model, event.seat), 0, False, FLYING_LAYER)
    start = Placement(start.center, start.angle, start.face_up, FLYING_LAYER)
    flight = Move(
        card, _turned_near(end, start.angle), 0.0, PLAY_FLIGHT, start, ease="ease_out_back"
    )
    others = [m for m in _relayout(before, after, 0.0) if m.key != card]
    cues = (Cue(PLAY_FLIGHT * 0.8, CueKind.SOUND, sound="place"), _stats(0.0))
    return _Plan((flight, *others), cues, PLAY_FLIGHT)


def _captured(
    event: CardsCaptured, model: TableModel, before: Placements, after: Placements
) -> _Plan:
    pile = model.pile_placement(event.team)
    taking = [event.card, *sorted(event.taken)]
    moves = []
    for i, key in enumerate(taking):
        start = before.get(key)
        angle = start.angle if start is not None else 0.0
        end = Placement(pile.center, _nearest_angle(pile.angle, angle), False, FLYING_LAYER + i)
        delay = CAPTURE_PAUSE + i * SWEEP_STAGGER
        moves.append(Move(key, end, delay, SWEEP_FLIGHT, vanish=True, ease="ease_in_out_cubic"))
    sweep_end = CAPTURE_PAUSE + (len(taking) - 1) * SWEEP_STAGGER + SWEEP_FLIGHT
    moves += _relayout(before, after, CAPTURE_PAUSE + SWEEP_FLIGHT * 0.5)
    cues = (
        Cue(0.0, CueKind.HIGHLIGHT, keys=tuple(taking), length=CAPTURE_PAUSE, event=event),
        Cue(CAPTURE_PAUSE, CueKind.SOUND, sound="capture"),
        _stats(sweep_end),
        *_komi_sweep(event, model),
    )
    # The next event (a Basra banner, the next play) may start while the cards still fly.
    return _Plan(tuple(moves), cues, CAPTURE_PAUSE + SWEEP_FLIGHT * 0.6)


def _basra(event: BasraScored, model: TableModel) -> _Plan:
    """Who made it, in gold with confetti and the fanfare for the player's side, in a quiet
    banner for the other side."""
    jack = event.bonus is Bonus.JACK_BASRA
    text = _("{name} — Jack Basra!") if jack else _("{name} — Basra!")
    ours = event.team == team_of(model.viewer)
    banner = Cue(
        0.0,
        CueKind.BANNER,
        text=text,
        detail=f"+{number(event.points)}",
        length=BASRA_HOLD + 0.4,
        seat=event.seat,
        tone=Tone.CELEBRATION if ours else Tone.QUIET,
    )
    if not ours:
        return _Plan((), (banner, _stats(0.0)), BASRA_HOLD)
    cues = (
        Cue(0.0, CueKind.SOUND, sound="basra"),
        banner,
        Cue(0.0, CueKind.BURST, point=model.layout.floor.center),
        _stats(0.0),
    )
    return _Plan((), cues, BASRA_HOLD)


def _side_tone(model: TableModel, seat: int) -> Tone:
    return Tone.PLAIN if team_of(seat) == team_of(model.viewer) else Tone.QUIET


def _komi_sweep(event: CardsCaptured, model: TableModel) -> tuple[Cue, ...]:
    """The "Komi sweep" banner, when the 7d from the hand took the whole floor; a Basra it makes
    follows as its own banner, which takes this one's place."""
    if event.card != KOMI or not model.komi_sweeps or model.floor:
        return ()
    text = _("{name} — Komi sweep")
    tone = _side_tone(model, event.seat)
    return (Cue(0.0, CueKind.BANNER, text=text, length=NOTE_BANNER, seat=event.seat, tone=tone),)


def _last_cards(event: LeftoversTaken, model: TableModel) -> tuple[Cue, ...]:
    """The "Last cards to Karim" banner: the floor left after the round goes to the last
    capturer."""
    if event.team is None or not event.cards:
        return ()
    seat = model.last_capturer
    if seat is None or team_of(seat) != event.team:  # a view taken mid-round: not seen
        seat = pile_seat(event.team, model.dealer, model.players)
    text = _("Last cards to {name}")
    tone = _side_tone(model, seat)
    return (Cue(0.0, CueKind.BANNER, text=text, length=LAST_CARDS_HOLD, seat=seat, tone=tone),)


def _leftovers(
    event: LeftoversTaken, model: TableModel, before: Placements, after: Placements
) -> _Plan:
    target = model.pile_placement(event.team) if event.team is not None else model.stock_placement()
    moves = []
    for i, key in enumerate(k for k in before if k not in after):
        angle = before[key].angle
        end = Placement(target.center, _nearest_angle(target.angle, angle), False, FLYING_LAYER + i)
        delay = LEFTOVER_PAUSE + i * SWEEP_STAGGER
        moves.append(Move(key, end, delay, SWEEP_FLIGHT, vanish=True, ease="ease_in_out_cubic"))
    end_time = LEFTOVER_PAUSE + max(0, len(moves) - 1) * SWEEP_STAGGER + SWEEP_FLIGHT
    cues = [_stats(end_time)]
    if moves:
        cues.append(Cue(LEFTOVER_PAUSE, CueKind.SOUND, sound="capture"))
        cues.append(
            Cue(0.0, CueKind.HIGHLIGHT, keys=tuple(m.key for m in moves), length=LEFTOVER_PAUSE)
        )
    told = _last_cards(event, model)
    hold = max(end_time, LAST_CARDS_HOLD) if told else end_time if moves else 0.0
    return _Plan(tuple(moves), (*cues, *told), hold)


def _round_scored(event: RoundScored) -> _Plan:
    cues = (
        _stats(0.0),
        Cue(0.0, CueKind.SOUND, sound="round_end"),
        Cue(0.0, CueKind.ROUND_RESULTS, event=event),
    )
    return _Plan((), cues, 0.0)


def _match_ended(event: MatchEnded) -> _Plan:
    return _Plan((), (_stats(0.0), Cue(0.0, CueKind.MATCH_RESULTS, event=event)), 0.0)


def _plan(event: Event, model: TableModel, before: Placements, after: Placements) -> _Plan:
    """How to show `event`, which has already changed `model` from `before` to `after`."""
    match event:
        case RoundStarted():
            return _round_started(event, before, after)
        case HandDealt() | FloorDealt():
            return _dealt(model, before, after)
        case CardPlayed():
            return _played(event, model, before, after)
        case CardsCaptured():
            return _captured(event, model, before, after)
        case BasraScored():
            return _basra(event, model)
        case LeftoversTaken():
            return _leftovers(event, model, before, after)
        case RoundScored():
            return _round_scored(event)
        case MatchEnded():
            return _match_ended(event)


# --- helpers ---------------------------------------------------------------------------


def _seat_origin(model: TableModel, seat: int) -> tuple[float, float]:
    return model.layout.hand_area(model.position_of(seat)).center


def _nearest_angle(target: float, current: float) -> float:
    """`target` plus whole turns, as close as possible to `current` (no needless spins)."""
    return target + 360.0 * round((current - target) / 360.0)


def _turned_near(place: Placement, current_angle: float) -> Placement:
    return Placement(
        place.center, _nearest_angle(place.angle, current_angle), place.face_up, place.layer
    )


def _scaled(plan: Choreography, pace: float) -> Choreography:
    """Every time in `plan` multiplied by `pace`."""
    if pace == 1.0:
        return plan
    moves = tuple(
        Move(m.key, m.end, m.delay * pace, m.duration * pace, m.start, m.vanish, m.ease)
        for m in plan.moves
    )
    cues = tuple(replace(c, at=c.at * pace, length=c.length * pace) for c in plan.cues)
    return Choreography(moves, cues, plan.rekey, plan.hold * pace)
