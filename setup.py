"""The one thing pyproject.toml cannot say: the top-level resources/ folder (the only copy that
is edited) goes into the wheel as the package desktop_app._resources (each sub-folder a
sub-package of data), found at run time by desktop_app.resources.resource_root().
Everything else is in pyproject.toml."""

from pathlib import Path

from setuptools import find_packages, setup

RESOURCES = "resources"
data_dirs = [Path(RESOURCES)] + sorted(
    d for d in Path(RESOURCES).rglob("*") if d.is_dir() and "__pycache__" not in d.parts
)
data_packages = {
    ".".join(("desktop_app._resources", *d.relative_to(RESOURCES).parts)): d.as_posix()
    for d in data_dirs
}

setup(
    packages=[*find_packages(include=["desktop_app", "desktop_app.*"]), *data_packages],
    package_dir=data_packages,
    package_data={"desktop_app": ["py.typed"], **{name: ["*"] for name in data_packages}},
)
