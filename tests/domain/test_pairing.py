"""Pairing data: fingerprint of the CA, checked on reading, never anything but URL and CA."""

from __future__ import annotations

import hashlib
import json
import ssl

import pytest

from desktop_app.domain.pairing import (
    Pairing,
    PairingError,
    certificate_fingerprint,
    normalize_fingerprint,
)
from desktop_app.service.tls import ensure_tls


@pytest.fixture(scope="module")
def ca_pem(tmp_path_factory: pytest.TempPathFactory) -> str:
    return ensure_tls(tmp_path_factory.mktemp("tls")).ca_cert.read_text()


def test_fingerprint_is_sha256_of_the_der_bytes(ca_pem: str) -> None:
    digest = hashlib.sha256(ssl.PEM_cert_to_DER_cert(ca_pem)).hexdigest().upper()
    fingerprint = certificate_fingerprint(ca_pem)
    assert fingerprint.replace(":", "") == digest and len(fingerprint) == 95
    assert normalize_fingerprint(fingerprint.lower().replace(":", " ")) == fingerprint


def test_round_trip_and_checks(ca_pem: str) -> None:
    pairing = Pairing.for_ca("https://desk.example:8443", ca_pem)
    text = json.dumps(pairing.as_json())
    assert Pairing.from_text(text) == pairing
    forged = dict(pairing.as_json(), ca_sha256="AA:" * 31 + "AA")
    with pytest.raises(PairingError, match="does not belong"):
        Pairing.from_json(forged)
    for bad in ("not json", "[]", json.dumps({"url": "http://x", "ca_pem": ca_pem})):
        with pytest.raises(PairingError):
            Pairing.from_text(bad)
    with pytest.raises(PairingError):
        Pairing.for_ca("https://x", "no certificate here")
