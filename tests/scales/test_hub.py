"""One monitor (one open port) per scale device, shared by every reader in the process, and
a status that changes only when the scale's state does."""

from __future__ import annotations

import asyncio
import sys

import pytest

from desktop_app.scales.config import ScaleConfig
from desktop_app.scales.hub import ScaleHub, device_of
from desktop_app.scales.monitor import ScaleStatus
from desktop_app.scales.virtual_scale import VirtualScale
from tests.fixtures.scale import port_opens

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc")


async def until(condition, timeout: float = 20.0) -> None:
    """Wait for a state (the deadline is generous: only a broken part reaches it)."""
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


def test_a_device_is_its_path_whatever_the_protocol_and_options() -> None:
    assert device_of("sics:/dev/ttyUSB0?baudrate=2400") == device_of("nci:/dev/ttyUSB0")
    assert device_of("sics:/dev/ttyUSB0") != device_of("sics:/dev/ttyUSB1")


async def test_three_readers_share_one_open_port(vscale: VirtualScale) -> None:
    hub = ScaleHub()
    config = ScaleConfig(uri=vscale.uri, interval=0.02)
    form, scan = hub.acquire(config), hub.acquire(config)
    # Settings tests the same port with its own stability rule meanwhile
    tester = hub.acquire(config.with_changes(stable_count=2))
    monitor = form.monitor
    assert monitor is not None and scan.monitor is monitor and tester.monitor is monitor
    assert monitor.detector.count == 2  # the newest lease's settings
    await until(lambda: monitor.stable_weight() is not None)
    assert port_opens(vscale) == 1
    assert tester.release() is None  # others still read: the port stays open
    assert monitor.detector.count == 3 and port_opens(vscale) == 1
    assert form.release() is None
    closing = scan.release()  # the last reader: the port closes
    assert closing is not None
    await closing
    assert port_opens(vscale) == 0 and hub.monitors() == {}


async def test_other_options_on_the_same_port_replace_the_reader(tmp_path) -> None:
    with VirtualScale(load_kg=0.5, link=tmp_path / "scale") as vscale:
        hub = ScaleHub()
        sics = hub.acquire(ScaleConfig(uri=vscale.uri, interval=0.02))
        monitor = sics.monitor
        assert monitor is not None
        await until(lambda: monitor.stable_weight() is not None)
        # Settings tries the S command (the scale waits for stability) on the same port
        waiting = hub.acquire(ScaleConfig(uri=f"{vscale.uri}?command=S", interval=0.02))
        assert waiting.monitor is monitor
        await until(lambda: "S" in vscale.commands)
        assert port_opens(vscale) == 1
        waiting.release()
        await until(lambda: monitor.scale.uri == vscale.uri and monitor.stable_weight() is not None)
        assert port_opens(vscale) == 1
        closing = sics.release()
        assert closing is not None
        await closing


async def test_a_new_reader_after_the_last_release_waits_for_the_port_to_close(
    vscale: VirtualScale,
) -> None:
    hub = ScaleHub()
    config = ScaleConfig(uri=vscale.uri, interval=0.02)
    first = hub.acquire(config)
    monitor = first.monitor
    assert monitor is not None
    await until(lambda: monitor.stable_weight() is not None)
    first.release()
    second = hub.acquire(config)  # at once: the first monitor is still closing
    opens: list[int] = []
    fresh = second.monitor
    assert fresh is not None and fresh is not monitor
    while fresh.stable_weight() is None:
        opens.append(port_opens(vscale))
        await asyncio.sleep(0.005)
    assert max(opens) <= 1
    closing = second.release()
    assert closing is not None
    await closing


async def test_a_steady_scale_keeps_its_status_through_lost_answers(vscale: VirtualScale) -> None:
    hub = ScaleHub()
    lease = hub.acquire(ScaleConfig(uri=vscale.uri, interval=0.02, max_age=1.0))
    monitor = lease.monitor
    assert monitor is not None
    await until(lambda: monitor.stable_weight() is not None)
    seen: list[tuple[str, float | None]] = []

    def record(status: ScaleStatus) -> None:
        stable = status.stable.kg if status.stable is not None else None
        if not seen or seen[-1] != (status.state, stable):
            seen.append((status.state, stable))

    monitor.add_listener(record)
    for _ in range(5):  # now and then an answer is lost on the line
        vscale.drop_answers(1)
        asked = len(vscale.commands)
        await until(lambda asked=asked: len(vscale.commands) >= asked + 5)
    assert seen == [("reading", 1.25)]
    # a real change shows at once: the parcel is lifted (moving), then put back
    vscale.set_load(1.25, stable=False)
    await until(lambda: seen[-1] == ("reading", None))
    vscale.set_stable(True)
    await until(lambda: seen[-1] == ("reading", 1.25))
    # unplugged: once its last reading is too old, the state says so
    vscale.unplug()
    await until(lambda: seen[-1][0] == "disconnected")
    closing = lease.release()
    assert closing is not None
    await closing
