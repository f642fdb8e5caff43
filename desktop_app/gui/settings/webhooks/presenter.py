"""The account's webhook subscriptions as Settings › Webhooks shows them, without a widget.

`WebhooksPresenter` holds the listed webhooks of the open profile, checks a typed webhook with
the domain's rules (a live profile needs an https URL), creates, tests, reactivates and deletes
through the client, and says each outcome as a message (`message_shown`). `chosen_events`
decides which event types a form sends when catch-alls cover single types. The page and its
form only show what it holds; tests drive it against the real local service, no window.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from desktop_app.domain.events import event_matches
from desktop_app.domain.rules import validate_webhook
from desktop_app.gui.core.presenter import Presenter
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import date_time
from desktop_app.gui.widgets.problems import problem_text
from desktop_app.gui.widgets.tasks import service_text
from desktop_app.gui.widgets.tracking_events import STATUS_TEXT

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.gui.core.context import AppContext

#: what `WebhooksPresenter._ask` answers when nothing was done
REFUSED: Any = object()


def event_text(event_type: str) -> str:
    """A single event type as the form shows it."""
    last = event_type.rsplit(".", 1)[-1]
    word = (
        translate("History", STATUS_TEXT[last])
        if last in STATUS_TEXT
        else translate("Settings", "Deleted")
        if last == "deleted"
        else last.replace("_", " ").capitalize()
    )
    # the event type itself stays: the receiving system is programmed against it
    return translate("Settings", "{0} ({1})").format(word, event_type)


def webhook_state(hook: Any) -> str:
    """ "Active", or "Deactivated: <reason>"."""
    if not hook.deactivated:
        return translate("Settings", "Active")
    extra = hook.model_extra or {}
    reason = extra.get("deactivation_reason") or translate(
        "Settings", "the service gives no reason"
    )
    when = extra.get("deactivated_at")
    if when:
        return translate("Settings", "Deactivated: {reason} (since {when})").format(
            reason=reason, when=date_time(when)
        )
    return translate("Settings", "Deactivated: {reason}").format(reason=reason)


def security_text(hook: Any) -> str:
    """How deliveries to the webhook authenticate, in words."""
    kind = hook.security.type if hook.security and hook.security.type else None
    if kind == "basic_auth":
        return translate("Settings", "User name and password")
    if kind is None:
        return translate("Settings", "no authentication")
    return str(kind)


def row_texts(hook: Any) -> tuple[str, str, str, str]:
    """The list's cells of a webhook: URL, events, security, state."""
    return (hook.url, ", ".join(hook.event_types), security_text(hook), webhook_state(hook))


def covered_events(catch_alls: Sequence[str], event_types: Sequence[str]) -> set[str]:
    """The single event types a chosen catch-all already covers (the form greys them out)."""
    return {t for t in event_types if any(event_matches(p, t) for p in catch_alls)}


def chosen_events(catch_alls: Sequence[str], checked: Sequence[str]) -> list[str]:
    """The event types to send: the catch-alls first, then the checked single types they do
    not cover."""
    covered = covered_events(catch_alls, checked)
    return [*catch_alls, *(t for t in checked if t not in covered)]


def webhook_draft(
    url: str, event_types: Sequence[str], auth: tuple[str, str] | None
) -> dict[str, Any]:
    """The webhook as it is sent: URL, event types, basic auth (user, password) if asked."""
    draft: dict[str, Any] = {"url": url.strip(), "event_types": list(event_types)}
    if auth is not None:
        user, password = auth
        security: dict[str, Any] = {"type": "basic_auth", "username": user}
        if password:
            security["password"] = password
        draft["security"] = security
    return draft


def delete_question(hook: Any) -> str:
    """What Delete asks before a webhook goes."""
    return translate(
        "Settings",
        "Delete the webhook for {url}?\n\nEvents not yet delivered are dropped.",
    ).format(url=hook.url)


@dataclass(frozen=True, slots=True)
class WebhookActions:
    """What the list's buttons may do for the selected webhook."""

    test: bool
    test_tip: str
    reactivate: bool
    delete: bool


class WebhooksPresenter(Presenter):
    """The open profile's webhooks: listed, checked, created, tested, reactivated, deleted."""

    #: the list was loaded (how many webhooks)
    loaded = Signal(int)
    #: the profile shown changed: the list is empty until loaded, the form starts again
    reset = Signal()

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(ctx, parent)
        self.webhooks: list[Any] = []
        self._shown_profile: tuple[str, str, str] | None | bool = False
        ctx.profile_changed.connect(lambda *_: self.follow_profile())
        ctx.connection_changed.connect(self._on_connection_changed)

    @property
    def live(self) -> bool:
        """True for a live profile (https required)."""
        return self.ctx.environment == "live"

    @property
    def connected(self) -> bool:
        """True while the service can be asked."""
        return self.ctx.client is not None

    def https_note(self) -> str:
        """Which URLs the profile accepts."""
        if self.live:
            return translate("Settings", "Live profiles deliver only to https:// addresses.")
        return translate(
            "Settings", "Sandbox: http:// is accepted for a receiver on your own network."
        )

    def follow_profile(self) -> bool:
        """Start over for another profile (True); the same profile re-read keeps the list."""
        key = self.ctx.profile_key
        if key == self._shown_profile:
            return False  # the same profile re-read (a new default sender...): the list holds
        self._shown_profile = key
        self.tasks.cancel()
        self.webhooks = []
        self.reset.emit()
        if self.ctx.client is not None:
            self.spawn_reload()
        return True

    def _on_connection_changed(self, state: str, _message: str = "") -> None:
        if state == "connected":
            self.spawn_reload()

    def spawn_reload(self) -> None:
        """Reload in the background (nothing outside a running event loop)."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        self.tasks.spawn(self.reload())

    # --- reading ------------------------------------------------------------------------------

    def problems(self, draft: Mapping[str, Any]) -> list[str]:
        """The domain's webhook rules on a draft, in words."""
        return [problem_text(p) for p in validate_webhook(dict(draft), live=self.live)]

    def hook(self, hook_id: str | None) -> Any:
        """A listed webhook by id."""
        return next((h for h in self.webhooks if h.id == hook_id), None)

    def actions(self, hook_id: str | None) -> WebhookActions:
        """Test only an active webhook, reactivate only a deactivated one, delete any."""
        hook = self.hook(hook_id)
        deactivated = hook is not None and bool(hook.deactivated)
        return WebhookActions(
            test=hook is not None and not deactivated,
            test_tip=translate("Settings", "Reactivate the webhook before testing it")
            if deactivated
            else translate("Settings", "The service sends an example.event to the URL"),
            reactivate=deactivated,
            delete=hook is not None,
        )

    # --- service ------------------------------------------------------------------------------

    async def reload(self) -> int:
        """Load the webhooks from the service."""
        from desktop_app.client.errors import APIError

        client = self.ctx.client
        if client is None:
            return 0
        try:
            hooks = [h async for h in client.webhooks.iter_all()]
        except APIError as exc:
            self.show_message(
                translate("Settings", "Could not load the webhooks: {0}").format(service_text(exc)),
                error=True,
            )
            return 0
        if client is not self.ctx.client:
            return 0  # the profile changed meanwhile
        self.webhooks = hooks
        self.loaded.emit(len(hooks))
        return len(hooks)

    async def _ask(self, refused: str, call: Callable[[ShippingClient], Awaitable[Any]]) -> Any:
        """`call(client)`'s answer; `REFUSED` without a client or when the service refuses,
        which is said as `refused` with the service's reason for {0}."""
        from desktop_app.client.errors import APIError

        client = self.ctx.client
        if client is None:
            return REFUSED
        try:
            return await call(client)
        except APIError as exc:
            self.show_message(refused.format(service_text(exc)), error=True)
            return REFUSED

    async def create(self, draft: Mapping[str, Any]) -> Any:
        """Create the webhook (None when the rules or the service refuse it)."""
        if self.problems(draft):
            return None
        hook = await self._ask(
            translate("Settings", "The service refused the webhook: {0}"),
            lambda client: client.webhooks.create(dict(draft)),
        )
        if hook is REFUSED:
            return None
        await self.reload()
        return hook

    def created_text(self, hook: Any) -> str:
        """What the page says after a webhook was created."""
        return translate(
            "Settings", "Webhook created for {url}. Send a test event to try it."
        ).format(url=hook.url)

    async def send_test(self, hook_id: str) -> bool:
        """Ask the service to send an example.event to the webhook."""
        sent = await self._ask(
            translate("Settings", "No test event: {0}"),
            lambda client: client.webhooks.test(hook_id),
        )
        if sent is REFUSED:
            return False
        hook = self.hook(hook_id)
        self.show_message(
            translate("Settings", "Test event sent to {0}.").format(
                hook.url if hook else translate("Settings", "the webhook")
            )
        )
        return True

    async def _change(
        self,
        refused: str,
        call: Callable[[ShippingClient], Awaitable[Any]],
        done: Callable[[Any], str],
    ) -> bool:
        """Ask for a change of a listed webhook; when the service made it, the list is loaded
        again and `done(answer)` is said (False when refused, said as with `_ask`)."""
        answer = await self._ask(refused, call)
        if answer is REFUSED:
            return False
        await self.reload()
        self.show_message(done(answer))
        return True

    async def reactivate(self, hook_id: str) -> bool:
        """Turn a deactivated webhook on again."""
        return await self._change(
            translate("Settings", "Not reactivated: {0}"),
            lambda client: client.webhooks.reactivate(hook_id),
            lambda hook: translate(
                "Settings", "Reactivated: {url}. Undelivered events are sent again."
            ).format(url=hook.url),
        )

    async def delete(self, hook_id: str) -> bool:
        """Delete a webhook."""
        return await self._change(
            translate("Settings", "Not deleted: {0}"),
            lambda client: client.webhooks.delete(hook_id),
            lambda _answer: translate("Settings", "Webhook deleted."),
        )
