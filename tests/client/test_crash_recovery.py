"""A desk killed while its creation is in flight: on restart the shipment is adopted, once."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import uuid
from datetime import timedelta
from pathlib import Path

import httpx

from desktop_app.client import ShippingClient
from desktop_app.client.journaled_creation import ShipmentCreator
from desktop_app.profiles.store import ProfileStore
from tests.fixtures.receiver import wait_until
from tests.fixtures.service import REPO_ROOT, RunningService
from tests.patience import PATIENCE


def _counted(service: RunningService, client: httpx.Client) -> int:
    """Requests the service has counted for the sandbox key in its current window."""
    response = client.get("/v1/me")
    return int(response.headers["ratelimit-limit"]) - int(response.headers["ratelimit-remaining"])


async def test_killed_creation_is_reconciled_once(
    slow_service: RunningService, tmp_path: Path
) -> None:
    service = slow_service
    store_dir = tmp_path / "profile"
    reference = f"CRASH-{uuid.uuid4().hex[:10]}"
    with service.client("sandbox") as probe:
        before = _counted(service, probe)
        child = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.client.crash_child",
                service.base_url,
                str(service.ca_file),
                str(store_dir),
                reference,
            ],
            cwd=REPO_ROOT,
            env={**os.environ, "PACKDESK_TEST_KEY": service.sandbox_key},
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert child.stdout is not None
            line = await asyncio.to_thread(child.stdout.readline)
            assert line.strip() == "SENDING"
            # the service counts a request when it arrives: wait until it has the creation
            # (each probe counts itself too)
            probes: list[int] = []

            def arrived() -> bool:
                probes.append(_counted(service, probe))
                return probes[-1] >= before + len(probes) + 1

            await asyncio.to_thread(
                wait_until, arrived, PATIENCE, "the creation to reach the service"
            )
            # the carrier takes SLOW_CARRIER_MS: the child is now waiting for the answer
            child.send_signal(signal.SIGKILL)
            child.wait(10)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait(10)
            if child.stdout is not None:
                child.stdout.close()
        assert child.returncode == -signal.SIGKILL

    # the child left the journal entry pending and nothing stored
    with ProfileStore(store_dir, profile_id="crash", environment="sandbox") as store:
        [entry] = store.list_pending()
        assert entry.reference_number == reference
        assert store.list_shipments() == []

        async with ShippingClient(
            service.base_url, service.sandbox_key, ca_file=str(service.ca_file)
        ) as client:
            # the service finishes the creation after the carrier's latency (no event for it)
            async with asyncio.timeout(15):
                while not await client.shipments.list(reference_number=reference):
                    await asyncio.sleep(0.1)

            # restart of the desk: reconcile (the attempt is seconds old, so allow that)
            creator = ShipmentCreator(client, store)
            report = await creator.reconcile(min_age=timedelta(0))
            assert len(report.adopted) == 1
            assert report.needs_decision == [] and report.still_pending == []
            adopted = report.adopted[0]
            assert adopted.printable
            assert adopted.label_path is not None and adopted.label_path.is_file()
            assert store.get_journal(entry.id).status == "done"

            # exactly one shipment on the service, and a second reconcile changes nothing
            remote = await client.shipments.list(reference_number=reference)
            assert [s.id for s in remote] == [adopted.id]
            again = await creator.reconcile(min_age=timedelta(0))
            assert again.adopted == [] and again.needs_decision == []
            assert len(store.list_shipments()) == 1
            assert store.check() == []
