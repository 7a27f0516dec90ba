"""The rules a room's or a tournament's creator chose: a preset, options over it, and the fields
a request gives apart (PROTOCOL.md §6), judged once for both, each refusal worded for the
player (``bad_rules``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from server.refusals import Refused
from shared.rules import RuleError, RuleSet
from shared.wire.protocol import ErrorCode

__all__ = ["chosen_rules"]


def chosen_rules(preset: str, options: Iterable[tuple[str, Any]], **fields: Any) -> RuleSet:
    """The rules of ``preset`` with ``options`` over it and the request's own ``fields``
    (which ``options`` may not give); `Refused` for anything that makes no rules, or rules
    under which nobody could ever score."""
    chosen = dict(options)
    clash = fields.keys() & chosen.keys()
    if clash:
        raise Refused(
            ErrorCode.BAD_RULES,
            f"Give {', '.join(sorted(clash))} as fields of the request, not as rules.",
        )
    try:
        rules = RuleSet.preset(preset, **chosen, **fields)
    except (RuleError, TypeError) as error:
        raise Refused(ErrorCode.BAD_RULES, str(error)) from None
    if not rules.scores:
        raise Refused(
            ErrorCode.BAD_RULES,
            "With every point value 0 and no card points, nobody could ever score: "
            "the match would never end.",
        )
    return rules
