"""What one address can make the server log: `LogBudget`, and `BudgetFilter` for the loggers
of the libraries under the web port.

Each line the web port logs because of something a client did (a refused Host or Origin, a
malformed request, a ping flood, a download) is charged to the client's address: a burst of
`BURST` lines, then one every `EVERY` seconds. Lines over the budget are not written but
counted, and the next line written for that address says how many were left out. So a guest
sending thousands of bad requests costs a few lines, not megabytes of log, and the host still
sees that it happened. Addresses whose budget is whole again are forgotten, so the ledger
stays small.
"""

from __future__ import annotations

import logging
import time
from typing import Final

from server.net.limits import TokenBucket

__all__ = ["BURST", "EVERY", "LOST_WRITE", "BudgetFilter", "LogBudget"]

BURST: Final = 10
EVERY: Final = 30.0
_PRUNE_AT: Final = 1024


class _Account:
    __slots__ = ("bucket", "left_out")

    def __init__(self, bucket: TokenBucket) -> None:
        self.bucket = bucket
        self.left_out = 0


class LogBudget:
    """Log lines charged per address (see the module's docstring)."""

    def __init__(self, burst: int = BURST, every: float = EVERY) -> None:
        self._burst = burst
        self._rate = 1.0 / every
        self._accounts: dict[str, _Account] = {}

    def spend(self, address: str) -> int | None:
        """Charge a line to ``address``: None when it is over its budget (leave the line out),
        else how many lines of it were left out since the last one written."""
        now = time.monotonic()
        account = self._accounts.get(address)
        if account is None:
            if len(self._accounts) >= _PRUNE_AT:
                self._prune(now)
            account = self._accounts[address] = _Account(TokenBucket(self._rate, self._burst, now))
        if not account.bucket.take(now):
            account.left_out += 1
            return None
        left_out, account.left_out = account.left_out, 0
        return left_out

    def log(
        self, logger: logging.Logger, level: int, address: str, message: str, *args: object
    ) -> None:
        """``logger.log(level, message, *args)`` if ``address`` may cause one more line."""
        left_out = self.spend(address)
        if left_out is None or not logger.isEnabledFor(level):
            return
        if left_out:
            message += " (%d earlier lines for this address left out)"
            args = (*args, left_out)
        logger.log(level, message, *args)

    def _prune(self, now: float) -> None:
        self._accounts = {
            address: account
            for address, account in self._accounts.items()
            if account.left_out or not account.bucket.full(now)
        }

    def __len__(self) -> int:
        return len(self._accounts)


class BudgetFilter(logging.Filter):
    """Charges records of a logger that are not the server's own to a budget: those of the
    websockets library to the client address they are about (it names the connection in the
    record's ``websocket``), and asyncio's ``socket.send() raised exception.`` (said for each
    write to a socket already lost, hundreds at once when a flooding client hangs up) to one
    account of their own. Other records pass."""

    def __init__(self, budget: LogBudget) -> None:
        super().__init__()
        self._budget = budget

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name == "asyncio":
            if record.msg != LOST_WRITE:
                return True
            return self._budget.spend(LOST_WRITE) is not None
        return self._budget.spend(_address_of(record)) is not None


LOST_WRITE: Final = "socket.send() raised exception."


def _address_of(record: logging.LogRecord) -> str:
    try:
        peer = getattr(record, "websocket").remote_address  # noqa: B009 (set by the library)
    except (AttributeError, ReferenceError):  # no connection named, or it has gone
        return "unknown"
    return str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
