"""The local CA and server certificate: made once, reused, renewed when missing."""

from __future__ import annotations

import ipaddress
import os
import stat
from pathlib import Path

from cryptography import x509

from desktop_app.service.tls import CA_NAME, ensure_tls


def _cert(path: Path) -> x509.Certificate:
    return x509.load_pem_x509_certificate(path.read_bytes())


def test_made_once_and_reused(tmp_path: Path) -> None:
    first = ensure_tls(tmp_path / "tls")
    before = {p: p.read_bytes() for p in (first.ca_cert, first.server_cert, first.server_key)}
    second = ensure_tls(tmp_path / "tls")
    assert {p: p.read_bytes() for p in before} == before
    assert second == first
    for key in (first.ca_key, first.server_key):
        assert stat.S_IMODE(os.stat(key).st_mode) == 0o600


def test_server_certificate_names_and_issuer(tmp_path: Path) -> None:
    files = ensure_tls(tmp_path)
    ca, server = _cert(files.ca_cert), _cert(files.server_cert)
    assert ca.subject.rfc4514_string() == f"CN={CA_NAME}"
    assert ca.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    server.verify_directly_issued_by(ca)
    san = server.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert san.get_values_for_type(x509.DNSName) == ["localhost"]
    assert set(san.get_values_for_type(x509.IPAddress)) == {
        ipaddress.ip_address("127.0.0.1"),
        ipaddress.ip_address("::1"),
    }


def test_missing_server_certificate_is_renewed_from_the_same_ca(tmp_path: Path) -> None:
    files = ensure_tls(tmp_path)
    ca_before = files.ca_cert.read_bytes()
    old_server = files.server_cert.read_bytes()
    files.server_cert.unlink()
    again = ensure_tls(tmp_path)
    assert again.ca_cert.read_bytes() == ca_before
    assert again.server_cert.read_bytes() != old_server
    _cert(again.server_cert).verify_directly_issued_by(_cert(again.ca_cert))
