"""Secret stores: the OS keyring (a real in-memory backend), the 0600 file, the env override."""

from __future__ import annotations

import logging
import os
import stat
import sys
from pathlib import Path

import keyring
import pytest
from keyring.backend import KeyringBackend
from keyring.backends import fail, null
from keyring.errors import KeyringLocked

from desktop_app.profiles.secrets import (
    EnvSecretStore,
    FileSecretStore,
    KeyringSecretStore,
    SecretStoreError,
    choose_secret_store,
)
from tests.profiles.conftest import MemoryKeyring

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")


@pytest.fixture
def no_keyring(clean_env: None) -> object:
    """The keyring library's own 'nothing works' backend."""
    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    yield
    keyring.set_keyring(previous)


@pytest.fixture
def fresh_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forget that the file-store warning was already logged in this process."""
    monkeypatch.setattr(FileSecretStore, "_warned", False)


def test_keyring_is_chosen_and_keys_live_in_it(
    tmp_path: Path, memory_keyring: MemoryKeyring, clean_env: None
) -> None:
    store = choose_secret_store(tmp_path)
    assert isinstance(store, EnvSecretStore)
    assert isinstance(store.inner, KeyringSecretStore)
    assert store.warning is None
    store.set("profile-1", "key-one")
    assert memory_keyring.passwords == {("Packdesk", "profile-1"): "key-one"}
    assert store.get("profile-1") == "key-one"
    assert store.get("profile-2") is None
    store.delete("profile-1")
    store.delete("profile-1")  # deleting twice is fine
    assert memory_keyring.passwords == {}
    assert not (tmp_path / "secrets.json").exists()


@pytest.mark.parametrize("backend", [fail.Keyring, null.Keyring])
def test_unusable_keyring_is_not_available(backend: type[KeyringBackend], clean_env: None) -> None:
    previous = keyring.get_keyring()
    keyring.set_keyring(backend())
    try:
        assert not KeyringSecretStore.is_available()
    finally:
        keyring.set_keyring(previous)


@posix_only
def test_file_fallback_is_0600_and_warns_once(
    tmp_path: Path, no_keyring: object, fresh_warning: None, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="desktop_app.profiles.secrets")
    store = choose_secret_store(tmp_path)
    assert isinstance(store.inner, FileSecretStore)
    store.set("p1", "secret-1")
    store.set("p2", "secret-2")
    path = tmp_path / "secrets.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert store.get("p1") == "secret-1"
    assert store.get("p2") == "secret-2"
    store.delete("p1")
    assert store.get("p1") is None
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    # a second store in the same process does not warn again
    choose_secret_store(tmp_path)
    warnings = [r for r in caplog.records if "No system keyring" in r.getMessage()]
    assert len(warnings) == 1
    assert "secret" not in warnings[0].getMessage().replace("secrets.json", "")
    assert store.warning is not None and str(path) in store.warning
    # no temp files left behind by the atomic writes
    assert sorted(p.name for p in tmp_path.iterdir()) == ["secrets.json", "secrets.json.lock"]


@posix_only
def test_file_store_tightens_a_loosened_mode(tmp_path: Path, fresh_warning: None) -> None:
    store = FileSecretStore(tmp_path / "secrets.json")
    store.set("p", "k")
    os.chmod(store.path, 0o644)
    assert store.get("p") == "k"
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600


def test_file_store_reports_a_damaged_file(tmp_path: Path, fresh_warning: None) -> None:
    store = FileSecretStore(tmp_path / "secrets.json")
    store.path.write_text("{not json", encoding="utf-8")
    with pytest.raises(SecretStoreError, match="could not be read"):
        store.get("p")


def test_env_key_overrides_reads(
    tmp_path: Path, memory_keyring: MemoryKeyring, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PACKDESK_SECRET_STORE", raising=False)
    monkeypatch.delenv("PACKDESK_API_KEY", raising=False)
    store = choose_secret_store(tmp_path)
    store.set("p", "from-keyring")
    assert not store.overridden
    monkeypatch.setenv("PACKDESK_API_KEY", "from-env")
    assert store.overridden
    assert store.get("p") == "from-env"
    assert store.get("other") == "from-env"
    store.set("p", "new")  # writes still go to the keyring
    assert memory_keyring.passwords[("Packdesk", "p")] == "new"


def test_store_can_be_forced(
    tmp_path: Path,
    memory_keyring: MemoryKeyring,
    monkeypatch: pytest.MonkeyPatch,
    fresh_warning: None,
) -> None:
    monkeypatch.setenv("PACKDESK_SECRET_STORE", "file")
    assert isinstance(choose_secret_store(tmp_path).inner, FileSecretStore)
    monkeypatch.setenv("PACKDESK_SECRET_STORE", "vault")
    with pytest.raises(ValueError, match="unknown secret store 'vault'"):
        choose_secret_store(tmp_path)


class LockedKeyring(MemoryKeyring):
    """A keyring whose collection stays locked (the user dismissed the unlock prompt)."""

    def get_password(self, service: str, username: str) -> str | None:
        raise KeyringLocked("collection is locked")

    def set_password(self, service: str, username: str, password: str) -> None:
        raise KeyringLocked("collection is locked")


def test_keyring_errors_become_secret_store_errors(clean_env: None) -> None:
    previous = keyring.get_keyring()
    keyring.set_keyring(LockedKeyring())
    try:
        store = KeyringSecretStore()
        with pytest.raises(SecretStoreError, match="could not be read: collection is locked"):
            store.get("p")
        with pytest.raises(SecretStoreError, match="could not be written"):
            store.set("p", "k")
    finally:
        keyring.set_keyring(previous)
