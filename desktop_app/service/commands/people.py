"""`packdesk serve users add|list|disable|enable|reset` and `packdesk serve report`: the people
of an account and their packing figures, from a shell on the server.

A badge code or PIN is read from standard input (one line: a scanner or a pipe) or typed twice
at a hidden prompt; never from the command line, where `ps` and the shell history would keep it.
"""

from __future__ import annotations

import argparse
import datetime as dt
import getpass
import json
import sys
from collections.abc import Callable, Coroutine
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.commands.base import AdminCommand, database_options, service_settings
from desktop_app.service.storage.accounts import AccountError, first_account
from desktop_app.service.storage.db import PRODUCTION, SANDBOX, make_engine, make_sessionmaker
from desktop_app.service.storage.people import (
    ROLES,
    PeopleError,
    add_person,
    clean_code,
    people_of,
    reset_code,
    set_disabled,
)
from desktop_app.service.storage.schema import SchemaError, upgrade_database
from desktop_app.service.storage.station_keys import account_by_email


def _options(parser: argparse.ArgumentParser) -> None:
    database_options(parser)
    parser.add_argument(
        "--account", default=None, metavar="EMAIL", help="the account (default: the first one)"
    )


def read_code(prompt: str = "badge code or PIN") -> str:
    """The code from stdin (one line) or typed twice at a hidden prompt."""
    if not sys.stdin.isatty():
        return clean_code(sys.stdin.readline())
    first = getpass.getpass(f"{prompt}: ")
    if getpass.getpass(f"{prompt} again: ") != first:
        raise PeopleError("the two entries differ: nothing was changed")
    return clean_code(first)


async def _account_id(session: AsyncSession, email: str | None) -> str:
    if email:
        return (await account_by_email(session, email)).id
    account = await first_account(session)
    if account is None:
        raise PeopleError("no account yet: start packdesk serve once, or packdesk accounts add")
    return account.id


Action = Callable[[AsyncSession, str, argparse.Namespace], Coroutine[Any, Any, None]]


async def _with_account(args: argparse.Namespace, prog: str, action: Action) -> int:
    engine = make_engine(service_settings(args).db_url)
    try:
        await upgrade_database(engine)
        async with make_sessionmaker(engine)() as session:
            await action(session, await _account_id(session, args.account), args)
            await session.commit()
    except (PeopleError, AccountError, SchemaError) as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return 1
    finally:
        await engine.dispose()
    return 0


async def _users_action(session: AsyncSession, account_id: str, args: argparse.Namespace) -> None:
    if args.command == "list":
        for person in await people_of(session, account_id):
            state = "disabled" if person.disabled else "active"
            print(f"{person.name}\t{person.role}\t{state}")
    elif args.command == "add":
        person = await add_person(session, account_id, args.name, args.role, read_code())
        print(f"added {person.name} ({person.role}): they sign in with their badge or PIN")
    elif args.command == "reset":
        person = await reset_code(
            session, account_id, args.name, read_code("new badge code or PIN")
        )
        print(f"{person.name} has a new badge code or PIN; their sessions ended")
    else:
        disabled = args.command == "disable"
        person = await set_disabled(session, account_id, args.name, disabled)
        print(
            f"{person.name} is {'disabled: signed out everywhere' if disabled else 'active again'}"
        )


async def _users(args: argparse.Namespace) -> int:
    return await _with_account(args, "packdesk serve users", _users_action)


def _users_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="packdesk serve users",
        description="People who sign in at the stations with a badge or PIN (kept only as a "
        "scrypt hash). Once an account has a person, its station keys need a sign-in.",
    )
    sub = p.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add", help="add a person; the badge code or PIN is read from stdin")
    add.add_argument("name")
    add.add_argument("--role", required=True, choices=ROLES)
    sub.add_parser("list", help="list the people (name, role, active or disabled)")
    for name, words in (
        ("disable", "stop a person signing in (their sessions end at once)"),
        ("enable", "let a disabled person sign in again"),
        ("reset", "give a person a new badge code or PIN (read from stdin)"),
    ):
        sub.add_parser(name, help=words).add_argument("name")
    for parser in sub.choices.values():
        _options(parser)
    return p


def _day(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is no day: use e.g. 2026-11-28") from None


async def _report_action(session: AsyncSession, account_id: str, args: argparse.Namespace) -> None:
    from desktop_app.service.storage.packing_report import packing_report, report_csv

    until = args.until or dt.datetime.now(dt.UTC).date()
    if until < args.since:
        raise PeopleError("--until is before --since")
    environment = SANDBOX if args.sandbox else PRODUCTION
    report = await packing_report(session, account_id, environment, args.since, until, args.per)
    if args.csv:
        sys.stdout.write(report_csv(report))
    else:
        for row in report["rows"]:
            print(json.dumps(row, ensure_ascii=False))


async def _report(args: argparse.Namespace) -> int:
    return await _with_account(args, "packdesk serve report", _report_action)


def _report_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="packdesk serve report",
        description="Packing figures per person and station: parcels and orders per hour, "
        "pack-check mismatches, median scan-to-label time (days and weeks in UTC).",
    )
    _options(p)
    p.add_argument("--since", type=_day, required=True, help="first day (2026-11-28)")
    p.add_argument("--until", type=_day, default=None, help="last day (default today)")
    p.add_argument("--per", choices=("day", "week"), default="day")
    p.add_argument(
        "--csv", action="store_true", help="CSV with a header line instead of JSON lines"
    )
    p.add_argument("--sandbox", action="store_true", help="the sandbox's labels instead of live")
    return p


USERS = AdminCommand(_users_parser, _users)
REPORT = AdminCommand(_report_parser, _report)
