"""What this client knows of a server's tournaments (PROTOCOL.md §15), folded from their
messages: the lobby's list, the one tournament it follows with its round's clock, the other
tables' plays of each board asked for, and its own seeds for the rounds' fair deals.

Owns `TournamentNews`, a part of the link's state (`client.net.link_state.LinkState` hands it
each tournament message and tells its listener). As an entrant's person this client sends a
seed of its own (the operating system's CSPRNG) for each announced round that has not begun,
once, and can then say whether the round's deals pooled it (`seed_pooled`). Pure: no pygame,
no sockets; the clock is given.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from shared.deals import new_client_seed
from shared.wire.board_plays import BoardPlays, board_plays_from_wire
from shared.wire.protocol import Message
from shared.wire.tournament_requests import TournamentSeed
from shared.wire.tournaments import (
    TournamentPhase,
    TournamentState,
    TournamentSummary,
    state_from_wire,
    summary_from_wire,
)

__all__ = ["BoardKey", "TournamentNews"]

_SEEDED = frozenset({TournamentPhase.SIGNUP, TournamentPhase.PLAYING})
"""A tournament in these phases has rounds to come, whose deals take our seed."""

BoardKey = tuple[int, int, int]
"""A board of a tournament: (tournament id, round, board)."""


class TournamentNews:
    """The tournaments as this client last heard of them; see the module's docstring."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self.listed: tuple[TournamentSummary, ...] = ()
        self.followed: TournamentState | None = None
        """The tournament this client directs, plays in or watches (the last one heard of)."""
        self._deadline: float | None = None
        """When (by the clock) the followed tournament's round runs out of time."""
        self.plays: dict[BoardKey, dict[int, BoardPlays]] = {}
        """Each board's plays asked for, by table."""
        self._seeds: dict[tuple[int, int], bytes] = {}
        """Our seed sent for each (tournament id, round)."""

    def summaries(self, message: Message) -> tuple[TournamentSummary, ...]:
        """A ``tournaments`` message: the lobby's list."""
        self.listed = tuple(summary_from_wire(entry) for entry in message["tournaments"])
        return self.listed

    def state(self, message: Message) -> tuple[TournamentState, TournamentSeed | None]:
        """A ``tournament_state`` message: the tournament now, and our seed for its next
        round when it is time to send one."""
        state = state_from_wire(message)
        if self.followed is None or self.followed.tournament_id != state.tournament_id:
            self.plays.clear()
        self.followed = state
        left = state.deadline_ms
        self._deadline = None if left is None else self._clock() + left / 1000
        return state, self._seed_for(state)

    def board(self, message: Message) -> BoardPlays:
        """A ``board_plays`` message: one table's plays of a board, kept."""
        board = board_plays_from_wire(message)
        key = (board.tournament_id, board.round, board.board)
        self.plays.setdefault(key, {})[board.table] = board
        return board

    def forget(self) -> None:
        """We no longer follow a tournament."""
        self.followed = None
        self._deadline = None
        self.plays.clear()

    def is_table(self, room_id: int | None) -> bool:
        """Room ``room_id`` is a table of the followed tournament."""
        state = self.followed
        return state is not None and any(t.room_id == room_id for t in state.tables)

    def round_of_room(self, name: str | None) -> int | None:
        """The followed tournament's round that the room called ``name`` (a match record's)
        was a table of: tables are named "⟨tournament⟩ ⟨round⟩.⟨table⟩" from 1 (PROTOCOL.md
        §15). None: no table of it."""
        state = self.followed
        if state is None or name is None:
            return None
        for table in state.tables:
            if name == f"{state.name} {table.round + 1}.{table.table + 1}":
                return table.round
        return None

    def seconds_left(self) -> float | None:
        """The followed tournament's round clock now (None: no round runs)."""
        if self._deadline is None:
            return None
        return max(0.0, self._deadline - self._clock())

    def board_plays(self, round_: int, board: int) -> tuple[BoardPlays, ...]:
        """The followed tournament's tables' plays of a board, by table, as heard so far."""
        state = self.followed
        if state is None:
            return ()
        tables = self.plays.get((state.tournament_id, round_, board), {})
        return tuple(tables[table] for table in sorted(tables))

    def own_seeds(self, tournament_id: int) -> dict[int, bytes]:
        """The seed we sent for each round of tournament ``tournament_id``, by round."""
        return {r: seed for (t, r), seed in self._seeds.items() if t == tournament_id}

    def seed_pooled(self, round_: int) -> bool | None:
        """Whether the followed tournament's round ``round_`` pooled the seed we sent for it
        (None: we sent none, or the round has not begun)."""
        state = self.followed
        sent = None if state is None else self._seeds.get((state.tournament_id, round_))
        deals = None if state is None else next((d for d in state.deals if d.round == round_), None)
        if sent is None or deals is None or not deals.begun:
            return None
        return any(seed == sent for _, seed in deals.client_seeds)

    def _seed_for(self, state: TournamentState) -> TournamentSeed | None:
        if state.you is None or state.phase not in _SEEDED:
            return None
        for deals in state.deals:
            key = (state.tournament_id, deals.round)
            if not deals.begun and key not in self._seeds:
                seed = self._seeds[key] = new_client_seed()
                return TournamentSeed(state.tournament_id, deals.round, seed.hex())
        return None
