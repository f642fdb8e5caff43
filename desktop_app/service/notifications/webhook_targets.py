"""Where webhooks may go: never into the server's own network unless the operator says so.

Any key holder could make the server POST to `http://169.254.169.254/...` (a cloud's metadata
service) or to a service on the server's own loopback. Now:

- on a warehouse server (listening beyond loopback, or announced under a non-loopback public
  URL) a webhook URL is `https` and its addresses are public: never loopback, link-local, this
  server's own addresses, private (RFC 1918, unique-local), multicast or reserved ranges, unless
  the operator allows a range (`--webhook-allow 192.168.0.0/16`, repeatable);
- the Local sandbox (the service on loopback only, as the desk starts it) may also deliver to
  loopback, and there plain `http` (its tests and a developer's receiver on the same machine);
- the rules are checked when a webhook is created (a literal address, and the addresses its
  name resolves to now) and again at every delivery, after the name is resolved: the POST then
  goes to the checked address (the name kept for TLS and `Host`), so a name that resolves
  elsewhere later (DNS rebinding) does not lead the server astray. Redirects are not followed.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from desktop_app.service.addressing import IpAddress, interface_addresses, listen_addresses
from desktop_app.service.settings import ServiceSettings

IpNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
RESOLVE_TIMEOUT_SECONDS = 5.0
ALLOW_OPTION = "--webhook-allow"


def parse_networks(texts: Sequence[str]) -> list[IpNetwork]:
    """`--webhook-allow` values as networks (ValueError names a bad one)."""
    networks = []
    for text in texts:
        try:
            networks.append(ipaddress.ip_network(text.strip(), strict=False))
        except ValueError:
            raise ValueError(f"{ALLOW_OPTION}: not an address range: {text!r}") from None
    return networks


def _is_loopback_host(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _literal(host: str) -> IpAddress | None:
    try:
        return ipaddress.ip_address(host.strip("[]").split("%", 1)[0])
    except ValueError:
        return None


@dataclass(frozen=True)
class WebhookTargets:
    """The rules for one service: local (loopback only) or a warehouse server."""

    local: bool
    allowed: tuple[IpNetwork, ...] = ()
    own: frozenset[IpAddress] = frozenset()

    @classmethod
    def from_settings(cls, settings: ServiceSettings) -> WebhookTargets:
        """The Local sandbox when the service listens on and is announced at loopback only."""
        public_host = urlsplit(settings.base_url).hostname or ""
        local = _is_loopback_host(settings.host) and _is_loopback_host(public_host)
        own = set(interface_addresses()) | set(listen_addresses(settings.host))
        return cls(
            local=local, allowed=tuple(parse_networks(settings.webhook_allow)), own=frozenset(own)
        )

    def address_problem(self, address: IpAddress) -> str | None:
        """None when the server may connect to `address`, else why not."""
        if any(address in network for network in self.allowed):
            return None
        if address.is_loopback:
            if self.local:
                return None
            return f"{address} is a loopback address (this server itself)"
        if address.is_link_local:
            return f"{address} is a link-local address (e.g. a cloud's metadata service)"
        if address in self.own:
            return f"{address} is one of this server's own addresses"
        if address.is_private or address.is_reserved or address.is_multicast:
            return f"{address} is a private or reserved address"
        if address.is_unspecified:
            return f"{address} is no address to deliver to"
        return None

    def _refusal(self, problem: str) -> str:
        if self.local:
            return f"webhooks may not be sent there: {problem}"
        return (
            f"webhooks may not be sent there: {problem}; the server's operator can allow a "
            f"range with {ALLOW_OPTION} (e.g. {ALLOW_OPTION} 192.168.0.0/16)"
        )

    def scheme_problem(self, url: str) -> str | None:
        """https, or http to loopback on the Local sandbox."""
        parts = urlsplit(url)
        if parts.scheme == "https":
            return None
        if parts.scheme == "http" and self.local and _is_loopback_host(parts.hostname or ""):
            return None
        if self.local:
            return "webhooks use an https:// address (plain http only to this machine)"
        return "webhooks of a warehouse server use an https:// address"

    async def _addresses(self, host: str, port: int) -> list[IpAddress]:
        literal = _literal(host)
        if literal is not None:
            return [literal]
        loop = asyncio.get_running_loop()
        async with asyncio.timeout(RESOLVE_TIMEOUT_SECONDS):
            infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        found: list[IpAddress] = []
        for info in infos:
            address = _literal(str(info[4][0]))
            if address is not None and address not in found:
                found.append(address)
        return found

    async def creation_problem(self, url: str) -> str | None:
        """At creation: the scheme, and the addresses the host is (or resolves to now); a name
        that does not resolve yet is taken (each delivery checks it again)."""
        if problem := self.scheme_problem(url):
            return problem
        parts = urlsplit(url)
        try:
            addresses = await self._addresses(parts.hostname or "", _port(parts.scheme, parts))
        except (OSError, TimeoutError):
            return None
        for address in addresses:
            if problem := self.address_problem(address):
                return self._refusal(problem)
        return None

    async def delivery_address(self, url: str) -> tuple[str | None, str | None]:
        """At delivery: (the address to connect to, None) or (None, why not). Every address
        the name resolves to must pass, so a mixed answer cannot slip one through."""
        if problem := self.scheme_problem(url):
            return None, problem
        parts = urlsplit(url)
        try:
            addresses = await self._addresses(parts.hostname or "", _port(parts.scheme, parts))
        except (OSError, TimeoutError) as exc:
            return None, f"cannot resolve {parts.hostname}: {exc or 'timed out'}"
        if not addresses:
            return None, f"{parts.hostname} has no address"
        for address in addresses:
            if problem := self.address_problem(address):
                return None, self._refusal(problem)
        return str(addresses[0]), None


def _port(scheme: str, parts: object) -> int:
    port = getattr(parts, "port", None)
    return int(port) if port else (443 if scheme == "https" else 80)
