"""Fair deals in a LAN game: the client sends its own seed, keeps the commitment it was shown,
checks the revealed record against it and against every card it saw, shows the verdict and
saves the record. Against a real server on 127.0.0.1, and (for a dishonest server) against the
messages such a server would send."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from client.net.deal_witness import DealWitness
from client.records import RecordFolder
from client.scenes.match_results import MatchResultsScene
from client.ui.deal_verdict import Tone
from client.verify import main as verify_main
from server.app import BasraServer
from shared.cards import Card
from shared.deals import FairDeals, SealedDeals, commitment_of, new_server_seed
from shared.events import Event, HandDealt, RoundStarted
from shared.fairness import DealStatus
from shared.record import MatchRecord
from shared.record_file import encode_record, read_record
from shared.rules import RuleSet
from shared.wire.protocol import Message
from shared.wire.records import PART_CHARS, record_part
from shared.wire.rooms import (
    AnnouncedDeals,
    RoomPhase,
    RoomState,
    SeatInfo,
    SeatKind,
    room_state_to_wire,
)
from tests.shared.test_record import Played

from .app_driver import frames_until, lan_player_app, lan_table
from .test_server_link import FakeLink

pytestmark = pytest.mark.timeout(90)

ROOM = 12
SERVER_SEED = bytes(range(100, 132))


# --- against a real server -----------------------------------------------------------------


async def test_a_lan_match_is_verified_on_the_results_screen_and_saved(
    tmp_path: Path, pygame_ready: None, server: BasraServer, capsys: pytest.CaptureFixture[str]
) -> None:
    app = lan_player_app(tmp_path, server.port, "Mona", "--speed", "instant", "--target", "20")
    try:
        _, remote = await lan_table(app)
        room = remote.state.room
        assert room is not None and room.deals is not None
        witness = remote.state.witnesses.current
        assert witness is not None
        assert room.deals.seed_of(0) == witness.client_seed, "our seed was sent and taken"
        shown = witness.commitment
        assert shown == room.deals.commitment

        await frames_until(app, lambda: isinstance(app.stack.top, MatchResultsScene), 60)
        results = app.stack.top
        assert isinstance(results, MatchResultsScene)
        await frames_until(app, lambda: results.check is not None, 10)
        check = results.check
        assert check is not None and check.ok, check
        assert check.cards == 52 * check.rounds and check.rounds >= 1
        verdict = results.verdict
        assert verdict is not None and verdict.title == "Deals verified"
        assert verdict.tone is Tone.VERIFIED

        [saved] = sorted((tmp_path / "records").glob("lan-*.basra"))
        assert remote.state.witnesses.record_path == saved
        record = read_record(saved)
        assert record == witness.record and record.is_over
        assert isinstance(record.chance, SealedDeals)
        assert record.chance.commitment == shown
        assert witness.client_seed in record.chance.client_seeds
        assert record.server_seed is not None and commitment_of(record.server_seed) == shown
        assert verify_main([str(saved)]) == 0
        assert "VERIFIED" in capsys.readouterr().out
    finally:
        app.shutdown()


# --- a dishonest server, as its messages would show it ------------------------------------


def _room(phase: RoomPhase, deals: AnnouncedDeals) -> RoomState:
    seats = (
        SeatInfo(0, SeatKind.HUMAN, "Mona", 7, True, None),
        SeatInfo(1, SeatKind.BOT, "Karim", None, True, "easy"),
    )
    return RoomState(
        room_id=ROOM,
        name="Mona's table",
        players=2,
        rules=RuleSet(),
        preset="egyptian",
        turn_timer=0,
        phase=phase,
        creator=7,
        seats=seats,
        spectators=(),
        you=0,
        deals=deals,
    )


def _room_message(phase: RoomPhase, deals: AnnouncedDeals) -> Message:
    return {"t": "room_state", **room_state_to_wire(_room(phase, deals))}


class Exchange:
    """What a server sends one client seated in seat 0 of a fair room: the commitment to its
    seed, the client's seed taken, a whole match, and its record (`feed` gives it all to a
    `DealWitness`). ``deals``: what the server really deals from (by default, fairly, from its
    seed and the client's)."""

    def __init__(self, witness: DealWitness, deals: FairDeals | None = None) -> None:
        self.deals = deals or FairDeals(SERVER_SEED, (witness.client_seed,))
        self.played = Played(RuleSet(), self.deals, random.Random(3), chat=0)
        self.record: MatchRecord = self.played.record
        self.seen: list[Event] = self.played.seen_by(0)
        self.commitment = self.deals.commitment

    def announced(self, witness: DealWitness, seeded: bool) -> AnnouncedDeals:
        seeds = ((0, witness.client_seed),) if seeded else ()
        return AnnouncedDeals(self.commitment, seeds)

    def feed(self, witness: DealWitness, first_shown: bytes | None = None) -> None:
        """``first_shown``: the commitment of the first ``room_state``, when it differs."""
        first = self.announced(witness, seeded=False)
        if first_shown is not None:
            first = replace(first, commitment=first_shown)
        assert witness.room_state(_room(RoomPhase.WAITING, first)) == witness.client_seed
        taken = self.announced(witness, seeded=True)
        assert witness.room_state(_room(RoomPhase.WAITING, taken)) is None, "sent once"
        witness.room_state(_room(RoomPhase.PLAYING, taken))
        for events in _updates(self.seen):
            witness.saw(events, 0)
        data = encode_record(self.record)
        part: int | None = 0
        while part is not None:
            part = witness.take_part(record_part(ROOM, data, part))


def _updates(events: list[Event]) -> Iterator[tuple[Event, ...]]:
    """The events as game updates would carry them: a few at a time."""
    for start in range(0, len(events), 5):
        yield tuple(events[start : start + 5])


@pytest.fixture
def witness() -> DealWitness:
    """A witness with a fixed seed of its own, so that the matches are always the same."""
    witness = DealWitness(ROOM)
    witness.client_seed = bytes(range(32))
    return witness


def test_an_honest_exchange_is_verified(witness: DealWitness) -> None:
    exchange = Exchange(witness)
    exchange.feed(witness)
    check = witness.check
    assert check is not None and check.ok and check.status is DealStatus.VERIFIED
    assert check.rounds >= 2 and check.cards == 52 * check.rounds
    assert witness.record == exchange.record


def test_a_commitment_changed_after_the_announcement_is_caught(witness: DealWitness) -> None:
    """The first commitment shown is not the seed's that the server then deals from."""
    exchange = Exchange(witness)
    shown = commitment_of(new_server_seed())
    exchange.feed(witness, first_shown=shown)
    assert witness.commitment == shown, "the commitment kept is the first one shown"
    check = witness.check
    assert check is not None and check.status is DealStatus.BAD_COMMITMENT and not check.ok


def test_a_match_dealt_without_our_seed_is_caught(witness: DealWitness) -> None:
    exchange = Exchange(witness, FairDeals(SERVER_SEED, ()))
    exchange.feed(witness)
    check = witness.check
    assert check is not None and check.status is DealStatus.SEED_MISSING and not check.ok


def test_cards_shown_that_the_seeds_do_not_deal_are_caught_and_the_round_named(
    witness: DealWitness,
) -> None:
    """An honest record, but in round 2 this client was shown a hand the seeds do not deal."""
    exchange = Exchange(witness)
    seen = exchange.seen
    second = next(i for i, e in enumerate(seen) if isinstance(e, RoundStarted) and e.number == 1)
    mine = next(i for i in range(second, len(seen)) if _hand_of(seen[i], 0) is not None)
    theirs = next(
        cards for e in exchange.played.events[second:] if (cards := _hand_of(e, 1)) is not None
    )
    hand = seen[mine]
    assert isinstance(hand, HandDealt) and hand.cards is not None
    seen[mine] = hand._replace(cards=(theirs[0], *hand.cards[1:]))
    exchange.feed(witness)
    check = witness.check
    assert check is not None and check.status is DealStatus.MISMATCH and check.bad_round == 1
    assert check.message.startswith("Round 2 does not match")


def _hand_of(event: Event, seat: int) -> tuple[Card, ...] | None:
    if isinstance(event, HandDealt) and event.seat == seat:
        return event.cards
    return None


def test_a_room_that_closes_without_its_record_says_so(witness: DealWitness) -> None:
    exchange = Exchange(witness)
    witness.room_state(_room(RoomPhase.WAITING, exchange.announced(witness, seeded=False)))
    for events in _updates(exchange.seen[:30]):
        witness.saw(events, 0)
    witness.record_missing()
    assert witness.check is not None and witness.check.status is DealStatus.NOT_REVEALED


# --- the client's side of it, without a socket ---------------------------------------------


def test_the_client_sends_its_seed_asks_for_each_part_and_saves_the_record(
    tmp_path: Path,
) -> None:
    link = FakeLink()
    client = link.state
    client.witnesses.records = RecordFolder(tmp_path / "records")
    first = AnnouncedDeals(bytes(32))
    link.hear(_room_message(RoomPhase.WAITING, first))
    witness = client.witnesses.current
    assert witness is not None
    [sent] = [m for m in link.sent if m["t"] == "client_seed"]
    assert sent["seed"] == witness.client_seed.hex()

    exchange = Exchange(witness)
    witness.commitment = exchange.commitment  # as if it had been the first one shown
    record = exchange.record
    while len(encode_record(record)) <= PART_CHARS:
        record = record.with_chat("Karim", 1, "x" * 2000, ts=5)
    data = encode_record(record)
    taken = exchange.announced(witness, seeded=True)
    link.hear(_room_message(RoomPhase.WAITING, taken), _room_message(RoomPhase.PLAYING, taken))
    assert [m["t"] for m in link.sent].count("client_seed") == 1
    for events in _updates(exchange.seen):
        witness.saw(events, 0)
    link.hear(record_part(ROOM, data, 0))
    assert link.sent[-1]["t"] == "get_record" and link.sent[-1]["part"] == 1
    witnesses = client.witnesses
    assert witnesses.check_for(ROOM) is None
    link.hear(record_part(ROOM, data, 1))
    check = witnesses.check_for(ROOM)
    assert check is not None and check.ok
    path = witnesses.record_path
    assert path is not None and read_record(path) == record
    assert path.name.startswith("lan-")
    assert witnesses.check_for(ROOM + 1) is None
    link.hear(record_part(ROOM, data, 0))
    assert len(list((tmp_path / "records").iterdir())) == 1, "a record sent again is kept once"
