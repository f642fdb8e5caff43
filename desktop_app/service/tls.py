"""Local certificate authority and the server certificate, kept in the data dir.

The CA is made once and kept; the server certificate names localhost, the loopback addresses
and whatever the service is reached by (public host, host names, listened-on addresses, extra
`--tls-name`s). When those names change it is re-issued from the same CA, so stations that trust
the CA keep working. A warehouse's own certificate (`--tls-cert`/`--tls-key`) replaces both.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import ipaddress
import logging
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from desktop_app.service.addressing import CertificateNames

log = logging.getLogger("packdesk.service")

CA_NAME = "Packdesk Local CA"
SERVER_HOSTS = ("localhost",)
SERVER_IPS = ("127.0.0.1", "::1")
# renew the server certificate when less than this is left
RENEW_MARGIN = dt.timedelta(days=30)


@dataclass(frozen=True)
class TlsFiles:
    """Paths of the CA certificate and of the server certificate and key."""

    ca_cert: Path
    # None for a warehouse's own certificate: the service does not hold that CA's key
    ca_key: Path | None
    server_cert: Path
    server_key: Path


class TlsError(Exception):
    """A given certificate or key cannot be used."""


class CaMissingError(TlsError):
    """The local CA is there but cannot be used; `packdesk serve` exits with `EXIT_CONFIG`."""


# sysexits' EX_CONFIG: the unit does not restart on it (RestartPreventExitStatus)
EXIT_CONFIG = 78


def _write_private(path: Path, data: bytes) -> None:
    """Write a file readable by the owner only (created 0600, never world-readable)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.chmod(path, 0o600)


def _key_pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _make_ca(files: TlsFiles) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, CA_NAME)])
    now = _now()
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=3650))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    assert files.ca_key is not None
    _write_private(files.ca_key, _key_pem(key))
    files.ca_cert.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return cert, key


def _san(names: CertificateNames | None) -> list[x509.GeneralName]:
    """localhost, the loopback addresses and `names`, without repeats, in a stable order."""
    dns = list(SERVER_HOSTS)
    ips = [ipaddress.ip_address(ip) for ip in SERVER_IPS]
    if names is not None:
        dns += [n for n in names.dns_names if n not in dns]
        ips += [a for a in names.addresses if a not in ips]
    general: list[x509.GeneralName] = [x509.DNSName(h) for h in dns]
    return general + [x509.IPAddress(ip) for ip in ips]


def _make_server(
    files: TlsFiles,
    ca_cert: x509.Certificate,
    ca_key: ec.EllipticCurvePrivateKey,
    san: list[x509.GeneralName],
) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    now = _now()
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
        .issuer_name(ca_cert.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        # 397 days: the longest lifetime clients such as browsers accept
        .not_valid_after(now + dt.timedelta(days=397))
        .add_extension(x509.SubjectAlternativeName(san), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()),
            critical=False,
        )
        .sign(ca_key, hashes.SHA256())
    )
    _write_private(files.server_key, _key_pem(key))
    files.server_cert.write_bytes(cert.public_bytes(serialization.Encoding.PEM))


def _public_der(key: Any) -> bytes:
    return bytes(
        key.public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
        )
    )


def _load_ca(files: TlsFiles) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey] | None:
    assert files.ca_key is not None
    try:
        cert = x509.load_pem_x509_certificate(files.ca_cert.read_bytes())
        key = serialization.load_pem_private_key(files.ca_key.read_bytes(), password=None)
    except (OSError, ValueError):
        return None
    if not isinstance(key, ec.EllipticCurvePrivateKey) or cert.not_valid_after_utc < _now():
        return None
    if _public_der(key.public_key()) != _public_der(cert.public_key()):
        # every certificate signed with it would fail at every station, and nothing said why
        raise CaMissingError(mismatched_ca_message(files))
    return cert, key


def mismatched_ca_message(files: TlsFiles) -> str:
    """Why the start stops when the CA key is not the CA certificate's."""
    return (
        f"the local CA's key {files.ca_key} does not belong to its certificate "
        f"{files.ca_cert}: certificates signed with it would fail TLS at every station. "
        "Restore the pair from the same backup (both files), or create a new CA on purpose "
        "(the old files are kept aside) with:\n"
        f"  packdesk serve --new-ca --data-dir {files.ca_cert.parent.parent}\n"
        "and then pair every station again."
    )


def tighten_private_files(paths: list[Path]) -> list[str]:
    """Bring key files back to 0600 (owner only); one line per file changed, for the log."""
    changed = []
    for path in paths:
        try:
            mode = stat.S_IMODE(path.stat().st_mode)
            if mode & 0o077:
                os.chmod(path, 0o600)
                changed.append(f"{path} was {mode:04o}: set to 0600 (a private key)")
        except OSError:
            continue  # missing, or a read-only data dir: nothing to tighten
    return changed


def _server_valid(files: TlsFiles, ca_cert: x509.Certificate, san: list[x509.GeneralName]) -> bool:
    try:
        cert = x509.load_pem_x509_certificate(files.server_cert.read_bytes())
        files.server_key.read_bytes()
        names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except (OSError, ValueError, x509.ExtensionNotFound):
        return False
    return (
        cert.issuer == ca_cert.subject
        and cert.not_valid_after_utc - _now() > RENEW_MARGIN
        and set(names) == set(san)
    )


def server_certificate_names(files: TlsFiles) -> list[str]:
    """The DNS names and addresses the server certificate carries (for messages and tests)."""
    cert = x509.load_pem_x509_certificate(files.server_cert.read_bytes())
    names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return [str(n.value) for n in names]


def _set_aside(files: TlsFiles) -> Path:
    """Move the old CA and server files into `replaced-<time>/` (kept, never deleted)."""
    aside = files.ca_cert.parent / f"replaced-{_now():%Y%m%d-%H%M%S}"
    aside.mkdir(mode=0o700)
    for path in (files.ca_cert, files.ca_key, files.server_cert, files.server_key):
        if path is not None and path.exists():
            path.replace(aside / path.name)
    return aside


def missing_ca_message(files: TlsFiles, data_dir: Path) -> str:
    """Why the start stops when the CA cannot be used, and how to make a new one on purpose."""
    return (
        f"the local CA cannot be used: its key {files.ca_key} or its certificate "
        f"{files.ca_cert} is missing, empty, unreadable or expired. A new CA is not made on "
        "its own, because every paired station would have to pair again. Restore both files "
        "from a backup, or create a new CA on purpose (the old files are kept aside) with:\n"
        f"  packdesk serve --new-ca --data-dir {data_dir}\n"
        "and then pair every station again."
    )


def ensure_tls(
    directory: Path, names: CertificateNames | None = None, *, new_ca: bool = False
) -> TlsFiles:
    """Create (or reuse) the local CA and a server certificate for localhost and `names`.

    A CA is made only when there is none yet, or with `new_ca`; one that is there but cannot
    be used (key lost or empty) stops with `TlsError` instead of silently replacing it.
    """
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    with contextlib.suppress(OSError):  # a read-only data dir: the files are read only
        os.chmod(directory, 0o700)
    files = TlsFiles(
        ca_cert=directory / "ca.pem",
        ca_key=directory / "ca-key.pem",
        server_cert=directory / "server.pem",
        server_key=directory / "server-key.pem",
    )
    san = _san(names)
    for line in tighten_private_files([files.ca_key, files.server_key]):  # type: ignore[list-item]
        log.warning("%s", line)
    if new_ca and (files.ca_cert.exists() or (files.ca_key and files.ca_key.exists())):
        _set_aside(files)
    loaded = _load_ca(files)
    if loaded is None:
        assert files.ca_key is not None
        if files.ca_cert.exists() or files.ca_key.exists():
            raise CaMissingError(missing_ca_message(files, directory.parent))
        loaded = _make_ca(files)
        _make_server(files, *loaded, san)
    elif not _server_valid(files, loaded[0], san):
        _make_server(files, *loaded, san)
    return files


def _pem_certificates(path: Path) -> list[x509.Certificate]:
    try:
        return x509.load_pem_x509_certificates(path.read_bytes())
    except (OSError, ValueError) as exc:
        raise TlsError(f"cannot read certificates from {path}: {exc}") from None


def external_tls(
    directory: Path, cert_file: Path, key_file: Path, ca_file: Path | None = None
) -> TlsFiles:
    """A warehouse's own certificate and key; the CA stations trust is `ca_file`, else the last
    certificate of `cert_file`'s chain (copied into `directory` for the pairing data)."""
    chain = _pem_certificates(cert_file)
    try:
        key = serialization.load_pem_private_key(key_file.read_bytes(), password=None)
    except (OSError, ValueError, TypeError) as exc:
        raise TlsError(f"cannot read the private key {key_file}: {exc}") from None
    if _public_der(key.public_key()) != _public_der(chain[0].public_key()):
        raise TlsError(f"{key_file} is not the key of the certificate in {cert_file}")
    if ca_file is None:
        directory.mkdir(parents=True, exist_ok=True)
        ca_file = directory / "external-ca.pem"
        ca_file.write_bytes(chain[-1].public_bytes(serialization.Encoding.PEM))
    else:
        _pem_certificates(ca_file)
    return TlsFiles(ca_cert=ca_file, ca_key=None, server_cert=cert_file, server_key=key_file)
