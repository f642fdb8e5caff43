from PySide6.QtWidgets import QScrollArea
from pytestqt.qtbot import QtBot
from desktop_app.gui.shell.context import AppContext
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.gui.shell.pages import install_operations, install_pages
from tests.gui.shipment_desk import layouts_settled, loads_done, wait_until


async def test_measure(qtbot: QtBot, desk: AppContext) -> None:
    window = MainWindow(desk)
    history, settings = install_pages(window, desk)
    install_operations(window, desk, history, settings)
    qtbot.addWidget(window)
    window.resize(1024, 560)
    window.show()
    await wait_until(lambda: window.shipment_page.form.first_editor() is not None)
    await loads_done(desk)
    await layouts_settled()
    tabs = window.tabs
    out = []
    for i in range(tabs.count()):
        tabs.setCurrentIndex(i)
        await layouts_settled()
        c = tabs.currentWidget()
        if isinstance(c, QScrollArea):
            out.append(f"{tabs.tabText(i)} viewport={c.viewport().height()} min={c.widget().minimumSizeHint().height()}")
            if c.widget() is settings:
                for j in range(settings.tabs.count()):
                    settings.tabs.setCurrentIndex(j)
                    await layouts_settled()
                    w = settings.tabs.widget(j)
                    out.append(f"   {settings.tabs.tabText(j)} min={w.minimumSizeHint().height()} settings-min={settings.minimumSizeHint().height()}")
    print("\n".join(out))
