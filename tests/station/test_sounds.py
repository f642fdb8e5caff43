"""The station's signal sounds without Qt: the WAV file per signal (valid, short, what
tools/signal_sounds.py writes), the player program found on PATH, started for real with the
right file and reaped (no zombie), one that hangs ended, and no player at all."""

from __future__ import annotations

import os
import struct
import sys
import wave
from pathlib import Path

import pytest

from desktop_app.resources import resource_root
from desktop_app.station import sounds
from desktop_app.station.sounds import SoundPlayer, player_command, sound_file
from tests.station.fake_player import install_player, played
from tools import signal_sounds

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="player programs: not Windows")


def _frames(path: Path) -> tuple[tuple[int, int, int, int], list[int]]:
    """(channels, bytes per sample, frame rate, frames) and the 16-bit samples."""
    with wave.open(str(path), "rb") as wav:
        params = (wav.getnchannels(), wav.getsampwidth(), wav.getframerate(), wav.getnframes())
        data = wav.readframes(wav.getnframes())
    return params, list(struct.unpack(f"<{len(data) // 2}h", data))


def test_each_outcome_has_its_own_wav_file_among_the_resources() -> None:
    success, error = sound_file("success"), sound_file("error")
    assert (success.name, error.name) == ("success.wav", "error.wav")
    assert sound_file("anything else") == error  # an unknown signal warns
    assert success.parent == error.parent == resource_root() / "sounds"
    assert success.read_bytes() != error.read_bytes()


def test_the_wav_files_are_valid_short_and_distinct_in_length() -> None:
    seconds = {}
    for kind in ("success", "error"):
        (channels, width, rate, frames), samples = _frames(sound_file(kind))
        assert (channels, width, rate) == (1, 2, 22_050)
        seconds[kind] = frames / rate
        assert 0.1 <= seconds[kind] <= 0.8
        assert max(abs(s) for s in samples) > 8000  # audible, not silence
        assert samples[0] == 0 and abs(samples[-1]) < 100  # faded: no click
    assert seconds["error"] > seconds["success"] * 2  # the error is the longer one


def test_the_committed_wav_files_are_what_the_script_writes(tmp_path: Path) -> None:
    assert signal_sounds.main([str(tmp_path)]) == 0
    for name in signal_sounds.SOUNDS:
        made_params, made = _frames(tmp_path / name)
        params, committed = _frames(resource_root() / "sounds" / name)
        assert made_params == params
        # the same samples (one step apart at most: another libm may round a sine differently)
        assert max(abs(a - b) for a, b in zip(made, committed, strict=True)) <= 1


@posix_only
def test_the_first_player_on_path_is_chosen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "bin"
    monkeypatch.setenv("PATH", str(folder))
    wav = sound_file("success")
    assert player_command(wav, "linux") is None
    install_player(folder, "aplay")
    assert player_command(wav, "linux") == [str(folder / "aplay"), str(wav)]
    install_player(folder, "paplay")
    assert player_command(wav, "linux") == [str(folder / "paplay"), str(wav)]
    install_player(folder, "pw-play")
    assert player_command(wav, "linux") == [str(folder / "pw-play"), str(wav)]
    assert player_command(wav, "darwin") is None  # macOS plays with afplay only
    install_player(folder, "afplay")
    assert player_command(wav, "darwin") == [str(folder / "afplay"), str(wav)]
    assert player_command(wav, "win32") is None  # Windows: winsound, no program


@posix_only
def test_play_starts_the_player_with_the_wav_and_reaps_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = install_player(tmp_path / "bin", "paplay")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    player = SoundPlayer()
    started = []
    for kind in ("success", "error"):
        assert player.play(kind)
        started.append(player.processes[-1])
        assert player.wait(30) and player.processes == []
    assert played(record) == [sound_file("success"), sound_file("error")]
    for process in started:
        assert process.returncode == 0
        with pytest.raises(ChildProcessError):  # reaped: no zombie is left behind
            os.waitpid(process.pid, os.WNOHANG)


@posix_only
def test_a_player_that_hangs_is_ended(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install_player(tmp_path / "bin", "aplay", script="exec /bin/sleep 60")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    monkeypatch.setattr(sounds, "PLAY_TIMEOUT_S", 0.3)
    player = SoundPlayer()
    assert player.play("error")
    (process,) = player.processes
    assert player.wait(30)
    assert process.returncode is not None and process.returncode < 0  # killed, and reaped


@posix_only
def test_no_player_found_plays_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    player = SoundPlayer()
    assert not player.play("success")  # the caller falls back to the bell
    assert player.processes == [] and player.wait(1)


@posix_only
def test_a_player_that_cannot_be_started_plays_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "bin"
    install_player(folder, "pw-play")
    (folder / "pw-play").write_text("#!/nonexistent/interpreter\n", encoding="utf-8")
    monkeypatch.setenv("PATH", str(folder))
    player = SoundPlayer()
    assert not player.play("success")
    assert player.processes == []
