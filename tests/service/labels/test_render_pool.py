"""Label rendering off the event loop: a worker process, and a thread when there is none."""

from __future__ import annotations

import os
import select
import signal
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from desktop_app.service.labels.render_pool import LabelRenderer, render_files
from tests.fixtures.service import RunningService
from tests.payloads import PACKAGE, RECEIVER, SENDER, shipment

NUMBER = "00340434161094027318"
URL = f"https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode={NUMBER}"
BODY: dict[str, Any] = {
    "carrier": "dhl",
    "service": "standard",
    "created_at": "2026-11-22T08:00:00+00:00",
    "from": SENDER,
    "to": RECEIVER,
    "packages": [{**PACKAGE, "id": "p1"}],
    "reference_number": "RENDER-1",
    "label": {"format": "zpl2_4x6in_203dpi"},
}
ZPL = "zpl2_4x6in_203dpi"


async def test_a_worker_process_renders_what_the_service_would() -> None:
    renderer = LabelRenderer(1)
    try:
        whole, singles = await renderer.render(BODY, [NUMBER], [URL], True, ZPL)
        workers = renderer.workers.pids()
        assert workers and os.getpid() not in workers
    finally:
        renderer.close()
    expected, _ = render_files(BODY, [NUMBER], [URL], True, ZPL)
    assert whole == expected and singles == [whole]
    assert NUMBER in whole.decode()


async def test_a_killed_worker_falls_back_to_a_thread() -> None:
    renderer = LabelRenderer(1)
    try:
        await renderer.render(BODY, [NUMBER], [URL], True, ZPL)
        workers = renderer.workers.pids()
        assert workers
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        # the next label still comes out (in a thread), and so do later ones
        for _ in range(2):
            whole, _ = await renderer.render(BODY, [NUMBER], [URL], True, "pdf_a6")
            assert whole.startswith(b"%PDF")
        assert not renderer.workers.pids()
    finally:
        renderer.close()


async def test_no_processes_renders_in_a_thread() -> None:
    renderer = LabelRenderer(0)
    whole, singles = await renderer.render(BODY, [NUMBER], [URL], True, ZPL)
    assert not renderer.workers.pids() and singles == [whole] and NUMBER in whole.decode()


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            # the command may hold spaces and parentheses: the fields follow the last ")"
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="needs Linux pidfds")
def test_the_worker_ends_with_a_killed_service(
    service_factory: Callable[..., RunningService],
) -> None:
    service = service_factory()
    with service.client() as client:
        assert client.post("/v1/shipments", json=shipment(label=True)).status_code == 200
    workers = [pid for pid in _children(service.process.pid) if _is_render_worker(pid)]
    assert workers, "the label was not rendered in a worker process"
    fds = [os.pidfd_open(pid) for pid in workers]
    try:
        service.process.kill()
        service.process.wait(10)
        for fd in fds:
            # a pidfd becomes readable when its process ends
            readable, _, _ = select.select([fd], [], [], 15)
            assert readable, "the render worker outlived the killed service"
    finally:
        for fd in fds:
            os.close(fd)


def _is_render_worker(pid: int) -> bool:
    try:
        return b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def test_pdf_labels_in_the_service_process_log_no_font_subsetting(
    service_factory: Callable[..., RunningService],
) -> None:
    service = service_factory("--render-processes", "0")  # labels in a thread of the service
    with service.client() as client:
        for _ in range(2):
            response = client.post("/v1/shipments", json=shipment(label=True))
            assert response.status_code == 200, response.text
            assert response.json()["label"]["format"] == "pdf_a6"
    log = (service.data_dir / "service.log").read_text(encoding="utf-8")
    assert "INFO packdesk.service: POST /v1/shipments -> 200" in log  # it does log at INFO
    assert "fontTools" not in log, log[-2000:]


def _render_workers(service: RunningService) -> list[int]:
    return [pid for pid in _children(service.process.pid) if _is_render_worker(pid)]


def test_the_renderer_starts_with_the_service_unless_told_not_to(
    service_factory: Callable[..., RunningService],
) -> None:
    warm, lazy = service_factory(), service_factory("--no-label-warm-up")
    for service in (warm, lazy):
        with service.client() as client:  # answered after the service's start-up ran
            assert client.get("/v1/me").status_code == 200
    assert _render_workers(warm), "no render worker before the first label"
    assert not _render_workers(lazy)
    with lazy.client() as client:
        assert client.post("/v1/shipments", json=shipment(label=True)).status_code == 200
    assert _render_workers(lazy)  # started by the first label instead


def test_without_a_worker_the_label_stack_loads_in_a_thread(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from desktop_app.service.labels import render_pool as render

    loaded: list[str] = []

    def preload() -> None:
        loaded.append(threading.current_thread().name)
        raise OSError("font file unreadable")

    monkeypatch.setattr(render, "preload", preload)
    renderer = LabelRenderer(0)
    warming = renderer.warm()
    assert warming is not None
    warming.result(10)
    renderer.close()
    assert len(loaded) == 1 and loaded[0].startswith("label-render")
    assert "label render: loading in advance failed" in caplog.text  # logged, not raised
