"""Read the single JSON object a ``longdoc.*`` command takes; every mistake is an InvalidParams error.

Messages name the command and the argument, so a client author sees at once what was wrong.
"""

from __future__ import annotations

from typing import Any

from pygls.exceptions import JsonRpcInvalidParams

_MISSING = object()


class CommandArguments:
    """The argument object of one command call, with typed accessors."""

    def __init__(self, command: str, arguments: tuple[Any, ...]) -> None:
        self.command = command
        if len(arguments) != 1 or not isinstance(arguments[0], dict):
            raise self.error(f"takes exactly one JSON object as argument, got {list(arguments)!r}")
        self.values: dict[str, Any] = arguments[0]

    def error(self, message: str) -> JsonRpcInvalidParams:
        return JsonRpcInvalidParams(f"{self.command}: {message}")

    def string(self, key: str, *, allow_empty: bool = False) -> str:
        value = self.values.get(key, _MISSING)
        if value is _MISSING:
            raise self.error(f"missing required argument '{key}'")
        if not isinstance(value, str) or (not allow_empty and not value.strip()):
            raise self.error(f"'{key}' must be a non-empty string, got {value!r}")
        return value

    def positive_int(self, key: str, default: int | None) -> int | None:
        """An integer >= 1, or ``default`` when absent or null."""
        value = self.values.get(key)
        if value is None:
            return default
        if type(value) is not int or value < 1:
            raise self.error(f"'{key}' must be an integer >= 1 or null, got {value!r}")
        return value

    def string_map(self, key: str) -> dict[str, str]:
        value = self.values.get(key, _MISSING)
        if value is _MISSING:
            raise self.error(f"missing required argument '{key}'")
        if (
            not isinstance(value, dict)
            or not value
            or not all(isinstance(name, str) and isinstance(query, str) and query.strip() for name, query in value.items())
        ):
            raise self.error(f"'{key}' must be a non-empty object of name -> query strings, got {value!r}")
        return value

    def required(self, key: str) -> Any:
        value = self.values.get(key, _MISSING)
        if value is _MISSING or value is None:
            raise self.error(f"missing required argument '{key}'")
        return value
