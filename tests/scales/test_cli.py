import asyncio
import json
import os
import signal
import sys
from pathlib import Path

import pytest

from desktop_app.scales.base import create_scale, read_stable
from desktop_app.scales.cli import scales_main
from desktop_app.scales.virtual_scale import VirtualScale


def test_scales_read_prints_the_stable_weight(tmp_path, capsys):
    with VirtualScale(load_kg=2.0, unit="lb") as vs:
        vs.set_unit("lb")
        assert scales_main(["read", vs.uri, "--json", "--count", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["unit"] == "lb" and out["stable"] is True
    assert out["kg"] == pytest.approx(2.0, abs=0.003)


def test_scales_read_exit_codes(capsys):
    with VirtualScale(load_kg=1.0, stable=False) as vs:
        assert scales_main(["read", vs.uri, "--timeout", "0.3"]) == 1
        assert "no stable weight within 0.3 s" in capsys.readouterr().err
        assert scales_main(["read", vs.uri, "--any"]) == 0
        assert "(moving)" in capsys.readouterr().out
    assert scales_main(["read", "nope:x"]) == 2
    assert scales_main(["read", "hid:0922:8003"]) in (1, 2)  # no hidapi (2) or no scale (1)


def test_scales_tare_and_zero(capsys):
    with VirtualScale(load_kg=0.1) as vs:
        assert scales_main(["zero", vs.uri]) == 0
        vs.set_load(0.4)
        assert scales_main(["tare", vs.uri]) == 0
        assert "tare 0.3 kg" in capsys.readouterr().out
        vs.set_stable(False)
        assert scales_main(["tare", vs.uri]) == 1


async def test_virtual_scale_command_with_a_control_file(tmp_path):
    link, control = tmp_path / "scale", tmp_path / "control.json"
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "desktop_app",
        "virtual-scale",
        "--weight",
        "500",
        "--unit",
        "g",
        "--link",
        str(link),
        "--control",
        str(control),
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        first = await asyncio.wait_for(proc.stdout.readline(), 30)
        assert first.startswith(f"virtual scale sics:{link}".encode())
        scale = create_scale(f"sics:{link}")
        reading = await asyncio.to_thread(read_stable, scale, timeout=5)
        assert (reading.value, reading.unit) == (500.0, "g")
        control.write_text(json.dumps({"weight": 1.5, "unit": "kg", "stable": False}))
        line = await asyncio.wait_for(proc.stdout.readline(), 10)
        assert b"control: load 1.5 kg, unit kg, moving" in line
        moving = await asyncio.to_thread(scale.read)
        assert (moving.value, moving.stable) == (1.5, False)
        control.write_text(json.dumps({"plugged": False}))
        assert b"unplugged" in await asyncio.wait_for(proc.stdout.readline(), 10)
        scale.close()
    finally:
        os.kill(proc.pid, signal.SIGTERM)
        assert await asyncio.wait_for(proc.wait(), 10) == 0
    assert not Path(link).exists()
