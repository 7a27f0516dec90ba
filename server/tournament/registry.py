"""The server's tournaments, and who follows each: the registry the lobby holds.

`Tournaments` keeps every tournament by id with its `RoundKeeper` and its folder in the data
directory, tells each one's followers of every change (its people, its director and whoever
watches it get its ``tournament_state``, each with his own ``you``), and answers what the lobby
asks of it: may this player go into that room (an entrant stays at his own tables while his
tournament runs, and watches another only once his own has finished its round: no table's
cards are shown to someone who has yet to play them), a player dropped or came back, a room
closed. A finished tournament stays, with its record, for ``record_keep`` seconds. The requests
themselves are `server.tournament.requests`'; restoring after a restart,
`server.tournament.loading`.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Iterator
from typing import Protocol

from server.config import ServerConfig
from server.persistence.store import MatchStore
from server.players import Player, Players
from server.refusals import Refused
from server.room.actor import Room
from server.room.table import TableLink
from server.room_ids import RoomIds
from server.tournament.clock import Clock, LoopClock
from server.tournament.loading import (
    SavedTournament,
    read_tournament_state,
    rebuild,
    take_up_players,
    take_up_tables,
)
from server.tournament.options import TournamentOptions
from server.tournament.rounds import RoundKeeper, TableHost
from server.tournament.saving import FOLDER, TournamentFiles
from server.tournament.tables import Table, TableTerms
from server.tournament.tournament import Tournament
from server.tournament.views import state_of
from shared.wire.framing import encode_frame
from shared.wire.protocol import ErrorCode, MsgType, pack_message
from shared.wire.tournaments import TournamentPhase, state_to_wire

__all__ = ["TournamentHost", "Tournaments"]

log = logging.getLogger(__name__)

_LIVE = (TournamentPhase.SIGNUP, TournamentPhase.PLAYING)


class TournamentHost(TableHost, Protocol):
    """The lobby, as the tournaments see it: its rooms and its players."""

    players: Players
    room_ids: RoomIds


class Tournaments:
    """Every tournament of the server; see the module's docstring."""

    def __init__(
        self,
        config: ServerConfig,
        host: TournamentHost,
        store: MatchStore | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.config = config
        self.host = host
        self.store = store
        self.clock: Clock = clock or LoopClock()
        self.by_id: dict[int, Tournament] = {}
        self.keepers: dict[int, RoundKeeper] = {}
        self._files: dict[int, TournamentFiles] = {}
        self._watchers: dict[int, set[Player]] = {}
        self._watching: dict[Player, int] = {}
        self._next_id = 1
        self.links: dict[int, TableLink] = {}
        self._saved: dict[int, SavedTournament] = {}
        """While the server restores its rooms: the link of each table's room, by room id."""

    def __iter__(self) -> Iterator[Tournament]:
        return iter(self.by_id.values())

    def get(self, tournament_id: int) -> Tournament:
        t = self.by_id.get(tournament_id)
        if t is None:
            raise Refused(ErrorCode.NO_SUCH_TOURNAMENT, "There is no such tournament (any more).")
        return t

    # -- making one ------------------------------------------------------------------------

    def create(self, options: TournamentOptions, director: Player) -> Tournament:
        t = Tournament(self._next_id, options, director, self.push, self.save)
        self.adopt(t, None)
        director.tournament = t
        self.save(t)
        log.info("tournament %d (%s) created by %s", t.id, options.name, director.name)
        return t

    def adopt(self, t: Tournament, files: TournamentFiles | None) -> RoundKeeper:
        """List ``t`` (new, or restored) with its keeper and its folder."""
        self.by_id[t.id] = t
        self._next_id = max(self._next_id, t.id + 1)
        if files is None and self.store is not None:
            files = TournamentFiles.new(self.store, t.id)
        if files is not None:
            self._files[t.id] = files
        keep = functools.partial(self._keep_table, t.id)
        keeper = RoundKeeper(t, self.host, self.clock, keep, self._finished)
        self.keepers[t.id] = keeper
        return keeper

    def forget(self, t: Tournament) -> None:
        """``t`` is gone (cancelled, or kept long enough after its end)."""
        self.by_id.pop(t.id, None)
        self.keepers.pop(t.id, None)
        for watcher in self._watchers.pop(t.id, set()):
            self._watching.pop(watcher, None)
        files = self._files.pop(t.id, None)
        if files is not None:
            files.remove()
        t.let_go()

    def halt(self) -> None:
        """The server is stopping: every tournament stays as it was last kept."""
        for keeper in self.keepers.values():
            keeper.halt()

    # -- followers -------------------------------------------------------------------------

    def follow(self, player: Player, t: Tournament) -> None:
        """``player`` watches ``t`` (and no other) from now on, starting with its state now."""
        self.unfollow(player)
        self._watching[player] = t.id
        self._watchers.setdefault(t.id, set()).add(player)
        self.tell(player, t)

    def unfollow(self, player: Player) -> None:
        watched = self._watching.pop(player, None)
        if watched is not None:
            self._watchers.get(watched, set()).discard(player)

    def followers(self, t: Tournament) -> set[Player]:
        people = set(t.people()) | self._watchers.get(t.id, set())
        if t.director is not None:
            people.add(t.director)
        return {p for p in people if p.link is not None}

    def tell(self, player: Player, t: Tournament) -> None:
        player.send_frame(self._frame(t, player))

    def push(self, t: Tournament) -> None:
        """Tell every follower of ``t`` its state now (each his own ``you``)."""
        frames: dict[object, bytes] = {}
        for player in self.followers(t):
            entrant = t.entrants.of(player)
            key = None if entrant is None else entrant.number
            if key not in frames:
                frames[key] = self._frame(t, player if entrant is not None else None)
            player.send_frame(frames[key])

    def _frame(self, t: Tournament, player: Player | None) -> bytes:
        message = state_to_wire(state_of(t, player, self.clock.time()))
        return encode_frame(pack_message({"t": MsgType.TOURNAMENT_STATE.value, **message}))

    # -- keeping ---------------------------------------------------------------------------

    def save(self, t: Tournament) -> None:
        files = self._files.get(t.id)
        if files is not None and t.phase is not TournamentPhase.CANCELLED:
            files.save(t, self.clock.time(), self.clock.wall())

    def _keep_table(self, tournament_id: int, table: Table) -> None:
        files = self._files.get(tournament_id)
        if files is not None:
            files.keep_table(table)

    def _finished(self, t: Tournament) -> None:
        files = self._files.get(t.id)
        if files is not None and t.record is not None:
            files.keep_record(t.record)
        self.clock.call_later(self.config.record_keep, functools.partial(self.forget, t))

    # -- what the lobby asks ---------------------------------------------------------------

    def check_entry(self, player: Player, room: Room | None, spectate: bool) -> None:
        """`Refused` unless ``player`` may go into ``room`` (None: one he would make; to watch,
        with ``spectate``): an entrant of a tournament under way watches its tables only, his
        own, or any once his own has finished the round."""
        t = player.tournament
        if not isinstance(t, Tournament) or t.phase not in _LIVE:
            return
        entrant = t.entrants.of(player)
        if entrant is None:
            return
        table = None if room is None or t.round is None else self._table_in(t, room.id)
        if spectate and table is not None:
            mine = t.table_of(entrant.number, table.round)
            if mine is None or table is mine or mine.over:
                return
            raise Refused(
                ErrorCode.NOT_PLAYED_YET,
                "Other tables are playing cards you have yet to play: watch once yours is done.",
            )
        raise Refused(
            ErrorCode.IN_TOURNAMENT,
            "You are in a tournament: its tables are your rooms until it is over "
            "(or you leave it).",
        )

    @staticmethod
    def _table_in(t: Tournament, room_id: int) -> Table | None:
        """The table of ``t``'s round under way whose room is ``room_id``."""
        tables = t.tables_of(t.round) if t.round is not None else []
        return next((table for table in tables if table.room_id == room_id), None)

    def room_closed(self, room_id: int) -> None:
        for t in list(self.by_id.values()):
            if any(table.room_id == room_id for table in t.tables):
                self.keepers[t.id].room_closed(room_id)

    def dropped(self, player: Player) -> None:
        """``player``'s connection is gone: a watcher stops watching; his tournament's
        followers see him away."""
        self.unfollow(player)
        t = player.tournament
        if isinstance(t, Tournament) and t.entrants.of(player) is not None:
            self.push(t)

    def resumed(self, player: Player) -> None:
        """``player`` is back (his token rotated: a restart must know the new one)."""
        t = player.tournament
        if isinstance(t, Tournament):
            self.save(t)
            self.push(t)

    # -- after a restart --------------------------------------------------------------------

    def load(self) -> None:
        """Read back every tournament the data directory keeps (before the rooms are restored:
        each unfinished table's room is restored as a table, `link_for`)."""
        if self.store is None:
            return
        for folder in sorted((self.store.root / FOLDER).glob("t*")):
            try:
                saved = read_tournament_state(folder)
                t = rebuild(saved, self.push, self.save)
            except (ValueError, OSError) as error:
                log.warning("not restoring the tournament in %s: %s", folder.name, error)
                continue
            if t.phase is TournamentPhase.CANCELLED:
                continue
            keeper = self.adopt(t, TournamentFiles(self.store, folder))
            self._saved[t.id] = saved
            for table in t.tables_of(t.round) if t.round is not None else []:
                if not table.over:
                    level = t.options.bot_level
                    link = TableTerms(table, level, keeper.board_done, keeper.match_done)
                    self.links[table.room_id] = link

    def link_for(self, room_id: int) -> TableLink | None:
        """The table link of a room being restored (`server.restore`), if it is a table."""
        return self.links.get(room_id)

    def take_up(self) -> None:
        """Once the rooms are restored: every tournament's people and tables found again, and
        each one goes on (its clock, the next round, or its end)."""
        assert self.store is not None
        for t in list(self.by_id.values()):
            saved = self._saved.pop(t.id)
            take_up_players(t, self.host.players, saved)
            take_up_tables(t, self.host.rooms, self.store)
            for table in t.tables:
                self.host.room_ids.passed(table.room_id)
            self.keepers[t.id].go_on(saved.fields["deadline"], self.clock.wall())
            self.save(t)  # with each person's token digest, and the clock, again
            if t.phase is TournamentPhase.OVER:
                age = self.clock.wall() - (t.ended or 0) / 1000
                keep = max(0.0, self.config.record_keep - age)
                self.clock.call_later(keep, functools.partial(self.forget, t))
            log.info("tournament %d (%s) restored: %s", t.id, t.options.name, t.phase.value)
        self.links.clear()
