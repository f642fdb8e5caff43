"""`Idempotency-Key` on the single service (SQLite): a write's effect happens once.

Repeats get the first answer (`Idempotent-Replayed: true`), concurrent duplicates make one
shipment, another body under a used key is refused (422), a bad key is refused (400), a
request that wrote nothing records nothing, and a record whose answer was lost (its process
died between commit and storing the answer) is answered from the created shipment.
The same on two processes sharing PostgreSQL: tests/service/storage/test_two_servers.py.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import sqlite3
import time
import uuid
from pathlib import Path

import httpx
from starlette.types import Message, Receive, Scope, Send

from desktop_app.service.api.idempotency import IdempotencyMiddleware
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.db import make_engine, make_sessionmaker, utcnow
from desktop_app.service.storage.schema import upgrade_database
from desktop_app.service.storage.shared_limits import CLAIM_INFO, IdempotentRequest, RateWindow
from tests.fixtures.service import RunningService
from tests.payloads import shipment


def _reference() -> str:
    return f"idem-{uuid.uuid4().hex[:12]}"


def _with_reference(client: httpx.Client, reference: str) -> list[str]:
    listed = client.get("/v1/shipments", params={"reference_number": reference})
    assert listed.status_code == 200, listed.text
    return [s["id"] for s in listed.json()["shipments"]]


def test_a_repeat_gets_the_first_answer_and_makes_nothing(sandbox: httpx.Client) -> None:
    reference = _reference()
    key = {"Idempotency-Key": str(uuid.uuid4())}
    first = sandbox.post("/v1/shipments", json=shipment(reference_number=reference), headers=key)
    again = sandbox.post("/v1/shipments", json=shipment(reference_number=reference), headers=key)
    assert first.status_code == again.status_code == 200, (first.text, again.text)
    assert again.json() == first.json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["RateLimit-Limit"] and again.headers["X-Request-ID"]
    assert _with_reference(sandbox, reference) == [first.json()["id"]]


def test_without_a_key_each_request_creates(sandbox: httpx.Client) -> None:
    reference = _reference()
    for _ in range(2):
        assert sandbox.post("/v1/shipments", json=shipment(reference_number=reference)).is_success
    assert len(_with_reference(sandbox, reference)) == 2


def test_concurrent_duplicates_make_one_shipment(local_service: RunningService) -> None:
    reference = _reference()
    key = {"Idempotency-Key": str(uuid.uuid4())}
    body = shipment(reference_number=reference, label=True)

    def send(_: int) -> httpx.Response:
        with local_service.client() as client:
            return client.post("/v1/shipments", json=body, headers=key)

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(send, range(8)))
    assert {a.status_code for a in answers} == {200}, [a.text for a in answers]
    assert len({a.json()["id"] for a in answers}) == 1
    assert sum(a.headers.get("Idempotent-Replayed") == "true" for a in answers) == 7
    with local_service.client() as client:
        assert _with_reference(client, reference) == [answers[0].json()["id"]]


def test_another_request_under_a_used_key_is_refused(sandbox: httpx.Client) -> None:
    key = {"Idempotency-Key": str(uuid.uuid4())}
    reference = _reference()
    assert sandbox.post(
        "/v1/shipments", json=shipment(reference_number=reference), headers=key
    ).is_success
    other = sandbox.post("/v1/shipments", json=shipment(reference_number="other"), headers=key)
    assert other.status_code == 422
    assert "Idempotency-Key" in other.json()["errors"][0]
    assert len(_with_reference(sandbox, reference)) == 1


def test_a_key_belongs_to_its_account_and_environment(
    local_service: RunningService, sandbox: httpx.Client, live: httpx.Client
) -> None:
    key = {"Idempotency-Key": str(uuid.uuid4())}
    body = shipment(reference_number=_reference())
    in_sandbox = sandbox.post("/v1/shipments", json=body, headers=key)
    in_live = live.post("/v1/shipments", json=body, headers=key)
    other = local_service.add_account()
    with local_service.client(other["sandbox_key"]) as stranger:
        elsewhere = stranger.post("/v1/shipments", json=body, headers=key)
    ids = {in_sandbox.json()["id"], in_live.json()["id"], elsewhere.json()["id"]}
    assert len(ids) == 3
    assert all("Idempotent-Replayed" not in a.headers for a in (in_live, elsewhere))


def test_bad_keys_are_refused(sandbox: httpx.Client) -> None:
    for bad in ("x" * 256, "tab\there"):
        answer = sandbox.post("/v1/shipments", json=shipment(), headers={"Idempotency-Key": bad})
        assert answer.status_code == 400
        assert answer.json()["errors"] == [
            "Idempotency-Key: use 1 to 255 visible ASCII characters (e.g. a UUID)"
        ]


def test_a_refused_request_records_nothing(sandbox: httpx.Client) -> None:
    key = {"Idempotency-Key": str(uuid.uuid4())}
    reference = _reference()
    refused = sandbox.post("/v1/shipments", json={"carrier": "dhl"}, headers=key)
    assert refused.status_code == 422
    fixed = sandbox.post("/v1/shipments", json=shipment(reference_number=reference), headers=key)
    assert fixed.status_code == 200 and "Idempotent-Replayed" not in fixed.headers
    assert _with_reference(sandbox, reference) == [fixed.json()["id"]]


def _wait_for_kept_answer(database: Path, key: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while True:
        with contextlib.closing(sqlite3.connect(database)) as db:
            kept = db.execute(
                "SELECT status FROM idempotent_requests WHERE idempotency_key = ?", (key,)
            ).fetchone()
        if kept is not None and kept[0] is not None:
            return
        assert time.monotonic() < deadline, f"the answer of {key} not kept within {seconds} s"
        time.sleep(0.02)


def test_a_lost_answer_is_given_from_the_created_shipment(local_service: RunningService) -> None:
    key = str(uuid.uuid4())
    body = shipment(reference_number=_reference(), label=True)
    with local_service.client() as client:
        first = client.post("/v1/shipments", json=body, headers={"Idempotency-Key": key})
        assert first.status_code == 200
        database = local_service.data_dir / "service.db"
        # the answer is kept once it is sent: wait for it, then drop it, as if the process had
        # been killed between the commit and keeping the answer
        _wait_for_kept_answer(database, key)
        with sqlite3.connect(database) as db:
            changed = db.execute(
                "UPDATE idempotent_requests SET status = NULL, body = NULL "
                "WHERE idempotency_key = ?",
                (key,),
            ).rowcount
        assert changed == 1
        again = client.post("/v1/shipments", json=body, headers={"Idempotency-Key": key})
    assert again.status_code == 200, again.text
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json()["id"] == first.json()["id"]
    assert again.json()["label_url"] == first.json()["label_url"]


def test_a_key_another_server_recorded_meanwhile_is_answered_from_its_record(
    tmp_path: Path,
) -> None:
    """The lock failed to keep a repeat out (its holder was killed while its commit was still
    on the way): this request's commit meets the key's record, its change is rolled back, and
    the record's answer is sent."""
    first_answer = b'{"id": "made-by-the-other-server"}'

    async def scenario() -> tuple[list[Message], RateWindow | None]:
        engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'service.db'}")
        try:
            await upgrade_database(engine)
            sessions = make_sessionmaker(engine)

            async def committed_elsewhere_first(
                scope: Scope, _receive: Receive, _send: Send
            ) -> None:
                claim = scope["state"]["idempotency"]
                async with sessions() as other_server:
                    other_server.add(
                        IdempotentRequest(
                            account_id=claim.account_id,
                            environment=claim.environment,
                            idempotency_key=claim.idempotency_key,
                            request_hash=claim.request_hash,
                            status=200,
                            content_type="application/json",
                            body=first_answer,
                        )
                    )
                    await other_server.commit()
                async with sessions() as mine:
                    mine.info[CLAIM_INFO] = claim
                    mine.add(
                        RateWindow(bucket="this request's change", started_at=utcnow(), hits=1)
                    )
                    await mine.commit()

            key = KeyInfo("key-id", "prefix", "account-id", "owner@example.com", "sandbox")
            scope: Scope = {
                "type": "http",
                "method": "POST",
                "path": "/v1/shipments",
                "query_string": b"",
                "headers": [(b"idempotency-key", b"the-key")],
                "state": {"key": key},
            }
            sent: list[Message] = []

            async def receive() -> Message:
                return {"type": "http.request", "body": b"{}", "more_body": False}

            async def send(message: Message) -> None:
                sent.append(message)

            middleware = IdempotencyMiddleware(
                committed_elsewhere_first, engine, sessions, max_body_bytes=1024
            )
            await middleware(scope, receive, send)
            async with sessions() as session:
                change = await session.get(RateWindow, "this request's change")
            return sent, change
        finally:
            await engine.dispose()

    sent, change = asyncio.run(scenario())
    assert sent[0]["status"] == 200
    assert (b"idempotent-replayed", b"true") in sent[0]["headers"]
    assert sent[1]["body"] == first_answer
    assert change is None
