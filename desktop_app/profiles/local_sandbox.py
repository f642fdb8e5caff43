"""The built-in "Local sandbox": `packdesk serve --port 0` as a child process of the app.

One service per data dir, whatever the number of app instances: the first instance takes
`owner.lock` (held for its lifetime; the OS drops it if the process dies), starts the service
and writes `service.json`; a second instance finds the lock taken and reuses the running
service without stopping it on exit. The service watches its owner's pid and ends when the
owner dies, however it dies (`--parent-pid`, kill -9 included), and its label workers end
with it. If the owner died, the next instance takes the lock over and starts a new service;
one still running from before (an older version, or one that could not end) is stopped,
with a warning in the log, never adopted. Start-ups are serialised by `launcher.lock`, so a
second instance never sees a half-written state.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import logging
import os
import signal
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import httpx

from desktop_app.parent_watch import pid_alive as _pid_alive
from desktop_app.profiles.files import FileLock, atomic_write_bytes

if TYPE_CHECKING:
    from desktop_app.profiles.manager import ProfileManager

log = logging.getLogger(__name__)

STATE_FILE = "service.json"
OWNER_LOCK = "owner.lock"
LAUNCHER_LOCK = "launcher.lock"
STDERR_LOG = "launcher-stderr.log"
DEFAULT_STARTUP_TIMEOUT = 20.0
STOP_TIMEOUT = 10.0
STDERR_TAIL_CHARS = 2000


def terminate_child(process: subprocess.Popen[Any], timeout: float = STOP_TIMEOUT) -> None:
    """SIGTERM, wait up to `timeout` seconds, then kill (nothing when it has exited)."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout)


class LocalSandboxError(RuntimeError):
    """The local service could not be started or reached; the message says why."""


@dataclass(frozen=True, slots=True)
class ServiceInfo:
    """Where the running local service is, and the sandbox key read from its credentials file."""

    base_url: str
    ca_file: Path
    credentials_file: Path
    pid: int
    sandbox_key: str

    def __repr__(self) -> str:
        return (
            f"ServiceInfo(base_url={self.base_url!r}, ca_file={str(self.ca_file)!r}, "
            f"pid={self.pid}, sandbox_key='***')"
        )


def _read_json(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


class LocalSandbox:
    """Starts, shares and stops the local Shipping Service of the built-in profile."""

    def __init__(
        self,
        service_dir: Path,
        *,
        startup_timeout: float = DEFAULT_STARTUP_TIMEOUT,
        extra_args: Sequence[str] = (),
    ) -> None:
        self.service_dir = Path(service_dir)
        self.startup_timeout = startup_timeout
        self.extra_args = tuple(extra_args)
        self._lock = threading.RLock()
        self._owner_lock: FileLock | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._drain: threading.Thread | None = None
        self._info: ServiceInfo | None = None
        self._atexit_registered = False

    @classmethod
    def for_manager(cls, manager: ProfileManager, **kwargs: Any) -> LocalSandbox:
        """The launcher of the built-in profile's service (data in its profile data dir)."""
        return cls(manager.local_service_dir(), **kwargs)

    # --- what the app reads ----------------------------------------------------------------

    @property
    def info(self) -> ServiceInfo:
        """The running service (LocalSandboxError before `start`)."""
        info = self._info
        if info is None:
            raise LocalSandboxError("the Local sandbox service has not been started")
        return info

    @property
    def base_url(self) -> str:
        """The service's https URL (without /v1)."""
        return self.info.base_url

    @property
    def ca_file(self) -> Path:
        """The local CA to trust for this profile only."""
        return self.info.ca_file

    @property
    def sandbox_key(self) -> str:
        """The sandbox key from the service's credentials file (never stored elsewhere)."""
        return self.info.sandbox_key

    @property
    def pid(self) -> int:
        """The service process id."""
        return self.info.pid

    @property
    def owner(self) -> bool:
        """True if this instance started (or adopted) the service and stops it on exit."""
        return self._owner_lock is not None

    @property
    def running(self) -> bool:
        """True after a successful start while the service process lives."""
        info = self._info
        if info is None:
            return False
        if self._process is not None:
            return self._process.poll() is None
        return _pid_alive(info.pid)

    @property
    def state_path(self) -> Path:
        """`service.json`: pid, base_url, ca_file, credentials_file of the running service."""
        return self.service_dir / STATE_FILE

    # --- start --------------------------------------------------------------------------------

    async def start(self) -> ServiceInfo:
        """`start_blocking` in a worker thread (for the GUI's qasync loop)."""
        return await asyncio.to_thread(self.start_blocking)

    async def stop(self) -> None:
        """`stop_blocking` in a worker thread."""
        await asyncio.to_thread(self.stop_blocking)

    async def ensure_running(self) -> ServiceInfo:
        """`ensure_running_blocking` in a worker thread."""
        return await asyncio.to_thread(self.ensure_running_blocking)

    def start_blocking(self) -> ServiceInfo:
        """Start the service, or reuse the one another instance runs on this data dir."""
        with self._lock:
            if self._info is not None:
                return self._info
            self.service_dir.mkdir(parents=True, exist_ok=True)
            launcher = FileLock(self.service_dir / LAUNCHER_LOCK)
            try:
                launcher.acquire(timeout=self.startup_timeout + STOP_TIMEOUT)
            except TimeoutError as exc:
                raise LocalSandboxError(
                    "another Packdesk instance is still starting the Local sandbox"
                ) from exc
            try:
                owner = FileLock(self.service_dir / OWNER_LOCK)
                if owner.try_acquire():
                    try:
                        self._stop_stale()
                        info = self._spawn()
                        self._write_state(info)
                    except BaseException:
                        owner.release()
                        raise
                    self._owner_lock = owner
                    if not self._atexit_registered:
                        atexit.register(self.stop_blocking)
                        self._atexit_registered = True
                else:
                    info = self._join_running()
                self._info = info
                return info
            finally:
                launcher.release()

    def ensure_running_blocking(self) -> ServiceInfo:
        """Return the running service; start (or take over) one if it is gone."""
        with self._lock:
            info = self._info
            if info is not None and self.running and self._answers(info, timeout=2.0):
                return info
            if self.owner:
                self.stop_blocking()
            else:
                self._info = None
            return self.start_blocking()

    def _command(self) -> list[str]:
        args = ["serve", "--port", "0", "--data-dir", str(self.service_dir)]
        args += ["--parent-pid", str(os.getpid()), *self.extra_args]
        if getattr(sys, "frozen", False):  # a PyInstaller bundle: run its console `packdesk`
            # (the windowed packdesk-gui of Windows and macOS has no stdout for the JSON line)
            exe = Path(sys.executable)
            console = exe.with_name(f"packdesk{exe.suffix}")
            return [str(console if console.is_file() else exe), *args]
        return [sys.executable, "-m", "desktop_app", *args]

    def _child_env(self) -> dict[str, str]:
        env = dict(os.environ)
        env["PYTHONUNBUFFERED"] = "1"
        # run from the service dir, yet find this very desktop_app (a checkout works too)
        package_root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (package_root, env.get("PYTHONPATH", "")) if p
        )
        env.pop("PACKDESK_API_KEY", None)  # the service never needs a profile's key
        return env

    def _spawn(self) -> ServiceInfo:
        """Start a new service process and wait until it answers."""
        deadline = time.monotonic() + self.startup_timeout
        stderr_path = self.service_dir / STDERR_LOG
        popen_extra: dict[str, Any] = {}
        if sys.platform == "win32":  # pragma: no cover - Windows only
            popen_extra["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP
        else:
            # its own session: a Ctrl-C in the app's terminal reaches the app, which stops it
            popen_extra["start_new_session"] = True
        with open(stderr_path, "wb") as stderr:
            process = subprocess.Popen(
                self._command(),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=stderr,
                cwd=self.service_dir,
                env=self._child_env(),
                **popen_extra,
            )
        try:
            assert process.stdout is not None
            line = self._first_line(process.stdout, deadline)
            if line is None:
                raise LocalSandboxError(self._died_message(process, "printed nothing"))
            if not line:
                # stdout closed: the child is exiting; wait for its exit code
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(STOP_TIMEOUT)
                raise LocalSandboxError(self._died_message(process, "printed nothing"))
            try:
                first = json.loads(line)
                base_url = str(first["base_url"])
                ca_file = Path(first["ca_file"])
                credentials_file = Path(first["credentials_file"])
            except (ValueError, KeyError, TypeError):
                raise LocalSandboxError(
                    self._died_message(process, f"printed an unexpected first line {line[:200]!r}")
                ) from None
            self._drain = threading.Thread(
                target=self._drain_stdout, args=(process.stdout,), daemon=True
            )
            self._drain.start()
            key = self._read_sandbox_key(credentials_file)
            info = ServiceInfo(base_url, ca_file, credentials_file, process.pid, key)
            self._wait_ready(info, deadline, process)
        except BaseException:
            terminate_child(process)
            self._close_stdout(process)
            raise
        self._process = process
        return info

    @staticmethod
    def _first_line(stdout: IO[bytes], deadline: float) -> str | None:
        """The first stdout line ("" at EOF, None on time-out), read in a thread."""
        result: list[bytes] = []
        reader = threading.Thread(target=lambda: result.append(stdout.readline()), daemon=True)
        reader.start()
        reader.join(max(0.0, deadline - time.monotonic()))
        return result[0].decode("utf-8", "replace").strip() if result else None

    @staticmethod
    def _drain_stdout(stdout: IO[bytes]) -> None:
        """Keep reading the child's stdout so it never blocks on a full pipe."""
        with contextlib.suppress(OSError, ValueError):
            for _ in iter(stdout.readline, b""):
                pass

    def _stderr_tail(self) -> str:
        try:
            text = (self.service_dir / STDERR_LOG).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        return text[-STDERR_TAIL_CHARS:].strip()

    def _died_message(self, process: subprocess.Popen[bytes], what: str) -> str:
        code = process.poll()
        if code is None:
            terminate_child(process)
            head = f"the local service {what} within {self.startup_timeout:g} s"
        else:
            head = f"the local service exited with code {code} ({what})"
        tail = self._stderr_tail()
        return f"{head}\n--- its error output ---\n{tail}" if tail else head

    @staticmethod
    def _read_sandbox_key(credentials_file: Path) -> str:
        creds = _read_json(credentials_file)
        if creds is None or not isinstance(creds.get("sandbox_key"), str):
            raise LocalSandboxError(f"the local service's credentials {credentials_file} are bad")
        return str(creds["sandbox_key"])

    @staticmethod
    def _ssl_context(ca_file: Path) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(ca_file))

    @classmethod
    def _answers(cls, info: ServiceInfo, timeout: float) -> bool:
        """True if `GET /v1/me` with the sandbox key answers 200 with environment sandbox."""
        try:
            with httpx.Client(verify=cls._ssl_context(info.ca_file), timeout=timeout) as http:
                response = http.get(f"{info.base_url}/v1/me", auth=(info.sandbox_key, ""))
        except (httpx.HTTPError, OSError, ssl.SSLError):
            return False
        if response.status_code != 200:
            return False
        try:
            return response.json().get("environment") == "sandbox"
        except ValueError:
            return False

    def _wait_ready(
        self, info: ServiceInfo, deadline: float, process: subprocess.Popen[bytes] | None
    ) -> None:
        """Poll `GET /v1/me` over HTTPS with the local CA until the service answers."""
        delay = 0.02
        context = self._ssl_context(info.ca_file)
        with httpx.Client(verify=context, timeout=2.0) as http:
            while True:
                try:
                    response = http.get(f"{info.base_url}/v1/me", auth=(info.sandbox_key, ""))
                    if response.status_code == 200:
                        environment = response.json().get("environment")
                        if environment != "sandbox":
                            raise LocalSandboxError(
                                f"the local service's sandbox key is a {environment} key"
                            )
                        return
                    problem = f"answered {response.status_code}"
                except (httpx.HTTPError, OSError) as exc:
                    problem = f"did not answer ({exc.__class__.__name__}: {exc})"
                if process is not None and process.poll() is not None:
                    raise LocalSandboxError(self._died_message(process, problem))
                if time.monotonic() >= deadline:
                    raise LocalSandboxError(
                        f"the local service at {info.base_url} {problem} "
                        f"within {self.startup_timeout:g} s"
                    )
                # the socket listens before the first line is printed: this rarely loops
                time.sleep(delay)
                delay = min(delay * 2, 0.25)

    def _state(self) -> ServiceInfo | None:
        state = _read_json(self.state_path)
        if state is None:
            return None
        try:
            credentials_file = Path(state["credentials_file"])
            return ServiceInfo(
                base_url=str(state["base_url"]),
                ca_file=Path(state["ca_file"]),
                credentials_file=credentials_file,
                pid=int(state["pid"]),
                sandbox_key=self._read_sandbox_key(credentials_file),
            )
        except (KeyError, TypeError, ValueError, LocalSandboxError):
            return None

    def _write_state(self, info: ServiceInfo) -> None:
        state = {
            "pid": info.pid,
            "base_url": info.base_url,
            "ca_file": str(info.ca_file),
            "credentials_file": str(info.credentials_file),
            "owner_pid": os.getpid(),
            "started_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        }
        atomic_write_bytes(self.state_path, json.dumps(state, indent=2).encode(), mode=0o600)

    def _stop_stale(self) -> None:
        """A service left running by an owner that died: stop it (it has the old owner's
        state and settings; a fresh one is started instead)."""
        info = self._state()
        if info is None or not _pid_alive(info.pid):
            return
        if not self._answers(info, timeout=2.0):
            return  # not a service (any more): the pid belongs to another process now
        log.warning(
            "stopping the Local sandbox service (pid %s) left running by a Packdesk that ended",
            info.pid,
        )
        self._terminate_pid(info.pid)

    def _join_running(self) -> ServiceInfo:
        """Another live instance owns the service: reuse it."""
        info = self._state()
        if info is None:
            raise LocalSandboxError(
                "another Packdesk instance owns the Local sandbox but left no service.json"
            )
        deadline = time.monotonic() + min(self.startup_timeout, 5.0)
        self._wait_ready(info, deadline, None)
        return info

    # --- stop ---------------------------------------------------------------------------------

    def stop_blocking(self) -> None:
        """Stop the service if this instance owns it; a reusing instance just lets go."""
        with self._lock:
            info, self._info = self._info, None
            owner_lock, self._owner_lock = self._owner_lock, None
            process, self._process = self._process, None
            if self._atexit_registered:
                atexit.unregister(self.stop_blocking)
                self._atexit_registered = False
            if owner_lock is None:
                return
            try:
                if process is not None:
                    terminate_child(process)
                    self._close_stdout(process)
                elif info is not None:
                    self._terminate_pid(info.pid)
                with contextlib.suppress(FileNotFoundError):
                    self.state_path.unlink()
            finally:
                owner_lock.release()

    def _close_stdout(self, process: subprocess.Popen[bytes]) -> None:
        """After the child exited: let the drain thread reach EOF, then close the pipe."""
        if self._drain is not None:
            self._drain.join(STOP_TIMEOUT)
            self._drain = None
        if process.stdout is not None:
            with contextlib.suppress(OSError):
                process.stdout.close()

    @staticmethod
    def _terminate_pid(pid: int) -> None:
        """Stop an adopted service (not our child, so no wait(): watch the pid instead)."""
        if not _pid_alive(pid):
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + STOP_TIMEOUT
        while _pid_alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        if _pid_alive(pid) and sys.platform != "win32":
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
