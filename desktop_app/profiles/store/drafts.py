"""Drafts: what the desk was typing in a form, kept across a close, a crash, a switch."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from desktop_app.profiles.store.base import StoreResource, _now


class Drafts(StoreResource):
    """The drafts of the store's forms (one per form name): `store.drafts`."""

    def save(self, name: str, data: Mapping[str, Any]) -> None:
        """Keep what is typed in the form called `name` (replacing its previous draft)."""
        text = json.dumps(data, ensure_ascii=False, sort_keys=True)
        with self._tx() as conn:
            conn.execute(
                "INSERT INTO drafts (name, json, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (name) DO UPDATE SET json = excluded.json, "
                "updated_at = excluded.updated_at",
                (name, text, _now()),
            )

    def load(self, name: str) -> dict[str, Any] | None:
        """The draft of the form called `name`, or None (none kept, or unreadable)."""
        rows = self._query("SELECT json FROM drafts WHERE name = ?", (name,))
        if not rows:
            return None
        try:
            data = json.loads(rows[0]["json"])
        except ValueError:
            return None
        return data if isinstance(data, dict) else None

    def clear(self, name: str) -> None:
        """Forget the draft of `name` (the shipment was created or the form emptied)."""
        with self._tx() as conn:
            conn.execute("DELETE FROM drafts WHERE name = ?", (name,))
