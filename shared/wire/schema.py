"""The wire's use of the one schema engine (`shared.schema`): a message that does not fit its
schema is a `ProtocolError` with code ``bad_message`` and the schema error's own words."""

from __future__ import annotations

from typing import Any

from shared.schema import SchemaError, Spec, Struct
from shared.wire.errors import ErrorCode, ProtocolError

__all__ = ["check", "check_fields"]


def check(spec: Spec, value: object, path: str) -> None:
    """``spec.check``, its `SchemaError` as the wire's `ProtocolError`."""
    try:
        spec.check(value, path)
    except SchemaError as error:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, str(error)) from None


def check_fields(struct: Struct, fields: dict[Any, Any], path: str, skip: str | None) -> None:
    """``struct.check_fields``, its `SchemaError` as the wire's `ProtocolError`."""
    try:
        struct.check_fields(fields, path, skip)
    except SchemaError as error:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, str(error)) from None
