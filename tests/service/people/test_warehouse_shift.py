"""Issue 37's "Done when", end to end on one real `packdesk serve` on PostgreSQL: two new
stations ask to join (the client code the station's dialog uses), an admin approves one with
`packdesk serve stations approve ID --phrase P` and one through the API the admin's desk uses;
three people added with `serve users add` (badge on stdin) sign in with their badges and pack a
scripted shift: orders scanned and labelled, a reprint, a return, a pack-check mismatch that the
packer may not release and the supervisor does, End of day. A packer never sees a price or a
setting and is refused in words on every route the route table keeps from packers; the packing
figures (API and `serve report --csv`) give each person's parcels, orders and parcels per hour
as the script made them, and `serve audit --person` lists each person's acts and no one else's.
"""

from __future__ import annotations

import asyncio
import csv
import datetime as dt
import io
import json
import re
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from desktop_app.client import ShippingClient, check_key
from desktop_app.client.errors import AuthenticationError, PermissionDeniedError
from desktop_app.client.presence import Session
from desktop_app.profiles.station_join import JoinTicket, ask_to_join, poll_join
from desktop_app.service.api.rights import (
    HIDDEN_FIELDS,
    OPEN,
    RIGHT_WORDS,
    ROLE_RIGHTS,
    SIGN_IN_FIRST,
    SIGNED_IN,
    SUPERVISOR_RIGHTS,
)
from desktop_app.service.api.routers import ROUTE_RIGHTS
from desktop_app.service.storage.db import make_engine, make_sessionmaker
from desktop_app.service.storage.people import Person, PersonSession
from tests.fixtures.service import LOCAL_SERVICE_ARGS, REPO_ROOT, RunningService, start_service
from tests.payloads import PACKAGE, RECEIVER, SENDER, shipment
from tests.service.postgres import PostgresCluster, throwaway_cluster

pytestmark = pytest.mark.slow

NORTH, SOUTH = "Packtisch Nord", "Packtisch Süd"
LEAN = ("--render-processes", "0", "--check-processes", "0", "--no-warm-up")
#: name -> (role, badge code as the scanner types it)
PEOPLE = {
    "Ana": ("packer", "BADGE-ANA-7731"),
    "Bruno": ("packer", "BADGE-BRU-4410"),
    "Chris": ("supervisor", "BADGE-CHR-0925"),
}
PARAM = re.compile(r"\{([^}]+)\}")
RELEASE_REASON = "customer agreed: the missing mug follows in a second parcel"


def _serve(
    service: RunningService, url: str, *args: str, stdin: str = "", exit_code: int = 0
) -> str:
    """`packdesk serve ARGS` on the server's data dir and database: its stdout, or its stderr
    when it is to fail (`exit_code`)."""
    command = [sys.executable, "-m", "desktop_app", "serve", *args]
    command += ["--data-dir", str(service.data_dir), "--database-url", url]
    done = subprocess.run(
        command,
        cwd=REPO_ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == exit_code, (args, done.stdout, done.stderr)
    return done.stdout if exit_code == 0 else done.stderr


@dataclass
class Ledger:
    """What the script did, per person: the expected figures and the acts for the audit."""

    parcels: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PEOPLE, 0))
    orders: dict[str, set[str]] = field(default_factory=lambda: {n: set() for n in PEOPLE})
    mismatches: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PEOPLE, 0))
    #: person -> [(shipment id, carrier)] of every label they made, returns included
    shipments: dict[str, list[tuple[str, str]]] = field(
        default_factory=lambda: {n: [] for n in PEOPLE}
    )
    #: person -> the longest time from before a scan was sent to after its label came back
    longest_pack: dict[str, float] = field(default_factory=lambda: dict.fromkeys(PEOPLE, 0.0))
    #: person -> [(least, most) seconds of each session, from the test's own clock]
    signed_in: dict[str, list[tuple[float, float]]] = field(
        default_factory=lambda: {n: [] for n in PEOPLE}
    )


@dataclass
class Desk:
    """One station: its own key (from the join), its client, and who is signed in."""

    name: str
    key: str
    client: ShippingClient
    session: Session | None = None
    signed_in_at: tuple[float, float] = (0.0, 0.0)

    async def sign_in(self, name: str) -> Session:
        before = time.time()
        self.session = await self.client.people.sign_in(PEOPLE[name][1])
        self.signed_in_at = (before, time.time())
        assert (self.session.person.name, self.session.station) == (name, self.name)
        return self.session

    async def sign_out(self, ledger: Ledger) -> None:
        assert self.session is not None
        before = time.time()
        await self.client.people.sign_out()
        after = time.time()
        start_least, start_most = self.signed_in_at
        ledger.signed_in[self.session.person.name].append(
            (before - start_most, after - start_least)
        )
        self.session = None

    def raw(self, base_url: str, ca_file: Path) -> httpx.Client:
        """A plain client with this station's key and session, to read the answers as sent."""
        assert self.session is not None
        return httpx.Client(
            base_url=base_url,
            verify=ssl.create_default_context(cafile=str(ca_file)),
            auth=(self.key, ""),
            headers={"X-Packdesk-Session": self.session.token},
            timeout=30.0,
        )

    async def pack(
        self,
        ledger: Ledger,
        order: str,
        body: dict[str, Any],
        *,
        mismatch: bool = False,
    ) -> Any:
        """Scan the order, (report a mismatch), create its label and fetch it for the printer."""
        assert self.session is not None
        name = self.session.person.name
        scanned = time.time()
        now = dt.datetime.now(dt.UTC).isoformat()
        await self.client.people.station_event("scan", order, now)
        if mismatch:
            await self.client.people.station_event("pack_check_mismatch", order, now)
            ledger.mismatches[name] += 1
        made = await self.client.shipments.create({**body, "reference_number": order})
        took = time.time() - scanned
        ledger.longest_pack[name] = max(ledger.longest_pack[name], took)
        assert made.label_url, made
        assert (await self.client.labels.download(made.label_url)).startswith(b"%PDF")
        ledger.parcels[name] += len(body.get("packages") or [body["package"]])
        ledger.orders[name].add(order)
        ledger.shipments[name].append((made.id, body["carrier"]))
        return made


def _labelled(carrier: str = "dhl", **extra: Any) -> dict[str, Any]:
    return shipment(carrier, label=True, **extra)


def _hidden_fields(value: Any) -> set[str]:
    """Every key at any depth that is a price field or made_by (left out by right)."""
    hidden = HIDDEN_FIELDS["prices"] | HIDDEN_FIELDS["made_by"]
    if isinstance(value, dict):
        found = {k for k in value if k in hidden}
        for item in value.values():
            found |= _hidden_fields(item)
        return found
    if isinstance(value, list):
        return set().union(*(_hidden_fields(item) for item in value)) if value else set()
    return set()


@pytest.fixture(scope="module")
def cluster() -> Iterator[PostgresCluster]:
    with throwaway_cluster() as pg:
        yield pg


async def _join(service: RunningService, url: str) -> dict[str, str]:
    """Both stations ask; North approved by the CLI, South by the admin desk's API."""
    tickets: dict[str, JoinTicket] = {}
    for station in (NORTH, SOUTH):
        tickets[station] = await ask_to_join(service.base_url, service.ca_file, station)
        state = await poll_join(tickets[station])
        assert (state.status, state.key) == ("pending", None)
    assert tickets[NORTH].phrase != tickets[SOUTH].phrase
    listed = [
        json.loads(line)
        for line in _serve(service, url, "stations", "pending", "--json").splitlines()
    ]
    phrases = {item["station"]: item["phrase"] for item in listed}
    assert phrases == {s: t.phrase for s, t in tickets.items()}

    north = tickets[NORTH]
    # a phrase that is not the one North shows lets nothing in
    approve = ("stations", "approve", north.id[:8], "--phrase")
    wrong = _serve(service, url, *approve, tickets[SOUTH].phrase, exit_code=1)
    assert wrong.startswith("packdesk serve stations approve: "), wrong
    assert (await poll_join(north)).status == "pending"
    assert "approved 'Packtisch Nord'" in _serve(service, url, *approve, north.phrase)

    south = tickets[SOUTH]
    async with ShippingClient(
        service.base_url, service.live_key, ca_file=str(service.ca_file), environment="live"
    ) as admin:
        (waiting,) = await admin.station_joins.pending()
        assert (waiting.id, waiting.station, waiting.phrase) == (south.id, SOUTH, south.phrase)
        approved = await admin.station_joins.approve(waiting.id, south.phrase.upper())
        assert approved.status == "approved"
        assert await admin.station_joins.pending() == []

    keys = {}
    for station, ticket in tickets.items():
        state = await poll_join(ticket)
        assert state.status == "approved" and state.key is not None, state
        assert (state.key.name, state.key.environment) == (station, "live")
        # handed over once: the next poll says approved, without the key
        again = await poll_join(ticket)
        assert (again.status, again.key) == ("approved", None)
        me = await check_key(service.base_url, state.key.key, str(service.ca_file), "live")
        assert me.environment in ("production", "live")
        keys[station] = state.key.key
    return keys


def _desk(service: RunningService, name: str, key: str) -> Desk:
    client = ShippingClient(service.base_url, key, ca_file=str(service.ca_file), environment="live")
    return Desk(name, key, client)


async def _a_packer_sees_no_price_or_setting(
    service: RunningService, desk: Desk, ledger: Ledger
) -> None:
    """Every answer without price fields; every route the table keeps from packers: 403 in words."""
    assert desk.session is not None and desk.session.person.role == "packer"
    assert desk.session.rights == frozenset(ROLE_RIGHTS["packer"])
    mine = ledger.shipments[desk.session.person.name][0][0]
    with desk.raw(service.base_url, service.ca_file) as packer:
        me = packer.get("/v1/me").json()
        assert me["sign_in_required"] is False and me["person"]["role"] == "packer"
        assert not {"prices", "settings", "keys", "webhooks", "people"} & set(me["rights"])
        for path in ("/v1/shipments", f"/v1/shipments/{mine}"):
            answer = packer.get(path)
            assert answer.status_code == 200, answer.text
            assert _hidden_fields(answer.json()) == set(), path
        refused: set[str] = set()
        for route, rule in sorted(ROUTE_RIGHTS.items()):
            if rule in (OPEN, SIGNED_IN) or rule in ROLE_RIGHTS["packer"]:
                continue
            method, path = route.split(" ", 1)
            # real objects where the path names one: a refusal must not depend on a 404
            url = PARAM.sub(lambda m: mine if m.group(1) == "shipment_id" else "no-such-id", path)
            body: dict[str, Any] | None = {} if method in ("POST", "PUT", "PATCH") else None
            answer = packer.request(method, url, json=body)
            ask = "a supervisor or admin" if rule in SUPERVISOR_RIGHTS else "an admin"
            assert answer.status_code == 403, (route, answer.text)
            assert answer.json() == {
                "errors": [f"a packer may not {RIGHT_WORDS[rule]}: ask {ask}"]
            }, route
            refused.add(rule)
        # the table keeps every kind of admin and supervisor work from a packer
        assert refused >= {"prices", "settings", "webhooks", "stations", "delete", "reports"}
        # the DELETE was refused before it reached the shipment
        assert packer.get(f"/v1/shipments/{mine}").status_code == 200
    with service.client("live") as account:
        whole = account.get(f"/v1/shipments/{mine}").json()
    # the same shipment as an admin sees it: the fields are there to be left out
    assert "price" in whole and whole["made_by"] == {"person": "Ana", "station": NORTH}


async def _shift(service: RunningService, keys: dict[str, str], ledger: Ledger) -> dict[str, Any]:
    north, south = _desk(service, NORTH, keys[NORTH]), _desk(service, SOUTH, keys[SOUTH])
    try:
        presence = await north.client.presence()
        assert presence.sign_in_required and presence.person is None
        with pytest.raises(AuthenticationError) as unsigned:
            await north.client.shipments.create(_labelled(reference_number="N-0"))
        assert SIGN_IN_FIRST in str(unsigned.value)
        with pytest.raises(AuthenticationError) as unknown:
            await south.client.people.sign_in("BADGE-NOBODY")
        assert "badge or PIN not recognised" in str(unknown.value)

        await north.sign_in("Ana")
        await south.sign_in("Bruno")
        first = await north.pack(ledger, "N-1001", _labelled())
        await south.pack(ledger, "S-2001", _labelled())
        await north.pack(ledger, "N-1002", _labelled("ups", packages=[PACKAGE, PACKAGE]))
        await south.pack(ledger, "S-2002", _labelled())
        await north.pack(ledger, "N-1003", _labelled())

        # a reprint: the same label again, and no new shipment (the figures below count them)
        assert first.label_url is not None
        reprint = await north.client.labels.download(first.label_url)
        assert reprint == await north.client.labels.download(first.label_url)
        assert len(await north.client.shipments.list(reference_number="N-1001")) == 1
        # a return for N-1001's customer: a label, but no parcel packed at the desk
        back = await north.client.shipments.create(
            shipment(
                "dhl",
                label=True,
                service="returns",
                reference_number="R-N-1001",
                **{"from": dict(RECEIVER), "to": dict(SENDER)},
            )
        )
        assert back.label_url is not None
        ledger.shipments["Ana"].append((back.id, "dhl"))

        await _a_packer_sees_no_price_or_setting(service, north, ledger)

        # S-2003 is short of an item: the packer may not release it, the supervisor does
        now = dt.datetime.now(dt.UTC).isoformat()
        await south.client.people.station_event("scan", "S-2003", now)
        await south.client.people.station_event("pack_check_mismatch", "S-2003", now)
        ledger.mismatches["Bruno"] += 1
        with pytest.raises(PermissionDeniedError) as refused:
            await south.client.people.station_event("release", "S-2003", now, "in a hurry")
        assert "a packer may not release a pack-check mismatch" in str(refused.value)
        await south.sign_out(ledger)
        await south.sign_in("Chris")
        await south.client.people.station_event(
            "release", "S-2003", dt.datetime.now(dt.UTC).isoformat(), RELEASE_REASON
        )
        await south.pack(ledger, "S-2003", _labelled())
        await south.sign_out(ledger)

        await south.sign_in("Bruno")
        await south.pack(ledger, "S-2004", _labelled("ups", packages=[PACKAGE] * 3))
        with pytest.raises(PermissionDeniedError):
            await south.client.manifests.create("dhl")
        await south.sign_out(ledger)

        # End of day by the supervisor: every dhl parcel of the day in one manifest
        await south.sign_in("Chris")
        manifest = await south.client.manifests.create("dhl")
        dhl = {
            made
            for name in PEOPLE
            for made, carrier in ledger.shipments[name]
            if carrier == "dhl" and made != back.id  # a return is not handed over
        }
        assert len(dhl) == 5 and set(manifest.shipments or ()) == dhl
        # a supervisor sees who made a label, but no price either
        with south.raw(service.base_url, service.ca_file) as supervisor:
            seen = supervisor.get(f"/v1/shipments/{ledger.shipments['Bruno'][0][0]}").json()
        assert seen["made_by"] == {"person": "Bruno", "station": SOUTH}
        assert _hidden_fields(seen) == {"made_by"}
        during = await south.client.people.packing_report(
            dt.date.today() - dt.timedelta(days=1), dt.date.today() + dt.timedelta(days=1)
        )
        so_far: dict[str, int] = {}
        for row in during:
            so_far[row.person] = so_far.get(row.person, 0) + row.parcels
        assert so_far == ledger.parcels  # the supervisor's own figures, before sign-out
        await south.sign_out(ledger)
        await north.sign_out(ledger)
        # after signing out the station's key alone is refused again
        with pytest.raises(AuthenticationError):
            await north.client.shipments.list()
    finally:
        await north.client.aclose()
        await south.client.aclose()
    return {"manifest": manifest.id, "return": back.id}


async def _session_seconds(url: str) -> dict[str, float]:
    """Each person's signed-in seconds as the server recorded them (every session ended)."""
    engine = make_engine(url)
    try:
        async with make_sessionmaker(engine)() as session:
            rows = await session.execute(
                select(Person.name, PersonSession.started_at, PersonSession.ended_at).join(
                    Person, Person.id == PersonSession.person_id
                )
            )
            seconds = dict.fromkeys(PEOPLE, 0.0)
            for name, started, ended in rows:
                assert ended is not None, name
                seconds[name] += (ended - started).total_seconds()
            return seconds
    finally:
        await engine.dispose()


def _per_person(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The report's rows summed per person (a shift may cross midnight UTC)."""
    total: dict[str, dict[str, Any]] = {}
    for row in rows:
        into = total.setdefault(row["person"], {"parcels": 0, "orders": 0, "mismatches": 0})
        into["parcels"] += int(row["parcels"])
        into["orders"] += int(row["orders"])
        into["mismatches"] += int(row["pack_check_mismatches"])
    return total


def test_two_stations_join_and_three_people_pack_a_shift(
    cluster: PostgresCluster, tmp_path: Path
) -> None:
    url = cluster.create_database("warehouse_shift")
    first_day = dt.datetime.now(dt.UTC).date()
    with start_service(
        tmp_path / "server", "--database-url", url, *LOCAL_SERVICE_ARGS, *LEAN
    ) as service:
        keys = asyncio.run(_join(service, url))
        for name, (role, badge) in PEOPLE.items():
            _serve(service, url, "users", "add", name, "--role", role, stdin=badge + "\n")
        listed = _serve(service, url, "users", "list").splitlines()
        assert sorted(listed) == sorted(f"{n}\t{r}\tactive" for n, (r, _b) in PEOPLE.items())
        for badge in (b for _r, b in PEOPLE.values()):
            assert badge not in (service.data_dir / "serve-stderr.log").read_text()

        ledger = Ledger()
        made = asyncio.run(_shift(service, keys, ledger))
        last_day = dt.datetime.now(dt.UTC).date()
        seconds = asyncio.run(_session_seconds(url))

        with service.client("live") as account:
            answer = account.get(
                "/v1/reports/packing",
                params={"since": first_day.isoformat(), "until": last_day.isoformat()},
            )
        assert answer.status_code == 200, answer.text
        report = answer.json()
        csv_text = _serve(
            service, url, "report", "--since", first_day.isoformat(),
            "--until", last_day.isoformat(), "--csv",
        )  # fmt: skip
        audit = {
            name: [
                json.loads(line)
                for line in _serve(
                    service, url, "audit", "--person", name, "--limit", "1000"
                ).splitlines()
            ]
            for name in PEOPLE
        }

    # the figures: what the script packed, per person, through the API and the CLI alike
    expected = {
        name: {
            "parcels": ledger.parcels[name],
            "orders": len(ledger.orders[name]),
            "mismatches": ledger.mismatches[name],
        }
        for name in PEOPLE
    }
    assert expected == {
        "Ana": {"parcels": 4, "orders": 3, "mismatches": 0},
        "Bruno": {"parcels": 5, "orders": 3, "mismatches": 1},
        "Chris": {"parcels": 1, "orders": 1, "mismatches": 0},
    }
    assert _per_person(report["rows"]) == expected
    rows = list(csv.DictReader(io.StringIO(csv_text)))
    assert _per_person(rows) == expected
    api_rows = [{k: "" if v is None else str(v) for k, v in row.items()} for row in report["rows"]]
    assert rows == api_rows
    stations = {(row["person"], row["station"]) for row in report["rows"]}
    assert stations == {("Ana", NORTH), ("Bruno", SOUTH), ("Chris", SOUTH)}
    for total in report["people"]:
        name = total["person"]
        # parcels per hour over the time signed in, as the server recorded the sessions ...
        assert total["parcels_per_hour"] == round(
            ledger.parcels[name] / (seconds[name] / 3600), 1
        ), (name, total, seconds[name])
        # ... and those sessions are the ones the script held (the test's clock around them)
        least = sum(lo for lo, _hi in ledger.signed_in[name])
        most = sum(hi for _lo, hi in ledger.signed_in[name])
        assert least <= seconds[name] <= most, (name, least, seconds[name], most)
        rate = ledger.parcels[name] * 3600
        assert rate / most - 0.05 <= total["parcels_per_hour"] <= rate / least + 0.05, name
        # every label here followed its own scan at the same station within the pack's time
        median = total["median_scan_to_label_s"]
        assert median is not None and 0 <= median <= ledger.longest_pack[name] + 0.05, name
    assert len(ledger.signed_in["Bruno"]) == 2 and len(ledger.signed_in["Chris"]) == 2

    # who did what: each person's acts, and no one else's
    for name, entries in audit.items():
        assert {e["person"] for e in entries} == {name}, name
        created = [e["object_id"] for e in entries if e["action"] == "shipment.created"]
        assert sorted(created) == sorted(made for made, _c in ledger.shipments[name]), name
        sessions = [e for e in entries if e["action"] in ("session.started", "session.ended")]
        assert len(sessions) == 2 * len(ledger.signed_in[name]), name
    by_action = {name: {e["action"]: e for e in entries} for name, entries in audit.items()}
    assert by_action["Bruno"]["station.pack_check_mismatch"]["object_id"] == "S-2003"
    assert by_action["Bruno"]["station.pack_check_mismatch"]["station"] == SOUTH
    assert "station.release" not in by_action["Bruno"]
    assert by_action["Chris"]["station.release"]["object_id"] == "S-2003"
    assert by_action["Chris"]["station.release"]["station"] == SOUTH
    assert by_action["Chris"]["manifest.created"]["object_id"] == made["manifest"]
    assert {e["station"] for e in audit["Ana"]} == {NORTH}
    assert made["return"] in {e["object_id"] for e in audit["Ana"]}
