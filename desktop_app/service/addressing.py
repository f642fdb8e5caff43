"""Where stations reach the service: its public base URL and the names its certificate carries.

Every URL the service writes (the first JSON line, `label_url`, links, pairing data) starts with
the public base URL: `--public-url` when given, else the `--host` it listens on when that is a
name or a specific address, else (all interfaces: `0.0.0.0`, `::`) the machine's host name.
The `Host` header of a request never decides it.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

import psutil

WILDCARD_HOSTS = ("0.0.0.0", "::", "")
LOOPBACK_NAMES = ("localhost",)

IpAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


class PublicUrlError(ValueError):
    """A `--public-url` that is not `https://host[:port]`."""


def is_wildcard(host: str) -> bool:
    """True for the all-interfaces addresses."""
    return host in WILDCARD_HOSTS


def _ip(text: str) -> IpAddress | None:
    try:
        return ipaddress.ip_address(text.strip("[]"))
    except ValueError:
        return None


def url_host(host: str) -> str:
    """`host` as it goes into a URL (IPv6 addresses in brackets)."""
    address = _ip(host)
    if address is not None and address.version == 6:
        return f"[{address.compressed}]"
    return host


def parse_public_url(text: str) -> str:
    """`https://host[:port]` without a trailing slash, else PublicUrlError."""
    parts = urlsplit(text.strip())
    if parts.scheme != "https":
        raise PublicUrlError(f"the public URL must start with https://, got {text!r}")
    if not parts.hostname:
        raise PublicUrlError(f"the public URL has no host: {text!r}")
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        raise PublicUrlError(f"the public URL is https://HOST[:PORT] only, got {text!r}")
    try:
        port = parts.port
    except ValueError:
        raise PublicUrlError(f"the public URL has an invalid port: {text!r}") from None
    host = url_host(parts.hostname)
    return f"https://{host}:{port}" if port else f"https://{host}"


def machine_host_names() -> list[str]:
    """The machine's host name and fully qualified name (without `localhost`)."""
    names: list[str] = []
    for name in (socket.gethostname(), socket.getfqdn()):
        if name and name not in LOOPBACK_NAMES and name not in names:
            names.append(name)
    return names


def interface_addresses(version: int | None = None) -> list[IpAddress]:
    """Every non-loopback, non-link-local address of this machine's interfaces."""
    found: list[IpAddress] = []
    for addresses in psutil.net_if_addrs().values():
        for item in addresses:
            if item.family not in (socket.AF_INET, socket.AF_INET6):
                continue
            address = _ip(item.address.split("%", 1)[0])
            if address is None or address.is_loopback or address.is_link_local:
                continue
            if version is not None and address.version != version:
                continue
            if address not in found:
                found.append(address)
    return found


def listen_addresses(host: str) -> list[IpAddress]:
    """The non-loopback addresses a service listening on `host` can be reached at."""
    if host == "0.0.0.0":
        return interface_addresses(4)
    if is_wildcard(host):
        return interface_addresses()
    address = _ip(host)
    if address is not None:
        return [] if address.is_loopback else [address]
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except OSError:
        return []
    found: list[IpAddress] = []
    for info in infos:
        resolved = _ip(str(info[4][0]).split("%", 1)[0])
        if resolved is not None and not resolved.is_loopback and resolved not in found:
            found.append(resolved)
    return found


def default_public_host(host: str) -> str:
    """The host of written URLs without `--public-url`."""
    if is_wildcard(host):
        names = machine_host_names()
        return names[0] if names else "localhost"
    return host


def public_base_url(host: str, port: int, public_url: str | None = None) -> str:
    """The base of every URL the service writes."""
    if public_url:
        return parse_public_url(public_url)
    return f"https://{url_host(default_public_host(host))}:{port}"


@dataclass(frozen=True)
class CertificateNames:
    """What the server certificate names (besides localhost and the loopback addresses)."""

    dns_names: tuple[str, ...]
    addresses: tuple[IpAddress, ...]


def certificate_names(host: str, base_url: str, extra: tuple[str, ...] = ()) -> CertificateNames:
    """The public host, the machine's host names, every non-loopback address listened on, extras."""
    dns: list[str] = []
    addresses: list[IpAddress] = []

    def add(name: str) -> None:
        address = _ip(name)
        if address is not None:
            if address not in addresses:
                addresses.append(address)
        elif name and name.lower() not in dns:
            dns.append(name.lower())

    public_host = urlsplit(base_url).hostname or ""
    add(public_host)
    if not is_wildcard(host):
        add(host)
    for name in machine_host_names():
        add(name)
    for address in listen_addresses(host):
        add(address.compressed)
    for name in extra:
        add(name.strip())
    return CertificateNames(tuple(dns), tuple(addresses))
