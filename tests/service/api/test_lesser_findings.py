"""The lesser findings of issue 36 (6 and 7), each as it was seen.

- A quote with an address id that is not one of the key's stored addresses is not priced: 422
  with the shipment's error (the reference lets `to`/`from` be `{"id"}` and declares 422).
- `/health` sent with a key does not use up that key's rate limit.
- A stop with a keep-alive client open logs no ERROR (uvicorn waited out its graceful timeout
  for the idle connection's TLS close and said so).
- A log line the full disk took only part of is cut back: the log never holds half a line.
- The start line comes after the database is open.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from pathlib import Path

from desktop_app.service.logs import SafeRotatingFileHandler
from tests.fixtures.service import RunningService
from tests.payloads import shipment
from tests.service.storage.test_outage import _tmpfs

ServiceFactory = Callable[..., RunningService]
UNKNOWN_ID = {"id": "not-a-uuid"}


def test_a_quote_for_an_unknown_address_id_is_not_priced(local_service: RunningService) -> None:
    quote = {
        "carrier": "dhl",
        "service": "standard",
        "to": UNKNOWN_ID,
        "from": shipment()["from"],
        "package": {"weight": 1.5, "length": 20, "width": 15, "height": 10},
    }
    with local_service.client("live") as client:
        quoted = client.post("/v1/shipment_quotes", json=quote)
        shipped = client.post("/v1/shipments", json={**shipment(), "to": UNKNOWN_ID})
    assert shipped.status_code == 422
    assert quoted.status_code == 422, quoted.text
    assert quoted.json()["errors"] == ["to.id: no stored address with this id"]
    assert quoted.json()["errors"] == shipped.json()["errors"]


def test_health_with_a_key_uses_none_of_its_rate_limit(service_factory: ServiceFactory) -> None:
    service = service_factory("--rate-limit", "3/60")
    with service.client() as station:
        for _ in range(3):  # the whole limit, counted for the address (as without a key)
            assert station.get("/health").status_code == 200
        me = station.get("/v1/me")
    assert me.status_code == 200, me.text
    assert me.headers["RateLimit-Remaining"] == "2"


def test_a_stop_with_a_keep_alive_client_logs_no_error(service_factory: ServiceFactory) -> None:
    service = service_factory()
    with service.client() as station:
        assert station.get("/v1/me").status_code == 200  # the connection stays open, idle
        service.stop()
    log = (service.data_dir / "service.log").read_text(encoding="utf-8")
    assert " ERROR " not in log, log[-2000:]


def test_a_line_the_full_disk_took_part_of_is_cut_back(tmp_path: Path) -> None:
    mount = tmp_path / "small"
    with _tmpfs(mount, "1m"):
        handler = SafeRotatingFileHandler(mount / "service.log")
        handler.setFormatter(logging.Formatter("%(message)s"))
        logger = logging.getLogger("packdesk.test.halfline")
        logger.propagate = False
        logger.addHandler(handler)
        try:
            logger.warning("before the disk is full")
            filler = mount / "filler"
            with contextlib.suppress(OSError), open(filler, "wb") as fh:
                while True:
                    fh.write(b"\0" * 4096)
            # longer than what is left in the log file's last page: the disk takes a part
            logger.warning("%s", "z" * 9000)
            filler.unlink()
            logger.warning("room again")
        finally:
            logger.removeHandler(handler)
            handler.close()
        lines = (mount / "service.log").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "before the disk is full" and lines[-1] == "room again", lines[:3]
    assert all(line.count("z") in (0, 9000) for line in lines), [len(line) for line in lines]


def test_the_start_line_comes_after_the_database_is_open(
    service_factory: ServiceFactory,
) -> None:
    service = service_factory()
    log = (service.data_dir / "service.log").read_text(encoding="utf-8")
    assert "database open: sqlite" in log
    assert log.index("database open: sqlite") < log.index("listening on")
