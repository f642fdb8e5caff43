"""API keys of the profiles: OS keyring, a 0600 file fallback, and an env override for CI.

A small family behind one abstract base, chosen by a registry (the Vorta `keyring/abc.py`
way): `choose_secret_store()` takes the first available store in priority order and wraps
it so that `PACKDESK_API_KEY` overrides reads. Keys are never logged.
"""

from __future__ import annotations

import json
import logging
import os
import stat
import threading
from abc import ABC, abstractmethod
from pathlib import Path
from typing import ClassVar

from desktop_app.profiles.files import FileLock, atomic_write_bytes

log = logging.getLogger(__name__)

SERVICE_NAME = "Packdesk"
ENV_API_KEY = "PACKDESK_API_KEY"
ENV_SECRET_STORE = "PACKDESK_SECRET_STORE"  # force "keyring" or "file" (tests, kiosks)
SECRETS_FILE_NAME = "secrets.json"

FILE_STORE_WARNING = (
    "No system keyring is available: API keys are kept in a file readable only by you ({path})."
)


class SecretStoreError(RuntimeError):
    """A secret could not be read or written (keyring locked, file unreadable...)."""


class SecretStore(ABC):
    """Where API keys live, one per profile id."""

    #: registry name, also what `PACKDESK_SECRET_STORE` selects
    name: ClassVar[str]
    #: higher wins when several stores are available
    priority: ClassVar[int]

    @classmethod
    @abstractmethod
    def is_available(cls) -> bool:
        """True if this store can be used on this machine."""

    @abstractmethod
    def get(self, profile_id: str) -> str | None:
        """The key saved for `profile_id`, or None."""

    @abstractmethod
    def set(self, profile_id: str, secret: str) -> None:
        """Save (or replace) the key of `profile_id`."""

    @abstractmethod
    def delete(self, profile_id: str) -> None:
        """Forget the key of `profile_id` (no error if there is none)."""

    @property
    def warning(self) -> str | None:
        """A message the GUI should show once about how keys are kept (None: nothing to say)."""
        return None


class KeyringSecretStore(SecretStore):
    """The OS keyring (Keychain, Windows Credential Locker, Secret Service, KWallet)."""

    name = "keyring"
    priority = 20

    def __init__(self, service_name: str = SERVICE_NAME) -> None:
        self.service_name = service_name

    @classmethod
    def is_available(cls) -> bool:
        """A real backend is configured: not `fail.Keyring`, `null.Keyring` or an empty chainer."""
        try:
            import keyring
            from keyring.backends import chainer, fail, null
        except ImportError:  # pragma: no cover - keyring is a dependency
            return False
        try:
            backend = keyring.get_keyring()
        except Exception:  # a broken keyring config means "not available"
            log.debug("keyring backend could not be loaded", exc_info=True)
            return False
        if isinstance(backend, fail.Keyring | null.Keyring):
            return False
        if isinstance(backend, chainer.ChainerBackend):
            return bool(backend.backends)
        return True

    def get(self, profile_id: str) -> str | None:
        """The key from the keyring."""
        import keyring
        from keyring.errors import KeyringError

        try:
            return keyring.get_password(self.service_name, profile_id)
        except KeyringError as exc:
            raise SecretStoreError(f"the keyring could not be read: {exc}") from exc

    def set(self, profile_id: str, secret: str) -> None:
        """Save the key in the keyring."""
        import keyring
        from keyring.errors import KeyringError

        try:
            keyring.set_password(self.service_name, profile_id, secret)
        except KeyringError as exc:
            raise SecretStoreError(f"the keyring could not be written: {exc}") from exc

    def delete(self, profile_id: str) -> None:
        """Remove the key from the keyring."""
        import keyring
        from keyring.errors import KeyringError, PasswordDeleteError

        try:
            keyring.delete_password(self.service_name, profile_id)
        except PasswordDeleteError:
            pass
        except KeyringError as exc:
            raise SecretStoreError(f"the keyring could not be written: {exc}") from exc


class FileSecretStore(SecretStore):
    """A JSON file `{profile_id: key}` under the data dir, mode 0600 from its creation."""

    name = "file"
    priority = 10

    _warned: ClassVar[bool] = False
    _warn_lock: ClassVar[threading.Lock] = threading.Lock()

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock_path = path.with_name(path.name + ".lock")
        self._warn_once()

    @classmethod
    def is_available(cls) -> bool:
        """Always: it is the fallback."""
        return True

    @property
    def warning(self) -> str:
        """Tell the user that keys are in a file (the GUI shows it once)."""
        return FILE_STORE_WARNING.format(path=self.path)

    def _warn_once(self) -> None:
        # Logging, not `warnings`: the message is for the user and the log, and pytest turns
        # warnings into errors. The GUI reads `warning`.
        with FileSecretStore._warn_lock:
            if FileSecretStore._warned:
                return
            FileSecretStore._warned = True
        log.warning(self.warning)

    def _read(self) -> dict[str, str]:
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return {}
        if os.name == "posix" and stat.S_IMODE(st.st_mode) & 0o077:
            # Someone loosened the mode: tighten it before reading the keys.
            os.chmod(self.path, 0o600)
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise SecretStoreError(f"{self.path} could not be read: {exc}") from exc
        if not isinstance(data, dict):
            raise SecretStoreError(f"{self.path} is not a JSON object")
        return {str(k): str(v) for k, v in data.items()}

    def _write(self, data: dict[str, str]) -> None:
        payload = json.dumps(data, indent=2, sort_keys=True).encode("utf-8")
        atomic_write_bytes(self.path, payload, mode=0o600)

    def get(self, profile_id: str) -> str | None:
        """The key from the file."""
        return self._read().get(profile_id)

    def set(self, profile_id: str, secret: str) -> None:
        """Save the key in the file (read-modify-write under a lock)."""
        with FileLock(self._lock_path):
            data = self._read()
            data[profile_id] = secret
            self._write(data)

    def delete(self, profile_id: str) -> None:
        """Remove the key from the file."""
        with FileLock(self._lock_path):
            data = self._read()
            if data.pop(profile_id, None) is not None:
                self._write(data)


class EnvSecretStore(SecretStore):
    """`PACKDESK_API_KEY` overrides every read; writes go to the wrapped store."""

    name = "env"
    priority = 0

    def __init__(self, inner: SecretStore, env_var: str = ENV_API_KEY) -> None:
        self.inner = inner
        self.env_var = env_var

    @classmethod
    def is_available(cls) -> bool:
        """Only as a wrapper; never chosen on its own."""
        return False

    @property
    def overridden(self) -> bool:
        """True when the environment supplies the key."""
        return bool(os.environ.get(self.env_var))

    @property
    def warning(self) -> str | None:
        """The wrapped store's warning."""
        return self.inner.warning

    def get(self, profile_id: str) -> str | None:
        """The env key if set, else the wrapped store's key."""
        return os.environ.get(self.env_var) or self.inner.get(profile_id)

    def set(self, profile_id: str, secret: str) -> None:
        """Save in the wrapped store."""
        self.inner.set(profile_id, secret)

    def delete(self, profile_id: str) -> None:
        """Delete from the wrapped store."""
        self.inner.delete(profile_id)


#: stores that can be chosen, by name
SECRET_STORES: dict[str, type[SecretStore]] = {
    KeyringSecretStore.name: KeyringSecretStore,
    FileSecretStore.name: FileSecretStore,
}


def _make(cls: type[SecretStore], data_dir: Path) -> SecretStore:
    if cls is FileSecretStore:
        return FileSecretStore(data_dir / SECRETS_FILE_NAME)
    return cls()


def choose_secret_store(data_dir: Path, prefer: str | None = None) -> EnvSecretStore:
    """The best available store (or `prefer` / `PACKDESK_SECRET_STORE`), with the env override."""
    wanted = prefer or os.environ.get(ENV_SECRET_STORE) or None
    if wanted:
        try:
            cls = SECRET_STORES[wanted]
        except KeyError:
            raise ValueError(
                f"unknown secret store {wanted!r}; known: {', '.join(SECRET_STORES)}"
            ) from None
        return EnvSecretStore(_make(cls, data_dir))
    for cls in sorted(SECRET_STORES.values(), key=lambda c: c.priority, reverse=True):
        if cls.is_available():
            return EnvSecretStore(_make(cls, data_dir))
    raise RuntimeError("no secret store available")  # pragma: no cover - file always is
