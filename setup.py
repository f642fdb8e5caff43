"""The one thing pyproject.toml cannot say: the top-level resources/ folder (the only copy that
is edited) goes into the wheel as the package desktop_app._resources, found at run time by
desktop_app.resources.resource_root(). Everything else is in pyproject.toml."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["desktop_app", "desktop_app.*"]), "desktop_app._resources"],
    package_dir={"desktop_app._resources": "resources"},
)
