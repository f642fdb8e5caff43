"""The per-profile store: journal, shipments and labels, search, separation, crash consistency."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from desktop_app.profiles.store import (
    SCHEMA_VERSION,
    STALE_TEMP_SECONDS,
    JournalStateError,
    ProfileStore,
    ShipmentNotFoundError,
    StoreError,
    StoreMismatchError,
)
from tests.profiles.store_child import shipment

REPO_ROOT = Path(__file__).resolve().parents[2]
PDF = b"%PDF-1.4 a label"


@pytest.fixture
def store(tmp_path: Path) -> Any:
    with ProfileStore(tmp_path / "profile") as s:
        yield s


def make(n: int, **changes: Any) -> dict[str, Any]:
    data = shipment(n, "aa")
    data.update(changes)
    return data


def create(store: ProfileStore, data: dict[str, Any], label: bytes | None = PDF) -> Any:
    journal_id = store.journal.add_pending({"carrier": data["carrier"]}, data["reference_number"])
    return store.journal.complete(journal_id, data, label)


def test_journal_then_complete_stores_row_and_label(store: ProfileStore) -> None:
    data = make(1)
    request = {"carrier": "dhl", "to": {"last_name": "Muster"}, "reference_number": "REF-1"}
    journal_id = store.journal.add_pending(request, "REF-1")
    [pending] = store.journal.pending()
    assert (pending.id, pending.status, pending.request) == (journal_id, "pending", request)
    with pytest.raises(ShipmentNotFoundError):
        store.shipments.get(data["id"])

    stored = store.journal.complete(journal_id, data, PDF, "pdf_a6")
    assert stored.id == data["id"] and stored.printable
    assert stored.label_path == store.profile_dir / "labels" / f"{data['id']}.pdf"
    assert stored.label_path.read_bytes() == PDF
    assert stored.label_kind == "pdf"
    assert stored.to_name == "Erika Muster1" and stored.data == data
    assert store.journal.pending() == []
    entry = store.journal.get(journal_id)
    assert (entry.status, entry.shipment_id, entry.outcome_known) == ("done", data["id"], True)
    assert store.shipments.label_path(data["id"]) == stored.label_path
    assert store.check() == []


def test_zpl_label_format_gives_a_zpl_file(store: ProfileStore) -> None:
    data = make(2, label={"format": "zpl2_4x6in_203dpi"})
    stored = create(store, data, b"^XA^FDx^FS^XZ")
    assert stored.label_path.suffix == ".zpl" and stored.label_kind == "zpl"
    assert stored.label_format == "zpl2_4x6in_203dpi"


def test_complete_is_idempotent_and_refuses_another_shipment(store: ProfileStore) -> None:
    data = make(3)
    journal_id = store.journal.add_pending({}, "REF-3")
    first = store.journal.complete(journal_id, data, PDF)
    assert store.journal.complete(journal_id, data, PDF) == first
    with pytest.raises(JournalStateError, match="already done"):
        store.journal.complete(journal_id, make(4), PDF)
    assert store.shipments.count() == 1


def test_journal_transitions(store: ProfileStore) -> None:
    refused = store.journal.add_pending({}, "REF-A")
    store.journal.fail(refused, "to.last_name: missing", outcome_known=True)
    assert store.journal.get(refused).status == "failed"
    with pytest.raises(JournalStateError, match="is failed"):
        store.journal.mark_needs_decision(refused)

    lost = store.journal.add_pending({}, "REF-B")
    entry = store.journal.fail(lost, "read timeout", outcome_known=False)
    # the outcome is unknown: it stays pending, to be reconciled
    assert (entry.status, entry.error, entry.outcome_known) == ("pending", "read timeout", False)
    assert [e.id for e in store.journal.pending()] == [lost]

    entry = store.journal.mark_needs_decision(lost)
    assert entry.status == "needs_decision" and entry.error == "read timeout"
    assert [e.id for e in store.journal.needs_decision()] == [lost]
    assert store.journal.pending() == []

    entry = store.journal.reopen(lost)
    assert (entry.status, entry.attempts, entry.error) == ("pending", 2, None)
    assert entry.attempted_at >= entry.created_at

    assert store.journal.discard(lost).status == "discarded"
    with pytest.raises(JournalStateError):
        store.journal.reopen(lost)
    with pytest.raises(StoreError, match="no journal entry"):
        store.journal.fail(9999, "x", outcome_known=True)
    with pytest.raises(ValueError, match="reference number"):
        store.journal.add_pending({}, "  ")
    assert [e.status for e in store.journal.entries()] == ["failed", "discarded"]


def test_needs_decision_entry_can_still_be_adopted(store: ProfileStore) -> None:
    journal_id = store.journal.add_pending({}, "REF-5")
    store.journal.mark_needs_decision(journal_id, "no shipment with reference REF-5 yet")
    stored = store.journal.complete(journal_id, make(5), PDF)
    assert store.journal.get(journal_id).status == "done" and stored.printable


def test_bad_shipment_ids_never_reach_the_file_system(store: ProfileStore) -> None:
    journal_id = store.journal.add_pending({}, "REF-6")
    for bad in ("../../etc/passwd", "", None, "a/b"):
        with pytest.raises(ValueError, match="plain id"):
            store.journal.complete(journal_id, make(6, id=bad), PDF)
    assert list(store.labels_dir.iterdir()) == []


def test_search_history(store: ProfileStore) -> None:
    create(store, make(1, to={"company": "Acme GmbH", "last_name": "Zed"}))
    create(store, make(2, reference_number="ORDER-77_x"))
    create(
        store,
        make(
            3,
            carrier_tracking_no=None,
            packages=[{"carrier_tracking_no": "1Z999"}, {"carrier_tracking_no": "1Z998"}],
        ),
    )
    for n in range(4, 8):
        create(store, make(n))
    create(store, make(8, to={"first_name": "Jürgen", "last_name": "Müller"}))

    def ids(query: str, **kw: Any) -> list[str]:
        return [s.id[:6] for s in store.shipments.search(query, **kw)]

    assert ids("acme") == ["aa0001"]
    assert ids("ACME zed") == ["aa0001"]
    assert ids("acme nobody") == []
    assert ids("order-77") == ["aa0002"]
    assert ids("1z998") == ["aa0003"]
    assert ids("TRACKaa000005") == ["aa0005"]
    assert ids("muster6") == ["aa0006"]
    assert ids("MÜLLER jürg") == ["aa0008"]
    # LIKE wildcards are plain characters
    assert ids("%") == [] and ids("77_x") == ["aa0002"] and ids("7_") == ["aa0002"]
    # newest first, paged
    assert ids("", limit=3) == ["aa0008", "aa0007", "aa0006"]
    assert ids("", limit=3, offset=6) == ["aa0002", "aa0001"]
    assert store.shipments.count() == 8 and store.shipments.count("muster") == 6
    assert [s.id[:6] for s in store.shipments.find_by_reference("order-77_X")] == ["aa0002"]


def test_tracking_deletion_and_label_replacement(store: ProfileStore) -> None:
    data = make(1)
    create(store, data)
    refreshed = {**data, "carrier_tracking_no": "NEWTRACK"}
    stored = store.shipments.update_tracking(data["id"], "transit", refreshed)
    assert stored.tracking_status == "transit" and stored.carrier_tracking_no == "NEWTRACK"
    assert stored.printable  # refreshing the JSON keeps the label
    with pytest.raises(ValueError, match="another id"):
        store.shipments.update_tracking(data["id"], "delivered", make(2))

    path = store.shipments.store_label(data["id"], b"^XA^XZ", "zpl2_4x6in_203dpi")
    assert path.read_bytes() == b"^XA^XZ" and store.shipments.get(data["id"]).label_kind == "zpl"

    store.shipments.mark_deleted(data["id"])
    assert store.shipments.search() == [] and store.shipments.count() == 0
    [deleted] = store.shipments.search(include_deleted=True)
    assert deleted.deleted and deleted.tracking_status == "transit"
    with pytest.raises(ShipmentNotFoundError):
        store.shipments.mark_deleted("f" * 40)
    with pytest.raises(ShipmentNotFoundError):
        store.shipments.update_tracking("f" * 40, "x")


def test_prepared_shipment_without_label(store: ProfileStore) -> None:
    data = make(9, label=None)
    stored = create(store, data, None)
    assert stored.label_path is None and not stored.printable and stored.label_kind is None
    assert store.check() == []
    added = store.shipments.add(make(10), PDF, "pdf_a5")
    assert added.printable and added.label_format == "pdf_a5"


def test_two_profiles_never_mix(tmp_path: Path) -> None:
    with (
        ProfileStore(tmp_path / "sandbox", profile_id="p-sandbox", environment="sandbox") as a,
        ProfileStore(tmp_path / "live", profile_id="p-live", environment="live") as b,
    ):
        create(a, make(1))
        create(b, make(2, to={"last_name": "Muster-live"}))
        assert a.db_path != b.db_path and a.labels_dir != b.labels_dir
        assert [s.id[:6] for s in a.shipments.search("muster")] == ["aa0001"]
        assert [s.id[:6] for s in b.shipments.search("muster")] == ["aa0002"]
        with pytest.raises(ShipmentNotFoundError):
            a.shipments.get(make(2)["id"])
        assert [p.name for p in b.labels_dir.iterdir()] == [f"{make(2)['id']}.pdf"]
        assert a.meta() == {"profile_id": "p-sandbox", "environment": "sandbox"}
    with pytest.raises(StoreMismatchError, match="profiles never share a store"):
        ProfileStore(tmp_path / "sandbox", profile_id="p-live", environment="live")
    with pytest.raises(StoreMismatchError):
        ProfileStore(tmp_path / "sandbox", profile_id="p-sandbox", environment="live")


def test_schema_version_and_a_foreign_table(tmp_path: Path) -> None:
    with ProfileStore(tmp_path) as store:
        assert store.schema_version == SCHEMA_VERSION
        create(store, make(1))
    # another table in the same file (a print queue may keep its table there)
    with sqlite3.connect(tmp_path / "store.sqlite3") as conn:
        conn.execute("CREATE TABLE print_jobs (id INTEGER PRIMARY KEY, shipment_id TEXT)")
        conn.execute("INSERT INTO print_jobs (shipment_id) VALUES ('x')")
    conn.close()
    with ProfileStore(tmp_path) as store:
        assert store.shipments.count() == 1 and store.check() == []
    with sqlite3.connect(tmp_path / "store.sqlite3") as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(StoreError, match="newer Packdesk"):
        ProfileStore(tmp_path)


def test_stale_temp_files_are_cleaned_and_young_ones_kept(tmp_path: Path) -> None:
    labels = tmp_path / "labels"
    labels.mkdir()
    old = labels / ".tmp-abc.pdf-1234"
    young = labels / ".tmp-def.pdf-5678"
    old.write_bytes(b"half a label")
    young.write_bytes(b"being written")
    past = time.time() - STALE_TEMP_SECONDS - 60
    os.utime(old, (past, past))
    with ProfileStore(tmp_path) as store:
        assert not old.exists() and young.exists()
        assert store.shipments.search() == [] and store.check() == []


async def test_writes_from_worker_threads(store: ProfileStore) -> None:
    await asyncio.gather(*(asyncio.to_thread(create, store, make(n)) for n in range(40)))
    assert store.shipments.count() == 40 and store.check() == []
    assert len(store.journal.entries(("done",))) == 40


def run_child(profile_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tests.profiles.store_child", str(profile_dir), *args],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
@pytest.mark.parametrize(
    ("point", "adopted"),
    [("label_written", False), ("before_commit", False), ("committed", True)],
)
def test_crash_inside_complete_leaves_a_consistent_store(
    tmp_path: Path, point: str, adopted: bool
) -> None:
    result = run_child(tmp_path, "5", point, "3")
    assert result.returncode == -signal.SIGKILL, result.stderr
    completed = result.stdout.split()
    assert len(completed) == 2  # died during the third
    with ProfileStore(tmp_path) as store:
        assert store.check() == []
        assert store.shipments.count() == (3 if adopted else 2)
        assert len(store.journal.entries(("done",))) == (3 if adopted else 2)
        assert len(store.journal.pending()) == (0 if adopted else 1)
        # every shipment row has its label; an orphan label of the lost commit is ignored
        for stored in store.shipments.search():
            assert stored.printable
        orphans = store.shipments.orphan_label_files()
        assert len(orphans) == (0 if adopted else 1)
        assert not [p for p in store.labels_dir.iterdir() if p.name.startswith(".tmp-")]
        if not adopted:
            # the interrupted attempt can still be completed (as reconciliation would)
            [entry] = store.journal.pending()
            orphan_id = orphans[0].stem
            store.journal.complete(entry.id, {**shipment(2, orphan_id[:4]), "id": orphan_id}, PDF)
            assert store.check() == [] and store.shipments.orphan_label_files() == []


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_killed_at_a_random_moment_of_a_write_loop(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.profiles.store_child", str(tmp_path), "100000"],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    for _ in range(30):  # let it get going, then pull the plug mid-loop
        assert child.stdout.readline()
    child.send_signal(signal.SIGKILL)
    child.wait(30)
    child.stdout.close()
    with ProfileStore(tmp_path) as store:
        assert store.check() == []
        assert store.shipments.count() >= 30
        assert all(s.printable for s in store.shipments.search(limit=1_000_000))
        assert len(store.journal.pending()) <= 1


def test_two_processes_share_one_store(tmp_path: Path) -> None:
    children = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.profiles.store_child", str(tmp_path), "25"],
            cwd=REPO_ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    for child in children:
        out, err = child.communicate(timeout=60)
        assert child.returncode == 0, err
        assert len(out.split()) == 25
    with ProfileStore(tmp_path) as store:
        assert store.shipments.count() == 50 and store.check() == []


def test_drafts_are_kept_per_name_replaced_and_cleared(tmp_path: Path) -> None:
    """A draft survives closing the store; saving again replaces it; clearing forgets it."""
    with ProfileStore(tmp_path / "p") as store:
        assert store.drafts.load("shipment") is None
        store.drafts.save("shipment", {"to": {"city": "Köln"}, "reference": "A-1"})
        store.drafts.save("return", {"to": {"city": "Bonn"}})
        store.drafts.save("shipment", {"to": {"city": "Köln"}, "reference": "A-2"})
    with ProfileStore(tmp_path / "p") as store:
        assert store.drafts.load("shipment") == {"to": {"city": "Köln"}, "reference": "A-2"}
        store.drafts.clear("shipment")
        assert store.drafts.load("shipment") is None
        assert store.drafts.load("return") == {"to": {"city": "Bonn"}}


def test_an_old_store_gains_the_drafts_table(tmp_path: Path) -> None:
    """A store of schema 1 (before drafts) opens, keeps its shipments and can keep drafts."""
    from desktop_app.profiles.store import DB_NAME, MIGRATIONS

    folder = tmp_path / "old"
    folder.mkdir()
    conn = sqlite3.connect(folder / DB_NAME)
    for statement in MIGRATIONS[0]:
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    with ProfileStore(folder) as store:
        assert store.schema_version == SCHEMA_VERSION >= 2
        store.drafts.save("shipment", {"reference": "OLD-1"})
        assert store.drafts.load("shipment") == {"reference": "OLD-1"}
