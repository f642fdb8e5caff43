"""The shipment form's keyboard order: the paper flow (receiver, packages, carrier/service,
add-ons, reference and label format), then the sender and the order details; and where the
cursor starts (the receiver search, else the receiver's first field)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QScrollBar, QWidget


def focusable_children(root: QWidget) -> list[QWidget]:
    """`root` (when focusable) and its descendants that take focus by Tab, in creation order
    (a combo box's own line edit and scroll bars excluded)."""
    out: list[QWidget] = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.focusPolicy() & Qt.FocusPolicy.TabFocus or isinstance(w, QScrollBar):
            continue
        if isinstance(w, QLabel) or w.window() is not root.window():
            continue  # a combo box's popup list is a window of its own
        if isinstance(w.parentWidget(), QComboBox):
            continue
        out.append(w)
    return out


def first_editor(receiver: QWidget, search: QWidget | None, within: QWidget) -> QWidget | None:
    """The receiver search when it is shown, else the receiver's first visible field."""
    if search is not None and search.isVisibleTo(within):
        return search
    return next(
        (
            w
            for w in focusable_children(receiver)
            if w.isVisibleTo(within) and not isinstance(w, QComboBox)
        ),
        None,
    )


def tab_chain(
    search: QWidget | None,
    sections: Sequence[QWidget],
    packages: QWidget,
    rows: Sequence[QWidget],
    add_package: QWidget,
) -> list[QWidget]:
    """The search first, then each section's widgets in order; the `packages` section as its
    package rows in their order, then Add package."""
    chain: list[QWidget] = [search] if search is not None else []
    for section in sections:
        if section is packages:
            for row in rows:
                chain += focusable_children(row)
            chain.append(add_package)
            continue
        chain += [w for w in focusable_children(section) if w is not search]
    return chain
