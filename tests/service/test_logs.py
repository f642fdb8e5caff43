"""A log that cannot fill the disk nor break a request.

- repeated lines any client can cause: one per address and minute, the rest counted;
- rotation by size with a bound on the total;
- a full disk under the log: lines are dropped and counted (no traceback, no failed request),
  and one line says how many were lost once the disk has room again.
The service tests run the real service: 40 stalled connections from one address, and the data
dir (log, labels) on a full tmpfs.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from pathlib import Path

import pytest

from desktop_app.service.logs import LogThrottle, SafeRotatingFileHandler
from tests.fixtures.service import RunningService
from tests.service.api.test_slow_clients import read_all, tls_socket, wait_counted
from tests.service.storage.test_outage import _tmpfs, _wait_for

ServiceFactory = Callable[..., RunningService]


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def _logger(name: str, handler: logging.Handler) -> logging.Logger:
    logger = logging.getLogger(f"tests.log_bounds.{name}")
    logger.handlers = [handler]
    logger.propagate = False
    logger.setLevel(logging.INFO)
    return logger


def test_one_line_per_address_and_minute_with_a_count() -> None:
    now = [0.0]
    lines = Lines()
    throttle = LogThrottle(_logger("throttle", lines), 60.0, clock=lambda: now[0])
    for second in range(120):
        now[0] = float(second)
        for address in ("10.0.0.1", "10.0.0.2"):
            throttle.log(logging.INFO, ("cut", address), "cut a connection from %s", address)
    now[0] = 125.0
    throttle.flush()
    first = [line for line in lines.lines if "10.0.0.1" in line]
    assert len(first) == 4, first  # a line at 0 s and at 60 s, a count after each minute
    assert first[0].startswith("cut a connection from 10.0.0.1 (at most one such line a minute")
    assert first[1] == "59 more such lines in 60 s, not logged: cut a connection from 10.0.0.1"
    assert first[3].startswith("59 more such lines")
    assert len(lines.lines) == 8


def test_rotation_bounds_the_total(tmp_path: Path) -> None:
    handler = SafeRotatingFileHandler(tmp_path / "service.log", max_bytes=20_000, backups=3)
    logger = _logger("rotation", handler)
    for index in range(5000):
        logger.info("line %05d %s", index, "x" * 60)
    handler.close()
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == [
        "service.log",
        "service.log.1",
        "service.log.2",
        "service.log.3",
    ]
    assert sum(f.stat().st_size for f in files) <= 4 * 20_000
    assert "line 04999" in (tmp_path / "service.log").read_text(encoding="utf-8")


def test_a_full_disk_drops_and_counts_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mount = tmp_path / "small"
    with _tmpfs(mount, "1m"):
        handler = SafeRotatingFileHandler(mount / "service.log")
        logger = _logger("full", handler)
        logger.info("before the disk is full")
        filler = mount / "filler"
        with contextlib.suppress(OSError), open(filler, "wb") as fh:
            while True:
                fh.write(b"\0" * 4096)
        for index in range(200):
            logger.info("while full %d %s", index, "y" * 200)  # never raises
        filler.unlink()
        logger.info("room again")
        handler.close()
        text = (mount / "service.log").read_text(encoding="utf-8", errors="replace")
    assert "log lines could not be written (OSError: [Errno 28]" in text
    assert text.rstrip().endswith("room again")
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and "Logging error" not in captured.err


def test_stalled_connections_from_one_address_log_one_line(
    service_factory: ServiceFactory,
) -> None:
    service = service_factory("--header-timeout", "1")
    with contextlib.ExitStack() as stack:
        held = [
            wait_counted(stack.enter_context(tls_socket(service, "127.0.6.1"))) for _ in range(40)
        ]
        for sock in held:
            answer, _ = read_all(sock, 30)
            assert answer.startswith(b"HTTP/1.1 408")
    log = (service.data_dir / "service.log").read_text(encoding="utf-8")
    assert log.count("closed a stalled connection from 127.0.6.1") == 1, log[-2000:]


def test_a_full_log_disk_fails_no_request(service_factory: ServiceFactory, tmp_path: Path) -> None:
    data = tmp_path / "data"
    database = tmp_path / "db" / "service.db"
    database.parent.mkdir()
    with _tmpfs(data, "4m"):
        url = f"sqlite+aiosqlite:///{database}"
        service = service_factory("--database-url", url, data_dir=data)
        filler = data / "filler"
        with contextlib.suppress(OSError), open(filler, "wb") as fh:
            while True:
                fh.write(b"\0" * 4096)
        with service.client() as client:
            statuses = {client.get("/v1/shipments").status_code for _ in range(50)}
            # the labels and the log cannot be written: health says so
            _wait_for(lambda: client.get("/health").status_code == 503, 10.0)
            filler.unlink()
            _wait_for(lambda: client.get("/health").status_code == 200, 10.0)
        service.stop()
        log = (data / "service.log").read_text(encoding="utf-8", errors="replace")
        stderr = (data / "serve-stderr.log").read_text(encoding="utf-8", errors="replace")
    assert statuses == {200}
    assert "log lines could not be written" in log
    assert "Traceback" not in stderr and "Logging error" not in stderr
