"""Settings › Webhooks' decisions without a window: `WebhooksPresenter` against the real local
service and a real local receiver (create, list, test event, actions, delete, refusals), and
the event-type choice with catch-alls."""

from __future__ import annotations

import asyncio
from typing import Any

from desktop_app.client.types import Webhook
from desktop_app.gui.core.context import AppContext
from desktop_app.gui.settings.webhooks.presenter import (
    WebhooksPresenter,
    chosen_events,
    covered_events,
    row_texts,
    webhook_draft,
    webhook_state,
)
from tests.fixtures.receiver import Receiver


def test_catch_alls_cover_single_types() -> None:
    singles = ["shipment.tracking.delivered", "shipment.status.deleted", "shipment.created"]
    assert covered_events(["shipment.tracking.*"], singles) == {"shipment.tracking.delivered"}
    assert covered_events(["*"], singles) == set(singles)
    assert covered_events([], singles) == set()
    assert chosen_events(["shipment.tracking.*"], singles) == [
        "shipment.tracking.*",
        "shipment.status.deleted",
        "shipment.created",
    ]
    assert chosen_events(["*"], singles) == ["*"]


def test_draft_sends_basic_auth_only_when_asked() -> None:
    assert webhook_draft(" https://h.example/x ", ["*"], None) == {
        "url": "https://h.example/x",
        "event_types": ["*"],
    }
    assert webhook_draft("https://h.example/x", [], ("desk", ""))["security"] == {
        "type": "basic_auth",
        "username": "desk",
    }
    assert webhook_draft("https://h.example/x", [], ("desk", "pw"))["security"]["password"] == "pw"


def test_a_deactivated_webhook_says_why() -> None:
    active = Webhook.model_validate(
        {"id": "w1", "url": "https://h.example/x", "event_types": ["*"], "deactivated": False}
    )
    dead = Webhook.model_validate(
        {
            "id": "w2",
            "url": "https://h.example/y",
            "event_types": ["*", "shipment.created"],
            "deactivated": True,
            "deactivation_reason": "15 failed deliveries",
        }
    )
    assert webhook_state(active) == "Active"
    assert webhook_state(dead) == "Deactivated: 15 failed deliveries"
    assert row_texts(dead) == (
        "https://h.example/y",
        "*, shipment.created",
        "no authentication",
        "Deactivated: 15 failed deliveries",
    )


async def test_presenter_creates_tests_and_deletes(
    own_account_ctx: AppContext, webhook_receiver: Receiver
) -> None:
    ctx = own_account_ctx
    presenter = WebhooksPresenter(ctx)
    messages: list[tuple[str, bool]] = []
    presenter.message_shown.connect(lambda text, error: messages.append((text, error)))
    loaded: list[int] = []
    presenter.loaded.connect(loaded.append)
    assert presenter.follow_profile()  # the first profile: a reset and a reload
    assert not presenter.follow_profile()  # the same profile again: the list holds
    await presenter.tasks.wait_idle()
    assert presenter.webhooks == [] and loaded == [0]
    assert "http:// is accepted" in presenter.https_note()

    # the domain's rules: a URL and at least one event type
    empty = webhook_draft("", [], None)
    problems = presenter.problems(empty)
    assert any(p.startswith("URL:") for p in problems), problems
    assert any(p.startswith("Events:") for p in problems), problems
    assert await presenter.create(empty) is None
    assert await ctx.client.webhooks.list() == []  # type: ignore[union-attr]

    draft = webhook_draft(webhook_receiver.url, ["shipment.tracking.*"], ("desk", "s3cret"))
    assert presenter.problems(draft) == []
    hook = await presenter.create(draft)
    assert hook is not None and [h.id for h in presenter.webhooks] == [hook.id]
    assert loaded[-1] == 1
    assert "Send a test event" in presenter.created_text(hook)
    actions = presenter.actions(hook.id)
    assert (actions.test, actions.reactivate, actions.delete) == (True, False, True)
    nothing = presenter.actions(None)
    assert (nothing.test, nothing.reactivate, nothing.delete) == (False, False, False)

    assert await presenter.send_test(hook.id)
    assert messages[-1] == (f"Test event sent to {webhook_receiver.url}.", False)
    [request] = await asyncio.to_thread(webhook_receiver.wait_for, 1, 20.0)
    assert request.json()["type"] == "example.event" and request.basic_auth == ("desk", "s3cret")

    # deactivated through the API: no test event, reactivation offered and done
    client: Any = ctx.client
    await client._request("PATCH", f"webhooks/{hook.id}", json={"deactivated": True})
    assert await presenter.reload() == 1
    actions = presenter.actions(hook.id)
    assert (actions.test, actions.reactivate) == (False, True)
    assert actions.test_tip == "Reactivate the webhook before testing it"
    assert webhook_state(presenter.hook(hook.id)).startswith("Deactivated: ")
    assert not await presenter.send_test(hook.id)
    assert messages[-1][0].startswith("No test event: ") and messages[-1][1]
    assert await presenter.reactivate(hook.id)
    assert messages[-1][0].startswith(f"Reactivated: {webhook_receiver.url}.")
    assert webhook_state(presenter.hook(hook.id)) == "Active"

    assert await presenter.delete(hook.id)
    assert messages[-1] == ("Webhook deleted.", False)
    assert presenter.webhooks == [] and await ctx.client.webhooks.list() == []  # type: ignore[union-attr]
    assert not await presenter.delete(hook.id)  # gone: refused, said as an error
    assert messages[-1][0].startswith("Not deleted: ") and messages[-1][1]
    assert not await presenter.send_test(hook.id)
    assert messages[-1][0].startswith("No test event: ")
