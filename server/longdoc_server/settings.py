"""The server's settings (section ``longdoc``), read from initializationOptions and didChangeConfiguration.

Unknown keys are ignored; a value of the wrong type is reported and the previous value kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

DEFAULT_INCLUDE = ("**/*.txt", "**/*.md")
DEFAULT_EXCLUDE = ("**/.git/**", "**/node_modules/**")


@dataclass(frozen=True)
class Settings:
    """What a client can tune: section size, result count and budget, workspace globs."""

    max_tokens: int = 256
    top_k: int = 3
    budget: int | None = None
    include: tuple[str, ...] = DEFAULT_INCLUDE
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE
    problems: tuple[str, ...] = field(default=(), compare=False)

    def updated(self, raw: Any) -> Settings:
        """These settings with the valid values of ``raw`` (a ``longdoc`` section or a dict holding one)."""
        if not isinstance(raw, dict):
            return self
        section = raw.get("longdoc", raw)
        if not isinstance(section, dict):
            return self
        changes: dict[str, Any] = {}
        problems: list[str] = []
        for key, name in (("maxTokens", "max_tokens"), ("topK", "top_k")):
            if key in section:
                value = section[key]
                if type(value) is int and value >= 1:
                    changes[name] = value
                else:
                    problems.append(f"longdoc.{key} must be an integer >= 1, got {value!r}")
        if "budget" in section:
            value = section["budget"]
            if value is None or (type(value) is int and value >= 1):
                changes["budget"] = value
            else:
                problems.append(f"longdoc.budget must be null or an integer >= 1, got {value!r}")
        for key in ("include", "exclude"):
            if key in section:
                value = section[key]
                if isinstance(value, list) and all(isinstance(glob, str) for glob in value):
                    changes[key] = tuple(value)
                else:
                    problems.append(f"longdoc.{key} must be a list of glob strings, got {value!r}")
        return replace(self, **changes, problems=tuple(problems))
