"""Webhooks end to end: CRUD, validation, isolation, deliveries to a real receiver, deactivation."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator
from datetime import datetime

import httpx
import pytest

from tests.fixtures.receiver import (
    Receiver,
    add_account,
    create_webhook,
    outbox,
    wait_until,
)
from tests.fixtures.service import RunningService, start_service

PAYLOAD_KEYS = {"id", "webhook_id", "occured_at", "type", "data"}


@pytest.fixture(scope="module")
def hooks_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningService]:
    """A service that retries failed deliveries after 50 ms, so 15 failures take a moment."""
    data_dir = tmp_path_factory.mktemp("webhooks-service")
    with start_service(data_dir, "--webhook-retry-seconds", "0.05") as service:
        yield service


@pytest.fixture
def sandbox(hooks_service: RunningService) -> Iterator[httpx.Client]:
    with hooks_service.client("sandbox") as client:
        yield client


@pytest.fixture
def live(hooks_service: RunningService) -> Iterator[httpx.Client]:
    with hooks_service.client("live") as client:
        yield client


def _closed_port_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/nobody-listens"


def test_create_list_get_delete(sandbox: httpx.Client) -> None:
    hook = create_webhook(
        sandbox,
        "http://127.0.0.1:9/hook",
        "shipment.tracking.*",
        security={"type": "basic_auth", "username": "u", "password": "secret-pw"},
    )
    assert {"id", "url", "event_types", "deactivated", "security"} <= hook.keys()
    assert hook["url"] == "http://127.0.0.1:9/hook"
    assert hook["event_types"] == ["shipment.tracking.*"]
    assert hook["deactivated"] is False
    assert hook["security"] == {"type": "basic_auth"}
    assert "secret-pw" not in str(hook)

    listed = sandbox.get("/v1/webhooks")
    assert listed.status_code == 200
    assert hook["id"] in [h["id"] for h in listed.json()["webhooks"]]
    assert "secret-pw" not in listed.text

    one = sandbox.get(f"/v1/webhooks/{hook['id']}")
    assert one.status_code == 200
    assert one.json()["id"] == hook["id"] and "secret-pw" not in one.text

    assert sandbox.delete(f"/v1/webhooks/{hook['id']}").status_code == 204
    assert sandbox.get(f"/v1/webhooks/{hook['id']}").status_code == 404
    assert sandbox.delete(f"/v1/webhooks/{hook['id']}").status_code == 404


def test_list_paging(sandbox: httpx.Client) -> None:
    ids = [create_webhook(sandbox, f"http://127.0.0.1:9/p{i}", "*")["id"] for i in range(3)]
    everything = [h["id"] for h in sandbox.get("/v1/webhooks").json()["webhooks"]]
    pages = [
        [h["id"] for h in sandbox.get(f"/v1/webhooks?page={p}&per_page=1").json()["webhooks"]]
        for p in range(1, len(everything) + 1)
    ]
    assert [p[0] for p in pages] == everything
    assert set(ids) <= set(everything)
    for bad in ("per_page=0", "per_page=101", "page=0", "page=x"):
        response = sandbox.get(f"/v1/webhooks?{bad}")
        assert response.status_code in (400, 422), bad
        assert response.json()["errors"]
    for hook_id in ids:
        sandbox.delete(f"/v1/webhooks/{hook_id}")


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"event_types": ["*"]}, "url"),
        ({"url": "not a url", "event_types": ["*"]}, "url"),
        ({"url": "ftp://127.0.0.1/x", "event_types": ["*"]}, "url"),
        ({"url": "http://127.0.0.1/x"}, "event_types"),
        ({"url": "http://127.0.0.1/x", "event_types": []}, "event_types"),
        ({"url": "http://127.0.0.1/x", "event_types": ["*.tracking"]}, "event_types[0]"),
        ({"url": "http://127.0.0.1/x", "event_types": ["shipment.*.x"]}, "event_types[0]"),
        ({"url": "http://127.0.0.1/x", "event_types": ["*"], "secret": 1}, "secret"),
        (
            {"url": "http://127.0.0.1/x", "event_types": ["*"], "security": {"type": "token"}},
            "security.type",
        ),
        (
            {"url": "http://127.0.0.1/x", "event_types": ["*"], "security": {"type": "basic_auth"}},
            "security.username",
        ),
    ],
)
def test_validation_errors_are_422_with_paths(
    sandbox: httpx.Client, body: dict[str, object], path: str
) -> None:
    response = sandbox.post("/v1/webhooks", json=body)
    assert response.status_code == 422, response.text
    assert any(m.startswith(f"{path}:") for m in response.json()["errors"]), response.json()


def test_live_webhooks_need_https(live: httpx.Client) -> None:
    response = live.post("/v1/webhooks", json={"url": "http://example.com/h", "event_types": ["*"]})
    assert response.status_code == 422
    assert response.json()["errors"][0].startswith("url:")
    hook = create_webhook(live, "https://example.com/h", "shipment.status.deleted")
    assert hook["url"] == "https://example.com/h"
    assert live.delete(f"/v1/webhooks/{hook['id']}").status_code == 204


def test_body_errors(sandbox: httpx.Client) -> None:
    not_json = sandbox.post(
        "/v1/webhooks", content=b"url=x", headers={"Content-Type": "text/plain"}
    )
    assert not_json.status_code == 415 and not_json.json()["errors"]
    malformed = sandbox.post(
        "/v1/webhooks", content=b"{nope", headers={"Content-Type": "application/json"}
    )
    assert malformed.status_code == 400 and malformed.json()["errors"]
    array = sandbox.post("/v1/webhooks", json=[1, 2])
    assert array.status_code in (400, 422)
    patch = sandbox.patch("/v1/webhooks/unknown", json={"deactivated": "no"})
    assert patch.status_code in (404, 422)


def test_unknown_webhook_is_404(sandbox: httpx.Client) -> None:
    for response in (
        sandbox.get("/v1/webhooks/00000000-0000-0000-0000-000000000000"),
        sandbox.delete("/v1/webhooks/nope"),
        sandbox.patch("/v1/webhooks/nope", json={"deactivated": False}),
        sandbox.post("/v1/webhooks/nope/test"),
    ):
        assert response.status_code == 404, response.text
        assert response.json()["errors"]


def test_other_accounts_and_environments_see_nothing(
    hooks_service: RunningService, sandbox: httpx.Client, live: httpx.Client
) -> None:
    hook = create_webhook(sandbox, "http://127.0.0.1:9/mine", "*")
    other = add_account(hooks_service, "webhooks-other@example.com")
    with hooks_service.client(other["sandbox_key"]) as stranger:
        assert stranger.get(f"/v1/webhooks/{hook['id']}").status_code == 404
        assert stranger.delete(f"/v1/webhooks/{hook['id']}").status_code == 404
        assert (
            stranger.patch(f"/v1/webhooks/{hook['id']}", json={"deactivated": True}).status_code
            == 404
        )
        assert stranger.post(f"/v1/webhooks/{hook['id']}/test").status_code == 404
        assert hook["id"] not in str(stranger.get("/v1/webhooks").json())
    # the same account's production system is a separate system too
    assert live.get(f"/v1/webhooks/{hook['id']}").status_code == 404
    assert hook["id"] not in str(live.get("/v1/webhooks").json())
    assert sandbox.get(f"/v1/webhooks/{hook['id']}").json()["deactivated"] is False
    sandbox.delete(f"/v1/webhooks/{hook['id']}")


def test_missing_key_is_401(hooks_service: RunningService) -> None:
    with hooks_service.client(None) as anonymous:
        assert anonymous.get("/v1/webhooks").status_code == 401
        assert anonymous.post("/v1/webhooks", json={}).status_code == 401


def test_test_event_payload_and_basic_auth(
    sandbox: httpx.Client, webhook_receiver: Receiver
) -> None:
    hook = create_webhook(
        sandbox,
        webhook_receiver.url,
        "shipment.tracking.delivered",
        security={"type": "basic_auth", "username": "hook-user", "password": "hook-pw"},
    )
    answer = sandbox.post(f"/v1/webhooks/{hook['id']}/test")
    assert answer.status_code == 202, answer.text
    event_id = answer.json()["id"]

    (request,) = webhook_receiver.wait_for(1)
    assert request.method == "POST"
    assert request.path == "/hook"
    assert request.headers["content-type"].startswith("application/json")
    assert request.headers["user-agent"]
    assert request.basic_auth == ("hook-user", "hook-pw")
    payload = request.json()
    assert set(payload) == PAYLOAD_KEYS
    assert payload["id"] == event_id
    assert payload["webhook_id"] == hook["id"]
    assert payload["type"] == "example.event"
    assert set(payload["data"]) == {"id", "url", "object_type"}
    assert payload["data"]["object_type"] == "shipment"
    assert payload["data"]["url"] == f"/v1/shipments/{payload['data']['id']}"
    occured = datetime.fromisoformat(payload["occured_at"])
    assert occured.utcoffset() is not None
    sandbox.delete(f"/v1/webhooks/{hook['id']}")


def test_no_auth_header_without_security(sandbox: httpx.Client, webhook_receiver: Receiver) -> None:
    hook = create_webhook(sandbox, webhook_receiver.url, "*")
    assert sandbox.post(f"/v1/webhooks/{hook['id']}/test").status_code == 202
    (request,) = webhook_receiver.wait_for(1)
    assert request.basic_auth is None and "authorization" not in request.headers
    sandbox.delete(f"/v1/webhooks/{hook['id']}")


def test_unreachable_receiver_counts_as_failure(sandbox: httpx.Client) -> None:
    hook = create_webhook(sandbox, _closed_port_url(), "*")
    assert sandbox.post(f"/v1/webhooks/{hook['id']}/test").status_code == 202
    state = wait_until(
        lambda: (r := sandbox.get(f"/v1/webhooks/{hook['id']}").json())["failure_count"] >= 2 and r,
        what="failed deliveries to a closed port",
    )
    assert state["last_error"]
    assert sandbox.delete(f"/v1/webhooks/{hook['id']}").status_code == 204


def test_fifteen_failures_deactivate_mail_and_reactivation(
    hooks_service: RunningService, sandbox: httpx.Client, webhook_receiver: Receiver
) -> None:
    webhook_receiver.status = 500
    webhook_receiver.statuses = [404, 502]  # 4xx and 5xx both count
    hook = create_webhook(sandbox, webhook_receiver.url, "*")
    assert sandbox.post(f"/v1/webhooks/{hook['id']}/test").status_code == 202

    webhook_receiver.wait_for(15)
    state = wait_until(
        lambda: (r := sandbox.get(f"/v1/webhooks/{hook['id']}").json())["deactivated"] and r,
        what="deactivation",
    )
    assert state["failure_count"] == 15
    assert "15" in state["deactivation_reason"]
    assert state["last_error"] == "HTTP 500"
    # the same event every time, and not one attempt more than 15
    sent = webhook_receiver.requests
    assert len(sent) == 15
    assert len({r.json()["id"] for r in sent}) == 1
    assert [r.status for r in sent[:3]] == [404, 502, 500]
    # a deactivated webhook gets no new events and no test events
    assert sandbox.post(f"/v1/webhooks/{hook['id']}/test").status_code == 400

    mails = [m for m in outbox(hooks_service) if hook["url"] in m["subject"]]
    assert len(mails) == 1
    assert mails[0]["to"] == hooks_service.email
    assert mails[0]["status"] == "outbox"
    assert hook["id"] in mails[0]["body"]

    # the receiver is back: reactivation resets the count and delivers the kept event
    webhook_receiver.status = 200
    reactivated = sandbox.patch(f"/v1/webhooks/{hook['id']}", json={"deactivated": False})
    assert reactivated.status_code == 200
    assert reactivated.json()["deactivated"] is False
    assert reactivated.json()["failure_count"] == 0
    requests = webhook_receiver.wait_for(16)
    assert requests[15].status == 200
    assert requests[15].json()["id"] == sent[0].json()["id"]
    wait_until(
        lambda: sandbox.get(f"/v1/webhooks/{hook['id']}").json()["undelivered_events"] == 0,
        what="the kept event to be delivered",
    )
    assert sandbox.post(f"/v1/webhooks/{hook['id']}/test").status_code == 202
    webhook_receiver.wait_for(17)
    sandbox.delete(f"/v1/webhooks/{hook['id']}")


def test_manual_deactivation_stops_deliveries(
    sandbox: httpx.Client, webhook_receiver: Receiver
) -> None:
    hook = create_webhook(sandbox, webhook_receiver.url, "*")
    off = sandbox.patch(f"/v1/webhooks/{hook['id']}", json={"deactivated": True})
    assert off.status_code == 200 and off.json()["deactivated"] is True
    assert off.json()["deactivation_reason"]
    assert sandbox.post(f"/v1/webhooks/{hook['id']}/test").status_code == 400
    bad = sandbox.patch(f"/v1/webhooks/{hook['id']}", json={"deactivated": False, "url": "x"})
    assert bad.status_code == 422
    on = sandbox.patch(f"/v1/webhooks/{hook['id']}", json={"deactivated": False})
    assert on.json()["deactivated"] is False
    assert sandbox.post(f"/v1/webhooks/{hook['id']}/test").status_code == 202
    webhook_receiver.wait_for(1)
    sandbox.delete(f"/v1/webhooks/{hook['id']}")


def test_two_services_on_one_database_deliver_each_event_once(
    service_factory: Callable[..., RunningService], webhook_receiver: Receiver
) -> None:
    first = service_factory()
    second = service_factory(data_dir=first.data_dir)
    with first.client("sandbox") as one, second.client("sandbox") as two:
        hook = create_webhook(one, webhook_receiver.url, "*")
        # both workers are woken or polling while events arrive through both services
        event_ids = [
            client.post(f"/v1/webhooks/{hook['id']}/test").json()["id"]
            for _ in range(15)
            for client in (one, two)
        ]
        received = webhook_receiver.wait_for(len(event_ids))
        wait_until(
            lambda: one.get(f"/v1/webhooks/{hook['id']}").json()["undelivered_events"] == 0,
            what="all deliveries recorded",
        )
    assert sorted(r.json()["id"] for r in webhook_receiver.requests) == sorted(event_ids)
    assert len(received) == len(event_ids)
