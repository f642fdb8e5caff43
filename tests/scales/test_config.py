import sys

import pytest

from desktop_app.scales.config import ScaleConfig, load_scale_config, save_scale_config
from desktop_app.scales.discovery import find_scales
from desktop_app.scales.virtual_scale import VirtualScale


def test_round_trip_and_defaults(tmp_path):
    path = tmp_path / "scales.json"
    assert load_scale_config(path) == ScaleConfig()  # no file: no scale
    config = ScaleConfig(uri="sics:/dev/ttyUSB0?baudrate=4800", stable_count=5, tolerance_kg=0.01)
    save_scale_config(config, path)
    assert load_scale_config(path) == config
    path.write_text("{not json")
    assert load_scale_config(path) == ScaleConfig()
    path.write_text('{"uri": "nope:x", "stable_count": 3}')  # a bad URI is not used
    assert load_scale_config(path) == ScaleConfig()
    path.write_text('{"uri": "hid:", "colour": "red"}')  # unknown keys of newer versions
    assert load_scale_config(path).uri == "hid:"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"uri": "foo:bar"}, "uri: unknown scale type"),
        ({"stable_count": 0}, "stable_count"),
        ({"tolerance_kg": -1}, "tolerance_kg"),
        ({"max_age": 0.01}, "max_age"),
        ({"interval": 10}, "interval"),
    ],
)
def test_invalid_settings_are_not_saved(tmp_path, changes, message):
    path = tmp_path / "scales.json"
    with pytest.raises(ValueError, match=message):
        save_scale_config(ScaleConfig().with_changes(**changes), path)
    assert not path.exists()


async def test_the_configured_monitor_reads_the_scale():
    assert ScaleConfig().monitor() is None
    with VirtualScale(load_kg=0.9) as vs:
        monitor = ScaleConfig(uri=vs.uri, stable_count=2, interval=0.05).monitor()
        async with monitor:
            assert (await monitor.wait_stable(30)).kg == 0.9
        assert monitor.detector.count == 2


def test_find_scales_without_hidapi(monkeypatch):
    monkeypatch.setitem(sys.modules, "hid", None)
    found, notes = find_scales()
    assert all(f.kind == "serial" and f.uri.startswith("sics:") for f in found)
    assert any("hidapi" in note for note in notes)
