"""Rate limits on what one client sends, and the count of connections per address.

`InboundLimiter` is a token bucket (10 messages a second, bursts of 20 by default) with a
second, smaller bucket of strikes: each message over the rate is refused with `rate_limited`
and costs a strike. Strikes refill ten times slower than messages, so a client that slips over
now and then is only told so, while one that keeps sending too fast (even a little too fast)
runs out of strikes within seconds and is closed.
"""

from __future__ import annotations

import ipaddress

from shared.wire.session import Admission

__all__ = ["AddressCounter", "InboundLimiter", "RateVerdict", "TokenBucket", "is_loopback"]


class TokenBucket:
    """``rate`` tokens a second, holding at most ``burst``; starts full."""

    __slots__ = ("_burst", "_rate", "_stamp", "_tokens")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self._rate = rate
        self._burst = burst
        self._tokens = burst
        self._stamp = now

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


def is_loopback(address: str) -> bool:
    """Whether ``address`` is this machine's own (a loopback address)."""
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False
