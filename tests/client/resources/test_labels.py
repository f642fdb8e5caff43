"""client.labels: downloads without the key, ZPL as well as PDF, and labels from any name the
service answers to: by address, by name and through a proxy.

The service announces a public URL (here a real TCP reverse proxy on 127.0.0.2, its TLS passed
through) and writes it into every `label_url`; stations reach the service by another address, by
name, or through the proxy. Each one downloads its labels with the paired CA, the proxy counting
the connections. A label URL at an origin that is not the service's is checked against the
public CAs only (the paired CA does not vouch for it), so the download is refused before a
byte of the request is sent.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator

import httpx
import pytest

from desktop_app.client import CertificateError, ShippingClient
from tests.client.conftest import CLIENT_SERVICE_ARGS, shipment_request, watched_client
from tests.fixtures.service import RunningService
from tests.fixtures.tcp_proxy import TcpProxy

ServiceFactory = Callable[..., RunningService]


async def test_label_download_sends_no_key(client_service: RunningService) -> None:
    seen: list[tuple[str, bool]] = []

    async def record(request: httpx.Request) -> None:
        seen.append((request.url.path, "authorization" in request.headers))

    async with watched_client(client_service, record) as client:
        shipment = await client.shipments.create(shipment_request())
        assert shipment.label_url
        data = await client.labels.download(shipment.label_url)
    assert data.startswith(b"%PDF")
    api_calls = [auth for path, auth in seen if path.startswith("/v1/shipments")]
    label_calls = [auth for path, auth in seen if not path.startswith("/v1/shipments")]
    assert api_calls == [True]
    assert label_calls == [False]


async def test_zpl_label(client: ShippingClient) -> None:
    shipment = await client.shipments.create(
        shipment_request(label={"format": "zpl2_100x70mm_203dpi"})
    )
    assert shipment.label_url
    data = await client.labels.download(shipment.label_url)
    assert data.lstrip().startswith(b"^XA")


@pytest.fixture
def proxy() -> Iterator[TcpProxy]:
    with TcpProxy("127.0.0.2") as running:
        yield running


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def proxied_service(service_factory: ServiceFactory, proxy: TcpProxy) -> tuple[RunningService, int]:
    """A service on 127.0.0.1 announcing the proxy's URL as its public URL; and its own port."""
    port = _free_port()
    service = service_factory("--port", str(port), "--public-url", proxy.url, *CLIENT_SERVICE_ARGS)
    assert service.base_url == proxy.url
    proxy.target = ("127.0.0.1", port)
    return service, port


def _station(service: RunningService, base_url: str) -> ShippingClient:
    return ShippingClient(base_url, service.sandbox_key, ca_file=str(service.ca_file))


@pytest.mark.parametrize(
    "station_url",
    [
        pytest.param("https://127.0.0.1:{port}", id="by-address"),
        pytest.param("https://localhost:{port}", id="by-name"),
        pytest.param("{proxy}", id="through-the-proxy"),
    ],
)
async def test_label_downloaded_from_the_announced_public_url(
    proxied_service: tuple[RunningService, int], proxy: TcpProxy, station_url: str
) -> None:
    service, port = proxied_service
    base_url = station_url.format(port=port, proxy=proxy.url)
    async with _station(service, base_url) as station:
        shipment = await station.shipments.create(shipment_request())
        assert shipment.label_url and shipment.label_url.startswith(proxy.url + "/v1/")
        before = proxy.connections
        label = await station.labels.download(shipment.label_url)
        again = await station.labels.download(shipment.label_url)
    assert label.startswith(b"%PDF") and again == label
    # the download went through the proxy (over the API's own connection when through it)
    assert proxy.connections > before or base_url == proxy.url


async def test_an_origin_the_service_does_not_announce_gets_no_paired_trust(
    proxied_service: tuple[RunningService, int], proxy: TcpProxy
) -> None:
    service, port = proxied_service
    with TcpProxy("127.0.0.3") as other:
        other.target = ("127.0.0.1", port)
        async with _station(service, f"https://127.0.0.1:{port}") as st:
            shipment = await st.shipments.create(shipment_request())
            assert shipment.label_url
            foreign = shipment.label_url.replace(proxy.url, other.url)
            assert foreign != shipment.label_url
            with pytest.raises(CertificateError):
                await st.labels.download(foreign)
            # the service's own origins still work in the same client
            assert (await st.labels.download(shipment.label_url)).startswith(b"%PDF")
