"""What a station needs to trust a Packdesk server: its URL, its CA and the CA's fingerprint.

`packdesk serve --pairing-file FILE` writes it, `GET /v1/pairing` answers it, and a station
reads it before it trusts the server (trust on first use, the fingerprint confirmed by a person).
It never holds an API key.
"""

from __future__ import annotations

import hashlib
import json
import ssl
from dataclasses import dataclass
from typing import Any

PAIRING_FORMAT = "packdesk-pairing/1"
PEM_BEGIN = "-----BEGIN CERTIFICATE-----"


class PairingError(ValueError):
    """Pairing data that cannot be used (not JSON, no certificate, fingerprint mismatch)."""


def first_certificate_pem(pem: str) -> str:
    """The first PEM certificate block of `pem` (PairingError when there is none)."""
    start = pem.find(PEM_BEGIN)
    end_marker = "-----END CERTIFICATE-----"
    end = pem.find(end_marker, start)
    if start < 0 or end < 0:
        raise PairingError("no PEM certificate found")
    return pem[start : end + len(end_marker)] + "\n"


def certificate_fingerprint(pem: str) -> str:
    """SHA-256 of the certificate's DER bytes as `AB:CD:...` (what people compare)."""
    try:
        der = ssl.PEM_cert_to_DER_cert(first_certificate_pem(pem))
    except ValueError as exc:
        raise PairingError(f"not a PEM certificate: {exc}") from None
    digest = hashlib.sha256(der).hexdigest().upper()
    return ":".join(digest[i : i + 2] for i in range(0, len(digest), 2))


def normalize_fingerprint(text: str) -> str:
    """`ab cd:EF...` -> `AB:CD:EF...` so that typed and printed fingerprints compare."""
    digits = "".join(ch for ch in text.upper() if ch in "0123456789ABCDEF")
    return ":".join(digits[i : i + 2] for i in range(0, len(digits), 2))


@dataclass(frozen=True)
class Pairing:
    """A server's public URL, its CA certificate (PEM) and the CA's SHA-256 fingerprint."""

    url: str
    ca_pem: str
    ca_sha256: str

    @classmethod
    def for_ca(cls, url: str, ca_pem: str) -> Pairing:
        """Pairing data for a CA certificate (fingerprint computed)."""
        pem = first_certificate_pem(ca_pem)
        return cls(url=url, ca_pem=pem, ca_sha256=certificate_fingerprint(pem))

    def as_json(self) -> dict[str, str]:
        """The wire and file form."""
        return {
            "format": PAIRING_FORMAT,
            "url": self.url,
            "ca_sha256": self.ca_sha256,
            "ca_pem": self.ca_pem,
        }

    @classmethod
    def from_json(cls, data: Any) -> Pairing:
        """Read pairing data, checking that the fingerprint belongs to the certificate."""
        if not isinstance(data, dict):
            raise PairingError("pairing data must be a JSON object")
        url, pem, sha = data.get("url"), data.get("ca_pem"), data.get("ca_sha256")
        if not isinstance(url, str) or not url.startswith("https://"):
            raise PairingError("pairing data: url must be an https:// URL")
        if not isinstance(pem, str) or not isinstance(sha, str):
            raise PairingError("pairing data: ca_pem and ca_sha256 are required")
        pairing = cls.for_ca(url, pem)
        if normalize_fingerprint(sha) != pairing.ca_sha256:
            raise PairingError(
                "pairing data: the fingerprint does not belong to the certificate "
                f"(file says {normalize_fingerprint(sha)}, certificate is {pairing.ca_sha256})"
            )
        return pairing

    @classmethod
    def from_text(cls, text: str) -> Pairing:
        """Parse the JSON text of a pairing file."""
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise PairingError(f"pairing file is not JSON: {exc}") from None
        return cls.from_json(data)
