"""Which code answers each request a client may make: routes, each a request's class and its
handler, gathered into one table per dispatcher (the lobby; a room, from its parts).

A handler is a plain function of its owner (the lobby, or one part of a room), whoever asked
and the typed request (`shared.wire.requests`); `route` ties the two, so the type checker
sees that each handler takes the very request it is routed. `Routes` merges the tables of
several owners and refuses a request type routed twice, the way a web router refuses two
routes for one path: every message type has one handler, and a test proves it
(``tests/test_architecture.py``). The tables hold functions, not bound methods, so that a
room's table keeps no closed room alive.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from shared.wire.protocol import MsgType
from shared.wire.requests import ClientRequest

__all__ = ["Route", "Routes", "route"]

Owner = TypeVar("Owner")
Asker = TypeVar("Asker")
Asked = TypeVar("Asked", bound=ClientRequest)


@dataclass(frozen=True, slots=True)
class Route(Generic[Owner, Asker]):
    """One request type and the function of ``Owner`` that handles it."""

    kind: MsgType
    handler: Callable[[Owner, Asker, Any], None]


def route(
    request: type[Asked], handler: Callable[[Owner, Asker, Asked], None]
) -> Route[Owner, Asker]:
    """``handler`` answers every ``request``."""
    return Route(request.KIND, handler)


class Routes(Generic[Asker]):
    """The merged table of several owners' routes: for each request type, who handles it."""

    __slots__ = ("_table",)

    def __init__(self, owners: Iterable[tuple[Any, Iterable[Route[Any, Asker]]]]) -> None:
        """``owners``: each owner with its routes; `ValueError` if two route one type."""
        self._table: dict[MsgType, tuple[Any, Callable[[Any, Asker, Any], None]]] = {}
        for owner, routes in owners:
            for one in routes:
                if one.kind in self._table:
                    raise ValueError(f"two handlers for {one.kind.value!r}")
                self._table[one.kind] = (owner, one.handler)

    @property
    def kinds(self) -> Mapping[MsgType, object]:
        """Every request type routed here, with its owner."""
        return {kind: owner for kind, (owner, _) in self._table.items()}

    def __contains__(self, kind: object) -> bool:
        return kind in self._table

    def handle(self, asker: Asker, request: ClientRequest) -> None:
        """Hand ``request`` to its handler (`KeyError` for a type routed nowhere here)."""
        owner, handler = self._table[request.KIND]
        handler(owner, asker, request)
