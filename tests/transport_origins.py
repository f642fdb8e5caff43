"""An unclosed asyncio transport says where it was opened.

Python's own "unclosed transport" warning names only the transport, and tracemalloc (which
would give its origin) slows the whole suite several times over. This records the opening
call chain of each socket transport (a few thousand per run) and puts it in the warning.
"""

from __future__ import annotations

import traceback
from asyncio import selector_events
from typing import Any

_Transport = selector_events._SelectorTransport
_original_init = _Transport.__init__


def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    _original_init(self, *args, **kwargs)
    # the frames above asyncio's own: the coroutine chain that connected or accepted
    frames = [f for f in traceback.extract_stack(limit=24)[:-2] if "/asyncio/" not in f.filename]
    accepted_by = getattr(self, "_server", None)  # a server's side of the connection
    where = f"accepted by {accepted_by!r}\n" if accepted_by is not None else ""
    self._opened_at = where + "".join(traceback.format_list(frames[-8:]))


def _del(self: Any) -> None:
    import warnings

    sock = getattr(self, "_sock", None)
    if sock is not None:
        try:
            warnings.warn(
                f"unclosed transport {self!r}, opened at:\n{getattr(self, '_opened_at', '?')}",
                ResourceWarning,
                stacklevel=2,
                source=self,
            )
        finally:  # the warning is an error in the tests: the socket still closes
            sock.close()


def record_transport_origins() -> None:
    _Transport.__init__ = _init
    _Transport.__del__ = _del
