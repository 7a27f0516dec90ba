"""A small tournament played out at random in memory, for the tests of `shared.tournament`: every
table of a round deals from the round's seeds (the entrants' seeds pooled), as a server does."""

from __future__ import annotations

import random

from shared.deals import FairDeals, new_server_seed
from shared.engine import apply_play, legal_plays, new_match
from shared.record import MatchRecord, SeatEntry, outcome_of
from shared.rules import RuleSet
from shared.tournament.record import EntrantEntry, RoundDeals, TableRecord, TournamentRecord


def played_table(
    rules: RuleSet, deals: RoundDeals, names: tuple[str, ...], rng: random.Random
) -> MatchRecord:
    """One table's match, dealt from ``deals`` and played to its end at random."""
    assert deals.server_seed is not None
    state = new_match(rules, deals=FairDeals(deals.server_seed, deals.table_seeds))
    seats = tuple(SeatEntry(name) for name in names)
    record = MatchRecord.begin(state, seats, started=1_000)
    while state.winner is None:
        play = rng.choice(legal_plays(state))
        record = record.with_play(state.to_move or 0, play)
        state = apply_play(state, play).state
    return record.ended(outcome_of(state, 2_000))


def small_tournament(
    seed: int, entrants: int = 4, rounds: int = 2, boards: int = 2, players: int = 2
) -> TournamentRecord:
    """A finished tournament of ``entrants`` (paired in turn: 1-2, 3-4, then 1-3, 2-4 ...)."""
    rng = random.Random(seed)
    rules = RuleSet(players=players, rounds=boards)
    people = tuple(
        EntrantEntry(n, f"E{n}", tuple(SeatEntry(f"P{n}{m}") for m in range(players // 2)))
        for n in range(1, entrants + 1)
    )
    record = TournamentRecord("Cup", players, rules, rounds, 1_000, people)
    all_deals: list[RoundDeals] = []
    tables: list[TableRecord] = []
    for number in range(rounds):
        seeds = tuple(rng.randbytes(32) for _ in range(rng.randrange(0, 3)))
        server_seed = new_server_seed()
        deals = RoundDeals(number, FairDeals(server_seed).commitment, seeds, server_seed)
        all_deals.append(deals)
        order = list(range(1, entrants + 1))
        order = order[:1] + order[1:][number:] + order[1:][:number]
        for table in range(entrants // 2):
            sides = (order[2 * table], order[2 * table + 1])
            names = tuple(
                name
                for pair in zip(*(people[s - 1].members for s in sides), strict=True)
                for name in (pair[0].name, pair[1].name)
            )
            match = played_table(rules, deals, names, rng)
            tables.append(TableRecord(number, table, sides, match))
    finished = TournamentRecord(
        record.name, players, rules, rounds, 1_000, people, tuple(all_deals), tuple(tables)
    )
    from dataclasses import replace

    return replace(finished, standings=finished.computed_standings(), ended=9_000)
