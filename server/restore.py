"""Restoring the matches a server was running when it stopped (or was killed).

At start-up, before the server listens, every match in the data directory
(`server.persistence.store`) is read back: its server-only room file
(`server.persistence.room_file`) and its record, replayed through the engine to the very state it
had (`shared.record.replay`). Each becomes a room again under its old id, in the middle of its match
at the same play: its seated humans are players again under their old ids, known by their token
digests, and away, their seats held for the usual ``seat_hold`` as after a drop; they resume with
the tokens they already have. Bots and turn timers take up the turn to move. The record goes on
appending to the same file.

A match whose files cannot be read (damaged, cut short, from a newer version, not agreeing with
each other) is skipped with a log line that says why; the others load. A finished match (the
server stopped between its end and its room's close) is not restored, and its files go once
they are older than ``record_keep``.
"""

from __future__ import annotations

import logging

from server.lobby import Lobby
from server.persistence.journal import MatchJournal
from server.persistence.room_file import SavedBot, SavedHuman, SavedRoom, SavedRoomError
from server.persistence.store import MatchFiles, MatchStore
from server.players import Player
from server.room.deals import RoomDeals
from server.room.seats import BotSeat, HumanSeat, Slot
from shared.deals import FairDeals
from shared.record import MatchRecord, RecordError, replay
from shared.record_file import read_record

__all__ = ["restore_matches"]

log = logging.getLogger(__name__)


def restore_matches(store: MatchStore, lobby: Lobby) -> int:
    """Restore every running match in ``store`` into ``lobby``; how many were restored."""
    restored = 0
    for files in store.saved():
        try:
            restored += _restore(files, store, lobby)
        except (ValueError, OSError) as error:  # RecordError and SavedRoomError among them
            log.warning("not restoring the match in %s: %s", files.record.name, error)
    if restored:
        log.info("restored %d running match(es) from %s", restored, store.root)
    return restored


def _restore(files: MatchFiles, store: MatchStore, lobby: Lobby) -> bool:
    """Restore one match; False when it is finished (and was left, or swept)."""
    if not files.room.exists():
        _sweep_if_stale(files, store)
        raise SavedRoomError("its room file is missing")
    saved = store.read_room(files)
    try:
        journal = MatchJournal.reopen(saved.room_id, store, files)
    except RecordError:
        if not read_record(files.record, allow_torn_tail=True).is_over:
            raise
        _sweep_if_stale(files, store)
        return False
    try:
        _take_up(saved, journal, lobby)
    except (RecordError, SavedRoomError):
        journal.close()
        raise
    return True


def _take_up(saved: SavedRoom, journal: MatchJournal, lobby: Lobby) -> None:
    record = journal.record
    _check_agree(saved, record)
    if saved.room_id in lobby.rooms:
        raise SavedRoomError(f"room {saved.room_id} is restored already")
    state = replay(record).final
    deals = RoomDeals.restored(record.deals(), saved.seeded_seats)
    seats, players = _seats(saved, lobby)
    creator = next((p for p in players if p.id == saved.creator), None)
    room = lobby.make_room(
        saved.room_id, saved.name, record.rules, saved.turn_seconds, saved.code, saved.hints
    )
    room.restore_match(state, journal, seats, creator, deals)
    lobby.adopt(room)
    log.info(
        "room %d (%s) restored at play %d, %d player(s) away",
        room.id,
        room.identity.name,
        room.seq,
        len(players),
    )


def _check_agree(saved: SavedRoom, record: MatchRecord) -> None:
    if len(saved.seats) != record.rules.players:
        raise SavedRoomError("its room file and its record disagree on the seats")
    chance = record.deals()
    seeds = chance.client_seeds if isinstance(chance, FairDeals) else ()
    if len(seeds) != len(saved.seeded_seats):
        raise SavedRoomError("its room file and its record disagree on the client seeds")


def _seats(saved: SavedRoom, lobby: Lobby) -> tuple[list[Slot], list[Player]]:
    """The restored seats, and the players in them (known to the lobby from now on)."""
    humans = [seat for seat in saved.seats if isinstance(seat, SavedHuman)]
    known = lobby.players
    if any(known.by_id(h.player_id) is not None or known.by_digest(h.token_sha256) for h in humans):
        raise SavedRoomError("a player of it is seated in another restored match")
    slots: list[Slot] = []
    players: list[Player] = []
    for seat in saved.seats:
        if isinstance(seat, SavedBot):
            slots.append(BotSeat(seat.level))
        else:
            player = known.restore(seat.player_id, seat.name, seat.token_sha256)
            players.append(player)
            slots.append(HumanSeat(player))
    return slots, players


def _sweep_if_stale(files: MatchFiles, store: MatchStore) -> None:
    if store.is_stale(files):
        store.remove_now(files)
        log.info("removed the old files of a finished or broken match: %s", files.stem)
