"""Background delivery of queued webhook events: POST, retry, deactivate after 15 failures.

Deliveries live in the database (`webhook_deliveries`), so a restart loses none: the worker
picks up whatever is pending and due. Each delivery is claimed with a conditional UPDATE (a
lease), so two service processes sharing one PostgreSQL database never send it twice at once,
and a delivery claimed by a process that died is retried when its lease runs out.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import httpx
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from desktop_app.service.notifications.events import (
    EXAMPLE_EVENT,
    add_wake_hook,
    build_payload,
    mark_deliveries_queued,
    remove_wake_hook,
    set_clock_offset,
    utcnow,
    wake_worker,
)
from desktop_app.service.notifications.mail import send_mail
from desktop_app.service.notifications.webhook_targets import WebhookTargets
from desktop_app.service.storage import webhooks
from desktop_app.service.storage.outage import StorageOutage, report_failure
from desktop_app.service.storage.running import RunningService
from desktop_app.service.storage.webhooks import PENDING, DeliveryRow, WebhookRow

log = logging.getLogger(__name__)

MAX_FAILURES = 15
DELIVERY_TIMEOUT = 10.0
# a claimed delivery whose process died is retried after this long
LEASE_SECONDS = DELIVERY_TIMEOUT + 20.0
POLL_SECONDS = 1.0
BATCH_SIZE = 200
PARALLEL_WEBHOOKS = 8
SMTP_URL_ENV = "PACKDESK_SMTP_URL"
KEEP_DELIVERED_DAYS = 30
PRUNE_EVERY_SECONDS = 3600.0
USER_AGENT = "Packdesk-Local-Service-Webhooks/1"


@dataclass(frozen=True)
class Attempt:
    """Outcome of one POST."""

    ok: bool
    status_code: int | None
    error: str | None


def _basic_auth(security: dict[str, Any] | None) -> tuple[str, str] | None:
    if not security or security.get("type") != "basic_auth" or not security.get("username"):
        return None
    return str(security["username"]), str(security.get("password") or "")


async def queue_test_event(session: AsyncSession, hook: WebhookRow) -> str:
    """Queue an `example.event` for one webhook (even if it does not subscribe); return its id."""
    event_id = str(uuid.uuid4())
    now = utcnow()
    session.add(
        DeliveryRow(
            id=str(uuid.uuid4()),
            event_id=event_id,
            webhook_id=hook.id,
            account_id=hook.account_id,
            environment=hook.environment,
            event_type=EXAMPLE_EVENT,
            payload=build_payload(
                event_id=event_id,
                webhook_id=hook.id,
                occured_at=now,
                event_type=EXAMPLE_EVENT,
                # a dummy shipment reference: the test event is about no real shipment
                shipment_id="0" * 40,
                with_url=True,
            ),
            status=PENDING,
            attempts=0,
            next_attempt_at=now,
            created_at=now,
        )
    )
    await session.flush()
    mark_deliveries_queued(session)
    return event_id


async def resume_stopped_deliveries(session: AsyncSession, webhook_id: str) -> int:
    """Put the deliveries a deactivation stopped back in the queue (on reactivation)."""
    count = await webhooks.resume_stopped(session, webhook_id, utcnow())
    if count:
        mark_deliveries_queued(session)
    return count


class DeliveryWorker:
    """Sends due deliveries; woken at once when an event is queued, else polls for retries."""

    def __init__(
        self,
        maker: async_sessionmaker[AsyncSession],
        *,
        retry_seconds: float,
        smtp_url: str | None = None,
        poll_seconds: float = POLL_SECONDS,
        outage: StorageOutage | None = None,
        targets: WebhookTargets | None = None,
    ) -> None:
        self._maker = maker
        # where deliveries may go, checked again at each one (None: anywhere, for unit tests)
        self._targets = targets
        self._outage = outage
        self._retry = timedelta(seconds=retry_seconds)
        self._smtp_url = smtp_url
        self._poll = poll_seconds
        self._wakeup = asyncio.Event()
        self._client: httpx.AsyncClient | None = None

    def wake(self) -> None:
        """Process the queue now (called after a commit that queued deliveries)."""
        self._wakeup.set()

    async def run(self) -> None:
        """Loop until cancelled."""
        add_wake_hook(self.wake)
        self._client = httpx.AsyncClient(
            timeout=DELIVERY_TIMEOUT,
            follow_redirects=False,
            headers={"User-Agent": USER_AGENT},
        )
        try:
            while True:
                # cleared before the pass: a wake-up during it triggers the next pass at once
                self._wakeup.clear()
                try:
                    wait = await self.process_due()
                except Exception as exc:  # keep the worker alive (e.g. database busy)
                    report_failure(self._outage, exc, "webhook delivery pass")
                    wait = self._poll
                try:
                    await asyncio.wait_for(self._wakeup.wait(), timeout=max(0.0, wait))
                except TimeoutError:
                    pass
        finally:
            remove_wake_hook(self.wake)
            await self._client.aclose()

    async def process_due(self) -> float:
        """Send every due delivery; return seconds until the next one is due (at most a poll)."""
        now = utcnow()
        async with self._maker() as session:
            rows = await webhooks.due_deliveries(session, now, BATCH_SIZE)
        by_hook: dict[str, list[str]] = {}
        for delivery_id, webhook_id in rows:
            by_hook.setdefault(webhook_id, []).append(delivery_id)
        if by_hook:
            limit = asyncio.Semaphore(PARALLEL_WEBHOOKS)

            async def one_hook(webhook_id: str, ids: list[str]) -> None:
                async with limit:
                    await self._deliver_for_hook(webhook_id, ids)

            await asyncio.gather(*(one_hook(h, ids) for h, ids in by_hook.items()))
        if len(rows) == BATCH_SIZE:
            return 0.0
        return await self._seconds_until_next_due()

    async def _seconds_until_next_due(self) -> float:
        async with self._maker() as session:
            next_at = await webhooks.next_due_at(session)
        if next_at is None:
            return self._poll
        return min(self._poll, max(0.0, (next_at - utcnow()).total_seconds()))

    async def _claim(
        self, webhook_id: str, delivery_ids: list[str], token: str
    ) -> tuple[WebhookRow | None, list[tuple[str, dict[str, Any]]]]:
        """Lease due deliveries of one webhook for this pass; returns the webhook and them.

        One UPDATE marks them with `token`, so two processes never take the same one.
        """
        now = utcnow()
        until = now + timedelta(seconds=LEASE_SECONDS)
        async with self._maker() as session, session.begin():
            leased = await webhooks.lease_deliveries(session, delivery_ids, now, until, token)
            hook = await session.get(WebhookRow, webhook_id)
        if hook is None or hook.deactivated:
            return None, []
        return hook, leased

    async def _post(self, hook: WebhookRow, payload: dict[str, Any]) -> Attempt:
        assert self._client is not None
        auth = _basic_auth(hook.security)
        url = httpx.URL(hook.url)
        headers = {"Content-Type": "application/json"}
        extensions: dict[str, Any] = {}
        if self._targets is not None:
            address, refused = await self._targets.delivery_address(hook.url)
            if refused is not None:
                return Attempt(False, None, f"not sent: {refused}"[:500])
            if address is not None and url.host != address:
                # connect to the address just checked; the name stays for TLS and Host
                headers["Host"] = url.host + (f":{url.port}" if url.port else "")
                extensions["sni_hostname"] = url.host
                url = url.copy_with(host=address)
        try:
            response = await self._client.post(
                url,
                json=payload,
                auth=auth if auth is not None else httpx.USE_CLIENT_DEFAULT,
                headers=headers,
                extensions=extensions,
            )
        except httpx.HTTPError as exc:
            return Attempt(False, None, f"{type(exc).__name__}: {exc or 'no answer'}"[:500])
        if 200 <= response.status_code < 300:
            return Attempt(True, response.status_code, None)
        return Attempt(False, response.status_code, f"HTTP {response.status_code}")

    async def _deliver_for_hook(self, webhook_id: str, delivery_ids: list[str]) -> None:
        """Send a webhook's due deliveries in order; stop at the first failure."""
        token = str(uuid.uuid4())
        hook, claimed = await self._claim(webhook_id, delivery_ids, token)
        if hook is None:
            return
        try:
            for delivery_id, payload in claimed:
                attempt = await self._post(hook, payload)
                deactivated = await self._record(webhook_id, delivery_id, attempt, token)
                if deactivated is not None:
                    await self._notify_deactivation(*deactivated)
                if not attempt.ok:
                    break
        except asyncio.CancelledError:
            # shutting down mid-pass: hand the leases back, so that the next start sends these
            # at once instead of after LEASE_SECONDS
            with contextlib.suppress(Exception):
                await self._release(token)
            raise

    async def _release(self, token: str) -> None:
        """Make the deliveries still leased under `token` due again now."""
        async with self._maker() as session, session.begin():
            await webhooks.release_lease(session, token, utcnow())

    async def _record(
        self, webhook_id: str, delivery_id: str, attempt: Attempt, token: str
    ) -> tuple[str, str] | None:
        """Store the outcome; return (webhook id, account id) when this failure deactivated it."""
        now = utcnow()
        if attempt.ok:
            # the common case in two plain UPDATEs: no loads, one short write transaction
            async with self._maker() as session, session.begin():
                await webhooks.mark_delivered(
                    session, webhook_id, delivery_id, attempt.status_code, now
                )
            return None
        async with self._maker() as session, session.begin():
            delivery = await session.get(DeliveryRow, delivery_id)
            hook = await session.get(WebhookRow, webhook_id)
            if delivery is None or hook is None:
                return None  # the webhook was deleted meanwhile
            delivery.attempts += 1
            delivery.lease_token = None
            delivery.last_status_code = attempt.status_code
            delivery.last_error = attempt.error
            hook.failure_count += 1
            hook.last_error = attempt.error
            retry_at = now + self._retry
            delivery.next_attempt_at = retry_at
            if hook.failure_count >= MAX_FAILURES and not hook.deactivated:
                hook.deactivated = True
                hook.deactivated_at = now
                hook.deactivation_reason = (
                    f"{hook.failure_count} delivery attempts failed in a row "
                    f"(last: {attempt.error})"
                )
                # kept for reactivation, but not sent while the webhook is off
                await webhooks.stop_pending_deliveries(session, webhook_id)
                return hook.id, hook.account_id
            # the receiver is down: hold its other deliveries back too (those leased for this
            # pass included) instead of burning through the failure budget in one go
            await webhooks.hold_back_deliveries(session, webhook_id, retry_at, token)
            return None

    async def _notify_deactivation(self, webhook_id: str, account_id: str) -> None:
        """E-mail the account address that its webhook was switched off."""
        from desktop_app.service.storage.accounts import Account

        async with self._maker() as session, session.begin():
            account = await session.get(Account, account_id)
            hook = await session.get(WebhookRow, webhook_id)
            if account is None or hook is None:
                return
            await send_mail(
                session,
                smtp_url=self._smtp_url,
                to=account.email,
                subject=f"Webhook deactivated: {hook.url}",
                body=deactivation_mail_body(hook, utcnow()),
            )
        log.warning("webhook %s deactivated after %d failures", webhook_id, MAX_FAILURES)


async def run_delivery_worker(ctx: RunningService) -> None:
    """Background task: deliver webhook events for the life of the service."""
    set_clock_offset(ctx.settings.clock_offset)
    # httpx logs every request at INFO: one line per delivery would drown the service log
    logging.getLogger("httpx").setLevel(logging.WARNING)
    worker = DeliveryWorker(
        ctx.sessions,
        retry_seconds=ctx.settings.webhook_retry_seconds,
        # the environment keeps an SMTP password off the command line (and out of `ps`)
        smtp_url=ctx.settings.smtp_url or os.environ.get(SMTP_URL_ENV) or None,
        outage=ctx.outage,
        targets=WebhookTargets.from_settings(ctx.settings),
    )
    ctx.extras["delivery_worker"] = worker
    await worker.run()


async def prune_delivered(ctx: RunningService) -> int:
    """Forget deliveries that succeeded more than `KEEP_DELIVERED_DAYS` ago."""
    cutoff = ctx.now() - timedelta(days=KEEP_DELIVERED_DAYS)
    async with ctx.sessions() as session, session.begin():
        return await webhooks.delete_delivered_before(session, cutoff)


async def run_delivery_pruning(ctx: RunningService) -> None:
    """Background task: keep the delivery table small (start-up, then hourly)."""
    while True:
        try:
            await prune_delivered(ctx)
        except Exception as exc:  # try again next time (e.g. database busy)
            report_failure(ctx.outage, exc, "pruning delivered webhook events")
        await asyncio.sleep(PRUNE_EVERY_SECONDS)


BACKGROUND_TASKS = [run_delivery_worker, run_delivery_pruning]


def deactivation_mail_body(hook: WebhookRow, now: datetime) -> str:
    """Plain-text mail telling the account owner what happened and how to fix it."""
    return (
        f"Hello,\n\nyour webhook {hook.id} ({hook.environment}) for {hook.url} was deactivated "
        f"on {now.isoformat(timespec='seconds')} because {MAX_FAILURES} delivery attempts "
        f"in a row failed.\nLast error: {hook.last_error}\n\n"
        "Events are kept while it is off. Once the receiving system is reachable again, "
        "reactivate the webhook (Packdesk: Webhooks, or PATCH /v1/webhooks/{id} with "
        '{"deactivated": false}) and the kept events are delivered.\n\n'
        "Packdesk Local Service\n"
    )


__all__ = [
    "MAX_FAILURES",
    "DeliveryWorker",
    "deactivation_mail_body",
    "queue_test_event",
    "resume_stopped_deliveries",
    "wake_worker",
]
