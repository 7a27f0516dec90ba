"""The rule options (`RuleSet`), and what one played card takes and scores (docs/rules.md §4-§5).

`capture_options(card, floor, rules)` is the exact solver: a numeral takes its rank plus the
largest disjoint packing of smaller numerals into groups that sum to its value, and every
distinct packing of that size is its own option. The packing is searched over counts per value
with a memo (`best_packings`), so it never enumerates subsets of cards; cards are only chosen
at the end, when a packing's counts are turned into the distinct sets of floor cards they allow.
`sweep_bonus` says which Basra, if any, a card that empties the floor scores. Both depend only
on a `CaptureProfile`, the capture-deciding part of a `RuleSet`.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any, NamedTuple

from shared.cards import KOMI, STANDARD_DECK, Card, Rank


class RuleError(ValueError):
    """A rule option that is not one of the allowed values."""


class Bonus(enum.Enum):
    """What a play scores beyond the cards it takes."""

    NONE = "none"
    BASRA = "basra"
    JACK_BASRA = "jack_basra"


class Direction(enum.StrEnum):
    """Which way turns, the deal and the dealer's seat go round the table."""

    RIGHT = "right"
    LEFT = "left"


class FirstFloor(enum.StrEnum):
    """Which cards may not lie on the first floor of a round."""

    JACK_AND_KOMI = "j_and_7d"
    JACK_ONLY = "j_only"
    NONE = "none"


class KomiPlay(enum.StrEnum):
    """What the 7d does when played from the hand."""

    SWEEPS = "sweeps"
    PLAIN = "plain"


class KomiBasra(enum.StrEnum):
    """When a 7d sweep is a Basra."""

    WILDCARD = "wildcard"
    NUMERALS_TO_10 = "numerals_10"
    NEVER = "never"


class MajorityTie(enum.StrEnum):
    """Who gets the majority points when both sides captured 26 cards."""

    NOBODY = "nobody"
    CARRY = "carry"


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every option of docs/rules.md §7. ``RuleSet()`` is the Egyptian default."""

    players: int = 2
    direction: Direction = Direction.RIGHT
    hand_size: int = 4
    first_floor: FirstFloor = FirstFloor.JACK_AND_KOMI
    komi_play: KomiPlay = KomiPlay.SWEEPS
    komi_basra: KomiBasra = KomiBasra.WILDCARD
    jack_basra_points: int = 30
    """Points for a Jack Basra; 0 means a lone Jack taken is no Basra at all."""
    basra_points: int = 10
    last_card_basra: bool = True
    majority_points: int = 30
    majority_tie: MajorityTie = MajorityTie.NOBODY
    card_points: bool = False
    target: int = 101
    turn_timer: int = 30
    """Seconds a networked player has to play before the server plays for him; 0 = off."""

    def __post_init__(self) -> None:
        for name, kind in _ENUM_FIELDS.items():
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, kind(value))
            except ValueError:
                allowed = ", ".join(repr(k.value) for k in kind)
                raise RuleError(f"{name} must be one of {allowed}, not {value!r}.") from None
        for name, (low, high) in INT_OPTIONS.items():
            value = getattr(self, name)
            if type(value) is not int or not low <= value <= high:
                raise RuleError(f"{name} must be a whole number from {low} to {high}.")
        if self.players not in OPTION_VALUES["players"]:
            raise RuleError("Basra is played by 2 players or by 4 in two partnerships.")
        if self.hand_size not in OPTION_VALUES["hand_size"]:
            raise RuleError("The hand size is 4 (Egyptian) or 6 (Lebanese).")
        if type(self.last_card_basra) is not bool or type(self.card_points) is not bool:
            raise RuleError("last_card_basra and card_points are true or false.")

    @property
    def scores(self) -> bool:
        """Whether a match under these rules can ever reach its target: some play or round end
        is worth points (with every point value 0 and no card points, no match ever ends)."""
        return bool(
            self.jack_basra_points or self.basra_points or self.majority_points or self.card_points
        )

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> RuleSet:
        """A named rule set (``"egyptian"`` or ``"jawaker"``) with optional changes."""
        try:
            base = PRESETS[name.lower()]
        except (KeyError, AttributeError):
            raise RuleError(
                f"Unknown preset {name!r}; choose one of {', '.join(PRESETS)}."
            ) from None
        return cls(**{**base, **overrides})

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> RuleSet:
        """Build from a plain mapping (as sent over the wire), rejecting unknown names."""
        unknown = set(options) - {f.name for f in fields(cls)}
        if unknown:
            raise RuleError(f"Unknown rule option(s): {', '.join(sorted(unknown))}.")
        return cls(**options)

    def to_options(self) -> dict[str, Any]:
        """The options as plain values (strings, ints, bools)."""
        return {
            f.name: (v.value if isinstance(v := getattr(self, f.name), enum.Enum) else v)
            for f in fields(self)
        }

    @property
    def deals_per_round(self) -> int:
        return (52 - 4) // (self.hand_size * self.players)

    @property
    def preset_name(self) -> str:
        """``egyptian`` or ``jawaker`` when the options (bar players, target, timer) match one."""
        return _preset_name(self)


@lru_cache(maxsize=256)
def _preset_name(rules: RuleSet) -> str:
    # Cached: the server names each room's preset in every room list and room state.
    mine = rules.to_options()
    for name, options in PRESETS.items():
        probe = RuleSet(**{**options, **{k: mine[k] for k in _PRESET_FREE}}).to_options()
        if probe == mine:
            return name
    return "custom"


_ENUM_FIELDS: dict[str, type[enum.Enum]] = {
    "direction": Direction,
    "first_floor": FirstFloor,
    "komi_play": KomiPlay,
    "komi_basra": KomiBasra,
    "majority_tie": MajorityTie,
}
INT_OPTIONS: dict[str, tuple[int, int]] = {
    "players": (2, 4),
    "hand_size": (4, 6),
    "jack_basra_points": (0, 1000),
    "basra_points": (0, 1000),
    "majority_points": (0, 1000),
    "target": (1, 100_000),
    "turn_timer": (0, 3600),
}
"""Each whole-number option's bounds (PROTOCOL.md §6)."""
OPTION_VALUES: dict[str, tuple[int, ...]] = {"players": (2, 4), "hand_size": (4, 6)}
"""The whole-number options that take one of a few values within their bounds."""
_PRESET_FREE = ("players", "target", "turn_timer")

PRESETS: dict[str, dict[str, Any]] = {
    "egyptian": {},
    "jawaker": {
        "komi_basra": KomiBasra.NUMERALS_TO_10,
        "card_points": True,
        "jack_basra_points": 0,
    },
}


class Capture(NamedTuple):
    """One outcome of playing a card: the floor cards it takes and the bonus it scores."""

    taken: frozenset[Card]
    bonus: Bonus = Bonus.NONE


def capture_options(
    card: Card, floor: Iterable[Card], rules: RuleSet | None = None
) -> tuple[Capture, ...]:
    """Every distinct legal outcome of playing ``card`` on ``floor``; never empty.

    >>> from shared.cards import parse_cards
    >>> [sorted(map(str, c.taken)) for c in capture_options(Card.parse("4d"),
    ...     parse_cards("Ac Ad 2c 3h 3s"))]
    [['3h', '3s', 'Ac', 'Ad']]
    """
    floor_cards = tuple(floor)
    if len(set(floor_cards)) != len(floor_cards):
        raise ValueError("The floor holds the same card twice.")
    if card in floor_cards:
        raise ValueError(f"{card} cannot be played: it is already on the floor.")
    return tuple(solve_captures(card, floor_cards, capture_profile_of(rules or DEFAULT_RULES)))


@dataclass(frozen=True, slots=True)
class CaptureProfile:
    """The part of a RuleSet that decides what a card takes and which Basra it makes."""

    komi_sweeps: bool
    komi_basra: KomiBasra
    jack_basra: bool
    code: int
    """A distinct number per profile (0..11), for memo keys."""


def capture_profile_of(rules: RuleSet) -> CaptureProfile:
    """The capture-deciding part of ``rules``."""
    return _PROFILES[
        rules.komi_play is KomiPlay.SWEEPS, rules.komi_basra, rules.jack_basra_points > 0
    ]


_PROFILES: dict[tuple[bool, KomiBasra, bool], CaptureProfile] = {}
for _code, _key in enumerate(itertools.product((True, False), KomiBasra, (True, False))):
    _PROFILES[_key] = CaptureProfile(*_key, code=_code)
ALL_PROFILES = tuple(sorted(_PROFILES.values(), key=lambda p: p.code))
"""Every capture profile, indexed by its code."""

DEFAULT_RULES = RuleSet()
_VALUE = tuple(int(c.rank) for c in STANDARD_DECK)
_UNIT = tuple(1 << (4 * (v - 1)) for v in _VALUE)
"""Per card, its value's unit in a count vector (see `_GUARDS`)."""
_AT_MOST_ONE_CARD = frozenset({0, *(1 << (4 * n) for n in range(10))})
_BASRA, _NONE = Bonus.BASRA, Bonus.NONE


def solve_captures(card: Card, floor: tuple[Card, ...], profile: CaptureProfile) -> list[Capture]:
    """`capture_options` without the argument checks, for callers that hold a valid floor."""
    if not floor:
        return [Capture(frozenset())]
    value = _VALUE[card]
    if value == Rank.JACK:
        return [Capture(frozenset(floor), _jack_bonus(floor, profile))]
    if card is KOMI and profile.komi_sweeps:
        return [Capture(frozenset(floor), _komi_bonus(floor, profile))]
    if value > Rank.TEN:
        taken = frozenset(c for c in floor if _VALUE[c] == value)
    else:
        options = numeral_takes(value, floor)
        if len(options) > 1:
            return [Capture(t, _BASRA if len(t) == len(floor) else _NONE) for t in options]
        taken = options[0]
    return [Capture(taken, _BASRA if len(taken) == len(floor) else _NONE)]


def sweep_bonus(card: Card, floor: Sequence[Card], profile: CaptureProfile) -> Bonus:
    """The bonus of ``card`` taking the whole of the non-empty ``floor``."""
    if _VALUE[card] == Rank.JACK:
        return _jack_bonus(floor, profile)
    if card is KOMI and profile.komi_sweeps:
        return _komi_bonus(floor, profile)
    return _BASRA


def _jack_bonus(floor: Sequence[Card], profile: CaptureProfile) -> Bonus:
    lone_jack = len(floor) == 1 and _VALUE[floor[0]] == Rank.JACK
    return Bonus.JACK_BASRA if lone_jack and profile.jack_basra else Bonus.NONE


def _komi_bonus(floor: Sequence[Card], profile: CaptureProfile) -> Bonus:
    if len(floor) == 1 and _VALUE[floor[0]] == Rank.JACK:
        return _jack_bonus(floor, profile)
    mode = profile.komi_basra
    if mode is KomiBasra.NEVER:
        return Bonus.NONE
    numerals = all(c.is_numeral for c in floor)
    if mode is KomiBasra.NUMERALS_TO_10:
        total = sum(int(c.rank) for c in floor) if numerals else 11
        return Bonus.BASRA if total <= 10 else Bonus.NONE
    return Bonus.BASRA if single_card_clears(floor) else Bonus.NONE


def single_card_clears(floor: Sequence[Card]) -> bool:
    """True when some one card (numeral, Queen or King) would take the whole floor (§5)."""
    ranks = {c.rank for c in floor}
    if ranks == {Rank.QUEEN} or ranks == {Rank.KING}:
        return True
    if not all(r.is_numeral for r in ranks):
        return False
    everything = frozenset(floor)
    return any(numeral_takes(v, tuple(floor))[0] == everything for v in range(1, 11))


def numeral_takes(value: int, floor: tuple[Card, ...]) -> list[frozenset[Card]]:
    """Each distinct set of floor cards a numeral of ``value`` takes (§4), largest packing."""
    same: list[Card] = []
    by_value: list[list[Card]] = [[] for _ in range(value)]
    counts = 0
    for c in floor:
        v = _VALUE[c]
        if v < value:
            by_value[v].append(c)
            counts += _UNIT[c]
        elif v == value:
            same.append(c)
    if counts in _AT_MOST_ONE_CARD:  # a group needs two cards
        return [frozenset(same)]
    best, packings = best_packings(value, counts)
    if not best:
        return [frozenset(same)]
    takes = []
    for used in packings:
        if used == counts:
            takes.append(frozenset(same).union(*by_value))
            continue
        choices = [
            itertools.combinations(by_value[v], k)
            for v in range(1, value)
            if (k := (used >> (4 * (v - 1))) & 0xF)
        ]
        for pick in itertools.product(*choices):
            takes.append(frozenset(itertools.chain(same, *pick)))
    return takes


# Count vectors are ints with one 4-bit nibble per value (nibble v - 1 counts the cards of value
# v, at most 4). With bit 3 of every nibble set as a guard, subtracting a vector borrows from a
# nibble's own guard only, so one subtraction and one mask test say whether it fits.
_GUARDS = int("8" * 10, 16)


def _groups_by_top(value: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The ways to write ``value`` as a sum of 2+ parts below it, grouped by their largest part.

    Entry ``u`` lists ``(count vector, number of cards)`` for the groups whose top part is ``u``.
    """
    by_top: list[list[tuple[int, int]]] = [[] for _ in range(value)]

    def extend(rest: int, top: int, parts: list[int]) -> None:
        if rest == 0:
            if max(parts.count(p) for p in parts) <= 4:
                vector = sum(1 << (4 * (p - 1)) for p in parts)
                by_top[parts[0]].append((vector, len(parts)))
            return
        for part in range(min(top, rest), 0, -1):
            extend(rest - part, part, [*parts, part])

    for first in range(value - 1, 0, -1):
        extend(value - first, first, [first])
    return tuple(tuple(groups) for groups in by_top)


_GROUPS_BY_TOP = tuple(_groups_by_top(value) for value in range(11))


@lru_cache(maxsize=1 << 16)
def best_packings(value: int, counts: int) -> tuple[int, tuple[int, ...]]:
    """The most cards of ``counts`` packable into groups summing to ``value``, and every count
    vector of the cards used that reaches it, in ascending order.

    Recursion on the largest value present: its card is either left out, or in a group whose
    top part it is. Every packing is found once per distinct count vector. The vectors are kept
    in sorted tuples rather than sets: adding a group to each keeps them sorted, and only ties
    between branches need merging.
    """
    if not counts:
        return _NOTHING_PACKED
    top_nibble = (counts.bit_length() - 1) >> 2
    best, used_sets = best_packings(value, counts - (1 << (4 * top_nibble)))
    ties: list[int] | None = None
    guarded = counts | _GUARDS
    for group, size in _GROUPS_BY_TOP[value][top_nibble + 1]:
        rest = guarded - group
        if rest & _GUARDS != _GUARDS:
            continue
        sub_best, sub_sets = best_packings(value, rest ^ _GUARDS)
        total = sub_best + size
        if total > best:
            best, ties = total, None
            used_sets = tuple([used + group for used in sub_sets])
        elif total == best:
            ties = ties or list(used_sets)
            ties.extend([used + group for used in sub_sets])
    return best, used_sets if ties is None else tuple(sorted(set(ties)))


_NOTHING_PACKED = (0, (0,))
