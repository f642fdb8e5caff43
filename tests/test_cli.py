import subprocess
import sys

from desktop_app.cli import COMMANDS, main


def test_help_lists_every_command(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for name in COMMANDS:
        assert name in out


def test_unknown_command_fails_clearly(capsys):
    assert main(["frobnicate"]) == 2
    assert "unknown command 'frobnicate'" in capsys.readouterr().err


def test_version_runs_as_module():
    out = subprocess.run(
        [sys.executable, "-m", "desktop_app", "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.startswith("packdesk ")
