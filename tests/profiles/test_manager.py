"""ProfileManager: profiles.json without secrets, key checks, the built-in Local sandbox."""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

import keyring
import pytest
from keyring.backends import fail
from keyring.errors import KeyringLocked
from pydantic import ValidationError

from desktop_app.profiles.errors import (
    KeyEnvironmentError,
    MissingKeyError,
    ProfileError,
    ProfileNotFoundError,
    ProfileValidationError,
)
from desktop_app.profiles.manager import ProfileManager
from desktop_app.profiles.models import Preferences, Profile
from desktop_app.profiles.secrets import FileSecretStore, SecretStoreError, choose_secret_store
from tests.profiles.conftest import MemoryKeyring

LIVE_KEY = "live-key-0123456789abcdef"
SANDBOX_KEY = "sandbox-key-0123456789abcdef"


def live(name: str = "Shop live", **kw: object) -> Profile:
    return Profile.model_validate(
        {"name": name, "environment": "live", "base_url": "https://api.example.com/", **kw}
    )


def sandbox(name: str = "Shop test", **kw: object) -> Profile:
    return Profile.model_validate(
        {"name": name, "environment": "sandbox", "base_url": "https://api.example.com", **kw}
    )


def reopen(manager: ProfileManager) -> ProfileManager:
    return ProfileManager(manager.config_dir, manager.data_dir, manager.secrets)


def test_first_run_has_exactly_the_local_sandbox(manager: ProfileManager) -> None:
    [builtin] = manager.list()
    assert builtin.builtin_local and builtin.environment == "sandbox"
    assert builtin.name == "Local sandbox"
    assert manager.local_sandbox() == builtin == manager.last_used
    assert manager.has_key(builtin)
    on_disk = json.loads(manager.path.read_text(encoding="utf-8"))
    assert on_disk["last_used"] == builtin.id
    assert reopen(manager).local_sandbox().id == builtin.id  # created once, then kept


def test_saving_a_live_profile_keeps_the_key_out_of_the_json(
    manager: ProfileManager, memory_keyring: MemoryKeyring
) -> None:
    saved = manager.add(live(), LIVE_KEY, verified_environment="production")
    assert saved.base_url == "https://api.example.com" and saved.key_environment == "live"
    assert memory_keyring.passwords == {("Packdesk", saved.id): LIVE_KEY}
    text = manager.path.read_text(encoding="utf-8")
    assert LIVE_KEY not in text and saved.id in text
    assert reopen(manager).get(saved.id) == saved
    creds = manager.credentials(saved)
    assert (creds.api_key, creds.base_url, creds.verified) == (LIVE_KEY, saved.base_url, True)
    assert LIVE_KEY not in repr(creds)


def test_a_sandbox_key_is_refused_for_a_live_profile(
    manager: ProfileManager, memory_keyring: MemoryKeyring
) -> None:
    with pytest.raises(KeyEnvironmentError, match="sandbox .*key, but the profile is a live"):
        manager.save(live(), SANDBOX_KEY, verified_environment="sandbox")
    with pytest.raises(KeyEnvironmentError, match="live key, but the profile is a sandbox"):
        manager.save(sandbox(), LIVE_KEY, verified_environment="production")
    assert memory_keyring.passwords == {} and len(manager.list()) == 1


def test_a_key_must_be_checked_before_it_is_saved(manager: ProfileManager) -> None:
    with pytest.raises(ProfileValidationError, match="checked with the service"):
        manager.save(sandbox(), SANDBOX_KEY)
    with pytest.raises(ProfileValidationError, match="unknown environment"):
        manager.save(sandbox(), SANDBOX_KEY, verified_environment="staging")
    # a profile can be saved without a key; it cannot be used until it has one
    saved = manager.save(sandbox())
    with pytest.raises(MissingKeyError):
        manager.credentials(saved)


def test_urls_https_only_and_live_not_on_loopback() -> None:
    with pytest.raises(ValidationError, match="https://"):
        sandbox(base_url="http://api.example.com")
    with pytest.raises(ValidationError, match="user name or password"):
        sandbox(base_url="https://key:@api.example.com")
    for url in ("https://localhost:8443", "https://127.0.0.2", "https://[::1]:9"):
        with pytest.raises(ValidationError, match="must not use a loopback address"):
            live(base_url=url)
        assert live(base_url=url, force_loopback=True).force_loopback
        assert sandbox(base_url=url).base_url == url  # a sandbox may be local
    with pytest.raises(ValidationError, match="is a sandbox profile"):
        live(builtin_local=True)
    with pytest.raises(ValidationError, match="unknown label format"):
        Preferences(label_format_override="pdf_a4")


def test_names_are_unique(manager: ProfileManager) -> None:
    manager.save(sandbox("Warehouse"))
    with pytest.raises(ProfileValidationError, match="'warehouse' already exists"):
        manager.save(sandbox(" warehouse "))
    with pytest.raises(ProfileValidationError, match="already exists"):
        manager.save(sandbox("LOCAL SANDBOX"))


def test_the_local_sandbox_is_built_in_and_fixed(manager: ProfileManager) -> None:
    builtin = manager.local_sandbox()
    with pytest.raises(ProfileError, match="cannot be deleted"):
        manager.delete(builtin.id)
    with pytest.raises(ProfileValidationError, match="exactly one built-in"):
        manager.add(sandbox(builtin_local=True))
    with pytest.raises(ProfileValidationError, match="exactly one built-in"):
        manager.save(sandbox(builtin_local=True))
    moved = builtin.model_copy(update={"base_url": "https://api.example.com"})
    with pytest.raises(ProfileValidationError, match="needs no configuration"):
        manager.save(moved)
    with pytest.raises(ProfileValidationError, match="reads its key from its own service"):
        manager.save(builtin, SANDBOX_KEY, verified_environment="sandbox")
    with pytest.raises(ProfileValidationError, match="stays built-in"):
        manager.save(builtin.model_copy(update={"builtin_local": False}))
    prefs = Preferences(auto_print_after_create=True, default_carrier="dhl")
    changed = manager.save(builtin.model_copy(update={"printer": "Zebra", "preferences": prefs}))
    assert reopen(manager).local_sandbox() == changed and changed.printer == "Zebra"
    with pytest.raises(ProfileError, match="not running"):
        manager.credentials(changed)


def test_changing_environment_needs_the_key_checked_again(manager: ProfileManager) -> None:
    saved = manager.save(sandbox(), SANDBOX_KEY, verified_environment="sandbox")
    as_live = saved.model_copy(update={"environment": "live"})
    with pytest.raises(ProfileValidationError, match="check the saved key again"):
        manager.save(as_live)
    with pytest.raises(KeyEnvironmentError, match="sandbox .*key, but the profile is a live"):
        manager.save(as_live, verified_environment="sandbox")
    assert manager.get(saved.id).environment == "sandbox"
    # renaming, printer and preferences need no new check
    renamed = manager.save(saved.model_copy(update={"name": "Test desk", "printer": "P1"}))
    assert renamed.key_environment == "sandbox"
    assert manager.credentials(renamed).api_key == SANDBOX_KEY


def test_a_hand_edited_key_environment_is_still_refused(manager: ProfileManager) -> None:
    saved = manager.save(sandbox(), SANDBOX_KEY, verified_environment="sandbox")
    state = json.loads(manager.path.read_text(encoding="utf-8"))
    for entry in state["profiles"]:
        if entry["id"] == saved.id:
            entry["environment"] = "live"
    manager.path.write_text(json.dumps(state), encoding="utf-8")
    edited = reopen(manager).get(saved.id)
    with pytest.raises(KeyEnvironmentError, match="sandbox .*key"):
        manager.credentials(edited)


def test_env_key_overrides_for_scripts(
    manager: ProfileManager, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = manager.save(sandbox())
    monkeypatch.setenv("PACKDESK_API_KEY", "ci-key")
    creds = manager.credentials(saved)
    assert (creds.api_key, creds.verified) == ("ci-key", False)


def test_delete_last_used_and_data_dirs(
    manager: ProfileManager, memory_keyring: MemoryKeyring
) -> None:
    a = manager.save(live("A"), LIVE_KEY, verified_environment="production")
    b = manager.save(sandbox("B"), SANDBOX_KEY, verified_environment="sandbox")
    manager.set_last_used(a.id)
    assert reopen(manager).last_used.id == a.id
    dir_a, dir_b = manager.profile_data_dir(a), manager.profile_data_dir(b)
    assert dir_a != dir_b and dir_a.parent == dir_b.parent == manager.data_dir / "profiles"
    (dir_a / "marker").write_text("x", encoding="utf-8")

    manager.delete(a.id, remove_data=True)
    assert ("Packdesk", a.id) not in memory_keyring.passwords
    assert not dir_a.exists() and dir_b.exists()
    assert manager.last_used.builtin_local
    with pytest.raises(ProfileNotFoundError):
        manager.get(a.id)
    with pytest.raises(ProfileNotFoundError):
        manager.set_last_used(a.id)
    with pytest.raises(ProfileNotFoundError):
        manager.update(a)


def test_stores_of_two_profiles_never_mix(manager: ProfileManager) -> None:
    a = manager.save(live("A"), LIVE_KEY, verified_environment="production")
    b = manager.save(sandbox("B"))
    with manager.open_store(a) as store_a, manager.open_store(b) as store_b:
        jid = store_a.journal.add_pending({}, "REF-A")
        store_a.journal.complete(
            jid, {"id": "a" * 40, "carrier": "dhl", "to": {"last_name": "X"}}, b"%P"
        )
        assert store_b.shipments.search() == [] and store_a.shipments.count() == 1
        assert store_a.db_path.parent == manager.profile_data_dir(a)
        assert store_b.meta()["environment"] == "sandbox"


def test_a_damaged_profiles_file_is_kept_aside(manager: ProfileManager) -> None:
    saved = manager.save(sandbox("Keep me"))
    state = json.loads(manager.path.read_text(encoding="utf-8"))
    state["profiles"].append({"name": "broken", "environment": "moon"})
    manager.path.write_text(json.dumps(state), encoding="utf-8")
    fresh = reopen(manager)
    assert {p.name for p in fresh.list()} == {"Local sandbox", "Keep me"}
    assert any("broken" in p for p in fresh.load_problems)
    assert list(manager.config_dir.glob("profiles.json.damaged-*"))
    assert fresh.get(saved.id) == saved
    # the repaired file is written back: the damage is reported and kept aside only once
    assert len(list(manager.config_dir.glob("profiles.json.damaged-*"))) == 1
    assert reopen(manager).load_problems == []

    manager.path.write_text("{ not json", encoding="utf-8")
    again = reopen(manager)
    assert [p.builtin_local for p in again.list()] == [True]
    assert any("could not be read" in p for p in again.load_problems)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")
def test_without_a_keyring_keys_go_to_a_0600_file(
    tmp_path: Path, clean_env: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(FileSecretStore, "_warned", False)
    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        data_dir = tmp_path / "data"
        manager = ProfileManager(tmp_path / "config", data_dir, choose_secret_store(data_dir))
        saved = manager.save(sandbox(), SANDBOX_KEY, verified_environment="sandbox")
    finally:
        keyring.set_keyring(previous)
    secrets_file = data_dir / "secrets.json"
    assert stat.S_IMODE(secrets_file.stat().st_mode) == 0o600
    assert json.loads(secrets_file.read_text(encoding="utf-8")) == {saved.id: SANDBOX_KEY}
    assert manager.secrets.warning and "secrets.json" in manager.secrets.warning
    assert SANDBOX_KEY not in manager.path.read_text(encoding="utf-8")


def test_default_sender_is_checked_with_the_domain_rules(manager: ProfileManager) -> None:
    with pytest.raises(ProfileValidationError, match=r"default_sender\.street: Enter the street"):
        manager.save(sandbox(default_sender={"company": "Acme", "city": "Berlin"}))
    with pytest.raises(ProfileValidationError, match="Choose a stored address"):
        manager.save(sandbox(default_sender={"id": " "}))
    sender = {
        "company": " Acme\x00 GmbH ",
        "street": "Hauptstr.",
        "street_no": "1",
        "zip_code": "10115",
        "city": "Berlin",
        "country": "DE",
    }
    saved = manager.save(sandbox(default_sender=sender))
    assert saved.default_sender is not None and saved.default_sender["company"] == "Acme GmbH"
    by_id = manager.save(saved.model_copy(update={"default_sender": {"id": "a-stored-id"}}))
    assert reopen(manager).get(by_id.id).default_sender == {"id": "a-stored-id"}


class BrokenKeyring(MemoryKeyring):
    """A keyring that refuses writes (locked collection)."""

    def set_password(self, service: str, username: str, password: str) -> None:
        raise KeyringLocked("locked")


def test_a_key_that_cannot_be_kept_undoes_the_save(manager: ProfileManager) -> None:
    previous = keyring.get_keyring()
    keyring.set_keyring(BrokenKeyring())
    try:
        with pytest.raises(SecretStoreError, match="could not be written"):
            manager.save(live(), LIVE_KEY, verified_environment="production")
    finally:
        keyring.set_keyring(previous)
    assert [p.builtin_local for p in reopen(manager).list()] == [True]


def test_a_refused_field_keeps_its_code_and_english_message() -> None:
    from pydantic import ValidationError

    from desktop_app.profiles.errors import field_problem
    from desktop_app.profiles.models import Profile

    try:
        Profile.model_validate(
            {"name": "Shop", "environment": "live", "base_url": "http://api.example.com"}
        )
    except ValidationError as exc:
        (problem,) = [field_problem(e) for e in exc.errors()]
    else:
        raise AssertionError("an http URL was accepted")
    assert problem.code == "url_not_https"
    assert problem.params == {"url": "http://api.example.com"}
    assert "must start with https://" in problem.message
