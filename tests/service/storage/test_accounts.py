"""`packdesk accounts` and restarts: data, keys and certificates survive; files are private."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Iterator

import pytest

from tests.fixtures.service import RunningService, start_service
from tests.payloads import shipment


def test_restart_keeps_data_keys_and_certificate(
    service_factory: Callable[..., RunningService],
) -> None:
    service = service_factory()
    ca_before = service.ca_file.read_bytes()
    keys_before = (service.sandbox_key, service.live_key)
    with service.client() as client:
        created = client.post("/v1/shipments", json=shipment(label=True)).json()
        address = client.post("/v1/addresses", json=shipment()["to"]).json()
        label_before = client.get(created["label_url"]).content
    extra = service.add_account("second@example.com")

    service.restart()

    assert service.ca_file.read_bytes() == ca_before
    assert (service.sandbox_key, service.live_key) == keys_before
    with service.client() as client:
        again = client.get(f"/v1/shipments/{created['id']}")
        assert again.status_code == 200
        assert again.json()["carrier_tracking_no"] == created["carrier_tracking_no"]
        # the label URL follows the new port; the file is the same
        assert client.get(again.json()["label_url"]).content == label_before
        assert client.get(f"/v1/addresses/{address['id']}").json() == address
    with service.client(extra["live_key"]) as other:
        assert other.get("/v1/me").json()["email"] == "second@example.com"

    # a lost credentials file: new keys for the first account, same account and data
    service.credentials_file.unlink()
    service.restart(same_port=True)
    assert (service.sandbox_key, service.live_key) != keys_before
    with service.client() as client:
        assert client.get(f"/v1/shipments/{created['id']}").status_code == 200
    with service.client(keys_before[0]) as old:
        assert old.get("/v1/me").status_code == 401


@pytest.fixture(scope="module")
def default_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningService]:
    """A service with default options, shared by this module's account tests."""
    with start_service(tmp_path_factory.mktemp("accounts-service")) as service:
        yield service


def test_default_limit_is_120_per_60_seconds(default_service: RunningService) -> None:
    with default_service.client("live") as client:
        response = client.get("/v1/me")
    assert response.headers["RateLimit-Limit"] == "120"
    assert response.headers["RateLimit-Interval"] == "60"
    assert response.headers["RateLimit-Remaining"] == "119"
    assert 59 <= int(response.headers["RateLimit-Reset"]) <= 60


def test_accounts_add_list_rotate(default_service: RunningService) -> None:
    service = default_service
    added = json.loads(service.accounts("add", "packer@example.com"))
    assert set(added) == {"account_id", "email", "sandbox_key", "live_key"}
    with service.client(added["sandbox_key"]) as client:
        assert client.get("/v1/me").json()["email"] == "packer@example.com"
    listed = [json.loads(line) for line in service.accounts("list").splitlines()]
    emails = [a["email"] for a in listed]
    assert emails[0] == "owner@packdesk.local" and "packer@example.com" in emails
    # the list shows key prefixes only, never keys
    text = service.accounts("list")
    assert added["sandbox_key"] not in text and added["live_key"] not in text
    packer = next(a for a in listed if a["email"] == "packer@example.com")
    assert packer["sandbox_key_prefix"] == added["sandbox_key"][:8]

    # rotating the first account rewrites the credentials file
    rotated = json.loads(service.accounts("rotate-keys", "owner@packdesk.local"))
    creds = json.loads(service.credentials_file.read_text())
    assert creds["sandbox_key"] == rotated["sandbox_key"] != service.sandbox_key
    with service.client(service.sandbox_key) as old:
        assert old.get("/v1/me").status_code == 401
    service.reload_credentials()
    with service.client() as new:
        assert new.get("/v1/me").status_code == 200


@pytest.mark.parametrize(
    "args", [("add", "owner@packdesk.local"), ("rotate-keys", "nobody@example.com")]
)
def test_duplicate_and_unknown_accounts_fail(
    default_service: RunningService, args: tuple[str, ...]
) -> None:
    with pytest.raises(RuntimeError, match="packdesk accounts"):
        default_service.accounts(*args)


def test_private_files(local_service: RunningService) -> None:
    tls = local_service.ca_file.parent
    for name in ("ca-key.pem", "server-key.pem"):
        assert stat.S_IMODE(os.stat(tls / name).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(local_service.credentials_file).st_mode) == 0o600
    # API keys never reach the log
    log = (local_service.data_dir / "service.log").read_text()
    assert local_service.sandbox_key not in log and local_service.live_key not in log
