"""Trust on first use of a Packdesk server: fingerprint confirmed, CA pinned, a changed CA refused.

Against real services: the session's local one, and a second one on the same port with its own
(new) CA, as a reinstalled server or an impostor would be.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from desktop_app.domain.pairing import certificate_fingerprint
from desktop_app.profiles.server_trust import (
    CaChangedError,
    FingerprintMismatchError,
    ServerTrustError,
    check_server,
    fetch_pairing,
    forget_server_ca,
    pin_server_ca,
    read_pairing_file,
)
from tests.fixtures.service import RunningService

ServiceFactory = Callable[..., RunningService]


def test_first_use_pins_the_ca_after_the_fingerprint_is_confirmed(
    local_service: RunningService, tmp_path: Path
) -> None:
    pairing = fetch_pairing(local_service.base_url)
    expected = certificate_fingerprint(local_service.ca_file.read_text())
    assert pairing.ca_sha256 == expected
    ca_file = tmp_path / "profile" / "server-ca.pem"
    with pytest.raises(FingerprintMismatchError):
        pin_server_ca(ca_file, pairing, "00:" * 31 + "00")
    assert not ca_file.exists()
    # typed in lower case with spaces: the same fingerprint
    pin_server_ca(ca_file, pairing, expected.lower().replace(":", " "))
    assert certificate_fingerprint(ca_file.read_text()) == expected
    check_server(local_service.base_url, ca_file)


def test_pairing_file_holds_url_and_ca_only(
    service_factory: ServiceFactory, tmp_path: Path
) -> None:
    path = tmp_path / "pairing.json"
    service = service_factory("--pairing-file", str(path))
    pairing = read_pairing_file(path)
    assert pairing.url == service.base_url
    assert set(json.loads(path.read_text())) == {"format", "url", "ca_sha256", "ca_pem"}
    ca_file = pin_server_ca(tmp_path / "ca.pem", pairing, pairing.ca_sha256)
    check_server(service.base_url, ca_file)
    broken = tmp_path / "broken.json"
    broken.write_text(path.read_text().replace(pairing.ca_sha256[:5], "00:00"))
    with pytest.raises(ServerTrustError, match="does not belong"):
        read_pairing_file(broken)


def test_a_changed_ca_is_refused_with_a_clear_message(
    service_factory: ServiceFactory, tmp_path: Path
) -> None:
    first = service_factory()
    pairing = fetch_pairing(first.base_url)
    ca_file = pin_server_ca(tmp_path / "ca.pem", pairing, pairing.ca_sha256)
    port = first.port
    first.stop()
    # another service (its own new CA) answers at the same address
    impostor = service_factory("--port", str(port), data_dir=tmp_path / "impostor")
    assert impostor.base_url == first.base_url
    with pytest.raises(CaChangedError) as caught:
        check_server(impostor.base_url, ca_file)
    message = str(caught.value)
    new = certificate_fingerprint(impostor.ca_file.read_text())
    assert pairing.ca_sha256 in message and new in message
    assert "does not accept a changed authority" in message
    # pinning the new CA over the old one is refused too, until the old one is forgotten
    again = fetch_pairing(impostor.base_url)
    with pytest.raises(CaChangedError):
        pin_server_ca(ca_file, again, again.ca_sha256)
    forget_server_ca(ca_file)
    pin_server_ca(ca_file, again, again.ca_sha256)
    check_server(impostor.base_url, ca_file)


def test_unreachable_server_is_a_trust_error(tmp_path: Path) -> None:
    with pytest.raises(ServerTrustError, match="cannot reach"):
        fetch_pairing("https://127.0.0.1:9", timeout=2)
    with pytest.raises(ServerTrustError, match="no certificate authority is pinned"):
        check_server("https://127.0.0.1:9", tmp_path / "none.pem")
