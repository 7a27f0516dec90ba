"""Fair deals: the published test vector, an independent implementation of PROTOCOL.md §10, the
shuffle's uniformity, seed checks, and the engine dealing from the chance its state carries."""

from __future__ import annotations

import hashlib
import hmac
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.cards import STANDARD_DECK, format_cards, shuffled_deck
from shared.deals import (
    CommitmentError,
    FairDeals,
    SealedDeals,
    SeededDeals,
    SeedError,
    _below,
    commitment_of,
    deals_for,
    new_client_seed,
    new_server_seed,
    parse_client_seed,
    parse_commitment,
    parse_server_seed,
)
from shared.engine import apply_play, legal_plays, new_match
from shared.rules import Direction, RuleSet

PROTOCOL = Path(__file__).resolve().parents[2] / "PROTOCOL.md"

SERVER_SEED = bytes(range(32))
CLIENT_SEEDS = (bytes(range(32, 48)), b"\xff" * 32)
VECTOR = {
    "commitment": "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd",
    "round 0": "6h 5h 2c 8s 2s 6d 2h 7h 7d Qc 10s 4c 7s 5c Kh 4s 6c Ah 9d 5s 3h 6s 3s 10c Js 10d "
    "Jh 3d Qd 8d 8h Qs Kd 7c 3c Jd 9c Ks 9h Ad Qh Jc 10h Ac 2d Kc 8c 4h 5d 9s 4d As",
    "round 1": "Jc 4h 9h Qs 8d Ac 3s 8s Qh As Ah 10d 6h",
    "no client seeds": "Jc 9d 10h 6c Qh Kc 5c 10c 4s 9s 10s 2s 2h",
}


# -- an independent implementation, written from the text of PROTOCOL.md §10 ----------------

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["c", "d", "h", "s"]


class SpecStream:
    """The words of one labelled stream, block by block."""

    def __init__(self, server: bytes, clients: list[bytes], label: str, n: int) -> None:
        self.server, self.clients, self.label, self.n = server, clients, label, n
        self.block = 0
        self.words: list[int] = []

    def word(self) -> int:
        if not self.words:
            message = bytearray(self.label.encode("ascii"))
            message.append(0)
            message += self.n.to_bytes(4, "big") + self.block.to_bytes(4, "big")
            message.append(len(self.clients))
            for seed in self.clients:
                message.append(len(seed))
                message += seed
            digest = hmac.new(self.server, bytes(message), hashlib.sha256).digest()
            self.words = [int.from_bytes(digest[k : k + 4], "big") for k in range(0, 32, 4)]
            self.block += 1
        return self.words.pop(0)

    def draw_below(self, m: int) -> int:
        limit = 2**32 - (2**32 % m)
        w = self.word()
        while w >= limit:
            w = self.word()
        return w % m


def spec_deck(server: bytes, clients: list[bytes], round_number: int) -> list[str]:
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    stream = SpecStream(server, clients, "basra/deck/v1", round_number)
    for i in range(51, 0, -1):
        j = stream.draw_below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def spec_dealer(server: bytes, clients: list[bytes], players: int) -> int:
    return SpecStream(server, clients, "basra/dealer/v1", 0).draw_below(players)


# -- the test vector -------------------------------------------------------------------------


def test_the_code_gives_the_published_test_vector() -> None:
    deals = FairDeals(SERVER_SEED, CLIENT_SEEDS)
    assert deals.commitment.hex() == VECTOR["commitment"]
    assert format_cards(deals.deck(0)) == VECTOR["round 0"]
    assert format_cards(deals.deck(1)[:13]) == VECTOR["round 1"]
    assert (deals.first_dealer(2), deals.first_dealer(4)) == (1, 1)
    alone = FairDeals(SERVER_SEED)
    assert format_cards(alone.deck(0)[:13]) == VECTOR["no client seeds"]
    assert (alone.first_dealer(2), alone.first_dealer(4)) == (0, 0)


def test_the_independent_implementation_gives_the_test_vector() -> None:
    clients = list(CLIENT_SEEDS)
    assert " ".join(spec_deck(SERVER_SEED, clients, 0)) == VECTOR["round 0"]
    assert " ".join(spec_deck(SERVER_SEED, clients, 1)[:13]) == VECTOR["round 1"]
    assert spec_dealer(SERVER_SEED, clients, 2) == spec_dealer(SERVER_SEED, clients, 4) == 1


def test_protocol_md_publishes_the_same_vector() -> None:
    text = PROTOCOL.read_text(encoding="utf-8")
    section = text.split("### Test vector", 1)[1].split("## 11.", 1)[0]
    flat = re.sub(r"\s+", " ", section)
    assert SERVER_SEED.hex() in flat and all(seed.hex() in flat for seed in CLIENT_SEEDS)
    for value in VECTOR.values():
        assert value in flat, value
    message = re.search(r"message\s+([0-9a-f]+)", section)
    block = re.search(r"HMAC\s+([0-9a-f]+)", section)
    assert message and block
    assert hmac.new(SERVER_SEED, bytes.fromhex(message[1]), hashlib.sha256).hexdigest() == block[1]
    stream = SpecStream(SERVER_SEED, list(CLIENT_SEEDS), "basra/deck/v1", 0)
    assert stream.word() == int(block[1][:8], 16)


seeds = st.binary(min_size=32, max_size=32)
client_seeds = st.lists(st.binary(min_size=16, max_size=32), max_size=4)


@settings(max_examples=300, deadline=None)
@given(seeds, client_seeds, st.integers(0, 2**32 - 1), st.sampled_from([2, 4]))
def test_the_code_follows_the_spec_for_any_seeds(
    server: bytes, clients: list[bytes], round_number: int, players: int
) -> None:
    deals = FairDeals(server, tuple(clients))
    assert [str(c) for c in deals.deck(round_number)] == spec_deck(server, clients, round_number)
    assert deals.first_dealer(players) == spec_dealer(server, clients, players)


def test_every_seed_changes_the_deck() -> None:
    base = FairDeals(SERVER_SEED, CLIENT_SEEDS).deck(0)
    assert FairDeals(SERVER_SEED, CLIENT_SEEDS[::-1]).deck(0) != base
    assert FairDeals(SERVER_SEED, CLIENT_SEEDS[:1]).deck(0) != base
    assert FairDeals(bytes(31) + b"\x01", CLIENT_SEEDS).deck(0) != base
    other = (CLIENT_SEEDS[0][:-1] + b"\x00", CLIENT_SEEDS[1])
    assert FairDeals(SERVER_SEED, other).deck(0) != base
    assert FairDeals(SERVER_SEED, CLIENT_SEEDS).deck(1) != base


def test_a_draw_skips_the_words_that_would_bias_it() -> None:
    limit = 2**32 - 2**32 % 52
    assert _below(52, iter([limit, 2**32 - 1, 105])) == 105 % 52
    assert _below(52, iter([limit - 1])) == (limit - 1) % 52
    assert _below(4, iter([2**32 - 1])) == 3  # 4 divides 2**32: nothing is ever skipped


def test_each_card_lands_anywhere_alike() -> None:
    """A chi-square test of where each card ends over 5,200 decks (100 expected per cell)."""
    decks = 5200
    counts = [[0] * 52 for _ in range(52)]
    rng = random.Random(12)
    for _ in range(decks // 4):
        deals = FairDeals(rng.randbytes(32), (rng.randbytes(16),))
        for number in range(4):
            for position, card in enumerate(deals.deck(number)):
                counts[card][position] += 1
    expected = decks / 52
    chi2 = sum((n - expected) ** 2 / expected for row in counts for n in row)
    freedom = 51 * 51
    assert abs(chi2 - freedom) < 5 * (2 * freedom) ** 0.5


def test_first_dealers_are_spread_evenly() -> None:
    rng = random.Random(3)
    seen = [0, 0, 0, 0]
    for _ in range(4000):
        seen[FairDeals(rng.randbytes(32)).first_dealer(4)] += 1
    assert all(900 < n < 1100 for n in seen)


# -- seeds, commitments and their text ---------------------------------------------------------


def test_seeds_are_checked() -> None:
    with pytest.raises(SeedError, match="32 bytes"):
        FairDeals(bytes(31))
    with pytest.raises(SeedError, match="16 to 32 bytes"):
        FairDeals(SERVER_SEED, (bytes(15),))
    with pytest.raises(SeedError, match="16 to 32 bytes"):
        FairDeals(SERVER_SEED, (bytes(33),))
    with pytest.raises(SeedError, match="at most 4"):
        FairDeals(SERVER_SEED, (bytes(16),) * 5)
    with pytest.raises(SeedError, match="sequence"):
        FairDeals(SERVER_SEED, bytes(16))  # type: ignore[arg-type]
    with pytest.raises(SeedError, match="16 to 32 bytes"):
        FairDeals(SERVER_SEED, ("00" * 16,))  # type: ignore[arg-type]
    with pytest.raises(SeedError, match="32 bytes"):
        SealedDeals(bytes(31))
    assert FairDeals(SERVER_SEED, [bytes(16)]).client_seeds == (bytes(16),)  # type: ignore[arg-type]
    assert isinstance(SeedError("x"), ValueError) and isinstance(CommitmentError("x"), ValueError)
    assert len(new_client_seed()) == 32 and new_client_seed() != new_client_seed()
    assert len(new_server_seed()) == 32 and new_server_seed() != new_server_seed()


def test_seeds_read_from_text() -> None:
    assert parse_server_seed(SERVER_SEED.hex()) == SERVER_SEED
    assert parse_client_seed(CLIENT_SEEDS[0].hex()) == CLIENT_SEEDS[0]
    assert parse_commitment(VECTOR["commitment"]) == commitment_of(SERVER_SEED)
    for bad in ["", "0", "zz" * 32, SERVER_SEED.hex().upper(), "00 " * 32, "00" * 33]:
        with pytest.raises(SeedError):
            parse_server_seed(bad)
    with pytest.raises(SeedError):
        parse_client_seed("00" * 15)
    with pytest.raises(SeedError):
        parse_commitment(None)  # type: ignore[arg-type]


def test_a_revealed_seed_must_match_its_commitment() -> None:
    deals = FairDeals(SERVER_SEED, CLIENT_SEEDS)
    sealed = deals.sealed()
    assert sealed == SealedDeals(commitment_of(SERVER_SEED), CLIENT_SEEDS)
    assert sealed.reveal(SERVER_SEED) == deals
    with pytest.raises(CommitmentError, match="does not match the commitment"):
        sealed.reveal(bytes(32))
    with pytest.raises(SeedError):
        sealed.reveal(b"short")


def test_the_server_seed_never_shows_in_a_repr() -> None:
    deals = FairDeals(SERVER_SEED, CLIENT_SEEDS)
    state = new_match(RuleSet(), deals=deals)
    for text in (repr(deals), repr(state), str(state)):
        assert SERVER_SEED.hex() not in text and repr(SERVER_SEED) not in text


# -- the engine deals from the state's chance ---------------------------------------------------


@pytest.mark.parametrize("seed", [0, 7, 36, -5, 2**70])
def test_an_int_seed_deals_as_it_always_did(seed: int) -> None:
    """The rule before fair deals: round k from Random(f"{seed}:{k}"), the dealer from
    Random(f"{seed}:dealer"); golden replays and ``--seed`` practice rely on it."""
    for players in (2, 4):
        state = new_match(RuleSet(players=players), seed=seed)
        assert state.deals == SeededDeals(seed)
        assert state.round.dealer == random.Random(f"{seed}:dealer").randrange(players)
        old = new_match(
            RuleSet(players=players),
            dealer=state.round.dealer,
            deck=shuffled_deck(random.Random(f"{seed}:0")),
        )
        assert old.round == state.round
        for k in range(3):
            assert list(SeededDeals(seed).deck(k)) == shuffled_deck(random.Random(f"{seed}:{k}"))


def test_the_doctest_match_is_unchanged() -> None:
    state = new_match(RuleSet(), seed=36)
    assert (state.round.dealer, format_cards(state.round.floor)) == (0, "4h 7s 6c 6h")


@pytest.mark.parametrize("players", [2, 4])
def test_fair_deals_deal_every_round_from_their_deck(players: int) -> None:
    rules = RuleSet(players=players, direction=Direction.LEFT)
    deals = FairDeals(SERVER_SEED, CLIENT_SEEDS[:1])
    state = new_match(rules, deals=deals)
    dealer = deals.first_dealer(players)
    assert state.round.dealer == dealer
    rng = random.Random(players)
    while plays := legal_plays(state):
        before = state
        state = apply_play(state, rng.choice(plays)).state
        if state.round.number != before.round.number:
            number, dealer = state.round.number, state.round.dealer
            fixed = new_match(rules, dealer=dealer, deck=deals.deck(number))
            assert (state.round.hands, state.round.floor) == (fixed.round.hands, fixed.round.floor)
            assert state.round.stock == fixed.round.stock
    assert state.round.number >= 1 and state.deals is deals


def test_a_match_without_a_seed_gets_fair_deals_of_its_own() -> None:
    one, two = new_match(RuleSet()), new_match(RuleSet())
    for state in (one, two):
        assert isinstance(state.deals, FairDeals) and state.deals.client_seeds == ()
    assert one.deals != two.deals
    assert isinstance(deals_for(None), FairDeals) and deals_for(3) == SeededDeals(3)


def test_chance_is_given_one_way() -> None:
    with pytest.raises(ValueError, match="not both"):
        new_match(RuleSet(), seed=3, deals=SeededDeals(3))
    with pytest.raises(ValueError, match="sealed"):
        new_match(RuleSet(), deals=FairDeals(SERVER_SEED).sealed())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="whole number"):
        new_match(RuleSet(), seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="whole number"):
        new_match(RuleSet(), seed=True)


def test_the_standard_order_is_the_one_the_spec_names() -> None:
    assert [str(c) for c in STANDARD_DECK] == [r + s for r in RANKS for s in SUITS]
