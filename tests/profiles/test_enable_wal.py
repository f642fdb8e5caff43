import sqlite3
import threading

import pytest

from desktop_app.profiles.store import enable_wal


def test_wal_waits_for_another_connection_holding_the_file(tmp_path):
    path = tmp_path / "store.sqlite3"
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")  # as another process opening the fresh store does
    conn = sqlite3.connect(path, timeout=0.1, isolation_level=None)
    # without the wait this is the "database is locked" a second process got
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        conn.execute("PRAGMA journal_mode=WAL")
    release = threading.Timer(0.3, lambda: holder.execute("COMMIT"))
    release.start()
    enable_wal(conn, timeout=10)
    release.join()
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    enable_wal(conn)  # already WAL: nothing to switch
    conn.close()
    holder.close()


def test_wal_gives_up_after_its_time_out(tmp_path):
    path = tmp_path / "store.sqlite3"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    conn = sqlite3.connect(path, timeout=0.05, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        enable_wal(conn, timeout=0.3)
    holder.execute("COMMIT")
    conn.close()
    holder.close()
