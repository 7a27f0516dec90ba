"""The wire's schemas as JSDoc types, for the browser client's generated wire module.

Owns `JsTypes`: the TypeScript type of any `shared.schema.Spec` (an ``Int`` is a number, a
``OneOf`` the union of its literals, a list of exactly two a pair, a ``Nullable`` its type or
null...), and the ``@typedef`` of every named ``Struct`` and ``Tagged`` met on the way, each
property with the spec's own `describe` beside it, so that ``tsc --checkJs`` holds the page's
modules to the fields and values `shared.wire` defines (`tools.web_wire` writes them out).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from shared.schema import (
    Bool,
    CardText,
    Int,
    ListOf,
    Nullable,
    Number,
    OneOf,
    Options,
    Raw,
    Spec,
    Str,
    Struct,
    Tagged,
    Text,
)

__all__ = ["JsTypes", "pascal"]

SMALL_TUPLE = 4
"""Lists of exactly this many items or fewer are written as tuples (``[number, number]``)."""


def pascal(name: str) -> str:
    """``room_state`` → ``RoomState``: a typedef's name from a schema's or message's."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def _grouped(js_type: str) -> str:
    """``js_type`` safe inside a larger type (an array's items, a union's member)."""
    return f"({js_type})" if " | " in js_type or " & " in js_type else js_type


class JsTypes:
    """JSDoc types of specs, and the typedefs of the named maps they hold (`typedefs`).

    ``rules`` is the type of a full rule options map (`Options` in a message to the client);
    a map of options sent to the server may leave any out.
    """

    def __init__(self, rules: str = "Rules") -> None:
        self._rules = rules
        self._defined: dict[str, Spec] = {}
        self._blocks: list[str] = []

    def typedefs(self) -> Iterator[str]:
        """The typedef blocks of every named map met so far, in the order they were met."""
        yield from self._blocks

    def of(self, spec: Spec, to_client: bool = True) -> str:
        """The TypeScript type of ``spec``'s values (``to_client``: as the server sends them)."""
        match spec:
            case Int() | Number():
                return "number"
            case Str() | Text():
                return "string"
            case CardText():
                return "Card"
            case Bool():
                return "boolean"
            case Raw():
                return "unknown"
            case OneOf(values=values):
                return " | ".join(json.dumps(value) for value in values)
            case Nullable(inner=inner):
                return f"{self.of(inner, to_client)} | null"
            case Options():
                return self._rules if to_client else f"Partial<{self._rules}>"
            case ListOf(item=item, min_len=low, max_len=high):
                item_type = _grouped(self.of(item, to_client))
                if low == high and high <= SMALL_TUPLE:
                    return f"[{', '.join([item_type] * high)}]"
                return f"{item_type}[]"
            case Struct(name=name) if name != "map":
                return self._define(name, spec, to_client)
            case Struct():
                return self.inline(spec, to_client)
            case Tagged():
                return self._define(spec.name, spec, to_client)
        raise TypeError(f"no JavaScript type for {type(spec).__name__}: teach tools.js_types")

    def inline(self, struct: Struct, to_client: bool, extra: str = "") -> str:
        """An object type of ``struct``'s fields (``extra``: fields written before them)."""
        fields = [extra] if extra else []
        fields += [f"{key}: {self.of(spec, to_client)}" for key, spec in struct.required.items()]
        fields += [f"{key}?: {self.of(spec, to_client)}" for key, spec in struct.optional.items()]
        return "{" + ", ".join(fields) + "}"

    def properties(self, struct: Struct, to_client: bool) -> list[str]:
        """``@property`` lines for ``struct``'s fields, each with what `describe` says of it."""
        lines = []
        for optional, specs in ((False, struct.required), (True, struct.optional)):
            for key, spec in specs.items():
                name = f"[{key}]" if optional else key
                plain = not isinstance(spec, Struct | Tagged | Options)
                note = f" {spec.describe()}" if plain else ""
                lines.append(f" * @property {{{self.of(spec, to_client)}}} {name}{note}")
        return lines

    def _define(self, name: str, spec: Struct | Tagged, to_client: bool) -> str:
        js_name = pascal(name)
        known = self._defined.get(js_name)
        if known is not None:
            if known != spec:
                raise ValueError(f"two different schemas are both named {name!r}")
            return js_name
        self._defined[js_name] = spec
        if isinstance(spec, Tagged):
            variants = [
                self.inline(variant, to_client, f"{spec.tag}: {json.dumps(kind)}")
                for kind, variant in spec.variants.items()
            ]
            body = "\n *   | ".join(variants)
            self._blocks.append(f"/**\n * @typedef {{{body}}} {js_name}\n */")
        else:
            lines = [f" * @typedef {{object}} {js_name}", *self.properties(spec, to_client)]
            self._blocks.append("/**\n" + "\n".join(lines) + "\n */")
        return js_name
