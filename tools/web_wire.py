"""The browser client's wire modules, ``web/js/wire.js`` and ``wire_types.js``: written from
`shared.wire`, never by hand.

Owns `wire_module`, the values of the page's one copy of the contract (PROTOCOL.md): the
protocol's version; every message type (`MSG`), error and ``bye`` code (`CODE`), ``left_room``
reason and ``notice`` code; the codes after which a client stops reconnecting (`FINAL_CODES`,
the list the desktop client uses too); the limits the page keeps to (the name rule, the chat's
length, a room's code, what a message from the server may hold); the rule options with their
defaults and bounds, and the presets. And `wire_types`, every message's fields as JSDoc
typedefs (`tools.js_types`), which ``tsc --checkJs`` holds the page's modules to: apart, since
only the compiler reads them (a page that loaded them would carry kilobytes of comments).
``python -m tools.web_wire`` writes both (``make web`` runs it); ``--check`` only says whether
they are current, and a test fails while one is stale.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, get_type_hints

from shared.names import (
    MAX_CHAT,
    MAX_NAME,
    MAX_ROOM_NAME,
    NAME_BASES,
    NAME_MARKS,
    NAME_PUNCTUATION,
)
from shared.rules import INT_OPTIONS, OPTION_VALUES, PRESETS, RuleSet
from shared.schema import Int, OneOf, Str, Struct
from shared.wire.errors import FINAL_CODES, ErrorCode
from shared.wire.messages import SCHEMAS, Flow, MsgType
from shared.wire.protocol import PROTOCOL_VERSION, UNPACK_LIMITS
from tools.extract import WEB_SCRIPTS
from tools.generated import generator_main
from tools.js_types import JsTypes, pascal

WIRE_MODULE = WEB_SCRIPTS / "wire.js"
WIRE_TYPES = WEB_SCRIPTS / "wire_types.js"

HEADER = """\
// The wire as the page speaks it (PROTOCOL.md): the protocol's version, every message type and
// code, the codes after which the page stops reconnecting, the limits it keeps to, the rule
// options and presets (every message's fields are types, in wire_types.js). Written by
// `python -m tools.web_wire` from shared/wire: never edit it by hand (a test fails while it
// is stale).
"""

TYPES_HEADER = """\
// The wire's messages as types (PROTOCOL.md §4, §5): every message each way and the maps in
// them, field by field, for the TypeScript compiler to hold the page to (the page's modules
// name them in JSDoc only, so the browser never loads this one). Written by `python -m
// tools.web_wire` from shared/wire: never edit it by hand (a test fails while it is stale).
"""

_DECODE_OPTIONS = {
    "max_str_len": "maxStrLength",
    "max_bin_len": "maxBinLength",
    "max_array_len": "maxArrayLength",
    "max_map_len": "maxMapLength",
    "max_ext_len": "maxExtLength",
}
"""The unpacker's limits, by their names in the page's msgpack library."""


def _js(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _frozen(doc: str, name: str, value: object) -> str:
    return f"/** {doc} */\nexport const {name} = Object.freeze({_js(value)});\n"


def _words(doc: str, name: str, words: Sequence[str]) -> str:
    """A frozen map from each word's name (``WRONG_CODE``) to the word (``"wrong_code"``)."""
    entries = "".join(f"  {word.upper()}: {_js(word)},\n" for word in words)
    return f"/** {doc} */\nexport const {name} = Object.freeze({{\n{entries}}});\n"


def _plain(options: dict[str, Any]) -> dict[str, Any]:
    return {
        key: value.value if isinstance(value, enum.Enum) else value
        for key, value in options.items()
    }


def _field(flow: Flow, kind: MsgType, name: str) -> Any:
    """The spec of field ``name`` of message ``kind`` going ``flow``."""
    struct = SCHEMAS[flow][kind]
    return struct.required.get(name) or struct.optional[name]


def _one_of(flow: Flow, kind: MsgType, name: str) -> tuple[Any, ...]:
    spec = _field(flow, kind, name)
    assert isinstance(spec, OneOf), f"{kind.value}.{name} is not one of a few values"
    return spec.values


def _bounds(spec: Any) -> dict[str, int]:
    assert isinstance(spec, Int), spec
    return {"min": spec.lo, "max": spec.hi}


def limits() -> dict[str, int]:
    """The lengths the page keeps what it sends to (characters)."""
    code = _field(Flow.TO_SERVER, MsgType.JOIN_ROOM, "code")
    assert isinstance(code, Str)
    return {
        "NAME": MAX_NAME,
        "ROOM_NAME": MAX_ROOM_NAME,
        "CHAT": MAX_CHAT,
        "ROOM_CODE": code.max_len,
    }


def name_characters() -> str:
    """The characters a name may hold (`shared.names`) as the source of a JavaScript RegExp
    over one character (flag ``u``): a letter or digit of any script, a mark, or one of a few
    punctuation marks."""
    categories = [*NAME_BASES, *sorted(NAME_MARKS)]
    classes = "".join(f"\\p{{{category}}}" for category in categories)
    punctuation = "".join("\\" + char if char in "-\\]^" else char for char in NAME_PUNCTUATION)
    return f"^[{classes}{punctuation}]$"


def rule_options() -> dict[str, dict[str, Any]]:
    """Every rule option (`shared.rules.RuleSet`): its default, and its values or bounds."""
    hints = get_type_hints(RuleSet)
    options: dict[str, dict[str, Any]] = {}
    for field in dataclasses.fields(RuleSet):
        kind, default = hints[field.name], field.default
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            options[field.name] = {"default": default.value, "values": [v.value for v in kind]}
        elif kind is bool:
            options[field.name] = {"default": default, "values": [False, True]}
        elif field.name in OPTION_VALUES:
            options[field.name] = {"default": default, "values": list(OPTION_VALUES[field.name])}
        else:
            low, high = INT_OPTIONS[field.name]
            options[field.name] = {"default": default, "min": low, "max": high}
    return options


def rules_typedef() -> str:
    """The ``Rules`` typedef: a full rule options map, each option of its own type."""
    lines = [" * The full rule options of a room (PROTOCOL.md §6).", " * @typedef {object} Rules"]
    for name, option in rule_options().items():
        values = option.get("values")
        if values is None:
            kind = "number"
        elif all(isinstance(v, bool) for v in values):
            kind = "boolean"
        else:
            kind = " | ".join(_js(v) for v in values)
        lines.append(f" * @property {{{kind}}} {name}")
    return "/**\n" + "\n".join(lines) + "\n */"


def room_options() -> dict[str, Any]:
    """What ``create_room`` takes: the numbers of players, the presets, the bounds of the
    target and of the turn timer."""
    kind = MsgType.CREATE_ROOM
    return {
        "players": list(_one_of(Flow.TO_SERVER, kind, "players")),
        "presets": list(PRESETS),
        "target": _bounds(_field(Flow.TO_SERVER, kind, "target")),
        "turn_timer": _bounds(_field(Flow.TO_SERVER, kind, "turn_timer")),
    }


def constants() -> Iterator[str]:
    yield f"export const PROTOCOL_VERSION = {PROTOCOL_VERSION};\n"
    yield _words("Every message type (PROTOCOL.md §4, §5).", "MSG", [t.value for t in MsgType])
    yield _words("Every error and bye code (PROTOCOL.md §8).", "CODE", [c.value for c in ErrorCode])
    final = ", ".join(f"CODE.{code.value.upper()}" for code in sorted(FINAL_CODES))
    yield (
        "/** The codes after which a client stops trying to get its session back: the seat is\n"
        " * gone or taken, or trying again would be refused again (PROTOCOL.md §7). */\n"
        "export const FINAL_CODES = /** @type {readonly string[]} */ "
        f"(Object.freeze([{final}]));\n"
    )
    reasons = _one_of(Flow.TO_CLIENT, MsgType.LEFT_ROOM, "reason")
    yield _words("Why a member is back in the lobby (`left_room`).", "LEFT_REASON", reasons)
    notices = _one_of(Flow.TO_CLIENT, MsgType.NOTICE, "code")
    yield _words("The codes of a `notice` (PROTOCOL.md §13).", "NOTICE_CODE", notices)
    yield _frozen("Characters of what the page sends (PROTOCOL.md §6).", "LIMITS", limits())
    yield (
        "/** One character a player's name may hold (PROTOCOL.md §6). */\n"
        f'export const NAME_CHARACTER = new RegExp({_js(name_characters())}, "u");\n'
    )
    decode = {_DECODE_OPTIONS[key]: value for key, value in UNPACK_LIMITS[Flow.TO_CLIENT].items()}
    yield _frozen(
        "What a message from the server may hold (PROTOCOL.md §2).", "DECODE_LIMITS", decode
    )
    yield _frozen("What `create_room` takes (PROTOCOL.md §4).", "ROOM_OPTIONS", room_options())
    yield _frozen(
        "Every rule option: its default, and its values or bounds.", "RULE_OPTIONS", rule_options()
    )
    presets = {name: _plain(options) for name, options in PRESETS.items()}
    doc = "The named rule sets, as their options that differ from the defaults (PROTOCOL.md §6)."
    yield _frozen(doc, "PRESETS", presets)


def message_typedefs(types: JsTypes) -> Iterator[str]:
    """A typedef for every message each way, and the union of each way's messages."""
    for flow, suffix, union, doc in (
        (Flow.TO_SERVER, "Request", "Request", "a message the page sends"),
        (Flow.TO_CLIENT, "Message", "ServerMessage", "a message the server sends"),
    ):
        to_client = flow is Flow.TO_CLIENT
        names = []
        for kind, struct in SCHEMAS[flow].items():
            name = pascal(kind.value) + suffix
            names.append(name)
            tag = f"t: {_js(kind.value)}"
            body = _message_type(types, struct, to_client, tag)
            yield f"/**\n * `{kind.value}`, {doc}.\n * @typedef {{{body}}} {name}\n */"
        yield f"/**\n * @typedef {{{' | '.join(names)}}} {union} {doc}\n */"


def _message_type(types: JsTypes, struct: Struct, to_client: bool, tag: str) -> str:
    if struct.name != "map":
        return f"{{{tag}}} & {types.of(struct, to_client)}"
    return types.inline(struct, to_client, tag)


def wire_module() -> str:
    """The text of ``web/js/wire.js``: the values the page runs with."""
    return "\n".join(part.rstrip("\n") + "\n" for part in [HEADER, *constants()])


def wire_types() -> str:
    """The text of ``web/js/wire_types.js``: every message's fields as types."""
    types = JsTypes()
    messages = list(message_typedefs(types))
    card = '/** @typedef {string} Card a card as the wire writes it: "7d", "10h", "Qs" */'
    parts = [TYPES_HEADER, card, rules_typedef(), *types.typedefs(), *messages, "export {};"]
    return "\n".join(part.rstrip("\n") + "\n" for part in parts)


def generated() -> dict[Path, str]:
    """Each generated module of the page, and its text."""
    return {WIRE_MODULE: wire_module(), WIRE_TYPES: wire_types()}


def write_wire_modules() -> list[Path]:
    written = []
    for path, text in generated().items():
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def stale() -> list[Path]:
    """The generated modules that differ from what `shared.wire` makes now."""
    return [
        path
        for path, text in generated().items()
        if not path.is_file() or path.read_text(encoding="utf-8") != text
    ]


def main(argv: Sequence[str] | None = None) -> int:
    return generator_main("tools.web_wire", __doc__, write_wire_modules, stale, argv)


if __name__ == "__main__":
    raise SystemExit(main())
