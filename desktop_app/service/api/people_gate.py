"""The role rule of every route, decided in one place, and the fields a caller may not see.

Sits inside ServiceMiddleware (which found the request's key): finds the route's rule in
routers.ROUTE_RIGHTS, works out the caller (an account key, a station key of an account
without people: every right as before; a station key with a signed-in person: the role's
rights; a station key without a sign-in: only OPEN routes), answers 401/403 in words, sets who
acts for the rows the request makes (storage/made_by.py), and leaves price and `made_by`
fields out of JSON answers for callers without those rights.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from fastapi.routing import iter_route_contexts
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from starlette.routing import BaseRoute, Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from desktop_app.service.api.rights import (
    ALL_RIGHTS,
    OPEN,
    ROLE_RIGHTS,
    Caller,
    caller_with,
    refusal,
)
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.made_by import CURRENT_ACTOR, Actor
from desktop_app.service.storage.people import has_people, signed_in

SESSION_HEADER = b"x-packdesk-session"
FULL_RIGHTS = caller_with(ALL_RIGHTS)


def route_rule(routes: Sequence[BaseRoute], rules: dict[str, str], scope: Scope) -> str | None:
    """The rule of the route this request goes to: OPEN when no route takes it (the app answers
    404 or 405), None for a route without a rule."""
    for route in iter_route_contexts(routes):
        match, _child = route.matches(scope)
        if match == Match.FULL:
            return rules.get(f"{scope['method']} {route.path}")
    return OPEN


def session_token(scope: Scope) -> str | None:
    """The `X-Packdesk-Session` header's value, if sent."""
    for name, value in scope.get("headers", []):
        if name.lower() == SESSION_HEADER:
            return value.decode("latin-1").strip() or None
    return None


async def resolve_caller(session: AsyncSession, key: KeyInfo, token: str | None) -> Caller:
    """Who the key (and the session token) stand for."""
    if key.name is None:
        return FULL_RIGHTS
    if not await has_people(session, key.account_id):
        return caller_with(ALL_RIGHTS, station=key.name)
    person = await signed_in(session, token, key.key_id) if token else None
    if person is None:
        return caller_with(frozenset(), station=key.name, sign_in_required=True)
    return caller_with(
        frozenset(ROLE_RIGHTS[person.role]),
        person=person.person,
        person_id=person.person_id,
        role=person.role,
        station=person.station,
    )


def strip_fields(value: Any, hidden: frozenset[str]) -> Any:
    """`value` without the hidden keys, at any depth."""
    if isinstance(value, dict):
        return {k: strip_fields(v, hidden) for k, v in value.items() if k not in hidden}
    if isinstance(value, list):
        return [strip_fields(item, hidden) for item in value]
    return value


class PeopleGate:
    """ASGI layer: the rule of the route for the caller, the actor, the response filter."""

    def __init__(
        self,
        app: ASGIApp,
        sessions: Callable[[], async_sessionmaker[AsyncSession]],
        routes: Callable[[], Sequence[BaseRoute]],
        rules: dict[str, str],
    ) -> None:
        self.app = app
        self.sessions = sessions
        self.routes = routes
        self.rules = rules

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        state = scope.get("state", {})
        key = state.get("key")
        if scope["type"] != "http" or not isinstance(key, KeyInfo):
            # without a key the route answers itself (401, or an OPEN page or file)
            await self.app(scope, receive, send)
            return
        if key.name is None:
            caller = FULL_RIGHTS
        else:
            async with self.sessions()() as session:
                caller = await resolve_caller(session, key, session_token(scope))
        state["caller"] = caller
        refused = refusal(route_rule(self.routes(), self.rules, scope), caller)
        if refused is not None:
            await _send_error(send, *refused)
            return
        actor = CURRENT_ACTOR.set(Actor(caller.person, caller.station))
        try:
            await self.app(
                scope, receive, _filtered(send, caller.hidden) if caller.hidden else send
            )
        finally:
            CURRENT_ACTOR.reset(actor)


async def _send_error(send: Send, status: int, words: str) -> None:
    body = json.dumps({"errors": [words]}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _filtered(send: Send, hidden: frozenset[str]) -> Send:
    """`send` that leaves the hidden fields out of a JSON answer (held until complete)."""
    start: Message | None = None
    chunks: list[bytes] = []

    async def send_filtered(message: Message) -> None:
        nonlocal start
        if message["type"] == "http.response.start":
            types = [v for n, v in message.get("headers", []) if n.lower() == b"content-type"]
            if types and b"application/json" in types[0]:
                start = message
                return
        elif message["type"] == "http.response.body" and start is not None:
            chunks.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            body = b"".join(chunks)
            try:
                body = json.dumps(strip_fields(json.loads(body), hidden)).encode()
            except ValueError:
                pass  # not JSON after all: passed on as it came
            kept = [(n, v) for n, v in start.get("headers", []) if n.lower() != b"content-length"]
            kept.append((b"content-length", str(len(body)).encode()))
            await send({**start, "headers": kept})
            await send({"type": "http.response.body", "body": body})
            return
        await send(message)

    return send_filtered
