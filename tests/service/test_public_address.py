"""The service's public address: written URLs, certificate names, pairing data, /health.

Every URL the service writes starts with its public base URL whatever `Host` a request sent;
the certificate names what stations reach it by; `--pairing-file`, `--show-pairing` and
`GET /v1/pairing` give URL, CA and fingerprint (never a key). The "done when" test starts the
service on all interfaces and reaches it by host name and by the machine's first non-loopback
address, verifying TLS with the service's CA.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import json
import socket
import ssl
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from desktop_app.domain.pairing import Pairing, certificate_fingerprint
from desktop_app.service.addressing import (
    PublicUrlError,
    interface_addresses,
    machine_host_names,
    parse_public_url,
    public_base_url,
)
from tests.fixtures.service import REPO_ROOT, RunningService
from tests.payloads import shipment

ServiceFactory = Callable[..., RunningService]


def _peer_names(host: str, port: int, ca_file: Path, server_hostname: str) -> list[str]:
    """The SAN values of the certificate, after verifying it for `server_hostname`."""
    context = ssl.create_default_context(cafile=str(ca_file))
    with (
        socket.create_connection((host, port), timeout=10) as raw,
        context.wrap_socket(raw, server_hostname=server_hostname) as tls,
    ):
        cert = tls.getpeercert()
    assert cert is not None
    return [value for _kind, value in cert["subjectAltName"]]


def _station(base_url: str, service: RunningService) -> httpx.Client:
    """A station's client for `base_url`, trusting the service's CA, with the sandbox key."""
    return httpx.Client(
        base_url=base_url,
        verify=service.ssl_context(),
        auth=(service.sandbox_key, ""),
        timeout=30,
    )


def _run_serve(*args: str) -> subprocess.CompletedProcess[str]:
    """`packdesk serve ARGS` to its end (for the options that exit at once)."""
    return subprocess.run(
        [sys.executable, "-m", "desktop_app", "serve", *args],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_public_url_parsing() -> None:
    assert parse_public_url("https://packdesk-01.lan:8443/") == "https://packdesk-01.lan:8443"
    assert parse_public_url("https://[fd00::2]:8443") == "https://[fd00::2]:8443"
    assert parse_public_url("https://packdesk.example") == "https://packdesk.example"
    for bad in ("http://x:1", "https://", "https://x/path", "https://x:notaport", "ftp://x"):
        with pytest.raises(PublicUrlError):
            parse_public_url(bad)


def test_default_public_url_follows_the_listen_address() -> None:
    assert public_base_url("127.0.0.1", 8443) == "https://127.0.0.1:8443"
    assert public_base_url("::1", 8443) == "https://[::1]:8443"
    assert public_base_url("packdesk.lan", 9) == "https://packdesk.lan:9"
    expected = machine_host_names()[0] if machine_host_names() else "localhost"
    assert public_base_url("0.0.0.0", 8443) == f"https://{expected}:8443"
    assert public_base_url("::", 1) == f"https://{expected}:1"
    given = "https://packdesk-01.lan:8443"
    assert public_base_url("0.0.0.0", 1, given) == given


def test_host_header_never_decides_a_written_url(
    local_service: RunningService, sandbox: httpx.Client
) -> None:
    created = sandbox.post(
        "/v1/shipments", json=shipment(label=True), headers={"Host": "evil.example"}
    )
    assert created.status_code == 200, created.text
    label_url = created.json()["label_url"]
    assert label_url.startswith(local_service.base_url + "/v1/label_files/")
    again = sandbox.get(f"/v1/shipments/{created.json()['id']}", headers={"Host": "evil.example"})
    assert again.json()["label_url"] == label_url
    listed = sandbox.get("/v1/shipments", headers={"Host": "other.example:1"})
    urls = [s["label_url"] for s in listed.json()["shipments"] if "label_url" in s]
    assert urls and all(u.startswith(local_service.base_url) for u in urls)


def test_public_url_names_and_pairing_file(service_factory: ServiceFactory, tmp_path: Path) -> None:
    pairing_file = tmp_path / "pairing.json"
    public = "https://packdesk-01.lan:8443"
    service = service_factory(
        "--public-url",
        public,
        "--tls-name",
        "desk-extra.example",
        "--tls-name",
        "198.51.100.7",
        "--pairing-file",
        str(pairing_file),
    )
    assert service.base_url == public
    first_line_fingerprint = certificate_fingerprint(service.ca_file.read_text())
    # the real port is not the public one here (as behind a port forward)
    names = _peer_names("127.0.0.1", _listen_port(service), service.ca_file, "packdesk-01.lan")
    assert {"packdesk-01.lan", "desk-extra.example", "198.51.100.7", "localhost"} <= set(names)
    for name in machine_host_names():
        assert name.lower() in names
    # written URLs use the public URL
    with _station(f"https://127.0.0.1:{_listen_port(service)}", service) as client:
        created = client.post("/v1/shipments", json=shipment(label=True))
        assert created.json()["label_url"].startswith(public + "/v1/label_files/")
        served = client.get("/v1/pairing")
    # the pairing file: URL, CA, fingerprint; nothing secret, readable by stations
    text = pairing_file.read_text()
    pairing = Pairing.from_text(text)
    assert pairing.url == public
    assert pairing.ca_sha256 == first_line_fingerprint
    assert pairing.ca_pem == service.ca_file.read_text()
    assert service.sandbox_key not in text and service.live_key not in text
    assert "key" not in json.loads(text)
    assert served.status_code == 200 and Pairing.from_json(served.json()) == pairing


def _listen_port(service: RunningService) -> int:
    """The port the service really listens on (the public URL may name another)."""
    log = (service.data_dir / "service.log").read_text()
    marker = "listening on "
    line = [row for row in log.splitlines() if marker in row][-1]
    return int(line.split(marker, 1)[1].split(",", 1)[0].rsplit(":", 1)[1])


def test_certificate_is_reissued_from_the_same_ca_when_names_change(
    service_factory: ServiceFactory, tmp_path: Path
) -> None:
    data_dir = tmp_path / "reissue"
    first = service_factory("--tls-name", "first.example", data_dir=data_dir)
    ca_before = first.ca_file.read_bytes()
    server_before = (data_dir / "tls" / "server.pem").read_bytes()
    first.stop()
    second = service_factory("--tls-name", "second.example", data_dir=data_dir)
    assert second.ca_file.read_bytes() == ca_before
    assert (data_dir / "tls" / "server.pem").read_bytes() != server_before
    names = _peer_names("127.0.0.1", second.port, second.ca_file, "second.example")
    assert "second.example" in names and "first.example" not in names
    second.stop()
    # same names again: the certificate is kept
    kept = (data_dir / "tls" / "server.pem").read_bytes()
    service_factory("--tls-name", "second.example", data_dir=data_dir)
    assert (data_dir / "tls" / "server.pem").read_bytes() == kept


def test_show_pairing_prints_url_and_fingerprint_without_serving(tmp_path: Path) -> None:
    done = _run_serve(
        "--data-dir", str(tmp_path), "--public-url", "https://desk.example:9443", "--show-pairing"
    )
    assert done.returncode == 0, done.stderr
    fingerprint = certificate_fingerprint((tmp_path / "tls" / "ca.pem").read_text())
    assert "URL: https://desk.example:9443" in done.stdout
    assert f"CA SHA-256 fingerprint: {fingerprint}" in done.stdout
    assert "BEGIN CERTIFICATE" in done.stdout and "PRIVATE" not in done.stdout
    # and no account or key was made by it
    assert not (tmp_path / "credentials.json").exists()


def _own_ca(tmp_path: Path, names: list[str]) -> tuple[Path, Path, Path]:
    """A warehouse CA and a server certificate (chain file) and key signed by it."""
    now = dt.datetime.now(dt.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Warehouse CA")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=30))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    alt: list[x509.GeneralName] = [x509.DNSName(n) for n in names]
    alt.append(x509.IPAddress(ipaddress.ip_address("127.0.0.1")))
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, names[0])]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=30))
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    pem = serialization.Encoding.PEM
    chain, key_file, ca_file = tmp_path / "chain.pem", tmp_path / "key.pem", tmp_path / "ca.pem"
    chain.write_bytes(cert.public_bytes(pem) + ca.public_bytes(pem))
    key_file.write_bytes(
        key.private_bytes(pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    ca_file.write_bytes(ca.public_bytes(pem))
    return chain, key_file, ca_file


def test_warehouse_certificate_is_used_as_given(
    service_factory: ServiceFactory, tmp_path: Path
) -> None:
    chain, key_file, ca_file = _own_ca(tmp_path, ["packdesk.warehouse.example"])
    service = service_factory("--tls-cert", str(chain), "--tls-key", str(key_file))
    names = _peer_names("127.0.0.1", service.port, ca_file, "packdesk.warehouse.example")
    assert "packdesk.warehouse.example" in names
    # the CA stations pin is the chain's last certificate: the warehouse CA
    assert service.ca_file.read_bytes() == ca_file.read_bytes()
    with service.client() as client:
        assert client.get("/v1/me").status_code == 200
        pairing = Pairing.from_json(client.get("/v1/pairing").json())
    assert pairing.ca_sha256 == certificate_fingerprint(ca_file.read_text())


def test_a_key_that_does_not_match_the_certificate_is_refused(tmp_path: Path) -> None:
    chain, _key_file, _ca = _own_ca(tmp_path, ["a.example"])
    (tmp_path / "other").mkdir()
    _other_chain, other_key, _ = _own_ca(tmp_path / "other", ["b.example"])
    done = _run_serve(
        "--data-dir",
        str(tmp_path / "d"),
        "--port",
        "0",
        "--tls-cert",
        str(chain),
        "--tls-key",
        str(other_key),
    )
    assert done.returncode == 1
    assert "is not the key of the certificate" in done.stderr


def test_health_without_a_key(anonymous: httpx.Client, local_service: RunningService) -> None:
    response = anonymous.get("/health")
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {
        "status",
        "version",
        "database_reachable",
        "database_writable",
        "uptime_seconds",
    }
    assert body["status"] == "ok" and body["database_reachable"] is True
    assert body["uptime_seconds"] >= 0
    from desktop_app import __version__

    assert body["version"] == __version__
    text = response.text
    assert local_service.email not in text and local_service.account_id not in text


def _first_non_loopback_address() -> str | None:
    addresses = interface_addresses()
    return addresses[0].compressed if addresses else None


def test_stations_reach_a_service_on_all_interfaces_by_name_and_address(
    service_factory: ServiceFactory,
) -> None:
    """Done when: by host name and by the first LAN address, TLS verified with the service's
    CA, a label created and downloaded from its label_url (public whatever Host was sent)."""
    address = _first_non_loopback_address()
    names = machine_host_names()
    if address is None:
        pytest.skip("this machine has no non-loopback address to connect to")
    service = service_factory("--host", "0.0.0.0" if ":" not in address else "::")
    assert names, "a machine has a host name"
    expected_base = f"https://{names[0]}:{service.port}"
    assert service.base_url == expected_base
    host_in_url = f"[{address}]" if ":" in address else address
    for target in (names[0], host_in_url):
        with _station(f"https://{target}:{service.port}", service) as station:
            created = station.post(
                "/v1/shipments", json=shipment(label=True), headers={"Host": "evil.example"}
            )
            assert created.status_code == 200, created.text
            label_url = created.json()["label_url"]
            assert label_url.startswith(expected_base + "/v1/label_files/"), label_url
            pdf = station.get(label_url)
            assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
