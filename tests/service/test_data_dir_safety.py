"""The data dir's lesser dangers: a lost CA key, a read-only data dir, loose permissions.

- A CA whose key is lost or empty stops the start (exit 78, which the unit does not restart)
  with a message naming the command that makes a new CA on purpose; `--new-ca` does, keeping
  the old files aside.
- A read-only data dir: the service starts, answers 503 with one clear log line and no
  traceback, and serves again once the dir is writable.
- Whatever the umask and whatever an older release left: data dir 0700, its files 0600 (the
  pairing file, public, 0644).
"""

from __future__ import annotations

import contextlib
import json
import os
import ssl
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx

from desktop_app.service.tls import EXIT_CONFIG
from tests.fixtures.service import REPO_ROOT, RunningService, _read_first_line
from tests.payloads import shipment
from tests.service.storage.test_outage import _read_only

ServiceFactory = Callable[..., RunningService]


def _serve(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "desktop_app", "serve", "--data-dir", str(data_dir), *args],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_lost_ca_key_stops_the_start_until_a_new_ca_is_made_on_purpose(
    service_factory: ServiceFactory,
) -> None:
    service = service_factory()
    data_dir = service.data_dir
    service.stop()
    ca_cert = data_dir / "tls" / "ca.pem"
    ca_key = data_dir / "tls" / "ca-key.pem"
    old_ca = ca_cert.read_bytes()
    for damage in (lambda: ca_key.write_bytes(b""), ca_key.unlink):
        damage()
        done = _serve(data_dir, "--port", "0")
        assert done.returncode == EXIT_CONFIG, done.stderr
        assert f"packdesk serve --new-ca --data-dir {data_dir}" in done.stderr
        assert "pair every station again" in done.stderr and "Traceback" not in done.stderr
        assert ca_cert.read_bytes() == old_ca  # nothing replaced
    made = _serve(data_dir, "--new-ca", "--show-pairing")
    assert made.returncode == 0, made.stderr
    assert ca_cert.read_bytes() != old_ca and ca_key.stat().st_size > 0
    kept = list((data_dir / "tls").glob("replaced-*/ca.pem"))
    assert [p.read_bytes() for p in kept] == [old_ca]


@contextlib.contextmanager
def _started(data_dir: Path, stderr_file: Path) -> Iterator[dict[str, str]]:
    """`packdesk serve` on a data dir the test cannot write its own files into."""
    with open(stderr_file, "w", encoding="utf-8") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "desktop_app", "serve", "--port", "0", "--data-dir"]
            + [str(data_dir)],
            cwd=REPO_ROOT,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
        )
    try:
        line = _read_first_line(process, 60)
        assert line, stderr_file.read_text(encoding="utf-8")
        yield json.loads(line)
    finally:
        process.terminate()
        process.wait(15)
        if process.stdout is not None:
            process.stdout.close()


def test_a_read_only_data_dir_answers_503_with_one_clear_line(
    service_factory: ServiceFactory, tmp_path: Path
) -> None:
    service = service_factory()
    data_dir = service.data_dir
    with service.client() as client:
        stored = client.post("/v1/shipments", json=shipment()).json()["id"]
    service.stop()
    stderr_file = tmp_path / "stderr.log"
    with _read_only(data_dir), _started(data_dir, stderr_file) as info:
        creds = json.loads(Path(info["credentials_file"]).read_text(encoding="utf-8"))
        context = ssl.create_default_context(cafile=info["ca_file"])
        auth = (creds["sandbox_key"], "")
        with httpx.Client(base_url=info["base_url"], verify=context, auth=auth) as client:
            assert client.post("/v1/shipments", json=shipment()).status_code == 503
            assert client.get("/health").status_code == 503
        stderr = stderr_file.read_text(encoding="utf-8")
        assert f"cannot write in {data_dir}" in stderr, stderr
        assert "answering 503 until the data dir can be written again" in stderr
        assert "Traceback" not in stderr
        read_only_stderr = stderr
    assert read_only_stderr.count("cannot write in") == 1
    # writable again: a fresh start serves what was stored
    service = service_factory(data_dir=data_dir)
    with service.client() as client:
        assert client.get(f"/v1/shipments/{stored}").status_code == 200


def test_data_dir_private_whatever_the_umask(
    service_factory: ServiceFactory, tmp_path: Path
) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir(mode=0o755)
    os.chmod(data_dir, 0o755)
    old_log = data_dir / "service.log"
    old_log.write_text("left by an older release\n", encoding="utf-8")
    os.chmod(old_log, 0o644)
    pairing = tmp_path / "public" / "pairing.json"
    previous = os.umask(0o022)
    try:
        service = service_factory("--pairing-file", str(pairing), data_dir=data_dir)
    finally:
        os.umask(previous)
    with service.client() as client:
        created = client.post("/v1/shipments", json=shipment())
        assert created.status_code == 200
    assert _mode(data_dir) == 0o700
    assert {_mode(p) for p in data_dir.rglob("*") if p.is_dir()} == {0o700}
    files = [p for p in data_dir.rglob("*") if p.is_file() and p.name != "serve-stderr.log"]
    assert {"service.db", "service.log", "credentials.json", "ca-key.pem"} <= {
        p.name for p in files
    }
    loose = {str(p.relative_to(data_dir)): oct(_mode(p)) for p in files if _mode(p) & 0o077}
    assert loose == {}
    assert _mode(pairing) == 0o644
