"""Bounded work per request: size bounds checked before the rules, large bodies off the loop.

The bounds sit above every rule's own limit: the largest bodies the rules accept (an order of
500 line items, a manifest of 1000 shipments) pass them, one entry more than a bound is
refused naming the field, and the costly bodies of the finding (50,000 add-ons, 60,000 unknown
fields) are refused without running the rules, and a large body waits for the body-check
worker instead of being checked on the event loop. How long the loop is held is a benchmark
figure (bench/serve_bodies.py), not a test.
"""

from __future__ import annotations

import asyncio
import copy
import json
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from desktop_app.domain.bounds import MAX_FIELDS, MAX_TEXT, MAX_VALUES, array_limit, size_problem
from desktop_app.domain.rules.manifests import MAX_MANIFEST_SHIPMENTS
from desktop_app.domain.rules.orders import MAX_LINE_ITEMS
from desktop_app.service.api.bodies import values_at_most
from desktop_app.service.app import create_app
from desktop_app.service.settings import ServiceSettings
from desktop_app.service.storage.accounts import create_account
from desktop_app.service.workers import WorkerPool
from tests.payloads import shipment
from tests.service.api.test_orders import ORDER


def test_the_largest_bodies_the_rules_accept_are_within_the_bounds() -> None:
    order = copy.deepcopy(ORDER)
    order["order_line_items"] = order["order_line_items"][:1] * MAX_LINE_ITEMS
    assert size_problem(order) is None
    manifest = {"carrier": "dhl", "shipments": [f"{i:040x}" for i in range(MAX_MANIFEST_SHIPMENTS)]}
    assert size_problem(manifest) is None
    assert size_problem({"url": "https://example.com/" + "a" * 2000}) is None


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            {"additional_services": [{"name": "x"}] * (array_limit("additional_services") + 1)},
            "additional_services: at most 100 entries (now 101)",
        ),
        ({"reference_number": "r" * (MAX_TEXT + 1)}, f"reference_number: at most {MAX_TEXT}"),
        ({f"k{i}": 1 for i in range(MAX_FIELDS + 1)}, f"request: at most {MAX_FIELDS} fields"),
        (
            {f"k{j}": [[0] * 100] * 100 for j in range(3)},
            f"request: more than {MAX_VALUES} values",
        ),
    ],
)
def test_one_step_over_a_bound_names_the_field(body: dict[str, Any], message: str) -> None:
    problem = size_problem(body)
    assert problem is not None and message in problem


def test_the_byte_estimate_never_counts_fewer_values_than_there_are() -> None:
    for body in (shipment(), ORDER, {"a": [[], {}, [1, [2, {"b": "c,d"}]]]}, {}):
        raw = json.dumps(body).encode()
        counted = size_problem(body)
        assert counted is None
        assert values_at_most(raw) >= _values(body)


def _values(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + sum(_values(v) for v in value.values())
    if isinstance(value, list):
        return 1 + sum(_values(v) for v in value)
    return 1


def test_costly_bodies_are_refused_before_the_rules(sandbox: httpx.Client) -> None:
    many_add_ons = {**shipment(), "additional_services": [{"name": "x"}] * 50_000}
    response = sandbox.post("/v1/shipments", json=many_add_ons)
    assert response.status_code == 413
    assert response.json()["errors"] == [f"request body too large: more than {MAX_VALUES} values"]
    just_over = {**shipment(), "additional_services": [{"name": "cash_on_delivery"}] * 101}
    response = sandbox.post("/v1/shipments", json=just_over)
    assert response.status_code == 422
    assert response.json()["errors"] == ["additional_services: at most 100 entries (now 101)"]
    unknown = {**shipment(), **{f"k{i}": "v" for i in range(5000)}}
    response = sandbox.post("/v1/shipments", json=unknown)
    assert response.status_code == 422 and "fields (now 50" in response.json()["errors"][0]
    long_text = {**shipment(), "reference_number": "r" * 200_000}
    response = sandbox.post("/v1/shipments", json=long_text)  # checked off the loop
    assert response.status_code == 422
    assert response.json()["errors"] == [
        f"reference_number: at most {MAX_TEXT} characters (now 200000)"
    ]
    # a good body still passes the same way
    assert sandbox.post("/v1/shipments", json=shipment()).status_code == 200


def test_the_largest_order_is_checked_off_the_loop_and_stored(sandbox: httpx.Client) -> None:
    order = copy.deepcopy(ORDER)
    line = order["order_line_items"][0]
    order["order_line_items"] = [dict(line, sku=f"{i:06d}") for i in range(MAX_LINE_ITEMS)]
    created = sandbox.post("/v1/orders", json=order)
    assert created.status_code == 200, created.text
    stored = sandbox.get(f"/v1/orders/{created.json()['id']}").json()
    assert [item["sku"] for item in stored["order_line_items"]] == [
        f"{i:06d}" for i in range(MAX_LINE_ITEMS)
    ]
    over = dict(order, total_vat="many")  # the rules' answer comes back from the thread
    refused = sandbox.post("/v1/orders", json=over)
    assert refused.status_code == 422 and "total_vat" in refused.json()["errors"][0]


def _hold_until_closed(port: int) -> None:
    """Run in the body-check worker: keeps it busy until the test closes the connection."""
    with socket.create_connection(("127.0.0.1", port)) as connection:
        connection.recv(1)


async def _until(condition: Callable[[], bool], timeout: float = 60.0) -> None:
    """Let the event loop run until `condition()` holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "the state was not reached"
        await asyncio.sleep(0.01)


def _largest_order() -> dict[str, Any]:
    order = copy.deepcopy(ORDER)
    line = order["order_line_items"][0]
    order["order_line_items"] = [dict(line, sku=f"{i:06d}") for i in range(MAX_LINE_ITEMS)]
    return order


def _long_texts() -> dict[str, Any]:
    text = "Straße " * 585  # 4,095 characters, within the bound: the rules refuse the names
    services = [{"name": "x", "properties": {"note": text}} for _ in range(60)]
    return {**shipment(), "additional_services": services}


@pytest.mark.parametrize(
    ("path", "body", "status"),
    [("/v1/orders", _largest_order(), 200), ("/v1/shipments", _long_texts(), 422)],
    ids=["order of 500 lines", "60 long texts"],
)
async def test_a_large_body_waits_for_the_check_worker_while_the_loop_serves_others(
    tmp_path: Path, path: str, body: dict[str, Any], status: int
) -> None:
    # the service's own app and worker process, in this process's loop: the test occupies the
    # one body-check worker, so a large body that is checked there cannot be answered until
    # the worker is free; checked on the loop instead, it would be answered without it
    settings = ServiceSettings(data_dir=tmp_path, check_processes=1, warm_workers=False)
    app = create_app(settings)
    checks: WorkerPool = app.state.ctx.checks
    loop = asyncio.get_running_loop()
    async with app.router.lifespan_context(app):
        async with app.state.ctx.sessions() as session:
            keys = await create_account(session, "loop@example.com")
            await session.commit()
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(
            transport=transport, base_url="https://test", auth=(keys.sandbox_key, "")
        ) as client:
            with socket.create_server(("127.0.0.1", 0)) as listener:
                listener.setblocking(False)
                port = listener.getsockname()[1]
                occupied = asyncio.ensure_future(checks.run(_hold_until_closed, port))
                worker_end, _ = await loop.sock_accept(listener)  # the worker is busy now
                with worker_end:
                    large = asyncio.ensure_future(client.post(path, json=body))
                    await _until(lambda: large.done() or checks.in_progress() == 2)
                    assert not large.done(), "the large body was checked without the worker"
                    # the loop is free for other requests meanwhile
                    other = await client.get("/v1/carriers")
                    assert other.status_code == 200 and not large.done()
                await occupied
            answer = await large
    assert answer.status_code == status, answer.text
