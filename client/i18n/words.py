"""The game's terms and what comes from elsewhere, said in the player's language: levels,
presets, points and seconds, the server's refusals and goodbyes, a failed connection, a card's
name and a hint's reason.

Owns `level_name`, `preset_name`, `points_text`, `seconds_text` and `name_limit_text`;
`quick_text` (a quick-chat phrase or reaction by its id), `quick_phrase_of` and `quick_menu`
(the desktop's typed "/3" for the third), `refusal_text` (an `error` or `bye`
by its code), `room_exit_text` (why the server took us out
of a room), `connect_failure_text` (a connection that failed) and `address_text` (a typed
address that cannot be read), `card_text` ("9♣"; in Arabic "الولد ♣" for a Jack, "الكومي" for
the 7♦) and `hint_text` (a hint's reason as one sentence). What the server says is worded here
by its code, in every language: the server's own English is written for programmers
("resume token", "hello") and never reaches the screen. The wire client's own words (an
unreachable computer, an address that cannot be read) are written for players and shown in
English. Pure: no pygame.
"""

from __future__ import annotations

from client.i18n.language import (
    LANGUAGES,
    N_,
    SOURCE_LANGUAGE,
    _,
    current_language,
    ngettext,
    number,
    translations_for,
)
from shared.bots.hints import Reason, Why
from shared.bots.names import COMPUTER_NAMES
from shared.cards import KOMI, Card, Rank, Suit
from shared.match_host import Refusal
from shared.names import MAX_NAME
from shared.quick_chat import QUICK_ORDER, REACTIONS
from shared.wire.client import ConnectFailed
from shared.wire.errors import ErrorCode

RIGHT_TO_LEFT_ISOLATE = "\u2067"
POP_DIRECTIONAL_ISOLATE = "\u2069"
NO_BREAK_SPACE = "\u00a0"
SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
COURT_WORDS = {
    Rank.ACE: N_("ace"),
    Rank.JACK: N_("jack"),
    Rank.QUEEN: N_("queen"),
    Rank.KING: N_("king"),
}
"""The words other languages use for the ace and the picture cards (Arabic: الآس، الولد،
البنت، الشايب); English writes the letter on the card."""

LEVEL_NAMES = {
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
}
"""The computer players' levels (`shared.bots.LEVELS`) as the player reads them."""
PRESET_NAMES = {"egyptian": N_("Egyptian"), "jawaker": N_("Jawaker")}
"""The rule presets (`shared.rules.PRESETS`) as the player reads them."""
QUICK_PHRASES = {
    "yalla": N_("Come on, play!"),
    "nice": N_("Nice one!"),
    "unlucky": N_("Hard luck!"),
    "basra": N_("What a Basra!"),
    "luck": N_("Good luck!"),
    "moment": N_("One moment…"),
    "again": N_("Another match?"),
    "thanks": N_("Well played, thanks!"),
}
"""The quick-chat phrases (`shared.quick_chat.PHRASES`) as the reader reads them."""

REFUSALS: dict[ErrorCode, str] = {
    ErrorCode.MALFORMED: N_("The server could not read a message from this game."),
    ErrorCode.UNKNOWN_TYPE: N_("The server did not understand a request from this game."),
    ErrorCode.BAD_MESSAGE: N_("The server could not make sense of a request from this game."),
    ErrorCode.HELLO_FIRST: N_("The server did not know this game yet: connect again."),
    ErrorCode.ALREADY_WELCOMED: N_("This game was already connected to the server."),
    ErrorCode.BAD_VERSION: N_(
        "This server runs another version of Basra: play with the same version as the host."
    ),
    ErrorCode.BAD_NAME: N_("That name will not do: use letters or digits, and keep it short."),
    ErrorCode.BAD_TOKEN: N_(
        "The server no longer holds your seat (it may have restarted): connect again."
    ),
    ErrorCode.RATE_LIMITED: N_("Too many requests at once: slow down."),
    ErrorCode.FORBIDDEN: N_("Only the server's own host may ask for that."),
    ErrorCode.NO_SUCH_ROOM: N_("That room is not there any more."),
    ErrorCode.ROOM_FULL: N_("That room is full."),
    ErrorCode.NO_RECORD: N_("The match record is not ready yet."),
    ErrorCode.HINTS_OFF: N_("This room gives no hints."),
    ErrorCode.ALREADY_IN_ROOM: N_("Leave your room first."),
    ErrorCode.NOT_IN_ROOM: N_("You are not in a room."),
    ErrorCode.NAME_TAKEN: N_("Someone in that room already has your name."),
    ErrorCode.REMOVED: N_("The room's creator removed you from that room."),
    ErrorCode.WRONG_CODE: N_("That room is private: its code is needed to join or watch it."),
    ErrorCode.BAD_RULES: N_("The server does not take those rules."),
    ErrorCode.BAD_LEVEL: N_("The server does not know that computer level."),
    ErrorCode.TOO_MANY_ROOMS: N_("The server has all the rooms it can hold: join one."),
    ErrorCode.NOT_CREATOR: N_("Only the room's creator can do that."),
    ErrorCode.GAME_STARTED: N_("The match has already started."),
    ErrorCode.NOT_AGREED: N_(
        "Not everyone has said yes to another match yet: give them a few seconds to leave."
    ),
    ErrorCode.SEATS_EMPTY: N_("Fill the empty seats (with computer players) first."),
    ErrorCode.SEAT_NOT_BOT: N_("Only a computer player's seat can be taken."),
    ErrorCode.ALREADY_SEATED: N_("You already have a seat."),
    ErrorCode.BUSY: N_("The room is busy; try again in a moment."),
    ErrorCode.NOT_IN_GAME: N_("There is no match in progress."),
    ErrorCode.NOT_SEATED: N_("Spectators watch; they do not play."),
    ErrorCode.NOT_YOUR_TURN: N_("It is not your turn."),
    ErrorCode.ILLEGAL_PLAY: N_("That play is not allowed."),
    ErrorCode.CHAT_TOO_LONG: N_("That chat line is too long."),
    ErrorCode.CHAT_EMPTY: N_("There is nothing to say in that line."),
    ErrorCode.CHAT_RATE: N_("You are chatting too fast; wait a little."),
    ErrorCode.SHUTDOWN: N_("The server is shutting down."),
    ErrorCode.RESTARTING: N_("The server is restarting: reconnecting to your seat..."),
    ErrorCode.REPLACED: N_("You connected again from elsewhere."),
    ErrorCode.HELLO_TIMEOUT: N_("Connecting took too long: connect again."),
    ErrorCode.IDLE: N_("The server heard nothing from this game for too long."),
    ErrorCode.SLOW_FRAME: N_("A message took too long to arrive."),
    ErrorCode.BAD_FRAME: N_("The server received a broken message."),
    ErrorCode.TOO_MANY_ERRORS: N_("Too many unreadable or invalid messages."),
    ErrorCode.SERVER_FULL: N_("The server is full; try later."),
    ErrorCode.ADDRESS_LIMIT: N_("Too many connections from this computer."),
    ErrorCode.INTERNAL: N_("The server hit a problem."),
}
"""Every code the server can refuse or close with, worded for the player."""

ROOM_EXITS: dict[str, str] = {
    "left": N_("You left the room."),
    "removed": N_("You were away too long, so you are out of the room."),
    "removed_by_creator": N_("The room's creator removed you from the room."),
    "last_human_left": N_("Everyone has left; the room has closed."),
    "match_over": N_("The match is over; the room has closed."),
    "error": N_("Something went wrong in this room, so it has closed."),
    "shutdown": N_("The server is shutting down."),
}
"""Why the server took us out of a room (`left_room`'s reason)."""


def name_limit_text() -> str:
    """ "Names are at most 16 letters": said under a name field when typing reaches the limit."""
    return _("Names are at most {count} letters").format(count=number(MAX_NAME))


def quick_text(phrase: str) -> str:
    """A quick-chat phrase or reaction by its id, in the reader's language."""
    if phrase in REACTIONS:
        return REACTIONS[phrase]
    return _(QUICK_PHRASES[phrase]) if phrase in QUICK_PHRASES else "…"


def quick_phrase_of(typed: str) -> str | None:
    """The quick-chat id a typed "/3" stands for (the third of `quick_menu`), else None."""
    digits = typed.strip().removeprefix("/")
    if not typed.strip().startswith("/") or not digits.isdigit():
        return None
    index = int(digits) - 1
    return QUICK_ORDER[index] if 0 <= index < len(QUICK_ORDER) else None


def quick_menu() -> list[str]:
    """The quick phrases and reactions as the desktop's chat offers them: "/1  Good luck!"."""
    return [f"/{number(i)}  {quick_text(phrase)}" for i, phrase in enumerate(QUICK_ORDER, 1)]


def level_name(level: str) -> str:
    """ "Easy", "Medium", "Hard": a computer player's level in the player's language."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level.title()


def preset_name(preset: str) -> str:
    """ "Egyptian", "Jawaker": a rule preset in the player's language."""
    return _(PRESET_NAMES[preset]) if preset in PRESET_NAMES else preset.title()


def points_text(points: int) -> str:
    """ "101 points": a score or a match's target."""
    return ngettext("{count} point", "{count} points", points).format(count=number(points))


def seconds_text(seconds: int) -> str:
    """ "30 seconds"."""
    return ngettext("{count} second", "{count} seconds", seconds).format(count=number(seconds))


def refusal_text(code: str) -> str:
    """An `error` or a `bye` for the player, by its code (one from a newer server: in general)."""
    try:
        known = ErrorCode(code)
    except ValueError:
        return _("The server refused that.")
    return _(REFUSALS[known])


PLAY_REFUSALS: dict[Refusal, str] = {
    Refusal.MATCH_OVER: N_("The match is over."),
    Refusal.NOT_YOUR_TURN: N_("It is not your turn."),
    Refusal.ILLEGAL: N_("That play is not allowed."),
}
"""Why practice's match host turned a play down (`shared.match_host`), for the player."""


def play_refusal_text(reason: Refusal) -> str:
    """A play the match host refused, for the player."""
    return _(PLAY_REFUSALS[reason])


SERVER_NOTICES: dict[str, str] = {
    "not_saved": N_(
        "The server can no longer save this match: play goes on, but a restart would lose it."
    ),
    "saved_again": N_("The server saves this match again."),
}
"""A server's `notice` about the room's match, by its code (PROTOCOL.md §5)."""


def server_notice_text(code: str) -> str:
    """A server's `notice` for the player (one from a newer server: in general)."""
    wording = SERVER_NOTICES.get(code)
    return _(wording) if wording is not None else _("The server has news about this room.")


def room_exit_text(reason: str) -> str:
    """Why the server took us out of a room, for the player."""
    wording = ROOM_EXITS.get(reason)
    return _(wording) if wording is not None else _("You are no longer in the room.")


def connect_failure_text(error: ConnectFailed, address: str) -> str:
    """Why connecting to `address` failed: the server's refusal, or an unreachable server."""
    if error.code:
        return refusal_text(error.code)
    ours = _("No Basra server answered at {address}: check the address and that it is running.")
    return _client_words(error, ours.format(address=address))


def address_text(error: ValueError) -> str:
    """A typed address that cannot be read, for the player."""
    return _client_words(error, _("That address will not do: type host or host:port."))


def _client_words(error: Exception, ours: str) -> str:
    """The wire client's own words for an English reader (written for players, and they say
    which computer or which part of an address is wrong), else `ours`."""
    english = str(error)
    return english if english and current_language() == SOURCE_LANGUAGE else ours


def computer_name(name: str) -> str:
    """A computer player's name (`shared.bots.names`: in English from the server, in the
    interface's language when a practice match began) in the interface's language now (any
    other name as it is)."""
    for english in COMPUTER_NAMES:
        if name in {translations_for(language).gettext(english) for language in LANGUAGES}:
            return _(english)
    return name


def card_text(card: Card) -> str:
    """A card as text: "9♣", "J♠" ("الولد ♠" in Arabic), the 7♦ as "الكومي" in Arabic."""
    symbol = SUIT_SYMBOLS[card.suit]
    if current_language() == SOURCE_LANGUAGE:
        return f"{card.rank.label}{symbol}"
    if card == KOMI:
        return _("the Komi")
    court = COURT_WORDS.get(card.rank)
    # One right-to-left unit, read rank then suit like the court cards' words: the no-break
    # space keeps a wrapped line from cutting it, the isolate keeps neighbours from taking its
    # suit, and the rank is written in the player's digits.
    rank = _(court) if court is not None else number(card.rank.label)
    joiner = NO_BREAK_SPACE if court is not None else ""
    return f"{RIGHT_TO_LEFT_ISOLATE}{rank}{joiner}{symbol}{POP_DIRECTIONAL_ISOLATE}"


def hint_text(reason: Reason) -> str:
    """A hint as one sentence: what to play, and why."""
    card = card_text(reason.card)
    count = reason.cards
    match reason.why:
        case Why.ONLY_PLAY:
            text = _("Play the {card}: it is your only play.")
        case Why.JACK_BASRA:
            text = _("Play the {card}: it takes the lone jack for a Jack Basra.")
        case Why.BASRA:
            text = _("Play the {card}: it clears the floor for a Basra.")
        case Why.SWEEP if reason.leaves_little:
            text = ngettext(
                "Play the {card}: it sweeps the floor's one card and leaves your opponent little.",
                "Play the {card}: it sweeps all {count} floor cards and leaves your opponent "
                "little.",
                count,
            )
        case Why.SWEEP:
            text = ngettext(
                "Play the {card}: it sweeps the floor's one card.",
                "Play the {card}: it sweeps all {count} floor cards.",
                count,
            )
        case Why.TAKE if reason.leaves_little:
            text = ngettext(
                "Play the {card}: it takes {count} card from the floor and leaves your opponent "
                "little.",
                "Play the {card}: it takes {count} cards from the floor and leaves your opponent "
                "little.",
                count,
            )
        case Why.TAKE:
            text = ngettext(
                "Play the {card}: it takes {count} card from the floor.",
                "Play the {card}: it takes {count} cards from the floor.",
                count,
            )
        case Why.KEEP:
            text = _("Lay the {card} down and keep your {kept} for a bigger floor.")
        case Why.SAFER:
            text = _("Lay the {card} down: taking now would open the floor for your opponent.")
        case Why.NOT_WORTH:
            text = _("Lay the {card} down: no capture here is worth a card.")
        case Why.SAFE:
            text = _("Lay the {card} down: nothing can be taken, and it is safe.")
        case Why.LEAST_RISK:
            text = _("Lay the {card} down: nothing can be taken, and it risks the least.")
    kept = card_text(reason.kept) if reason.kept is not None else ""
    return text.format(card=card, count=number(count), kept=kept)
