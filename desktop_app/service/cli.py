"""`packdesk serve`, `packdesk serve COMMAND`, `packdesk accounts`, `packdesk storage`: which
module of service/commands/ runs each.

A new `packdesk serve COMMAND` is a module in service/commands/ holding an `AdminCommand`
(its parser and coroutine) and one line in ADMIN_COMMANDS. The upkeep commands take the
`--data-dir` and `--database-url` of the `packdesk serve` they look after (the systemd
unit's: `--data-dir /var/lib/packdesk`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from desktop_app.service.commands import archive, audit, join, migrate, people, stations
from desktop_app.service.commands.base import AdminCommand

ADMIN_COMMANDS: dict[str, AdminCommand] = {
    "migrate": migrate.COMMAND,
    "backup": archive.BACKUP,
    "restore": archive.RESTORE,
    "audit": audit.COMMAND,
    "export-join": join.EXPORT,
    "join": join.JOIN,
    "users": people.USERS,
    "report": people.REPORT,
    "stations": stations.COMMAND,
}


def serve_main(argv: Sequence[str]) -> int:
    """`packdesk serve`: run the service until interrupted (or one of its admin commands)."""
    if argv and argv[0] in ADMIN_COMMANDS:
        make_parser, run = ADMIN_COMMANDS[argv[0]]
        return asyncio.run(run(make_parser().parse_args(list(argv[1:]))))
    from desktop_app.service.commands.serve import main

    return main(argv)


def accounts_main(argv: Sequence[str]) -> int:
    """`packdesk accounts add|list|rotate-keys|add-key|revoke-key|set|outbox`."""
    from desktop_app.service.commands.accounts import main

    return main(argv)


def storage_main(argv: Sequence[str]) -> int:
    """`packdesk storage copy --to URL [--from URL | --data-dir D]`."""
    from desktop_app.service.commands.storage_copy import main

    return main(argv)
