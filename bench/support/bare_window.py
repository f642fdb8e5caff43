"""A bare PySide6 window started as `packdesk` is (a new Python process, the same platform):
the yardstick of bench/gui.py's cold start. It prints "first window shown after N ms (M ms of
CPU, K modules)" once its first paint is done, as `PACKDESK_REPORT_STARTUP=1` makes the app do,
and quits. Run by its path (it imports nothing but PySide6: not even bench.support)."""

from __future__ import annotations

import sys
import time

_STARTED = time.perf_counter()


def main() -> int:
    """Show an empty main window, report its first paint, quit."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication([sys.argv[0]])
    window = QMainWindow()
    window.setWindowTitle("bare")
    window.resize(1024, 600)
    window.show()

    def report() -> None:
        ms = (time.perf_counter() - _STARTED) * 1000
        cpu = time.process_time() * 1000
        print(
            f"first window shown after {ms:.0f} ms ({cpu:.0f} ms of CPU, "
            f"{len(sys.modules)} modules)",
            file=sys.stderr,
            flush=True,
        )
        QTimer.singleShot(100, app.quit)

    QTimer.singleShot(0, report)
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
