"""The wheel carries resources/ (the only copy that is edited) and says what it is."""

from __future__ import annotations

import zipfile
from email.parser import Parser
from pathlib import Path

from tests.packaging.conftest import REPO_ROOT


def test_wheel_carries_every_file_of_resources(wheel: Path) -> None:
    source = REPO_ROOT / "resources"
    expected = {
        f"desktop_app/_resources/{p.relative_to(source).as_posix()}"
        for p in source.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert "desktop_app/_resources/carriers.json" in expected
    assert "desktop_app/_resources/fonts/DejaVuSans.ttf" in expected
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert expected <= names, sorted(expected - names)
        for name in expected:  # the same bytes as the source tree
            relative = name.removeprefix("desktop_app/_resources/")
            assert archive.read(name) == (source / relative).read_bytes(), name


def test_wheel_metadata_has_an_spdx_licence_and_only_used_dependencies(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        (meta_name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        meta = Parser().parsestr(archive.read(meta_name).decode("utf-8"))
        names = archive.namelist()
    assert meta["License-Expression"] == "LicenseRef-Proprietary"
    assert any(n.endswith("licenses/resources/fonts/LICENSE-DejaVu.txt") for n in names)
    runtime = {
        req.split(";")[0].split(">")[0].split("[")[0].strip().lower()
        for req in meta.get_all("Requires-Dist") or []
        if "extra ==" not in req
    }
    assert "certifi" in runtime
    # pypdf is a runtime dependency since the station merges packing slips with labels
    assert not runtime & {"email-validator", "zebrafy", "pytest"}, runtime


def test_wheel_carries_the_schema_revisions(wheel: Path) -> None:
    source = REPO_ROOT / "desktop_app" / "service" / "storage" / "migrations"
    expected = {
        f"desktop_app/service/storage/migrations/{p.relative_to(source).as_posix()}"
        for p in source.rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert "desktop_app/service/storage/migrations/versions/0001_baseline.py" in expected
    with zipfile.ZipFile(wheel) as archive:
        assert expected <= set(archive.namelist())
