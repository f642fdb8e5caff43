"""Profiles tests: a real keyring backend kept in memory, and managers on temp dirs."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import keyring
import pytest
from keyring.backend import KeyringBackend
from keyring.errors import PasswordDeleteError

from desktop_app.profiles.local_sandbox import LocalSandbox
from desktop_app.profiles.manager import ProfileManager
from desktop_app.profiles.secrets import KeyringSecretStore, choose_secret_store


class MemoryKeyring(KeyringBackend):
    """A complete keyring backend that keeps passwords in a dict."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.passwords: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.passwords.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.passwords[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        try:
            del self.passwords[(service, username)]
        except KeyError:
            raise PasswordDeleteError(f"no password for {username}") from None


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    """Install the in-memory backend as THE keyring for the test, then put the old one back."""
    previous = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    try:
        yield backend
    finally:
        keyring.set_keyring(previous)


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """No key or store override from the environment running the tests."""
    monkeypatch.delenv("PACKDESK_API_KEY", raising=False)
    monkeypatch.delenv("PACKDESK_SECRET_STORE", raising=False)


@pytest.fixture
def manager(tmp_path: Path, memory_keyring: MemoryKeyring, clean_env: None) -> ProfileManager:
    """A manager on temp dirs whose keys go to the in-memory keyring."""
    secrets = choose_secret_store(tmp_path / "data")
    assert isinstance(secrets.inner, KeyringSecretStore)
    return ProfileManager(
        config_dir=tmp_path / "config", data_dir=tmp_path / "data", secrets=secrets
    )


@pytest.fixture(scope="session")
def service_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Local sandbox service dir after its first run (CA, keys, database), to copy from."""
    service_dir = tmp_path_factory.mktemp("sandbox-template") / "service"
    sandbox = LocalSandbox(service_dir)
    sandbox.start_blocking()
    sandbox.stop_blocking()
    return service_dir


@pytest.fixture
def service_dir(tmp_path: Path, service_template: Path) -> Path:
    """A service dir as after an earlier run of the app (generating a CA takes seconds)."""
    service_dir = tmp_path / "profiles" / "local" / "service"
    shutil.copytree(
        service_template,
        service_dir,
        ignore=shutil.ignore_patterns("*.lock", "*.log", "service.json"),
    )
    return service_dir
