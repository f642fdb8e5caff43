"""A start never replaces an installation silently; the CA key fits its certificate (issue 36).

- A data dir with a CA and credentials but no database stops the start (exit 78) naming the
  ways on; `credentials.json`, the CA and the missing database file are left as they were.
  `--new` starts afresh on purpose and keeps the old credentials aside.
- Credentials of another account than the database's are never written over.
- `serve restore` works into a data dir that holds only what a failed start left (its log).
- A CA key that is not the CA certificate's stops the start (exit 78); key files loosened to
  0644 are 0600 again after a start, and the log says so.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from desktop_app.service.tls import EXIT_CONFIG
from tests.fixtures.service import RunningService
from tests.payloads import shipment
from tests.service.storage.test_backup import _packdesk
from tests.service.test_data_dir_safety import _mode, _serve

ServiceFactory = Callable[..., RunningService]


def _stopped_installation(service_factory: ServiceFactory) -> tuple[Path, str]:
    """A data dir with one shipment in it, its service stopped; the shipment's id."""
    service = service_factory()
    with service.client() as client:
        created = client.post("/v1/shipments", json=shipment())
        assert created.status_code == 200, created.text
    service.stop()
    # the test harness's copy of the service's stderr (under systemd: the journal)
    (service.data_dir / "serve-stderr.log").unlink()
    return service.data_dir, created.json()["id"]


def _snapshot(data_dir: Path) -> dict[str, bytes]:
    files = [data_dir / "credentials.json", *sorted((data_dir / "tls").glob("*.pem"))]
    return {str(p.relative_to(data_dir)): p.read_bytes() for p in files}


def test_a_missing_database_stops_the_start_and_replaces_nothing(
    service_factory: ServiceFactory,
) -> None:
    data_dir, _ = _stopped_installation(service_factory)
    before = _snapshot(data_dir)
    for name in ("service.db", "service.db-wal", "service.db-shm"):
        (data_dir / name).unlink(missing_ok=True)
    done = _serve(data_dir, "--port", "0")
    assert done.returncode == EXIT_CONFIG, done.stderr
    assert "but its database" in done.stderr and "is missing or empty" in done.stderr
    assert f"packdesk serve --new --data-dir {data_dir}" in done.stderr
    assert f"packdesk serve restore --data-dir {data_dir}" in done.stderr
    assert "Traceback" not in done.stderr and not done.stdout  # no start line either
    assert _snapshot(data_dir) == before
    assert not (data_dir / "service.db").exists()
    assert "cannot start: the data dir" in (data_dir / "service.log").read_text(encoding="utf-8")


def test_new_starts_afresh_on_purpose_keeping_the_old_credentials_aside(
    service_factory: ServiceFactory,
) -> None:
    data_dir, _ = _stopped_installation(service_factory)
    old_credentials = (data_dir / "credentials.json").read_bytes()
    old_ca = (data_dir / "tls" / "ca.pem").read_bytes()
    (data_dir / "service.db").unlink()
    fresh = service_factory("--new", data_dir=data_dir)
    with fresh.client() as client:
        assert client.get("/v1/shipments").json()["shipments"] == []
    kept = list(data_dir.glob("credentials.json.replaced-*"))
    assert [p.read_bytes() for p in kept] == [old_credentials]
    assert (data_dir / "credentials.json").read_bytes() != old_credentials
    assert (data_dir / "tls" / "ca.pem").read_bytes() == old_ca  # stations keep trusting it


def test_credentials_of_another_account_are_never_written_over(
    service_factory: ServiceFactory,
) -> None:
    data_dir, stored = _stopped_installation(service_factory)
    credentials = data_dir / "credentials.json"
    foreign = json.loads(credentials.read_text(encoding="utf-8"))
    foreign["account_id"] = "another-installation"
    credentials.write_text(json.dumps(foreign), encoding="utf-8")
    os.chmod(credentials, 0o600)
    written = credentials.read_bytes()
    done = _serve(data_dir, "--port", "0")
    assert done.returncode == EXIT_CONFIG, done.stderr
    assert "holds the keys of another account" in done.stderr and "--new" in done.stderr
    assert credentials.read_bytes() == written
    # on purpose: the first account gets new keys, its data stays, the old file is kept
    again = service_factory("--new", data_dir=data_dir)
    with again.client() as client:
        assert client.get(f"/v1/shipments/{stored}").status_code == 200
    assert [p.read_bytes() for p in data_dir.glob("credentials.json.replaced-*")] == [written]


def test_restore_into_the_data_dir_a_failed_start_left(
    service_factory: ServiceFactory, tmp_path: Path
) -> None:
    """The database lost, the start stops; the backup restores into that same data dir (its
    CA and credentials are the backup's) and every station's key works again."""
    data_dir, stored = _stopped_installation(service_factory)
    old_key = json.loads((data_dir / "credentials.json").read_text(encoding="utf-8"))
    archive = tmp_path / "backup.tar"
    assert _packdesk("backup", str(archive), "--data-dir", str(data_dir)).returncode == 0
    for name in ("service.db", "service.db-wal", "service.db-shm"):
        (data_dir / name).unlink(missing_ok=True)
    assert _serve(data_dir, "--port", "0").returncode == EXIT_CONFIG
    restored = _packdesk("restore", str(archive), "--data-dir", str(data_dir))
    assert restored.returncode == 0, restored.stderr
    service = service_factory(data_dir=data_dir)
    assert service.sandbox_key == old_key["sandbox_key"]
    with service.client() as client:
        assert client.get(f"/v1/shipments/{stored}").status_code == 200


def test_restore_still_refuses_another_installation(
    service_factory: ServiceFactory, tmp_path: Path
) -> None:
    data_dir, _ = _stopped_installation(service_factory)
    archive = tmp_path / "backup.tar"
    assert _packdesk("backup", str(archive), "--data-dir", str(data_dir)).returncode == 0
    other, _ = _stopped_installation(service_factory)
    (other / "service.db").unlink()
    refused = _packdesk("restore", str(archive), "--data-dir", str(other))
    assert refused.returncode != 0, refused.stderr
    assert "is not empty (credentials.json, tls)" in refused.stderr


def test_a_ca_key_of_another_certificate_stops_the_start(
    service_factory: ServiceFactory,
) -> None:
    data_dir, _ = _stopped_installation(service_factory)
    ca_key = data_dir / "tls" / "ca-key.pem"
    stranger = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    ca_key.write_bytes(stranger)
    before = _snapshot(data_dir)
    # a new name would make the service issue a server certificate with the wrong key
    done = _serve(data_dir, "--port", "0", "--tls-name", "packdesk-02.lan")
    assert done.returncode == EXIT_CONFIG, done.stderr
    assert "does not belong to its certificate" in done.stderr
    assert f"packdesk serve --new-ca --data-dir {data_dir}" in done.stderr
    assert _snapshot(data_dir) == before


def test_loosened_key_files_are_private_again_after_a_start(
    service_factory: ServiceFactory,
) -> None:
    data_dir, _ = _stopped_installation(service_factory)
    keys = [data_dir / "tls" / "ca-key.pem", data_dir / "tls" / "server-key.pem"]
    keys.append(data_dir / "credentials.json")
    for path in keys:
        os.chmod(path, 0o644)
    service_factory(data_dir=data_dir)
    assert {path.name: _mode(path) for path in keys} == {path.name: 0o600 for path in keys}
    log = (data_dir / "service.log").read_text(encoding="utf-8")
    for path in keys:
        assert f"{path} was 0644: set to 0600" in log


def test_a_new_data_dir_still_starts_by_itself(
    service_factory: ServiceFactory, tmp_path: Path
) -> None:
    """An empty data dir is a first start: CA, database and keys are made without a word."""
    target = tmp_path / "empty"
    target.mkdir()
    service = service_factory(data_dir=target)
    with service.client() as client:
        assert client.get("/v1/me").status_code == 200
    assert (target / "service.db").exists() and (target / "tls" / "ca.pem").exists()
