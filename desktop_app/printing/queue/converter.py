"""The label converter: a PDF label for a ZPL printer is converted in a worker process.

The conversion is CPU-bound Python that holds the GIL; in a thread of the app the event
loop's thread waited for the GIL behind it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import sys
import threading
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from desktop_app.parent_watch import exit_with_pool_parent
from desktop_app.printing.payload import Payload, detect_kind, prepare_payload
from desktop_app.printing.printers import PrinterDefinition

log = logging.getLogger(__name__)

# PDF -> ZPL takes ~12 ms of CPU a label at 203 dpi (more at 300), mostly Python holding the
# GIL: in a thread it made the GUI's event loop wait (a batch of 100 labels: p99 stalls of
# 30-40 ms instead of 13). One worker process, spawned on first use and shared by every queue
# of the process, converts instead, at a lower CPU priority so that the window wins a busy CPU.
CONVERTER_NICE = 5
_converter: ProcessPoolExecutor | None = None
_converter_lock = threading.Lock()
_converter_unavailable = False
_converter_proven = False  # it converted a label once: a later crash is the label's doing


def _start_converter() -> None:
    """The converter's initializer: it ends with the app (even a killed one), and yields
    the CPU to the window."""
    exit_with_pool_parent()
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(CONVERTER_NICE)


def conversion_executor() -> Executor | None:
    """The shared converter process pool; None where it cannot run (then: a thread).

    The child is spawned (a fresh interpreter) and, like every spawned child, imports the
    parent's main script unless that is a package's `__main__` (`python -m desktop_app`): the
    entry points (`packdesk`, bench and test runners) guard their main code. A frozen app
    (PyInstaller) would start itself again as the child and a main without a file on disk
    cannot be imported, so these convert in a thread, as does a process whose converter
    failed to start.
    """
    global _converter
    if _converter_unavailable or getattr(sys, "frozen", False):
        return None
    main_file = getattr(sys.modules.get("__main__"), "__file__", None)
    if main_file is not None and not os.path.isfile(main_file):
        return None
    with _converter_lock:
        if _converter is None:
            _converter = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),  # never fork a Qt process
                initializer=_start_converter,
            )
        return _converter


def _discard_converter(broken: Executor) -> None:
    global _converter
    with _converter_lock:
        if _converter is broken:
            _converter = None
    broken.shutdown(wait=False)


def _prepare(printer: PrinterDefinition, document: bytes, source_format: str | None) -> Payload:
    """`prepare_payload` with positional arguments (picklable for the converter process)."""
    return prepare_payload(printer, document, source_format=source_format)


async def prepare_off_loop(
    printer: PrinterDefinition, document: bytes, source_format: str | None
) -> Payload:
    """What the printer receives for this label, prepared off the event loop.

    A conversion runs in the converter process. A converter that worked before and died with
    this job fails the job (the label may crash it: never retried in the app's own process);
    one that never started leaves the conversions to a thread.
    """
    global _converter_unavailable, _converter_proven
    loop = asyncio.get_running_loop()
    pool = None
    if printer.kind == "zpl" and detect_kind(document) == "pdf":
        pool = await asyncio.to_thread(conversion_executor)
    if pool is not None:
        try:
            # the first submit starts the process (tens of ms): not on the loop's thread
            future = await asyncio.to_thread(
                pool.submit, _prepare, printer, document, source_format
            )
        except (OSError, RuntimeError) as exc:
            log.warning("label converter process unavailable (%s): converting in a thread", exc)
            _converter_unavailable = True
        else:
            try:
                payload = await asyncio.wrap_future(future)
            except BrokenProcessPool:
                _discard_converter(pool)
                if _converter_proven:
                    raise
                log.warning("the label converter process did not start: converting in a thread")
                _converter_unavailable = True
            else:
                _converter_proven = True
                return payload
    return await loop.run_in_executor(None, _prepare, printer, document, source_format)
