"""packaging/packdesk-serve.service: own user, data under /var/lib/packdesk, restart on
failure, `packdesk serve --host 0.0.0.0` with options the real parser accepts."""

from __future__ import annotations

import configparser
import shlex
from pathlib import Path

from desktop_app.service.cli import SCHEMA_REFUSED_EXIT, _serve_parser
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
    assert service["RestartPreventExitStatus"] == str(SCHEMA_REFUSED_EXIT)
    assert unit["Install"]["WantedBy"] == "multi-user.target"
    argv = shlex.split(service["ExecStart"])
    assert argv[:2] == ["/usr/bin/packdesk", "serve"]
    options = [a for a in argv[2:] if not a.startswith("$")]
    args = _serve_parser().parse_args(options)
    assert args.host == "0.0.0.0"
    assert Path(args.data_dir).is_relative_to("/var/lib/packdesk")
    assert Path(args.pairing_file).is_relative_to("/var/lib/packdesk")
    # the extra options come from /etc/default/packdesk-serve
    assert "$PACKDESK_SERVE_ARGS" in argv
    assert service["EnvironmentFile"] == "-/etc/default/packdesk-serve"
