"""A profile's shop connections: `shops.json` in the profile's data folder (name, platform,
address, test or live; no credentials) and each connection's credentials in the secret store
(keyring) under `<profile id>/shop/<name>`, never in a file of ours or a log."""

from __future__ import annotations

import builtins
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from desktop_app.paths import SHOPS_FILE_NAME
from desktop_app.profiles.files import atomic_write_bytes
from desktop_app.profiles.secrets import EnvSecretStore, SecretStore
from desktop_app.shops.base import ShopConfig, ShopConfigError, ShopConnection


class ShopBook:
    """The shop connections of one profile."""

    def __init__(
        self, profile_dir: Path, profile_id: str, environment: str, secrets: SecretStore
    ) -> None:
        self.path = Path(profile_dir) / SHOPS_FILE_NAME
        self.profile_id = profile_id
        self.environment = environment
        # the API-key override of CI (PACKDESK_API_KEY) is no shop's credentials
        self.secrets = secrets.inner if isinstance(secrets, EnvSecretStore) else secrets

    def list(self) -> list[ShopConfig]:
        """The connections, in the order they were added."""
        if not self.path.is_file():
            return []
        data = json.loads(self.path.read_text(encoding="utf-8"))
        return [ShopConfig(**entry) for entry in data.get("shops", [])]

    def get(self, name: str) -> ShopConfig:
        """The connection of this name (KeyError when there is none)."""
        for config in self.list():
            if config.name.casefold() == name.casefold():
                return config
        raise KeyError(name)

    def _secret_key(self, name: str) -> str:
        return f"{self.profile_id}/shop/{name.casefold()}"

    def add(self, config: ShopConfig, credentials: Mapping[str, str]) -> None:
        """Add (or replace) a connection; refused when it does not fit the profile."""
        from desktop_app.shops import PLATFORMS

        if config.platform not in PLATFORMS:
            raise ShopConfigError(f"unknown shop platform {config.platform!r}")
        config.check_profile(self.environment)
        missing = [f.label for f in PLATFORMS[config.platform].credential_fields
                   if not credentials.get(f.key)]  # fmt: skip
        if missing:
            raise ShopConfigError(f"shop {config.name!r} lacks its {', '.join(missing)}")
        self.secrets.set(self._secret_key(config.name), json.dumps(dict(credentials)))
        shops = [c for c in self.list() if c.name.casefold() != config.name.casefold()]
        self._write([*shops, config])

    def remove(self, name: str) -> None:
        """Forget a connection and its credentials (KeyError when there is none)."""
        config = self.get(name)
        self._write([c for c in self.list() if c.name.casefold() != config.name.casefold()])
        self.secrets.delete(self._secret_key(config.name))

    def credentials(self, name: str) -> dict[str, str]:
        """The connection's credentials from the secret store ({} when none are kept)."""
        raw = self.secrets.get(self._secret_key(name))
        return dict(json.loads(raw)) if raw else {}

    def connect(self, name: str, **options: Any) -> ShopConnection:
        """A connection ready to use; refused when it does not fit the profile."""
        from desktop_app.shops import PLATFORMS

        config = self.get(name)
        config.check_profile(self.environment)
        return PLATFORMS[config.platform](config, self.credentials(name), **options)

    def _write(self, shops: builtins.list[ShopConfig]) -> None:
        data = {"shops": [c.to_json() for c in shops]}
        atomic_write_bytes(self.path, json.dumps(data, indent=1).encode("utf-8"))
