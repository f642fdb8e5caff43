"""The service on PostgreSQL: `packdesk serve --database-url postgresql+asyncpg://...` end to end.

A throw-away cluster (initdb + pg_ctl in a temporary directory, unix socket only) backs a real
`packdesk serve` subprocess; the tests run the API over HTTPS like the SQLite ones: labels,
list filters, updates and deletes under concurrency, webhooks, account isolation, restarts.
Skipped when PostgreSQL or asyncpg is not installed (`apt-get install postgresql`,
`pip install -e '.[postgres]'`).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import time
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.fixtures.receiver import Receiver, create_webhook, start_receiver
from tests.fixtures.service import LOCAL_SERVICE_ARGS, RunningService, start_service
from tests.payloads import shipment
from tests.service.postgres import PostgresCluster, throwaway_cluster

pytest.importorskip("asyncpg", reason="asyncpg is not installed (pip install -e '.[postgres]')")

DAY = 86400
PACKAGES = [{"weight": 1.0 + i, "length": 30, "width": 20, "height": 10} for i in range(2)]


@pytest.fixture(scope="module")
def cluster() -> Iterator[PostgresCluster]:
    """A private PostgreSQL cluster for this module."""
    with throwaway_cluster() as pg:
        yield pg


@pytest.fixture(scope="module")
def pg_service(
    cluster: PostgresCluster, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[RunningService]:
    """`packdesk serve` on the cluster's default database."""
    data_dir = tmp_path_factory.mktemp("pg-service")
    args = ("--database-url", cluster.url, *LOCAL_SERVICE_ARGS, "--webhook-retry-seconds", "0.2")
    with start_service(data_dir, *args) as service:
        yield service


@pytest.fixture
def sandbox(pg_service: RunningService) -> Iterator[httpx.Client]:
    with pg_service.client("sandbox") as client:
        yield client


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    found, server = start_receiver()
    try:
        yield found
    finally:
        server.shutdown()
        server.server_close()


def _created(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_the_service_really_runs_on_postgresql(pg_service: RunningService) -> None:
    # the data dir holds no SQLite database: everything went to the cluster
    assert not (pg_service.data_dir / "service.db").exists()
    listed = pg_service.accounts("--database-url", _url(pg_service), "list")
    assert pg_service.email in listed


def _url(service: RunningService) -> str:
    index = service.args.index("--database-url")
    return service.args[index + 1]


def test_create_with_label_get_and_fetch_labels(
    pg_service: RunningService, sandbox: httpx.Client
) -> None:
    created = _created(sandbox.post("/v1/shipments", json=shipment("dhl", label=True)))
    assert created["tracking_status"] == "label_created" and created["price"] == 0.0
    assert created["carrier_tracking_no"] and created["label_url"].endswith(".pdf")
    label = sandbox.get(created["label_url"].replace(pg_service.base_url, ""))
    assert label.status_code == 200 and label.content.startswith(b"%PDF")
    assert sandbox.get(f"/v1/shipments/{created['id']}").json() == created

    body = shipment("ups", label=True, packages=PACKAGES)
    body["label"] = {"format": "zpl2_4x6in_203dpi"}
    ups = _created(sandbox.post("/v1/shipments", json=body))
    numbers = [p["carrier_tracking_no"] for p in ups["packages"]]
    assert len(set(numbers)) == 2 and all(n.startswith("1Z") for n in numbers)
    for package in ups["packages"]:
        zpl = sandbox.get(package["label_url"].replace(pg_service.base_url, ""))
        assert zpl.status_code == 200 and zpl.text.startswith("^XA")
        assert package["carrier_tracking_no"] in zpl.text

    with pg_service.client("live") as live:
        priced = _created(live.post("/v1/shipments", json=shipment("dhl", label=True)))
    assert priced["price"] > 0


def test_list_filters_and_paging(sandbox: httpx.Client) -> None:
    ref = f"PG-{uuid.uuid4().hex[:10]}"
    before = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1)
    prepared = _created(sandbox.post("/v1/shipments", json=shipment("dpd", reference_number=ref)))
    labelled = [
        _created(sandbox.post("/v1/shipments", json=shipment(c, label=True, reference_number=ref)))
        for c in ("dhl", "hermes")
    ]

    def ids(**params: Any) -> list[str]:
        response = sandbox.get("/v1/shipments", params={"reference_number": ref, **params})
        assert response.status_code == 200, response.text
        return [s["id"] for s in response.json()["shipments"]]

    every = ids()
    # newest first
    assert every == [labelled[1]["id"], labelled[0]["id"], prepared["id"]]
    assert ids(carrier="dpd") == [prepared["id"]]
    assert ids(shipment_type="prepared") == [prepared["id"]]
    assert ids(tracking_status="label_created", carrier="hermes") == [labelled[1]["id"]]
    assert ids(carrier_tracking_no=labelled[0]["carrier_tracking_no"]) == [labelled[0]["id"]]
    stamp = before.strftime("%Y%m%dT%H%MZ")
    assert ids(created_at_gt=stamp) == every and ids(created_at_lt=stamp) == []
    assert ids(per_page=1, page=2) == [every[1]] and ids(per_page=2, page=3) == []


def test_update_while_prepared_then_delete(sandbox: httpx.Client) -> None:
    created = _created(sandbox.post("/v1/shipments", json=shipment("dhl")))
    path = f"/v1/shipments/{created['id']}"
    updated = _created(sandbox.put(path, json=shipment("dpd", reference_number="changed")))
    assert updated["carrier"] == "dpd" and updated["reference_number"] == "changed"
    labelled = _created(sandbox.put(path, json=shipment("dpd", label=True)))
    assert labelled["tracking_status"] == "label_created"
    assert sandbox.put(path, json=shipment("dpd")).status_code == 400
    assert sandbox.delete(path).status_code == 204
    assert sandbox.get(path).status_code == 404
    assert sandbox.delete(path).status_code == 404


async def test_concurrent_creates_updates_and_deletes(pg_service: RunningService) -> None:
    async with pg_service.async_client("sandbox") as client:
        responses = await asyncio.gather(
            *(client.post("/v1/shipments", json=shipment("dhl", label=True)) for _ in range(8))
        )
        assert [r.status_code for r in responses] == [200] * 8
        assert len({r.json()["id"] for r in responses}) == 8

        target = _created(await client.post("/v1/shipments", json=shipment("dhl")))
        path = f"/v1/shipments/{target['id']}"
        puts = await asyncio.gather(
            *(client.put(path, json=shipment("dhl", reference_number=f"r{i}")) for i in range(4))
        )
        codes = [r.status_code for r in puts]
        # the row lock serialises them: each wins or sees the version change (409), none fails
        assert set(codes) <= {200, 409} and 200 in codes, [r.text for r in puts]
        deletes = await asyncio.gather(client.delete(path), client.delete(path))
        assert sorted(r.status_code for r in deletes) == [204, 404]


def test_webhook_events_are_queued_and_delivered(sandbox: httpx.Client, receiver: Receiver) -> None:
    hook = create_webhook(sandbox, receiver.url, "shipment.*")
    try:
        created = _created(sandbox.post("/v1/shipments", json=shipment("dhl", label=True)))
        sid = created["id"]
        moved = sandbox.post(
            f"/v1/sandbox/shipments/{sid}/tracking_events", json={"status": "picked_up"}
        )
        assert moved.status_code == 200, moved.text
        assert sandbox.delete(f"/v1/shipments/{sid}").status_code == 204
        events = [r.json() for r in receiver.wait_for(3)]
    finally:
        sandbox.delete(f"/v1/webhooks/{hook['id']}")
    assert [e["type"] for e in events] == [
        "shipment.tracking.label_created",
        "shipment.tracking.picked_up",
        "shipment.status.deleted",
    ]
    for event in events:
        assert event["webhook_id"] == hook["id"] and event["data"]["id"] == sid
        assert dt.datetime.fromisoformat(event["occured_at"]).tzinfo is not None
    assert "url" not in events[2]["data"]


def test_accounts_are_isolated(pg_service: RunningService, sandbox: httpx.Client) -> None:
    mine = _created(sandbox.post("/v1/shipments", json=shipment("dhl", label=True)))
    address = _created(sandbox.post("/v1/addresses", json=shipment()["to"]))
    other = pg_service.add_account()
    with pg_service.client(other["sandbox_key"]) as theirs:
        assert theirs.get(f"/v1/shipments/{mine['id']}").status_code == 404
        assert theirs.delete(f"/v1/shipments/{mine['id']}").status_code == 404
        assert theirs.put(f"/v1/shipments/{mine['id']}", json=shipment()).status_code == 404
        assert theirs.get(f"/v1/addresses/{address['id']}").status_code == 404
        assert theirs.get("/v1/shipments").json() == {"shipments": []}
        by_ref = theirs.post("/v1/shipments", json=shipment(to={"id": address["id"]}))
        assert by_ref.status_code == 422
    with pg_service.client("live") as live:
        assert live.get(f"/v1/shipments/{mine['id']}").status_code == 404
    assert sandbox.get(f"/v1/shipments/{mine['id']}").status_code == 200


def test_nul_in_a_path_is_not_found(sandbox: httpx.Client) -> None:
    # PostgreSQL refuses NUL in text: without the guard these were 500s
    for path in ("/v1/shipments/%00", "/v1/webhooks/a%00b", "/v1/addresses/%00"):
        assert sandbox.get(path).status_code == 404


def _wait_until_delivered(url: str, seconds: float = 60.0) -> None:
    """Wait until the database holds no pending webhook delivery."""

    async def pending() -> int:
        from sqlalchemy import func, select

        from desktop_app.service.storage.db import make_engine
        from desktop_app.service.storage.webhooks import PENDING, DeliveryRow

        engine = make_engine(url)
        try:
            async with engine.connect() as conn:
                count = select(func.count()).where(DeliveryRow.status == PENDING)
                return int((await conn.execute(count)).scalar_one())
        finally:
            await engine.dispose()

    deadline = time.monotonic() + seconds
    while asyncio.run(pending()):
        if time.monotonic() > deadline:
            pytest.fail(f"a webhook delivery still pending after {seconds} s")
        time.sleep(0.05)


def test_restart_keeps_data_and_pending_deliveries_then_retention(
    cluster: PostgresCluster, tmp_path_factory: pytest.TempPathFactory, receiver: Receiver
) -> None:
    url = cluster.create_database(f"restart_{uuid.uuid4().hex[:8]}")
    data_dir = tmp_path_factory.mktemp("pg-restart")
    args = ("--database-url", url, "--webhook-retry-seconds", "0.5")
    receiver.status = 503  # the receiver is down at first: the delivery stays queued
    with start_service(data_dir, *args) as service:
        with service.client("sandbox") as sandbox, service.client("live") as live:
            create_webhook(sandbox, receiver.url, "shipment.tracking.*", "shipment.status.deleted")
            kept = _created(sandbox.post("/v1/shipments", json=shipment("dhl", label=True)))
            production = _created(live.post("/v1/shipments", json=shipment("dhl", label=True)))
            first = receiver.wait_for(1)[0].json()
        service.stop()
        receiver.status = 200
        service.restart(same_port=True)
        with service.client("sandbox") as sandbox:
            assert sandbox.get(f"/v1/shipments/{kept['id']}").json() == kept
            # the queued event survived the restart and arrives with the same id
            again = [r.json() for r in receiver.wait_for(2)]
            assert again[-1]["id"] == first["id"]
            assert again[-1]["data"]["id"] == kept["id"]
            # stopped between the receiver's 200 and recording it, the service would hand the
            # delivery back and the next start would send it once more
            _wait_until_delivered(url)
    # fifteen days later the sandbox shipment is gone, the production one stays
    with start_service(data_dir, *args, "--clock-offset", str(15 * DAY)) as later:
        deleted = receiver.wait_for(len(again) + 1)[-1].json()
        assert deleted["type"] == "shipment.status.deleted"
        assert deleted["data"] == {"id": kept["id"], "object_type": "shipment"}
        with later.client("sandbox") as sandbox, later.client("live") as live:
            assert sandbox.get(f"/v1/shipments/{kept['id']}").status_code == 404
            assert live.get(f"/v1/shipments/{production['id']}").status_code == 200
