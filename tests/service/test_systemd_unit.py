"""packaging/packdesk-serve.service: own user, data under /var/lib/packdesk, restart on
failure, `packdesk serve --host 0.0.0.0` with options the real parser accepts."""

from __future__ import annotations

import configparser
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from desktop_app.service.commands.serve import SCHEMA_REFUSED_EXIT
from desktop_app.service.commands.serve_options import serve_parser
from desktop_app.service.tls import EXIT_CONFIG
from tests.fixtures.service import REPO_ROOT

UNIT = REPO_ROOT / "packaging" / "packdesk-serve.service"


def _unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(UNIT.read_text(encoding="utf-8"))
    return parser


def test_unit_runs_the_server_as_its_own_user_with_its_state_dir() -> None:
    unit = _unit()
    service = unit["Service"]
    assert service["User"] == "packdesk" and service["Group"] == "packdesk"
    assert service["StateDirectory"] == "packdesk"
    assert service["Restart"] == "on-failure"
    # a database newer than the code is no failure a restart cures
    assert str(SCHEMA_REFUSED_EXIT) in service["RestartPreventExitStatus"].split()
    assert unit["Install"]["WantedBy"] == "multi-user.target"
    argv = shlex.split(service["ExecStart"])
    assert argv[:2] == ["/usr/bin/packdesk", "serve"]
    options = [a for a in argv[2:] if not a.startswith("$")]
    args = serve_parser().parse_args(options)
    assert args.host == "0.0.0.0"
    assert Path(args.data_dir).is_relative_to("/var/lib/packdesk")
    assert Path(args.pairing_file).is_relative_to("/var/lib/packdesk")
    # the extra options come from /etc/default/packdesk-serve
    assert "$PACKDESK_SERVE_ARGS" in argv
    assert service["EnvironmentFile"] == "-/etc/default/packdesk-serve"


def test_unit_is_hardened() -> None:
    service = _unit()["Service"]
    assert service["SystemCallArchitectures"] == "native"
    assert service["ProtectClock"] == "yes" and service["MemoryDenyWriteExecute"] == "yes"
    assert service["UMask"] == "0077" and service["StateDirectoryMode"] == "0700"
    # a lost CA key waits for a person (tls.EXIT_CONFIG): no restart loop
    assert str(EXIT_CONFIG) in service["RestartPreventExitStatus"].split()
    filters = [
        line.split("=", 1)[1]
        for line in UNIT.read_text(encoding="utf-8").splitlines()
        if line.startswith("SystemCallFilter=")
    ]
    assert filters[0] == "@system-service"


def test_systemd_analyze_security_exposure_at_most_2_5(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed here")
    unit = tmp_path / UNIT.name
    unit.write_text(UNIT.read_text(encoding="utf-8"), encoding="utf-8")
    done = subprocess.run(
        [analyze, "security", "--offline=true", "--no-pager", str(unit)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if "--offline" in done.stderr and "unrecognized" in done.stderr:
        pytest.skip("this systemd-analyze cannot check a unit file offline (systemd < 250)")
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", done.stdout)
    assert found, done.stdout[-2000:] + done.stderr[-2000:]
    exposure = float(found.group(1))
    print(f"\nsystemd-analyze security exposure: {exposure}")  # noqa: T201 - the closing figure
    assert exposure <= 2.5, done.stdout
