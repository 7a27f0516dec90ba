"""Rate limits on what one client sends, and the count of connections per address.

`InboundLimiter` is a token bucket (10 messages a second, bursts of 20 by default) with a
second, smaller bucket of strikes: each message over the rate is refused with `rate_limited`
and costs a strike. Strikes refill ten times slower than messages, so a client that slips over
now and then is only told so, while one that keeps sending too fast (even a little too fast)
runs out of strikes within seconds and is closed.

`AddressLedger` keeps what one address may do across all its connections, so that a guest who
opens connection after connection starts from nothing each time: how fast it may open new
ones, and its budget of unreadable or invalid messages (spent by any of its connections,
refilled slowly). An address that has spent its budget is closed on its next bad message and
turned away until the budget has refilled a little. Addresses that have spent nothing are
forgotten, so the ledger stays small.
"""

from __future__ import annotations

import ipaddress

from shared.wire.session import Admission

__all__ = [
    "AddressCounter",
    "AddressLedger",
    "InboundLimiter",
    "RateVerdict",
    "TokenBucket",
    "is_loopback",
]


class TokenBucket:
    """``rate`` tokens a second, holding at most ``burst``; starts full."""

    __slots__ = ("_burst", "_rate", "_stamp", "_tokens")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self._rate = rate
        self._burst = burst
        self._tokens = burst
        self._stamp = now

    def full(self, now: float) -> bool:
        """Whether the bucket holds its whole burst again (nothing of it is spent)."""
        return self._tokens + (now - self._stamp) * self._rate >= self._burst

    def has(self, now: float) -> bool:
        """Whether a token could be spent now (without spending it)."""
        return self._tokens + (now - self._stamp) * self._rate >= 1.0

    def take(self, now: float) -> bool:
        """Spend one token if there is one."""
        tokens = min(self._burst, self._tokens + (now - self._stamp) * self._rate)
        self._stamp = now
        if tokens >= 1.0:
            self._tokens = tokens - 1.0
            return True
        self._tokens = tokens
        return False


RateVerdict = Admission
"""What the rate limit says of one more message (the session, `shared.wire.session`, obeys)."""


class InboundLimiter:
    """Judges each incoming message of one connection against the rate limit."""

    __slots__ = ("_messages", "_strikes")

    def __init__(self, rate: float, burst: int, strikes: int, now: float) -> None:
        self._messages = TokenBucket(rate, burst, now)
        self._strikes = TokenBucket(rate / 10, strikes, now)

    def judge(self, now: float) -> RateVerdict:
        if self._messages.take(now):
            return RateVerdict.OK
        if self._strikes.take(now):
            return RateVerdict.REFUSE
        return RateVerdict.CLOSE


class AddressCounter:
    """Open connections per remote address, to cap how many one machine may hold."""

    __slots__ = ("_counts", "_limit")

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._counts: dict[str, int] = {}

    def acquire(self, address: str) -> bool:
        """Count one more connection from ``address``, unless it already has the limit."""
        count = self._counts.get(address, 0)
        if count >= self._limit:
            return False
        self._counts[address] = count + 1
        return True

    def release(self, address: str) -> None:
        count = self._counts.get(address, 0) - 1
        if count > 0:
            self._counts[address] = count
        else:
            self._counts.pop(address, None)

    def __len__(self) -> int:
        return len(self._counts)


class _AddressAccount:
    """What one address has spent: new connections and bad messages."""

    __slots__ = ("connections", "errors")

    def __init__(self, connections: TokenBucket, errors: TokenBucket) -> None:
        self.connections = connections
        self.errors = errors


class AddressLedger:
    """Per-address limits across connections (see the module's docstring)."""

    __slots__ = ("_accounts", "_connect_burst", "_connect_rate", "_error_burst", "_error_rate")

    _PRUNE_AT = 1024
    """Accounts kept before those that spent nothing are forgotten."""

    def __init__(
        self, connect_rate: float, connect_burst: int, error_rate: float, error_burst: int
    ) -> None:
        self._connect_rate = connect_rate
        self._connect_burst = connect_burst
        self._error_rate = error_rate
        self._error_burst = error_burst
        self._accounts: dict[str, _AddressAccount] = {}

    def _account(self, address: str, now: float) -> _AddressAccount:
        account = self._accounts.get(address)
        if account is None:
            if len(self._accounts) >= self._PRUNE_AT:
                self._prune(now)
            account = _AddressAccount(
                TokenBucket(self._connect_rate, self._connect_burst, now),
                TokenBucket(self._error_rate, self._error_burst, now),
            )
            self._accounts[address] = account
        return account

    def _prune(self, now: float) -> None:
        self._accounts = {
            address: account
            for address, account in self._accounts.items()
            if not (account.connections.full(now) and account.errors.full(now))
        }

    def admit(self, address: str, now: float) -> str | None:
        """Count a new connection from ``address``; None if it may open one, else why not."""
        refusal = self.refusal(address, now)
        if refusal is None:
            self._account(address, now).connections.take(now)
        return refusal

    def refusal(self, address: str, now: float) -> str | None:
        """Why ``address`` may not open a connection now (None: it may), counting nothing."""
        account = self._accounts.get(address)
        if account is None:
            return None
        if not account.errors.has(now):
            return "Too many unreadable or invalid messages from your address; try later."
        if not account.connections.has(now):
            return "Too many new connections from your address; slow down."
        return None

    def spend_error(self, address: str, now: float) -> bool:
        """Count a bad message from ``address``; False once its budget is spent."""
        return self._account(address, now).errors.take(now)

    def __len__(self) -> int:
        return len(self._accounts)


def is_loopback(address: str) -> bool:
    """Whether ``address`` is this machine's own (a loopback address)."""
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False
