"""How long a test waits for a state, and how it says what it waited for.

A bound only a broken part reaches: on a 2-core machine running the suite on both cores beside
other work (load 6 and more), a local service round trip, a label render or a page's load can
take many seconds; a state that has not come after a minute is not coming.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

PATIENCE = 60.0


def described(predicate: Callable[..., Any]) -> str:
    """What a wait's `predicate` checks, for its failure message: its source line (a lambda's
    text) or its name."""
    try:
        lines, _ = inspect.getsourcelines(predicate)
    except (OSError, TypeError):
        return getattr(predicate, "__qualname__", repr(predicate))
    return " ".join(line.strip() for line in lines)[:300]
