"""One Xvfb display with openbox for every real-window test of a module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.desk.real_window import Display


@pytest.fixture(scope="module")
def display(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Display]:
    shown = Display(tmp_path_factory.mktemp("display"))
    try:
        yield shown
    finally:
        shown.close()
