"""The machine's scale: which one, and how a stable weight is decided (`scales.json`)."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from desktop_app.scales.base import create_scale
from desktop_app.scales.monitor import ScaleMonitor


@dataclass(frozen=True, slots=True)
class ScaleConfig:
    """The scale URI (None: no scale) and the stability and freshness settings."""

    uri: str | None = None
    stable_count: int = 3
    tolerance_kg: float = 0.002
    max_age: float = 1.0
    interval: float = 0.2

    def problems(self) -> list[str]:
        """What is wrong, as `field: message` strings (the URI is checked by creating it)."""
        out = []
        if self.uri:
            try:
                create_scale(self.uri)
            except ValueError as exc:
                out.append(f"uri: {exc}")
        if not 1 <= self.stable_count <= 20:
            out.append("stable_count: 1..20 readings")
        if not 0 <= self.tolerance_kg <= 1:
            out.append("tolerance_kg: 0..1 kg")
        if not 0.2 <= self.max_age <= 30:
            out.append("max_age: 0.2..30 s")
        if not 0.05 <= self.interval <= 5:
            out.append("interval: 0.05..5 s")
        return out

    def monitor(self) -> ScaleMonitor | None:
        """A monitor of this scale (not started), or None without a scale."""
        if not self.uri:
            return None
        return ScaleMonitor(
            create_scale(self.uri),
            interval=self.interval,
            max_age=self.max_age,
            stable_count=self.stable_count,
            tolerance_kg=self.tolerance_kg,
        )

    def with_changes(self, **changes: Any) -> ScaleConfig:
        """A copy with some fields changed."""
        return replace(self, **changes)


def default_path() -> Path:
    """`config_dir()/scales.json`."""
    from desktop_app.paths import config_dir

    return config_dir() / "scales.json"


def load_scale_config(path: Path | None = None) -> ScaleConfig:
    """The saved configuration; defaults (no scale) if the file is missing or unreadable."""
    path = path or default_path()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ScaleConfig()
    if not isinstance(raw, dict):
        return ScaleConfig()
    known = {f.name for f in fields(ScaleConfig)}
    values = {k: v for k, v in raw.items() if k in known}
    try:
        config = ScaleConfig(**values)
    except TypeError:
        return ScaleConfig()
    return config if not config.problems() else ScaleConfig()


def save_scale_config(config: ScaleConfig, path: Path | None = None) -> None:
    """Write the configuration (temp file + rename: a crash never leaves half a file).

    ValueError with the problems if it is not valid."""
    problems = config.problems()
    if problems:
        raise ValueError("; ".join(problems))
    path = path or default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".scales-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(asdict(config), fh, indent=2)
        fh.write("\n")
    os.replace(tmp, path)
