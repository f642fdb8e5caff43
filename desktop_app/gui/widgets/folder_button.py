"""`FolderButton`: "Open folder" beside a message about a saved file, so the message says
what happened in words and never shows a machine path."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QPushButton, QSizePolicy, QWidget

from desktop_app.gui.i18n import translate


def open_folder(folder: Path) -> bool:
    """Open `folder` in the desktop's file manager; whether the desktop took it."""
    return bool(QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))))


class FolderButton(QPushButton):
    """Opens the folder of the file it was given; hidden without one. With `keep_place` its
    place stays kept while hidden, so a message gaining the button moves nothing."""

    # the folder was handed to the desktop (its path), or could not be (an empty string)
    opened = Signal(str)

    def __init__(
        self, object_name: str, parent: QWidget | None = None, *, keep_place: bool = False
    ) -> None:
        super().__init__(translate("Widgets", "Open folder"), parent)
        self.setObjectName(object_name)
        self.folder: Path | None = None
        policy = self.sizePolicy()
        policy.setRetainSizeWhenHidden(keep_place)
        policy.setHorizontalPolicy(QSizePolicy.Policy.Fixed)
        self.setSizePolicy(policy)
        self.clicked.connect(self.open)
        self.hide()

    def show_file(self, path: Path | None) -> None:
        """Offer the folder holding `path` (None: hide the button)."""
        self.folder = None if path is None else path.parent
        self.setToolTip(translate("Widgets", "Open the folder with the saved file"))
        self.setVisible(self.folder is not None)

    def show_folder(self, folder: Path | None) -> None:
        """Offer `folder` itself (None: hide the button)."""
        self.folder = folder
        self.setToolTip(str(folder) if folder is not None else "")
        self.setVisible(folder is not None)

    def open(self) -> bool:
        """Open the folder (the desktop's file manager)."""
        done = self.folder is not None and open_folder(self.folder)
        self.opened.emit(str(self.folder) if done else "")
        return done
