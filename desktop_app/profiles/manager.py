"""ProfileManager: profiles.json (no secrets), their keys, their data folders."""

from __future__ import annotations

import builtins
import json
import logging
import shutil
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from desktop_app import paths
from desktop_app.domain.rules import validate_address
from desktop_app.domain.sanitize import sanitize
from desktop_app.profiles.errors import (
    KeyEnvironmentError,
    MissingKeyError,
    ProfileError,
    ProfileNotFoundError,
    ProfileProblem,
    ProfileValidationError,
    field_problem,
)
from desktop_app.profiles.files import FileLock, atomic_write_bytes
from desktop_app.profiles.models import (
    Environment,
    Profile,
    environment_from_me,
    local_sandbox_profile,
)
from desktop_app.profiles.secrets import EnvSecretStore, SecretStore, choose_secret_store

if TYPE_CHECKING:
    from desktop_app.profiles.local_sandbox import LocalSandbox
    from desktop_app.profiles.store import ProfileStore

log = logging.getLogger(__name__)

# The manager has a `list()` method, so annotations inside the class use this alias.
ProfileList = list[Profile]

PROFILES_FILE = "profiles.json"
FILE_VERSION = 1


@dataclass(frozen=True, slots=True)
class Credentials:
    """What a client needs to talk to a profile's service. `repr` hides the key."""

    profile_id: str
    environment: Environment
    base_url: str
    api_key: str
    ca_file: str | None
    #: True when /v1/me confirmed the key's environment (False for a PACKDESK_API_KEY override)
    verified: bool

    def __repr__(self) -> str:
        return (
            f"Credentials(profile_id={self.profile_id!r}, environment={self.environment!r}, "
            f"base_url={self.base_url!r}, api_key='***', ca_file={self.ca_file!r}, "
            f"verified={self.verified!r})"
        )


def mismatch_message(key_environment: Environment, profile_environment: Environment) -> str:
    """The refusal shown when a key's environment differs from the profile's."""
    if key_environment == "sandbox":
        return (
            "This is a sandbox (test) key, but the profile is a live profile: "
            "enter the account's live key, or make this a sandbox profile."
        )
    return (
        f"This is a live key, but the profile is a {profile_environment} profile: "
        "enter the account's sandbox (test) key, or make this a live profile."
    )


def mismatch_problem(
    key_environment: Environment, profile_environment: Environment
) -> ProfileProblem:
    """The key/profile environment mismatch as a coded problem."""
    return ProfileProblem(
        f"key_is_{key_environment}",
        {"environment": profile_environment},
        mismatch_message(key_environment, profile_environment),
    )


def _problem(code: str, text: str, /, **params: str) -> ProfileProblem:
    return ProfileProblem(code, params, text)


def sender_problems(sender: dict[str, Any] | None) -> builtins.list[str]:
    """Problems of a default sender: a stored address `{"id": ...}` or a full address."""
    if sender is None:
        return []
    if set(sender) == {"id"}:
        ok = isinstance(sender["id"], str) and sender["id"].strip()
        return [] if ok else ["default_sender.id: Choose a stored address."]
    return [str(p) for p in validate_address(sanitize(sender), path="default_sender")]


class ProfileManager:
    """Loads and saves profiles atomically; one built-in Local sandbox always exists."""

    def __init__(
        self,
        config_dir: Path | None = None,
        data_dir: Path | None = None,
        secrets: SecretStore | None = None,
    ) -> None:
        self.config_dir = config_dir if config_dir is not None else paths.config_dir()
        self.data_dir = data_dir if data_dir is not None else paths.data_dir()
        self.config_dir.mkdir(parents=True, exist_ok=True)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.secrets: SecretStore = (
            secrets if secrets is not None else choose_secret_store(self.data_dir)
        )
        self.path = self.config_dir / PROFILES_FILE
        self._file_lock_path = self.config_dir / (PROFILES_FILE + ".lock")
        self._lock = threading.RLock()
        #: problems met while loading (a damaged file is kept aside); the GUI shows them
        self.load_problems: builtins.list[str] = []
        # the same problems with a code and parameters, for the GUI to word in its language
        self.load_details: builtins.list[ProfileProblem] = []
        with self._transaction():
            pass  # creates the file with the built-in profile on first run

    # --- file -----------------------------------------------------------------------------

    @contextmanager
    def _transaction(self) -> Iterator[dict[str, Any]]:
        """Read-modify-write profiles.json under a process lock and a file lock."""
        with self._lock, FileLock(self._file_lock_path):
            state, on_disk = self._read()
            yield state
            # also writes back a repaired file, so damage is reported (and kept aside) once
            if json.dumps(state, sort_keys=True) != json.dumps(on_disk, sort_keys=True):
                self._write(state)

    def _read(self) -> tuple[dict[str, Any], Any]:
        """The state to work on (repaired if needed) and what the file held."""
        raw: Any = None
        if self.path.exists():
            try:
                text = self.path.read_text(encoding="utf-8")
            except OSError as exc:
                # unreadable is not damaged: never overwrite what we could not read
                raise ProfileError(f"{self.path} could not be read: {exc}") from exc
            try:
                raw = json.loads(text)
            except ValueError as exc:
                self._keep_aside(f"{self.path} could not be read ({exc})")
                raw = None
        profiles: ProfileList = []
        damaged = False
        if isinstance(raw, dict) and isinstance(raw.get("profiles"), list):
            for entry in raw["profiles"]:
                try:
                    profiles.append(Profile.model_validate(entry))
                except ValidationError as exc:
                    damaged = True
                    name = entry.get("name") if isinstance(entry, dict) else None
                    self._load_problem(
                        "load_profile_skipped",
                        f"profile {name!r} was not loaded: {exc}",
                        name=str(name),
                    )
        elif raw is not None:
            damaged = True
            self._load_problem(
                "load_bad_layout", f"{self.path} has an unexpected layout", file=self.path.name
            )
        profiles = self._repair(profiles)
        if damaged:
            self._keep_aside("some profiles could not be loaded")
        ids = {p.id for p in profiles}
        last_used = raw.get("last_used") if isinstance(raw, dict) else None
        if last_used not in ids:
            last_used = next(p.id for p in profiles if p.builtin_local)
        state = {
            "version": FILE_VERSION,
            "last_used": last_used,
            "profiles": [p.model_dump(mode="json") for p in profiles],
        }
        return state, raw

    def _repair(self, profiles: ProfileList) -> ProfileList:
        """Exactly one built-in profile, unique ids and names (first one wins)."""
        out: ProfileList = []
        seen_ids: set[str] = set()
        seen_names: set[str] = set()
        has_builtin = False
        for p in profiles:
            if p.id in seen_ids or p.name.casefold() in seen_names:
                self._load_problem(
                    "load_duplicate", f"duplicate profile {p.name!r} ignored", name=p.name
                )
                continue
            if p.builtin_local:
                if has_builtin:
                    self._load_problem(
                        "load_second_builtin", "a second built-in profile was ignored"
                    )
                    continue
                has_builtin = True
            seen_ids.add(p.id)
            seen_names.add(p.name.casefold())
            out.append(p)
        if not has_builtin:
            builtin = local_sandbox_profile()
            if builtin.name.casefold() in seen_names:
                builtin = builtin.model_copy(update={"name": f"{builtin.name} (built-in)"})
            out.insert(0, builtin)
        return sorted(out, key=lambda p: not p.builtin_local)  # stable: built-in first

    def _keep_aside(self, why: str) -> None:
        """Copy a damaged profiles.json aside so nothing the user typed is lost."""
        backup = self.path.with_name(f"{PROFILES_FILE}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            shutil.copy2(self.path, backup)
        except OSError:
            backup = self.path
        message = f"{why}; the original file is kept as {backup.name}"
        self._load_problem("load_kept_aside", message, file=backup.name)
        log.warning(message)

    def _load_problem(self, code: str, message: str, /, **params: str) -> None:
        self.load_problems.append(message)
        self.load_details.append(ProfileProblem(code, params, message))

    def _write(self, state: dict[str, Any]) -> None:
        payload = json.dumps(state, indent=2, ensure_ascii=False).encode("utf-8")
        atomic_write_bytes(self.path, payload, mode=0o644)

    @staticmethod
    def _profiles(state: dict[str, Any]) -> ProfileList:
        return [Profile.model_validate(p) for p in state["profiles"]]

    # --- queries ----------------------------------------------------------------------------

    def list(self) -> ProfileList:
        """All profiles, the built-in one first."""
        with self._transaction() as state:
            return self._profiles(state)

    def get(self, profile_id: str) -> Profile:
        """The profile with that id (ProfileNotFoundError otherwise)."""
        for p in self.list():
            if p.id == profile_id:
                return p
        raise ProfileNotFoundError(
            f"no profile with id {profile_id}", code="not_found", params={"id": profile_id}
        )

    def local_sandbox(self) -> Profile:
        """The built-in Local sandbox profile (always present)."""
        return next(p for p in self.list() if p.builtin_local)

    @property
    def last_used(self) -> Profile:
        """The profile used last (the Local sandbox on first run)."""
        with self._transaction() as state:
            wanted = state["last_used"]
            return next(p for p in self._profiles(state) if p.id == wanted)

    def set_last_used(self, profile_id: str) -> None:
        """Remember `profile_id` as the one to open next time."""
        with self._transaction() as state:
            if profile_id not in {p["id"] for p in state["profiles"]}:
                raise ProfileNotFoundError(
                    f"no profile with id {profile_id}", code="not_found", params={"id": profile_id}
                )
            state["last_used"] = profile_id

    # --- validation -------------------------------------------------------------------------

    def problems(
        self,
        profile: Profile,
        api_key: str | None = None,
        *,
        verified_environment: str | None = None,
    ) -> builtins.list[str]:
        """Why `profile` (with a new `api_key`, if given) must not be saved; [] if it may."""
        with self._transaction() as state:
            found = self._problems(self._profiles(state), profile, api_key, verified_environment)
            return [p.message for p in found]

    def _problems(
        self,
        existing: ProfileList,
        profile: Profile,
        api_key: str | None,
        verified_environment: str | None,
    ) -> builtins.list[ProfileProblem]:
        problems: builtins.list[ProfileProblem] = []
        try:
            # re-validate: a model built with model_construct/model_copy skipped the rules
            Profile.model_validate(profile.model_dump())
        except ValidationError as exc:
            problems.extend(field_problem(e) for e in exc.errors())
            return problems
        old = next((p for p in existing if p.id == profile.id), None)
        builtin = next(p for p in existing if p.builtin_local)
        if profile.builtin_local and profile.id != builtin.id:
            problems.append(
                _problem("second_builtin", "there is exactly one built-in Local sandbox profile")
            )
        if old is not None and old.builtin_local:
            if not profile.builtin_local:
                problems.append(
                    _problem("builtin_stays", "the built-in Local sandbox profile stays built-in")
                )
            if profile.environment != old.environment or profile.base_url != old.base_url:
                problems.append(
                    _problem(
                        "builtin_fixed",
                        "the Local sandbox needs no configuration: URL and type are fixed",
                    )
                )
            if api_key is not None:
                problems.append(
                    _problem("builtin_key", "the Local sandbox reads its key from its own service")
                )
        for message in sender_problems(profile.default_sender):
            problems.append(_problem("default_sender", message, message=message))
        taken = {p.name.casefold() for p in existing if p.id != profile.id}
        if profile.name.casefold() in taken:
            problems.append(
                _problem(
                    "duplicate_name",
                    f"a profile called {profile.name!r} already exists",
                    name=profile.name,
                )
            )
        if profile.builtin_local:
            return problems
        if api_key is not None and not api_key.strip():
            problems.append(_problem("empty_key", "the API key is empty"))
        verified: Environment | None = None
        if verified_environment is not None:
            try:
                verified = environment_from_me(verified_environment)
            except ValueError as exc:
                problems.append(_problem("unknown_environment", str(exc), message=str(exc)))
        if verified is not None and verified != profile.environment:
            problems.append(mismatch_problem(verified, profile.environment))
        elif api_key is not None and verified is None:
            problems.append(
                _problem(
                    "key_unchecked",
                    "the key must be checked with the service (GET /v1/me) before saving",
                )
            )
        elif api_key is None and verified is None and old is not None:
            moved = old.environment != profile.environment or old.base_url != profile.base_url
            if moved and old.key_environment is not None:
                problems.append(
                    _problem(
                        "key_recheck",
                        "the profile's service or type changed: "
                        "check the saved key again before saving",
                    )
                )
        return problems

    # --- changes ----------------------------------------------------------------------------

    def save(
        self,
        profile: Profile,
        api_key: str | None = None,
        *,
        verified_environment: str | None = None,
    ) -> Profile:
        """Add or update `profile`; a new `api_key` must come with the environment /v1/me gave.

        Refuses (ProfileValidationError, KeyEnvironmentError for a key of the wrong
        environment) anything `problems()` reports. Returns the profile as saved.
        """
        with self._transaction() as state:
            existing = self._profiles(state)
            problems = self._problems(existing, profile, api_key, verified_environment)
            if problems:
                if verified_environment in ("sandbox", "production", "live"):
                    verified = environment_from_me(verified_environment)
                    if verified != profile.environment and not profile.builtin_local:
                        raise KeyEnvironmentError(mismatch_problem(verified, profile.environment))
                raise ProfileValidationError(problems)
            old = next((p for p in existing if p.id == profile.id), None)
            key_env: Environment | None = old.key_environment if old is not None else None
            if verified_environment is not None:
                key_env = environment_from_me(verified_environment)
            if profile.builtin_local:
                key_env = "sandbox"
            saved = Profile.model_validate(
                {
                    **profile.model_dump(),
                    "default_sender": sanitize(profile.default_sender),
                    "key_environment": key_env if not api_key else None,
                }
            )
            if api_key is not None:
                # Crash-safe order: the profile says "key unverified" until the key is stored.
                before = json.loads(json.dumps(state))
                self._put(state, saved)
                self._write(state)
                try:
                    self.secrets.set(profile.id, api_key.strip())
                except BaseException:
                    self._write(before)  # the key could not be kept: undo the whole save
                    state.clear()
                    state.update(before)
                    raise
                saved = saved.model_copy(update={"key_environment": key_env})
            self._put(state, saved)
            return saved

    def add(
        self,
        profile: Profile,
        api_key: str | None = None,
        *,
        verified_environment: str | None = None,
    ) -> Profile:
        """Save a new profile (ProfileError if its id exists)."""
        if any(p.id == profile.id for p in self.list()):
            raise ProfileError(
                f"a profile with id {profile.id} already exists",
                code="duplicate_id",
                params={"id": profile.id},
            )
        if profile.builtin_local:
            raise ProfileValidationError(
                [_problem("second_builtin", "there is exactly one built-in Local sandbox profile")]
            )
        return self.save(profile, api_key, verified_environment=verified_environment)

    def update(
        self,
        profile: Profile,
        api_key: str | None = None,
        *,
        verified_environment: str | None = None,
    ) -> Profile:
        """Save changes to an existing profile (ProfileNotFoundError if it is new)."""
        self.get(profile.id)
        return self.save(profile, api_key, verified_environment=verified_environment)

    @staticmethod
    def _put(state: dict[str, Any], profile: Profile) -> None:
        dumped = profile.model_dump(mode="json")
        for i, p in enumerate(state["profiles"]):
            if p["id"] == profile.id:
                state["profiles"][i] = dumped
                return
        state["profiles"].append(dumped)

    def delete(self, profile_id: str, *, remove_data: bool = False) -> None:
        """Delete a profile and its key (not the built-in one); its data folder on request."""
        with self._transaction() as state:
            profile = next((p for p in self._profiles(state) if p.id == profile_id), None)
            if profile is None:
                raise ProfileNotFoundError(
                    f"no profile with id {profile_id}", code="not_found", params={"id": profile_id}
                )
            if profile.builtin_local:
                raise ProfileError(
                    "the built-in Local sandbox profile cannot be deleted", code="builtin_delete"
                )
            state["profiles"] = [p for p in state["profiles"] if p["id"] != profile_id]
            if state["last_used"] == profile_id:
                state["last_used"] = next(p["id"] for p in state["profiles"] if p["builtin_local"])
        self.secrets.delete(profile_id)
        if remove_data:
            shutil.rmtree(self.profile_data_dir(profile), ignore_errors=True)

    # --- keys, data -------------------------------------------------------------------------

    def has_key(self, profile: Profile) -> bool:
        """True if a key is saved (or overridden by the environment) for `profile`."""
        return profile.builtin_local or self.secrets.get(profile.id) is not None

    def credentials(self, profile: Profile, sandbox: LocalSandbox | None = None) -> Credentials:
        """Base URL, key and CA for `profile`; the built-in one needs its started LocalSandbox.

        Refuses a key known to belong to the other environment, so that a sandbox key is
        never sent to a live profile's service (and the other way round).
        """
        if profile.builtin_local:
            if sandbox is None or not sandbox.running:
                raise ProfileError(
                    "the Local sandbox service is not running", code="sandbox_not_running"
                )
            return Credentials(
                profile_id=profile.id,
                environment="sandbox",
                base_url=sandbox.base_url,
                api_key=sandbox.sandbox_key,
                ca_file=str(sandbox.ca_file),
                verified=True,
            )
        overridden = isinstance(self.secrets, EnvSecretStore) and self.secrets.overridden
        key = self.secrets.get(profile.id)
        if not key:
            raise MissingKeyError(
                f"the profile {profile.name!r} has no API key yet",
                code="no_key",
                params={"name": profile.name},
            )
        if not overridden:
            if profile.key_environment is None:
                raise MissingKeyError(
                    f"the key of {profile.name!r} has not been checked with the service yet",
                    code="key_not_checked",
                    params={"name": profile.name},
                )
            if profile.key_environment != profile.environment:
                raise KeyEnvironmentError(
                    mismatch_problem(profile.key_environment, profile.environment)
                )
        return Credentials(
            profile_id=profile.id,
            environment=profile.environment,
            base_url=profile.base_url,
            api_key=key,
            ca_file=profile.ca_file,
            verified=not overridden,
        )

    def profile_data_dir(self, profile: Profile) -> Path:
        """data_dir/profiles/<id>/: one folder per profile, never shared."""
        path = self.data_dir / "profiles" / profile.id
        path.mkdir(parents=True, exist_ok=True)
        return path

    def local_service_dir(self) -> Path:
        """Where the built-in Local sandbox's service keeps its data."""
        return self.profile_data_dir(self.local_sandbox()) / "service"

    def open_store(self, profile: Profile) -> ProfileStore:
        """The profile's store (SQLite + label files), checked to belong to this profile."""
        from desktop_app.profiles.store import ProfileStore

        return ProfileStore(
            self.profile_data_dir(profile),
            profile_id=profile.id,
            environment=profile.environment,
        )
