"""PySide6 widgets of Packdesk (thin: they call the layers below)."""

from desktop_app.gui import qt_compat as _qt_compat  # noqa: F401 - applies a PySide6 fix
