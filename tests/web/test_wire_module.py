"""The page's wire modules are what `tools.web_wire` makes from `shared.wire` now: every message
type, code and field, the codes after which both clients stop reconnecting, and the limits the
page keeps to (its other modules spell none of them: tests/web/architecture.test.mjs)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from shared.schema import Int, ListOf, Nullable, OneOf, Spec, Str, Struct, Tagged
from shared.wire.errors import FINAL_CODES, ErrorCode
from shared.wire.messages import SCHEMAS, Flow, MsgType
from tools.js_types import JsTypes
from tools.web_wire import WIRE_MODULE, WIRE_TYPES, stale, wire_types


def test_the_page_wire_modules_are_current() -> None:
    assert stale() == [], "run python -m tools.web_wire (make web)"


def test_it_holds_every_type_code_and_message_of_the_wire() -> None:
    text = WIRE_MODULE.read_text(encoding="utf-8")
    types = WIRE_TYPES.read_text(encoding="utf-8")
    for kind in MsgType:
        assert f'  {kind.name}: "{kind.value}",' in text
    for code in ErrorCode:
        assert f'  {code.name}: "{code.value}",' in text
    for flow, suffix in ((Flow.TO_SERVER, "Request"), (Flow.TO_CLIENT, "Message")):
        for kind in SCHEMAS[flow]:
            name = "".join(part.title() for part in kind.value.split("_")) + suffix
            assert f"}} {name}\n" in types, name
    final = ", ".join(f"CODE.{code.name}" for code in sorted(FINAL_CODES))
    assert f"Object.freeze([{final}])" in text


def test_a_view_is_typed_field_by_field() -> None:
    text = wire_types()
    assert " * @property {Play[]} legal_plays [play] (≤ 4096)" in text
    assert " * @property {number[]} [choices]" in text
    assert " * @property {[number, number]} scores " in text
    assert '{kind: "card_played", seat: number, card: Card}' in text
    assert '@typedef {{t: "room_state"} & RoomState} RoomStateMessage' in text


def test_specs_become_typescript_types() -> None:
    types = JsTypes()
    assert types.of(ListOf(Nullable(Int(0, 3)), 2, 2)) == "[(number | null), (number | null)]"
    assert types.of(OneOf(("a", 2))) == '"a" | 2'
    pair = Struct({"a": Str(1, 2)}, {"b": Int(0, 1)}, name="a_pair")
    assert types.of(ListOf(pair, 9)) == "APair[]"
    assert types.of(Tagged("kind", {"x": Struct({})}, name="shape")) == "Shape"
    assert types.inline(Struct({"a": Str(1, 2)}), True) == "{a: string}"
    blocks = "\n".join(types.typedefs())
    assert " * @property {number} [b] int 0..1" in blocks
    assert '{kind: "x"}} Shape' in blocks


def test_a_spec_without_a_javascript_type_or_two_schemas_of_one_name_fail() -> None:
    @dataclass(frozen=True)
    class Strange(Spec):
        def describe(self) -> str:
            return "strange"

    with pytest.raises(TypeError, match="Strange"):
        JsTypes().of(Strange())
    types = JsTypes()
    types.of(Struct({"a": Int(0, 1)}, name="same"))
    with pytest.raises(ValueError, match="same"):
        types.of(Struct({"b": Int(0, 1)}, name="same"))
