"""The `packdesk` command: the GUI by default, sub-commands for the headless parts."""

from __future__ import annotations

import gc
import importlib
import os
import sys
from collections.abc import Callable, Sequence

# sub-command -> (module, function taking argv and returning an exit code).
# Modules are imported only when their command runs, so `packdesk serve` never loads Qt.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "serve": ("desktop_app.service.cli", "serve_main", "run the local Shipping Service"),
    "accounts": ("desktop_app.service.cli", "accounts_main", "manage local service accounts"),
    "storage": (
        "desktop_app.service.cli",
        "storage_main",
        "copy the local service's data to another database",
    ),
    "virtual-printer": (
        "desktop_app.printing.cli",
        "virtual_printer_main",
        "a TCP label printer that stores what it receives",
    ),
    "print": ("desktop_app.printing.cli", "print_main", "print a PDF or ZPL label file"),
    "printers": ("desktop_app.printing.cli", "printers_main", "list, add and test printers"),
    "scales": ("desktop_app.scales.cli", "scales_main", "list scales, read a weight"),
    "virtual-scale": (
        "desktop_app.scales.cli",
        "virtual_scale_main",
        "an MT-SICS scale on a pseudo-terminal",
    ),
    "batch": ("desktop_app.batch_runs.cli", "batch_main", "create and print shipments from a CSV"),
    "orders": ("desktop_app.orders.cli", "orders_main", "import and list a shop's orders"),
    "shops": (
        "desktop_app.shops.cli",
        "shops_main",
        "connect shops, pull their orders, write tracking back",
    ),
    "gui": ("desktop_app.gui.app", "main", "open the desktop app (the default)"),
}


def _usage() -> str:
    lines = ["usage: packdesk [COMMAND] [ARGS...]", "", "commands:"]
    lines += [f"  {name:<16} {help_}" for name, (_, _, help_) in COMMANDS.items()]
    lines.append("\nWithout a command, packdesk opens the desktop app.")
    return "\n".join(lines)


def _open_gui(args: Sequence[str]) -> int:
    """The desktop app. Python's automatic garbage collection is off from here: the GUI
    turns it off for good once Qt runs (GuiThreadCollector collects on the GUI thread), and
    the ~400 modules imported before that then load without collector passes (a cold start
    about 5 % shorter). Pydantic is told the app loads no plugins of its own: it would
    otherwise scan every installed package's entry points while the first window waits."""
    gc.disable()
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    return _resolve("gui")(args)


def _resolve(name: str) -> Callable[[Sequence[str]], int]:
    module, func, _ = COMMANDS[name]
    return getattr(importlib.import_module(module), func)  # type: ignore[no-any-return]


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `packdesk` console script."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help", "help"):
        print(_usage())
        return 0
    if args and args[0] in ("-V", "--version"):
        from desktop_app import __version__

        print(f"packdesk {__version__}")
        return 0
    if not args or args[0].startswith("-"):
        return _open_gui(args)
    name, rest = args[0], args[1:]
    if name not in COMMANDS:
        print(f"packdesk: unknown command {name!r}\n\n{_usage()}", file=sys.stderr)
        return 2
    if name == "gui":
        return _open_gui(rest)
    return _resolve(name)(rest)


def gui_main() -> int:
    """Entry point of the `packdesk-gui` GUI script."""
    return _open_gui(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
