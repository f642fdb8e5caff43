"""GUI tests run their coroutines on qasync's loop, the loop the app itself uses."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest


def pytest_asyncio_loop_factories(
    config: pytest.Config, item: pytest.Item
) -> Mapping[str, Callable[[], Any]]:
    import qasync
    from PySide6.QtWidgets import QApplication

    def factory() -> Any:
        app = QApplication.instance() or QApplication([])
        return qasync.QEventLoop(app)

    return {"qasync": factory}
