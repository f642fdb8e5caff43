"""A registry of classes by URI scheme, each given as a class or a lazy "module:Class" path.

Printer transports and scales are both chosen by their URI's scheme; slow imports (escpos,
Qt, hidapi) happen only when a URI of theirs is used.
"""

from __future__ import annotations

import importlib
from typing import Any, Generic, TypeVar, cast

T = TypeVar("T")


#: every SchemeRegistry made in this process (packaging/frozen_modules.py reads their modules)
REGISTRIES: list[SchemeRegistry[Any]] = []


class SchemeRegistry(Generic[T]):
    """scheme -> subclass of `base`; `what` names the kind in messages ("transport", "scale")."""

    def __init__(self, base: type, what: str) -> None:
        self.base = base
        self.what = what
        self._entries: dict[str, type[T] | str] = {}
        # modules of the entries registered by name, kept after they are resolved: what a
        # bundle must carry does not depend on what this process happened to use already
        self._lazy: dict[str, str] = {}
        REGISTRIES.append(self)

    def register(self, scheme: str, cls: type[T] | str) -> None:
        """Make `scheme:` URIs use `cls` (a class or a lazy "module:Class" path)."""
        self._entries[scheme.lower()] = cls
        if isinstance(cls, str):
            self._lazy[scheme.lower()] = cls.split(":")[0]
        else:
            self._lazy.pop(scheme.lower(), None)

    def unregister(self, scheme: str) -> None:
        """Forget `scheme` (a plug-in's or a test's own entry)."""
        self._entries.pop(scheme.lower(), None)
        self._lazy.pop(scheme.lower(), None)

    def schemes(self) -> list[str]:
        """The registered schemes."""
        return sorted(self._entries)

    def lazy_modules(self) -> list[str]:
        """Modules of the classes registered by name (a frozen bundle must carry them)."""
        return sorted(set(self._lazy.values()))

    def get(self, scheme: str) -> type[T]:
        """The class for `scheme`, importing it if registered lazily; ValueError if unknown."""
        try:
            entry = self._entries[scheme.lower()]
        except KeyError:
            raise ValueError(
                f"unknown {self.what} {scheme!r}: use one of {', '.join(self.schemes())}"
            ) from None
        if isinstance(entry, str):
            module, name = entry.split(":")
            loaded = getattr(importlib.import_module(module), name)
            if not (isinstance(loaded, type) and issubclass(loaded, self.base)):
                raise TypeError(f"{entry} is not a {self.base.__name__}")
            entry = cast("type[T]", loaded)  # a subclass of base, checked above
            self._entries[scheme.lower()] = entry
        return entry
