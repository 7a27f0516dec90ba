"""Match records: round trips and exact replays, the file on disk, damaged, cut-short and newer
files, and deal checks that catch a changed deck, a changed play and a wrong commitment."""

from __future__ import annotations

import contextlib
import io
import json
import random
import stat
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.cards import Card
from shared.deals import Deals, FairDeals, SeededDeals, commitment_of, new_client_seed
from shared.engine import Transition, apply_play, legal_plays, new_match, opening_events
from shared.events import CardPlayed, Event, RoundStarted
from shared.fairness import DealStatus, verify, verify_seen
from shared.plays import Play
from shared.record import (
    ChatLine,
    EndReason,
    MatchRecord,
    Outcome,
    RecordError,
    ReplayError,
    SeatEntry,
    outcome_of,
    replay,
)
from shared.record_file import (
    MAGIC,
    RecordVersionError,
    RecordWriter,
    decode_record,
    encode_record,
    read_record,
    write_record,
)
from shared.rules import RuleSet
from shared.views import redact

PROTOCOL = Path(__file__).resolve().parents[2] / "PROTOCOL.md"
NAMES = ("Ali", "Badr", "Chadia", "Dina")
SHORT = RuleSet(target=11, turn_timer=0)
"""One round decides the match: short files for byte-by-byte tests."""
TWO = (SeatEntry("Ali"), SeatEntry("Badr", "easy"))


class SwappedRound(FairDeals):
    """A dishonest server: round 1 dealt from its fair deck with the top and bottom cards
    swapped, while its record and its reveal name the fair seeds."""

    __slots__ = ()

    def deck(self, round_number: int) -> tuple[Card, ...]:
        deck = list(FairDeals.deck(self, round_number))
        if round_number == 1:
            deck[0], deck[-1] = deck[-1], deck[0]
        return tuple(deck)


class KeptBytes(io.BytesIO):
    """An in-memory file that keeps its bytes when closed."""

    value = b""

    def close(self) -> None:
        if not self.closed:
            self.value = self.getvalue()
        super().close()


class Played:
    """A match played to its end with random legal plays and a few chat lines, recorded by a
    `RecordWriter` in memory, with everything that happened."""

    def __init__(
        self, rules: RuleSet, deals: Deals, rng: random.Random, chat: float = 0.03
    ) -> None:
        state = self.start = new_match(rules, deals=deals)
        self.events: list[Event] = list(opening_events(state))
        self.transitions: list[Transition] = []
        seats = [SeatEntry(NAMES[s], "easy" if s % 2 else None) for s in range(rules.players)]
        record = MatchRecord.begin(state, seats, started=rng.randrange(2**41), room="Test")
        if isinstance(deals, SwappedRound):
            honest = FairDeals(deals.server_seed, deals.client_seeds)
            record = replace(record, chance=honest.sealed())
        stream = KeptBytes()
        writer = RecordWriter(stream, record)
        while plays := legal_plays(state):
            if rng.random() < chat:
                writer.add_chat(rng.choice(NAMES), rng.choice([None, 0, 1]), 'سلام ☃\n"', 5)
            play = rng.choice(plays)
            assert state.to_move is not None
            writer.add_play(state.to_move, play)
            step = apply_play(state, play)
            self.transitions.append(step)
            self.events.extend(step.events)
            state = step.state
        self.record = writer.finish(outcome_of(state, 10**12), sync=False)
        self.data = stream.value
        self.final = state

    def seen_by(self, seat: int | None) -> list[Event]:
        return [redact(event, seat) for event in self.events]


def fair(rng: random.Random, humans: int) -> FairDeals:
    return FairDeals(rng.randbytes(32), tuple(rng.randbytes(16 + humans) for _ in range(humans)))


def check_round_trips(players: int, matches: int) -> None:
    rules = RuleSet(players=players)
    for number in range(matches):
        rng = random.Random(number)
        deals: Deals = SeededDeals(number) if number % 3 == 0 else fair(rng, number % 5)
        played = Played(rules, deals, rng)
        record = decode_record(played.data)
        assert record == played.record
        assert encode_record(record) == played.data
        again = replay(record)
        assert again.start == played.start
        assert again.transitions == tuple(played.transitions)
        assert record.outcome is not None and again.final.winner == record.outcome.winner


@pytest.mark.parametrize("players", [2, 4])
def test_records_round_trip_and_replay_exactly(players: int) -> None:
    check_round_trips(players, 60)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_thousands_of_records_round_trip_and_replay_exactly(players: int) -> None:
    check_round_trips(players, 2000)


def test_the_writer_writes_what_encode_record_writes() -> None:
    played = Played(RuleSet(players=4), fair(random.Random(1), 4), random.Random(1))
    assert played.record.chat and played.record.outcome
    assert encode_record(played.record) == played.data
    lines = played.data.decode("ascii").splitlines()
    assert played.data.startswith(MAGIC) and all(json.loads(line) for line in lines)
    assert len(lines) == 1 + len(played.record.plays) + len(played.record.chat) + 1


def test_a_record_file_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "room-1.basra"
    rng = random.Random(5)
    state = new_match(RuleSet(), deals=fair(rng, 2))
    first = MatchRecord.begin(state, (SeatEntry("Ali"), SeatEntry("Badr")), started=1)
    writer = RecordWriter.create(path, first.with_chat("Ali", 0, "before the deal", 1))
    if sys.platform != "win32":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    with pytest.raises(FileExistsError):
        RecordWriter.create(path, first)
    while state.round.number == 0 and (plays := legal_plays(state)):
        assert state.to_move is not None
        writer.add_play(state.to_move, plays[0])
        state = apply_play(state, plays[0]).state
    writer.flush(sync=True)
    unfinished = read_record(path)
    assert unfinished == writer.record and unfinished.outcome is None
    assert replay(unfinished).final == state
    writer.add_chat("Badr", 1, "a new round", 2)
    writer.close()
    writer.close()
    # A crash in the middle of a write leaves a torn line, which a restart drops.
    with open(path, "ab") as stream:
        stream.write(b'{"t":"play","seat":0,"ca')
    with pytest.raises(RecordError, match="cut short"):
        read_record(path)
    assert read_record(path, allow_torn_tail=True) == writer.record
    with RecordWriter.reopen(path) as again:
        assert again.record == writer.record
        play = legal_plays(state)[0]
        assert state.to_move is not None
        again.add_play(state.to_move, play)
        state = apply_play(state, play).state
        finished = again.finish(outcome_of(state, 3))
    assert read_record(path) == finished and finished.outcome is not None
    assert path.read_bytes() == encode_record(finished)
    with pytest.raises(RecordError, match="over"):
        RecordWriter.reopen(path)
    copy = tmp_path / "kept.basra"
    write_record(copy, finished)
    assert copy.read_bytes() == path.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.basra", "room-1.basra"]


def test_the_writer_refuses_a_seat_that_is_not_there() -> None:
    record = MatchRecord.begin(new_match(RuleSet(), seed=1), (SeatEntry("A"), SeatEntry("B")), 0)
    writer = RecordWriter(io.BytesIO(), record)
    with pytest.raises(RecordError, match="no seat 2"):
        writer.add_play(2, legal_plays(new_match(RuleSet(), seed=1))[0])
    with pytest.raises(RecordError, match="over"):
        RecordWriter(io.BytesIO(), record.ended(outcome_of(new_match(RuleSet(), seed=1), 0)))


# -- files that are not whole records ----------------------------------------------------------


@pytest.fixture(scope="module")
def short_file() -> bytes:
    played = Played(SHORT, fair(random.Random(2), 2), random.Random(2), chat=0.1)
    assert played.record.chat and played.final.round.number == 0
    return played.data


def test_every_cut_of_a_file_is_refused_or_an_unfinished_prefix(short_file: bytes) -> None:
    whole = decode_record(short_file)
    for end in range(len(short_file)):
        cut = short_file[:end]
        for torn_ok in (False, True):
            try:
                record = decode_record(cut, allow_torn_tail=torn_ok)
            except RecordError as error:
                assert "cut short" in str(error)
                assert not torn_ok or cut.count(b"\n") == 0
                continue
            assert record.outcome is None
            assert record.plays == whole.plays[: len(record.plays)]
            assert record.chat == whole.chat[: len(record.chat)]
            assert torn_ok or cut.endswith(b"\n")


def test_every_flipped_byte_is_refused_or_read(short_file: bytes) -> None:
    end_line = short_file.rstrip(b"\n").rfind(b"\n") + 1
    for at in range(len(short_file)):
        for mask in (0x01, 0x20, 0x80):
            damaged = bytearray(short_file)
            damaged[at] ^= mask
            try:
                record = decode_record(bytes(damaged))
            except RecordError:
                continue
            assert at >= end_line, (at, mask)
            with contextlib.suppress(RecordError):
                replay(record)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=600))
def test_random_bytes_are_refused_cleanly(data: bytes) -> None:
    for candidate in (data, MAGIC + data):
        with pytest.raises(RecordError):
            decode_record(candidate)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
KEYS = ["t", "seat", "card", "taken", "from", "text", "ts", "reason", "winner", "scores", "sha256"]
LINE = st.fixed_dictionaries(
    {"t": st.sampled_from(["play", "chat", "end", "x"])},
    optional={
        key: JSON | st.sampled_from(["7d", "10h", "won", "abandoned", 0, 1, [0, 30]])
        for key in KEYS[1:]
    },
)
HEADER = st.fixed_dictionaries(
    {key: JSON for key in ["rules", "seats", "dealer", "deals", "started", "room"]},
    optional={"basra_record": st.integers(-2, 3) | JSON},
)


@settings(max_examples=200, deadline=None)
@given(HEADER, st.lists(LINE | JSON, max_size=4))
def test_headers_of_any_shape_are_refused_cleanly(
    header: dict[str, object], lines: list[object]
) -> None:
    text = "".join(json.dumps(item) + "\n" for item in [header, *lines])
    with contextlib.suppress(RecordError):
        decode_record(text.encode())


@settings(max_examples=300, deadline=None)
@given(st.lists(LINE | JSON, min_size=1, max_size=3))
def test_lines_of_any_shape_after_a_good_header_are_refused_cleanly(lines: list[object]) -> None:
    record = MatchRecord.begin(new_match(SHORT, seed=3), (SeatEntry("A"), SeatEntry("B")), 0)
    text = b"".join(json.dumps(item).encode() + b"\n" for item in lines)
    try:
        read = decode_record(encode_record(record) + text)
    except RecordError:
        return
    with contextlib.suppress(RecordError):
        replay(read)


def test_a_newer_file_says_so(short_file: bytes) -> None:
    header, rest = short_file.split(b"\n", 1)
    data = json.loads(header)
    data["basra_record"] = 2
    data["something_new"] = {"x": 1}
    newer = json.dumps(data).replace(" ", "").encode() + b"\n" + rest
    with pytest.raises(RecordVersionError, match="newer version of Basra"):
        decode_record(newer)
    data["basra_record"] = 0
    with pytest.raises(RecordError, match="damaged: line 1"):
        decode_record(json.dumps(data).replace(" ", "").encode() + b"\n" + rest)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"", "cut short"),
        (b'{"basra', "cut short"),
        (b"PK\x03\x04", "not a match file"),
        (b'{"basra_record":1}\n', "wrong fields"),
        (b'{"basra_record":1,"rules":{}}', "cut short"),
        (b'{"basra_record":1e400}\n', "damaged: line 1"),
        (b'{"basra_record":' + b"[" * 16_000 + b"\n", "not JSON"),
        (b'{"basra_record":' + b"[" * 17_000 + b"\n", "too long"),
        (b'{"basra_record":1,\xff}\n', "not JSON"),
        (b'{"basra_record":NaN}\n', "not JSON"),
    ],
)
def test_files_that_are_not_records_are_refused(data: bytes, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        decode_record(data)


FAIR: dict[str, object] = {
    "kind": "fair",
    "commitment": "00" * 32,
    "client_seeds": [],
    "server_seed": None,
}


def edit_line(data: bytes, number: int, **changes: object) -> bytes:
    lines = data.split(b"\n")
    fields = json.loads(lines[number - 1])
    fields.update(changes)
    lines[number - 1] = json.dumps(fields, separators=(",", ":")).encode()
    return b"\n".join(lines)


@pytest.mark.parametrize(
    ("number", "changes", "words"),
    [
        (1, {"seats": [{"name": "A", "bot": None}]}, "2-player match has 2 seats"),
        (1, {"dealer": 2}, "dealer must be a seat"),
        (1, {"rules": {"players": 3}}, "2 players or by 4"),
        (1, {"rules": {"colour": "red"}}, "Unknown rule option"),
        (1, {"deals": {"kind": "fair", "commitment": "00"}}, "wrong fields"),
        (1, {"deals": dict(FAIR, commitment="00")}, "commitment is 32 bytes"),
        (1, {"deals": dict(FAIR, client_seeds=["00" * 15])}, "client seed is 16 to 32"),
        (1, {"deals": dict(FAIR, client_seeds=[7])}, "client seed"),
        (1, {"deals": dict(FAIR, server_seed="00" * 31)}, "server seed is 32"),
        (1, {"deals": {"kind": "magic"}}, "no known kind"),
        (1, {"deals": {"kind": "seeded", "seed": 1.5}}, "seed"),
        (1, {"started": -1}, "started"),
        (2, {"t": "dance"}, "not a play, chat or end line"),
        (3, {"card": "1x"}, "where a card belongs"),
        (3, {"card": "Th"}, "where a card belongs"),
        (3, {"seat": 2}, "seat"),
        (3, {"taken": ["7d", "7d"]}, "takes a card twice"),
        (3, {"extra": 1}, "wrong fields"),
    ],
)
def test_damaged_lines_are_named(number: int, changes: dict[str, object], words: str) -> None:
    rng = random.Random(9)
    state = new_match(SHORT, deals=fair(rng, 1))
    record = MatchRecord.begin(state, (SeatEntry("A"), SeatEntry("B", "hard")), 0)
    record = record.with_chat("A", None, "hi", 1)
    record = record.with_play(state.round.to_move or 0, legal_plays(state)[0])
    data = edit_line(encode_record(record), number, **changes)
    with pytest.raises(RecordError, match=words):
        decode_record(data)


def test_a_finished_file_cannot_change_unnoticed(short_file: bytes) -> None:
    changed = short_file.replace(b'"Ali"', b'"Ali!"', 1) if b'"Ali"' in short_file else b""
    assert changed
    with pytest.raises(RecordError, match="changed after the match ended"):
        decode_record(changed)
    with pytest.raises(RecordError, match="after the end"):
        decode_record(short_file + short_file.split(b"\n")[1] + b"\n")


# -- replays that do not fit ---------------------------------------------------------------------


def test_a_replay_names_the_play_that_does_not_fit() -> None:
    played = Played(RuleSet(), SeededDeals(4), random.Random(4))
    record = played.record
    plays = list(record.plays)
    seat = plays[10].seat
    plays[10] = plays[10]._replace(seat=1 - seat)
    with pytest.raises(ReplayError, match=r"Play 11 .* recorded for seat") as wrong_seat:
        replay(replace(record, plays=tuple(plays)))
    assert (wrong_seat.value.play_index, wrong_seat.value.round_number) == (10, 0)
    held = played.transitions[9].state.round.hands[seat]
    other = next(c for c in played.start.round.stock if c not in held)
    plays[10] = plays[10]._replace(seat=seat, play=Play(other))
    with pytest.raises(ReplayError, match="do not hold"):
        replay(replace(record, plays=tuple(plays)))
    with pytest.raises(ReplayError, match="nobody was to play"):
        replay(replace(record, plays=(*record.plays, record.plays[-1]), outcome=None))


def test_a_replay_checks_the_outcome() -> None:
    played = Played(SHORT, SeededDeals(6), random.Random(6))
    outcome = played.record.outcome
    assert outcome is not None and outcome.winner is not None
    flipped = replace(outcome, winner=1 - outcome.winner)
    with pytest.raises(ReplayError, match="won, but its plays end otherwise"):
        replay(played.record.ended(flipped))
    with pytest.raises(ReplayError, match="scores as"):
        replay(played.record.ended(replace(outcome, scores=(0, 0))))
    abandoned = Outcome(EndReason.ABANDONED, None, played.final.scores, 0)
    with pytest.raises(ReplayError, match="abandoned"):
        replay(played.record.ended(abandoned))
    cut = replace(played.record, plays=played.record.plays[:5], chat=(), outcome=None)
    ended = cut.ended(outcome_of(replay(cut).final, 0))
    assert ended.outcome and ended.outcome.reason is EndReason.ABANDONED
    assert replay(ended).final.round.last_play is not None


def test_records_hold_together() -> None:
    state = new_match(RuleSet(), seed=1)
    seats = (SeatEntry("A"), SeatEntry("B", "medium"))
    record = MatchRecord.begin(state, seats, 0)
    assert seats[1].is_bot and not seats[0].is_bot and not record.is_over
    with pytest.raises(RecordError, match="2 seats"):
        MatchRecord.begin(state, seats[:1], 0)
    with pytest.raises(RecordError, match="before its first play"):
        MatchRecord.begin(apply_play(state, legal_plays(state)[0]).state, seats, 0)
    with pytest.raises(RecordError, match="dealer"):
        replace(record, dealer=2)
    with pytest.raises(RecordError, match="server seed"):
        replace(record, server_seed=bytes(32))
    with pytest.raises(RecordError, match="in order"):
        replace(record.with_play(0, legal_plays(state)[0]).with_chat("A", 0, "x", 0), plays=())
    with pytest.raises(RecordError, match="names its winner"):
        Outcome(EndReason.WON, None, (0, 0), 0)
    with pytest.raises(RecordError, match="not revealed"):
        replay(MatchRecord.begin(new_match(RuleSet()), seats, 0).sealed())
    assert isinstance(RecordError("x"), ValueError)


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: SeatEntry(""), "seat's name"),
        (lambda: SeatEntry("A" * 65), "seat's name"),
        (lambda: SeatEntry("A", ""), "bot's level"),
        (lambda: ChatLine(0, "A", 0, "x" * 2049, 0), "chat line"),
        (lambda: ChatLine(0, "A", 0, "hi", -1), "time"),
        (lambda: Outcome(EndReason.WON, 0, (-1, 0), 0), "two scores"),
        (lambda: Outcome(EndReason.WON, 0, (1, 2, 3), 0), "two scores"),
        (lambda: MatchRecord.begin(new_match(SHORT, seed=2**256), TWO, 0), "77 digits"),
        (lambda: MatchRecord.begin(new_match(SHORT, seed=1), TWO, 2**53), "time"),
        (lambda: MatchRecord.begin(new_match(SHORT, seed=1), TWO, 0, room="R" * 65), "room"),
    ],
)
def test_record_values_keep_to_what_a_file_can_hold(make: object, words: str) -> None:
    assert callable(make)
    with pytest.raises(RecordError, match=words):
        make()


def test_what_the_writer_takes_the_reader_reads() -> None:
    record = MatchRecord.begin(new_match(SHORT, seed=2**256 - 1), TWO, 2**53 - 1, room="R" * 64)
    stream = KeptBytes()
    writer = RecordWriter(stream, record)
    with pytest.raises(RecordError, match="chat line"):
        writer.add_chat("A", None, "x" * 2049, 0)
    writer.add_chat("A" * 64, None, "\ud800 \x00 \u202e" + "x" * 2030, 2**53 - 1)
    finished = writer.finish(Outcome(EndReason.ABANDONED, None, (10**9, 0), 2**53 - 1), sync=False)
    assert writer.record == finished
    assert decode_record(stream.value) == finished


def test_the_protocol_example_is_a_real_record() -> None:
    deals = FairDeals(bytes(range(32)), (bytes(range(32, 48)),))
    state = new_match(RuleSet(target=11, turn_timer=0), deals=deals)
    seats = (SeatEntry("Ali"), SeatEntry("Karim", "medium"))
    record = MatchRecord.begin(state, seats, started=1795976680000, room="Sample")
    record = record.with_chat("Ali", 0, "Salam! Good luck.", 1795976681000)
    while plays := legal_plays(state):
        assert state.to_move is not None
        record = record.with_play(state.to_move, plays[0])
        state = apply_play(state, plays[0]).state
    lines = encode_record(record.ended(outcome_of(state, 1795976990000))).decode().splitlines()
    example = PROTOCOL.read_text(encoding="utf-8").split("### Example", 1)[1]
    shown = example.split("```", 2)[1].strip().splitlines()
    assert shown == [*lines[:4], *lines[-2:]]
    assert f"lines 5 … {len(lines) - 2} left out" in example


# -- deal checks -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def honest() -> Played:
    rng = random.Random(21)
    played = Played(RuleSet(players=4), fair(rng, 3), rng)
    assert played.final.round.number >= 1
    return played


def test_an_honest_match_verifies(honest: Played) -> None:
    check = verify(honest.record)
    rounds = honest.final.round.number + 1
    assert check.ok and check.status is DealStatus.VERIFIED
    assert (check.rounds, check.cards, check.bad_round) == (rounds, 52 * rounds, None)
    assert "Deals verified: " in check.message and "3 player seeds" in check.message
    sealed = honest.record.chance
    assert not isinstance(sealed, SeededDeals)
    seeds = sealed.client_seeds
    own = verify(honest.record, commitment=sealed.commitment, client_seed=seeds[1])
    assert own.ok
    server_seed = honest.record.server_seed
    assert server_seed is not None
    for seat in (0, 1, 2, 3, None):
        seen = verify_seen(honest.record.rules, sealed, server_seed, seat, [honest.seen_by(seat)])
        assert seen.ok and (seen.rounds, seen.cards) == (rounds, 52 * rounds), seat


def test_a_client_checks_what_it_saw_between_reconnections(honest: Played) -> None:
    seen = honest.seen_by(2)
    first, second = seen[:70], seen[150:]
    sealed = honest.record.chance
    assert not isinstance(sealed, SeededDeals) and honest.record.server_seed
    check = verify_seen(honest.record.rules, sealed, honest.record.server_seed, 2, [first, second])
    assert check.ok and 0 < check.rounds <= honest.final.round.number + 1
    assert check.cards < 52 * (honest.final.round.number + 1)


def test_a_client_check_survives_events_that_make_no_sense(honest: Played) -> None:
    sealed = honest.record.chance
    server_seed = honest.record.server_seed
    assert not isinstance(sealed, SeededDeals) and server_seed is not None
    rules = honest.record.rules
    seen = honest.seen_by(0)
    for odd in (RoundStarted(-1, 0), RoundStarted(2**32, 0), RoundStarted(0, 7)):
        check = verify_seen(rules, sealed, server_seed, 0, [[odd, *seen[1:]]])
        assert check.status is DealStatus.MISMATCH
    played = [i for i, e in enumerate(seen) if isinstance(e, CardPlayed)]
    swapped = list(seen)
    fourth = seen[played[3]]
    assert isinstance(fourth, CardPlayed)
    swapped[played[3]] = fourth._replace(seat=(fourth.seat + 1) % 4)
    check = verify_seen(rules, sealed, server_seed, 0, [swapped])
    assert check.status is DealStatus.MISMATCH and check.bad_round == 0
    assert "out of turn" in check.message
    missing = [e for i, e in enumerate(seen) if i != played[5]]
    assert verify_seen(rules, sealed, server_seed, 0, [missing]).status is DealStatus.MISMATCH
    assert verify_seen(rules, sealed, server_seed, 0, [seen[:40], []]).ok
    late = verify_seen(rules, sealed, server_seed, 0, [seen[1:20]])
    assert late.status is DealStatus.UNCHECKED and not late.ok


def test_a_changed_deck_is_caught_and_named() -> None:
    rng = random.Random(21)
    deals = SwappedRound(rng.randbytes(32), (new_client_seed(),))
    played = Played(RuleSet(players=4), deals, rng)
    assert played.final.round.number >= 1
    check = verify(played.record)
    assert check.status is DealStatus.MISMATCH and check.bad_round == 1 and not check.ok
    assert check.message.startswith("Round 2 does not match the revealed seeds")
    for seat in (0, 3, None):
        sealed = FairDeals(deals.server_seed, deals.client_seeds).sealed()
        stretches = [played.seen_by(seat)]
        seen = verify_seen(played.record.rules, sealed, deals.server_seed, seat, stretches)
        assert seen.status is DealStatus.MISMATCH and seen.bad_round == 1, seat


def test_a_changed_play_is_caught(honest: Played) -> None:
    plays = list(honest.record.plays)
    for index, (_, play) in enumerate(plays):
        before = honest.transitions[index - 1].state if index else honest.start
        others = [p for p in legal_plays(before) if p.card is not play.card]
        if others:
            plays[index] = plays[index]._replace(play=others[0])
            break
    check = verify(replace(honest.record, plays=tuple(plays)))
    assert check.status is DealStatus.MISMATCH and check.bad_round is not None
    data = encode_record(honest.record)
    first = data.index(b'"t":"play"')
    changed = data[:first] + data[first:].replace(b'"seat":0', b'"seat":1', 1)
    with pytest.raises(RecordError):
        decode_record(changed)


def test_a_wrong_commitment_is_caught(honest: Played) -> None:
    sealed = honest.record.chance
    assert not isinstance(sealed, SeededDeals)
    lying = replace(honest.record, chance=replace(sealed, commitment=commitment_of(bytes(32))))
    assert verify(lying).status is DealStatus.BAD_COMMITMENT
    announced = verify(honest.record, commitment=commitment_of(bytes(32)))
    assert announced.status is DealStatus.BAD_COMMITMENT
    assert "not the one announced" in announced.message
    server_seed = honest.record.server_seed
    assert server_seed is not None
    seen = verify_seen(honest.record.rules, sealed, bytes(32), 0, [honest.seen_by(0)])
    assert seen.status is DealStatus.BAD_COMMITMENT and not seen.ok
    assert verify(honest.record, client_seed=new_client_seed()).status is DealStatus.SEED_MISSING
    assert verify(honest.record.sealed()).status is DealStatus.NOT_REVEALED
    wrong_dealer = replace(honest.record, dealer=(honest.record.dealer + 1) % 4)
    check = verify(wrong_dealer)
    assert check.status is DealStatus.MISMATCH and check.bad_round == 0


def test_a_seeded_match_is_reproducible_but_not_fair() -> None:
    played = Played(SHORT, SeededDeals(8), random.Random(8))
    check = verify(played.record)
    assert check.status is DealStatus.SEEDED and not check.ok and "fixed seed 8" in check.message
    broken = replace(played.record, plays=played.record.plays[1:], chat=(), outcome=None)
    assert verify(broken).status is DealStatus.MISMATCH


def test_a_practice_match_verifies_with_no_client_seed() -> None:
    played = Played(SHORT, FairDeals.draw(), random.Random(10))
    check = verify(decode_record(played.data))
    assert check.ok and "player seed" not in check.message


def test_a_match_whose_first_dealer_continued_the_rotation_verifies_from_its_file() -> None:
    rules, deals = RuleSet(), fair(random.Random(7), 1)
    drawn = deals.first_dealer(rules.players)
    rotated = (drawn + 1) % rules.players
    state = new_match(rules, deals=deals, dealer=rotated)
    seats = [SeatEntry("Mona", None), SeatEntry("Karim", "easy")]
    record = MatchRecord.begin(state, seats, started=1, dealer_rotated=True)
    revealed = replace(record, server_seed=deals.server_seed)
    back = decode_record(encode_record(revealed))
    assert back.dealer_rotated and back.dealer == rotated
    assert verify(back).status is DealStatus.VERIFIED
    # Without the mark, a dealer the seeds did not draw is still caught.
    assert verify(replace(back, dealer_rotated=False)).status is DealStatus.MISMATCH
    plain = encode_record(replace(revealed, dealer_rotated=False))
    assert b"dealer_rotated" not in plain
