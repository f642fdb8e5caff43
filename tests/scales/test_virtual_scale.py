"""Serial scales read through pyserial from the virtual scale on a pty."""

import asyncio

import pytest

from desktop_app.scales.base import create_scale, read_stable
from desktop_app.scales.monitor import ScaleMonitor
from desktop_app.scales.readings import ScaleDisconnected, ScaleNotReady
from desktop_app.scales.virtual_scale import VirtualScale


def test_sics_reads_the_weight_and_its_stability(vscale):
    with create_scale(vscale.uri) as scale:
        reading = scale.read()
        assert (reading.value, reading.unit, reading.stable) == (1.25, "kg", True)
        vscale.set_load(2.5, stable=False)
        moving = scale.read()
        assert (moving.value, moving.stable) == (2.5, False)
    assert vscale.commands == ["SI", "SI"]


def test_sics_s_command_waits_for_stability(tmp_path):
    with VirtualScale(load_kg=0.8, stable=False) as vs, create_scale(vs.uri + "?command=S") as s:
        with pytest.raises(ScaleNotReady, match="no stable weight"):
            s.read()
        vs.set_stable(True)
        assert s.read().value == 0.8
        assert vs.commands == ["S", "S"]


def test_read_stable_needs_n_equal_readings(vscale):
    with create_scale(vscale.uri) as scale:
        reading = read_stable(scale, count=3, interval=0.01)
    assert reading.kg == 1.25 and vscale.commands.count("SI") == 3


def test_read_stable_times_out_on_a_moving_weight(vscale):
    vscale.set_stable(False)
    with create_scale(vscale.uri) as scale, pytest.raises(TimeoutError, match="moving"):
        read_stable(scale, timeout=0.5, interval=0.05)


@pytest.mark.parametrize(
    ("unit", "value"), [("g", 1250.0), ("lb", 2.76), ("oz", 44.1), ("kg", 1.25)]
)
def test_units_are_converted_to_kg(vscale, unit, value):
    vscale.set_unit(unit)
    with create_scale(vscale.uri) as scale:
        reading = scale.read()
    assert reading.unit == unit and reading.value == value
    assert reading.kg == pytest.approx(1.25, abs=0.003)


def test_tare_zero_and_clear(vscale):
    with create_scale(vscale.uri) as scale:
        vscale.set_load(0.2)
        scale.zero()
        assert scale.read().value == 0.0
        vscale.set_load(0.5)  # the empty box
        assert scale.tare().value == pytest.approx(0.3)
        vscale.set_load(1.7)  # box + goods
        assert scale.read().value == pytest.approx(1.2)
        scale.clear_tare()
        assert scale.read().value == pytest.approx(1.5)


def test_tare_and_zero_refused_while_moving_and_overload(vscale):
    with create_scale(vscale.uri) as scale:
        vscale.set_stable(False)
        with pytest.raises(ScaleNotReady, match="wait until it is still"):
            scale.tare()
        with pytest.raises(ScaleNotReady, match="wait until it is still"):
            scale.zero()
        vscale.set_load(31.0, stable=True)
        with pytest.raises(ScaleNotReady, match="overload"):
            scale.read()


def test_unplug_and_replug_without_a_crash(vscale):
    with create_scale(vscale.uri) as scale:
        assert scale.read().value == 1.25
        vscale.unplug()
        with pytest.raises(ScaleDisconnected):
            scale.read()
        with pytest.raises(ScaleDisconnected, match="cannot open"):
            scale.read()
        vscale.replug()
        vscale.set_load(3.0)
        assert scale.read().value == 3.0


def test_nci_scale_over_the_pty(tmp_path):
    with VirtualScale(load_kg=0.4536, unit="lb", protocol="nci") as vs:
        with create_scale(vs.uri) as scale:
            reading = scale.read()
            assert (reading.value, reading.unit, reading.stable) == (1.0, "lb", True)
            vs.set_stable(False)
            assert scale.read().stable is False
            vs.set_load(0.05, stable=True)
            scale.zero()
            assert scale.read().value == 0.0
            vs.set_load(40.0)
            with pytest.raises(ScaleNotReady, match="over capacity"):
                scale.read()
            with pytest.raises(ScaleNotReady, match="tare it on the scale"):
                scale.tare()
    assert vs.commands[:2] == ["W", "W"]


def test_no_answer_is_reported(tmp_path):
    # an NCI client on an MT-SICS scale: the scale answers "ES" lines, never an ETX
    with VirtualScale(load_kg=1.0) as vs, create_scale(f"nci:{vs.path}") as scale:
        with pytest.raises(Exception, match="no answer within 0.3 s"):
            scale.read(timeout=0.3)


async def test_monitor_stable_weight_reconnect_and_max_age(vscale):
    monitor = ScaleMonitor(
        create_scale(vscale.uri), interval=0.02, max_age=0.5, reconnect_delay=0.05
    )
    async with monitor:
        first = await monitor.wait_stable(30)
        assert first.kg == 1.25 and monitor.state == "reading"
        # a moving weight: readings, but no stable weight
        vscale.set_load(2.0, stable=False)
        while monitor.reading() is None or monitor.reading().value != 2.0:
            await asyncio.sleep(0.02)
        assert monitor.stable_weight() is None
        vscale.set_stable(True)
        assert (await monitor.wait_stable(30)).kg == 2.0
        # unplugged: the state says so and no weight is handed out
        vscale.unplug()
        while monitor.state != "disconnected":
            await asyncio.sleep(0.02)
        assert monitor.reading() is None and monitor.stable_weight() is None
        assert "connection lost" in monitor.message or "cannot open" in monitor.message
        vscale.set_load(0.75)
        vscale.replug()
        assert (await monitor.wait_stable(30)).kg == 0.75
        assert monitor.disconnects == 1
        # tare through the monitor: the next stable weight is net
        await monitor.tare()
        vscale.set_load(1.0)
        assert (await monitor.wait_stable(30)).kg == 0.25


def test_readings_older_than_max_age_are_not_handed_out(vscale):
    async def run() -> None:
        monitor = ScaleMonitor(create_scale(vscale.uri), interval=0.02, max_age=0.3)
        async with monitor:
            reading = await monitor.wait_stable(30)
        # stopped: nothing new arrives; the same reading goes stale
        assert monitor.stable_weight(now=reading.at + 0.2) is reading
        assert monitor.stable_weight(now=reading.at + 0.31) is None
        assert monitor.reading(now=reading.at + 0.31) is None

    asyncio.run(run())


async def test_monitor_reports_an_unusable_scale_once(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "hid", None)  # hidapi not installed
    monitor = ScaleMonitor(create_scale("hid:0922:8003"), interval=0.01)
    async with monitor, asyncio.timeout(30):
        while monitor.state != "unavailable":
            await asyncio.sleep(0.01)
    assert monitor.state == "unavailable" and "pip install 'packdesk[hid]'" in monitor.message


def test_bad_uris():
    for uri, message in [
        ("scale", "not a scale URI"),
        ("foo:/dev/x", "unknown scale type 'foo'"),
        ("sics:", "no device"),
        ("sics:/dev/x?baudrate=fast", "baudrate"),
        ("sics:/dev/x?parity=Q", "parity"),
        ("sics:/dev/x?command=P", "command is S or SI"),
        ("hid:zz:1", "hid:VID:PID"),
    ]:
        with pytest.raises(ValueError, match=message):
            create_scale(uri)
