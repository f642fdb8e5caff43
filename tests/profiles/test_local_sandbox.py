"""The built-in Local sandbox: starts and stops its service; one service per data dir."""

from __future__ import annotations

import json
import signal
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from desktop_app.profiles.files import FileLock
from desktop_app.profiles.local_sandbox import LocalSandbox, LocalSandboxError, _pid_alive

REPO_ROOT = Path(__file__).resolve().parents[2]


def me(sandbox: LocalSandbox) -> dict[str, Any]:
    """GET /v1/me over HTTPS trusting only the sandbox's CA."""
    context = ssl.create_default_context(cafile=str(sandbox.ca_file))
    with httpx.Client(verify=context, timeout=10) as http:
        response = http.get(f"{sandbox.base_url}/v1/me", auth=(sandbox.sandbox_key, ""))
    response.raise_for_status()
    return dict(response.json())


def refuses_connections(base_url: str) -> bool:
    try:
        httpx.get(f"{base_url}/v1/me", verify=False, timeout=5)
    except httpx.ConnectError:
        return True
    return False


@pytest.fixture
def sandboxes() -> Iterator[list[LocalSandbox]]:
    """Sandboxes made by a test are stopped at its end, even when it fails."""
    made: list[LocalSandbox] = []
    yield made
    for sandbox in made:
        sandbox.stop_blocking()


class Child:
    """Another Packdesk instance (a separate process) using the same service dir."""

    def __init__(self, service_dir: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.profiles.sandbox_child", str(service_dir)],
            cwd=REPO_ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._info: dict[str, Any] | None = None

    @property
    def info(self) -> dict[str, Any]:
        """What the instance reported once started: base_url, pid, owner."""
        if self._info is None:
            assert self.process.stdout is not None
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError(self.process.communicate(timeout=30)[1])
            self._info = json.loads(line)
        return self._info

    def exit(self) -> None:
        """Quit as the app does (stopping the service if it owns it)."""
        self.process.communicate("quit\n", timeout=30)

    def kill(self) -> None:
        """Die without cleaning up."""
        self.process.send_signal(signal.SIGKILL)
        self.process.communicate(timeout=30)


async def test_starts_and_stops_its_service(
    service_dir: Path, sandboxes: list[LocalSandbox]
) -> None:
    sandbox = LocalSandbox(service_dir)
    sandboxes.append(sandbox)
    info = await sandbox.start()  # the GUI's way: the waits run in a worker thread
    assert sandbox.owner and sandbox.running
    assert info.base_url.startswith("https://127.0.0.1:")
    assert info.ca_file.is_file() and info.ca_file.is_relative_to(service_dir)
    creds = json.loads(info.credentials_file.read_text(encoding="utf-8"))
    assert sandbox.sandbox_key == creds["sandbox_key"] != creds["live_key"]
    assert "***" in repr(info) and sandbox.sandbox_key not in repr(info)
    assert me(sandbox)["environment"] == "sandbox"
    # the system trust store does not know the local CA: only its own CA works
    with pytest.raises(httpx.HTTPError):
        httpx.get(f"{info.base_url}/v1/me", timeout=5)
    state = json.loads(sandbox.state_path.read_text(encoding="utf-8"))
    assert (state["pid"], state["base_url"]) == (info.pid, info.base_url)
    assert sandbox.start_blocking() is info  # idempotent
    assert (await sandbox.ensure_running()) is info

    await sandbox.stop()
    assert not sandbox.running and not _pid_alive(info.pid)
    assert not sandbox.state_path.exists()
    assert refuses_connections(info.base_url)
    with pytest.raises(LocalSandboxError, match="not been started"):
        _ = sandbox.base_url


def test_second_instance_reuses_the_service(
    service_dir: Path, sandboxes: list[LocalSandbox]
) -> None:
    first = LocalSandbox(service_dir)
    second = LocalSandbox(service_dir)
    sandboxes += [first, second]
    info = first.start_blocking()

    # a second app instance (another process) reuses it and leaves it running on exit
    child = Child(service_dir)
    assert child.info == {"base_url": info.base_url, "pid": info.pid, "owner": False}
    child.exit()
    assert me(first)["environment"] == "sandbox"

    # in this process too: same service, not the owner
    assert second.start_blocking().base_url == info.base_url
    assert not second.owner and second.pid == info.pid
    second.stop_blocking()  # does not stop someone else's service
    assert first.running and me(first)

    second.start_blocking()
    first.stop_blocking()  # the owner leaves: the service is gone
    assert not _pid_alive(info.pid) and refuses_connections(info.base_url)

    # the remaining instance takes over with a service of its own
    fresh = second.ensure_running_blocking()
    assert second.owner and fresh.pid != info.pid
    assert me(second)["environment"] == "sandbox"


def test_two_instances_started_at_once_share_one_service(service_dir: Path) -> None:
    first, second = Child(service_dir), Child(service_dir)  # a double click on the app icon
    try:
        assert first.info["base_url"] == second.info["base_url"]
        assert first.info["pid"] == second.info["pid"]
        assert sorted([first.info["owner"], second.info["owner"]]) == [False, True]
    finally:
        for child in sorted((first, second), key=lambda c: bool(c._info and c._info["owner"])):
            child.exit()  # the owner last, as it stops the service
    assert not _pid_alive(first.info["pid"])


def wait_for_exit(pid: int, timeout: float = 60.0) -> bool:
    """Poll the process table until `pid` has ended (a generous deadline: only a service
    that never ends reaches it)."""
    deadline = time.monotonic() + timeout
    while _pid_alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_the_service_ends_when_its_owner_is_killed(
    service_dir: Path, sandboxes: list[LocalSandbox]
) -> None:
    child = Child(service_dir)
    assert child.info["owner"] is True
    child.kill()  # the owner crashed (kill -9: no clean-up of its own)
    assert wait_for_exit(child.info["pid"])  # its service watched it and ended
    assert refuses_connections(child.info["base_url"])

    sandbox = LocalSandbox(service_dir)  # the next start: a service of its own
    sandboxes.append(sandbox)
    info = sandbox.start_blocking()
    assert sandbox.owner and info.pid != child.info["pid"]
    assert me(sandbox)["environment"] == "sandbox"


def test_a_stale_service_is_stopped_not_adopted(
    service_dir: Path, sandboxes: list[LocalSandbox], caplog: pytest.LogCaptureFixture
) -> None:
    """A service still running without its owner (an older version, or one that could not
    end) is stopped by the next start, with a warning: never used silently."""
    stale = LocalSandbox(service_dir)
    old = stale.start_blocking()
    process = stale._process
    assert process is not None and stale._owner_lock is not None
    stale._owner_lock.release()  # its owner is gone, as far as the lock tells
    stale._owner_lock, stale._process, stale._info = None, None, None

    sandbox = LocalSandbox(service_dir)
    sandboxes.append(sandbox)
    with caplog.at_level("WARNING", logger="desktop_app.profiles.local_sandbox"):
        info = sandbox.start_blocking()
    assert info.pid != old.pid and info.base_url != old.base_url
    assert process.wait(30) is not None and refuses_connections(old.base_url)
    assert f"stopping the Local sandbox service (pid {old.pid})" in caplog.text
    assert me(sandbox)["environment"] == "sandbox"
    if process.stdout is not None:
        process.stdout.close()


def test_a_service_that_dies_on_start_is_reported_with_its_errors(
    service_dir: Path, sandboxes: list[LocalSandbox]
) -> None:
    sandbox = LocalSandbox(service_dir, extra_args=["--rate-limit", "not-a-limit"])
    sandboxes.append(sandbox)
    with pytest.raises(LocalSandboxError, match=r"exited with code 2") as caught:
        sandbox.start_blocking()
    assert "--rate-limit" in str(caught.value)  # argparse's complaint, from its stderr
    assert not sandbox.owner and not sandbox.running
    # both locks were let go: the next start is not blocked
    for name in ("owner.lock", "launcher.lock"):
        lock = FileLock(service_dir / name)
        assert lock.try_acquire()
        lock.release()
