"""Trusting a Packdesk server a station connects to: trust on first use, pinned by SHA-256.

A warehouse server (`packdesk serve --host 0.0.0.0`) has its own certificate authority. A
station connecting to it either imports the pairing file the server wrote (`--pairing-file`),
or fetches the same data from `GET /v1/pairing` over a connection nothing vouches for yet; in
both cases a person compares the CA's SHA-256 fingerprint with the one the server printed at
start (or `packdesk serve --show-pairing`) and confirms it. The CA is then kept in the profile's
folder and every later connection verifies the server against it. A server that later presents
another CA is refused with `CaChangedError`, never accepted silently.

Qt-free: the settings dialog and any script use the same functions.
"""

from __future__ import annotations

import ssl
from pathlib import Path

import httpx

from desktop_app.domain.pairing import (
    Pairing,
    PairingError,
    certificate_fingerprint,
    normalize_fingerprint,
)
from desktop_app.profiles.errors import ProfileError
from desktop_app.profiles.files import atomic_write_bytes

PINNED_CA_FILE = "server-ca.pem"
TIMEOUT_SECONDS = 10.0


class ServerTrustError(ProfileError):
    """The server cannot be trusted as it is (unreachable, wrong fingerprint, bad data)."""


class FingerprintMismatchError(ServerTrustError):
    """The fingerprint a person confirmed is not the one of the CA offered."""


class CaChangedError(ServerTrustError):
    """The server presents another CA than the one this station pinned."""

    def __init__(self, url: str, pinned: str, presented: str) -> None:
        super().__init__(
            f"The server at {url} now presents a different certificate authority than the one "
            f"this station trusts.\nTrusted: {pinned}\nPresented: {presented}\n"
            "Packdesk does not accept a changed authority by itself. If the server was "
            "reinstalled or given a new certificate on purpose, compare the presented "
            "fingerprint with the one `packdesk serve --show-pairing` prints on the server, "
            "then connect the profile to the server again. Otherwise someone may be "
            "intercepting the connection."
        )
        self.url = url
        self.pinned = pinned
        self.presented = presented


def _base(url: str) -> str:
    return url.rstrip("/")


def fetch_pairing(url: str, timeout: float = TIMEOUT_SECONDS) -> Pairing:
    """The server's pairing data from `GET /v1/pairing`, over a connection not yet verified.

    Nothing is trusted by this call: the fingerprint must be confirmed by a person before
    `pin_server_ca` keeps the CA.
    """
    try:
        # verify=False on purpose: the station has no CA to verify with yet (trust on first use)
        response = httpx.get(f"{_base(url)}/v1/pairing", verify=False, timeout=timeout)  # noqa: S501
    except httpx.HTTPError as exc:
        raise ServerTrustError(f"cannot reach {url}: {exc}") from None
    if response.status_code != 200:
        raise ServerTrustError(
            f"{url} did not give its pairing data (HTTP {response.status_code}); "
            "is it a Packdesk server? Import its pairing file instead."
        )
    try:
        return Pairing.from_json(response.json())
    except (PairingError, ValueError) as exc:
        raise ServerTrustError(f"{url} gave unusable pairing data: {exc}") from None


def read_pairing_file(path: Path) -> Pairing:
    """The pairing file `packdesk serve --pairing-file` wrote."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ServerTrustError(f"cannot read {path}: {exc}") from None
    try:
        return Pairing.from_text(text)
    except PairingError as exc:
        raise ServerTrustError(str(exc)) from None


def pinned_fingerprint(ca_file: Path) -> str | None:
    """The fingerprint of the CA pinned in `ca_file`, None when nothing is pinned there."""
    try:
        return certificate_fingerprint(ca_file.read_text(encoding="ascii"))
    except (OSError, UnicodeDecodeError, PairingError):
        return None


def pin_server_ca(ca_file: Path, pairing: Pairing, confirmed_fingerprint: str) -> Path:
    """Keep the pairing's CA in `ca_file` once a person confirmed its fingerprint.

    Refuses a fingerprint that does not match (FingerprintMismatchError) and a CA other than
    one already pinned there (CaChangedError): forgetting the old one is a separate, deliberate
    step (`forget_server_ca`).
    """
    if normalize_fingerprint(confirmed_fingerprint) != pairing.ca_sha256:
        raise FingerprintMismatchError(
            "The fingerprint you confirmed does not match the server's certificate authority "
            f"({pairing.ca_sha256}). Do not connect: compare it again with the server's."
        )
    pinned = pinned_fingerprint(ca_file)
    if pinned is not None and pinned != pairing.ca_sha256:
        raise CaChangedError(pairing.url, pinned, pairing.ca_sha256)
    atomic_write_bytes(ca_file, pairing.ca_pem.encode("ascii"), mode=0o644)
    return ca_file


def forget_server_ca(ca_file: Path) -> None:
    """Remove a pinned CA (a person decided the server's new CA is the right one)."""
    ca_file.unlink(missing_ok=True)


def check_server(url: str, ca_file: Path, timeout: float = TIMEOUT_SECONDS) -> None:
    """Connect verifying the server against the pinned CA; say clearly why it fails.

    A server whose certificate does not chain to the pinned CA and whose pairing data shows
    another CA raises CaChangedError; other failures raise ServerTrustError.
    """
    pinned = pinned_fingerprint(ca_file)
    if pinned is None:
        raise ServerTrustError(f"no certificate authority is pinned for {url} yet")
    context = ssl.create_default_context(cafile=str(ca_file))
    try:
        response = httpx.get(f"{_base(url)}/health", verify=context, timeout=timeout)
    except httpx.ConnectError as exc:
        if "CERTIFICATE_VERIFY_FAILED" not in str(exc) and "certificate" not in str(exc).lower():
            raise ServerTrustError(f"cannot reach {url}: {exc}") from None
        presented = fetch_pairing(url, timeout).ca_sha256
        if presented != pinned:
            raise CaChangedError(url, pinned, presented) from None
        raise ServerTrustError(
            f"the server's certificate does not name the address {url} although its "
            f"certificate authority is the trusted one: start it with --tls-name for that "
            f"name, or connect by a name it has ({exc})"
        ) from None
    except httpx.HTTPError as exc:
        raise ServerTrustError(f"cannot reach {url}: {exc}") from None
    if response.status_code not in (200, 503):
        raise ServerTrustError(f"{url} is not a Packdesk server (HTTP {response.status_code})")
