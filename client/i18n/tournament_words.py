"""A tournament's words for the player (PROTOCOL.md §15), in the interface's language.

Owns `tournament_line` (one row of the lobby's list of tournaments), `format_line` (its players,
rounds, boards and rules), `rounds_text` and `boards_text` ("3 rounds", "4 boards"),
`phase_text` (taking entrants, round 2 of 3, over), `name_shown` (a computer player's name in
the reader's language), `clock_text` ("3:05"), `entrant_line` (an entrant and who plays for it),
`table_name` ("Table 2"), `margin_text` ("+20") and `kept_record_text` (a finished
tournament's record kept, and whether its deals verify). Pure: no pygame.
"""

from __future__ import annotations

from client.i18n import N_, _, isolate, ngettext, number, separator
from client.i18n.words import computer_name, level_name, preset_name
from shared.wire.tournaments import (
    EntrantInfo,
    MemberInfo,
    TournamentPhase,
    TournamentState,
    TournamentSummary,
)

__all__ = [
    "boards_text",
    "clock_text",
    "entrant_line",
    "format_line",
    "kept_record_text",
    "margin_text",
    "name_shown",
    "phase_text",
    "rounds_text",
    "table_name",
    "tournament_line",
]

_PHASES = {
    TournamentPhase.SIGNUP: N_("Taking entrants"),
    TournamentPhase.PLAYING: N_("Under way"),
    TournamentPhase.OVER: N_("Over"),
    TournamentPhase.CANCELLED: N_("Called off"),
}


def format_line(players: int, rounds: int, boards: int, preset: str) -> str:
    """ "Teams of two · 3 rounds of 4 boards · Egyptian rules"."""
    who = _("2 players a table") if players == 2 else _("teams of two")
    parts = (
        who,
        _("{rounds} of {boards}").format(rounds=rounds_text(rounds), boards=boards_text(boards)),
        _("{preset} rules").format(preset=preset_name(preset)),
    )
    return separator().join(parts)


def rounds_text(count: int) -> str:
    """ "3 rounds"."""
    return ngettext("{count} round", "{count} rounds", count).format(count=number(count))


def boards_text(count: int) -> str:
    """ "4 boards": rounds of Basra, a deck each, that every table of a round plays."""
    return ngettext("{count} board", "{count} boards", count).format(count=number(count))


def phase_text(phase: TournamentPhase, round_: int | None, rounds: int) -> str:
    """Where a tournament is: "round 2 of 3" while it runs, else its phase."""
    if phase is TournamentPhase.PLAYING and round_ is not None:
        return _("Round {round} of {rounds}").format(
            round=number(round_ + 1), rounds=number(rounds)
        )
    return _(_PHASES[phase])


def tournament_line(summary: TournamentSummary) -> str:
    """One row of the lobby's list of tournaments."""
    entrants = _("{count}/{most} entrants").format(
        count=number(summary.entrants), most=number(summary.max_entrants)
    )
    parts = (
        isolate(summary.name),
        format_line(summary.players, summary.rounds, summary.boards, summary.preset),
        entrants,
        phase_text(summary.phase, summary.round, summary.rounds),
    )
    return separator().join(parts)


def name_shown(name: str) -> str:
    """A name the server gave, kept whole in a line: a computer player's (a seat's, "Karim", or
    a tournament's computer entrant, "Medium bot 3") in the reader's language, anyone else's
    as it is."""
    return isolate(computer_name(name))


def clock_text(seconds: float) -> str:
    """A round's time left as minutes and seconds: "3:05"."""
    whole = max(0, int(seconds + 0.999))
    minutes, rest = divmod(whole, 60)
    return f"{number(minutes)}:{number(f'{rest:02d}')}"


def _member(member: MemberInfo) -> str:
    if member.bot is not None:
        return _("{level} bot").format(level=level_name(member.bot))
    if not member.connected:
        return _("{name} (away)").format(name=isolate(member.name))
    return name_shown(member.name)


def entrant_line(entrant: EntrantInfo, state: TournamentState) -> str:
    """ "3. Kings: Ali, Badr": an entrant by number, and who plays for it."""
    name = name_shown(entrant.name)
    if entrant.withdrawn:
        name = _("{name} (withdrawn)").format(name=name)
    if entrant.entrant == state.you:
        name = _("{name}  (you)").format(name=name)
    line = _("{number}. {name}").format(number=number(entrant.entrant), name=name)
    # A team's people are named; a team of computer players is its name alone.
    if state.players == 4 and any(m.bot is None for m in entrant.members):
        members = separator().join(_member(m) for m in entrant.members)
        return _("{entrant}: {members}").format(entrant=line, members=members)
    return line


def table_name(table: int, yours: bool = False) -> str:
    """A table of a round, counted from 1 (``yours``: the reader plays at it)."""
    if yours:
        return _("Table {number} (yours)").format(number=number(table + 1))
    return _("Table {number}").format(number=number(table + 1))


def margin_text(margin: int) -> str:
    """A side's points less the other side's, signed: "+20", "-5", "0"."""
    sign = "+" if margin > 0 else ""
    return f"{sign}{number(margin)}" if margin >= 0 else f"-{number(-margin)}"


def kept_record_text(kept: bool) -> str:
    """One line on a finished tournament's record whose deals did not verify (``kept``: it is
    kept anyway, marked) or that could not be kept."""
    if kept:
        return _("Warning: the tournament's deals do NOT verify! Its record is kept, marked.")
    return _("The tournament's record could not be kept.")
