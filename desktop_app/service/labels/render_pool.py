"""Label files rendered off the event loop: in a worker process, else in a thread.

Rendering a PDF label is pure-Python CPU work (fpdf2, segno, python-barcode): a few ms per
label. In a thread it still holds the GIL, so under concurrent creates it stalls the event
loop and every request in flight waits for it (the service then added 40-100 ms to a create
under 8 clients). A worker process renders on another core instead (workers.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import Future
from typing import Any

from desktop_app.service.labels.shipment_labels import (
    label_pages_for_shipment,
    preload,
    render_label,
)
from desktop_app.service.workers import WorkerPool

RenderedFiles = tuple[bytes, list[bytes]]


def render_files(
    body: Mapping[str, Any], numbers: Sequence[str], urls: Sequence[str], sandbox: bool, fmt: str
) -> RenderedFiles:
    """The whole label and one single-page label per package (the same one for one package)."""
    pages = label_pages_for_shipment(body, list(numbers), sandbox, list(urls))
    whole = render_label(pages, fmt)
    singles = [render_label([page], fmt) for page in pages] if len(pages) > 1 else [whole]
    return whole, singles


class LabelRenderer:
    """Renders label files in up to `processes` worker processes (0: in a thread)."""

    def __init__(self, processes: int = 1) -> None:
        self.workers = WorkerPool("label render", processes)

    def warm(self) -> Future[None] | None:
        """Start the worker and load the PDF stack in it now, in the background (start-up).

        Otherwise the first label after start-up waits for that: ~0.4 s alone, ~1 s for the
        first labels of a batch arriving together (spawning the worker, importing fpdf2,
        reading the fonts). Without a worker the service process loads it in a thread.
        """
        return self.workers.warm(preload)

    async def render(
        self,
        body: Mapping[str, Any],
        numbers: Sequence[str],
        urls: Sequence[str],
        sandbox: bool,
        fmt: str,
    ) -> RenderedFiles:
        """`render_files` in a worker process (or a thread), never on the event loop."""
        args = (dict(body), tuple(numbers), tuple(urls), sandbox, fmt)
        return await self.workers.run(render_files, *args)

    def close(self) -> None:
        """Stop the worker processes (service shutdown)."""
        self.workers.close()
