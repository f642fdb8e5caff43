"""A package's names imported from its submodules on first use (PEP 562): the package stays
cheap to import, and code that needs one name pays only for its submodule."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(
    package: str, homes: Mapping[str, str], namespace: dict[str, Any]
) -> Callable[[str], Any]:
    """The module `__getattr__` of `package`: each name in `homes` is taken from its
    submodule (`homes[name]`) when first asked for and kept in `namespace`."""

    def __getattr__(name: str) -> Any:  # noqa: N807 - the module hook's name
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        namespace[name] = value
        return value

    return __getattr__
