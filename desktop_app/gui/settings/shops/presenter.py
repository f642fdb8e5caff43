"""The open profile's shop connections as Settings › Shops shows them, without a widget.

`ShopsPresenter` reads the profile's `ShopBook` (shops.json + the keyring) and the shop outbox
(last sync, orders pulled, write-backs pending and refused with the shop's answer), checks a
typed connection (an https address, the platform's credentials, a test shop for a sandbox
profile and a live shop for a live one), tests it with one real request, adds it (credentials
to the keyring only), removes it (its credentials and its pending write-backs too) and asks
the app's shop rounds for a sync now. Every outcome is a sentence in the user's language, said
through the presenter base's `message_shown`; the page (page.py) only shows what this holds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.core.presenter import Presenter
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import date_time
from desktop_app.shops import PLATFORMS, ShopConfig, ShopConnection, ShopError
from desktop_app.shops.base import ANSWERS, NO_ANSWER_IN_TIME, UNREACHABLE, check_shop_url
from desktop_app.shops.book import ShopBook
from desktop_app.shops.outbox import ShopOutbox, ShopState

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

#: the connectors' English phrases (shops.base) -> the same words for translation
_PHRASES = (
    (ANSWERS[401], QT_TRANSLATE_NOOP("Settings", "refused the credentials (wrong or expired)")),
    (ANSWERS[403], QT_TRANSLATE_NOOP("Settings", "refused: the credentials lack a permission")),
    (ANSWERS[404], QT_TRANSLATE_NOOP("Settings", "does not know this order")),
    (ANSWERS[429], QT_TRANSLATE_NOOP("Settings", "is limiting requests (too many)")),
    (NO_ANSWER_IN_TIME, QT_TRANSLATE_NOOP("Settings", "did not answer in time")),
    (UNREACHABLE, QT_TRANSLATE_NOOP("Settings", "cannot be reached")),
)


def answer_text(answer: str) -> str:
    """A shop's refusal as the connectors word it, in the user's language (the shop's own
    message after the colon stays as the shop said it)."""
    for english, source in _PHRASES:
        if english in answer:
            return answer.replace(english, translate("Settings", source), 1)
    found = re.search(r" answered (\d{3})", answer)
    if found:
        words = translate("Settings", "answered with error {0}").format(found.group(1))
        return answer.replace(found.group(0)[1:], words, 1)
    return answer


@dataclass(frozen=True)
class CredentialInput:
    """One credential field of the form, as the platform's connection describes it, in the
    user's language."""

    key: str
    label: str
    secret: bool
    """Typed as dots."""
    help: str
    """Where in the shop's admin it is made ("" when the label says enough)."""


@dataclass(frozen=True)
class ShopDraft:
    """A connection as typed in the form."""

    platform: str
    name: str
    url: str
    environment: str
    credentials: Mapping[str, str]


@dataclass(frozen=True)
class ShopRow:
    """One connection as the list shows it."""

    name: str
    platform: str
    url: str
    kind: str
    last_sync: str
    pulled: str
    write_backs: str
    problems: str
    """The last sync's failure and every refused write-back, with the shop's answer."""


def platform_title(platform: str) -> str:
    """What the user calls the platform."""
    cls = PLATFORMS.get(platform)
    return cls.title if cls is not None else platform


def kind_text(environment: str) -> str:
    """ "Test shop" or "Live shop"."""
    if environment == "live":
        return translate("Settings", "Live shop")
    return translate("Settings", "Test shop")


class ShopsPresenter(Presenter):
    """The shop connections of the context's open profile."""

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(ctx, parent)

    # --- what there is -------------------------------------------------------------------------

    @property
    def profile_environment(self) -> str | None:
        """The open profile's environment ("sandbox", "live"), None without a profile."""
        return self.ctx.profile.environment if self.ctx.profile is not None else None

    def book(self) -> ShopBook | None:
        """The open profile's connections (None without a profile)."""
        if self.ctx.shops is not None:
            return self.ctx.shops.book
        profile = self.ctx.profile
        if profile is None:
            return None
        data_dir = Path(self.ctx.manager.profile_data_dir(profile))
        return ShopBook(data_dir, profile.id, profile.environment, self.ctx.manager.secrets)

    def _with_outbox(self, use: Callable[[ShopOutbox], Any]) -> Any:
        if self.ctx.shops is not None:
            return use(self.ctx.shops.outbox)
        profile = self.ctx.profile
        if profile is None:
            return None
        outbox = ShopOutbox(Path(self.ctx.manager.profile_data_dir(profile)))
        try:
            return use(outbox)
        finally:
            outbox.close()

    def rows(self) -> list[ShopRow]:
        """Every connection with its last sync and write-backs."""
        book = self.book()
        if book is None:
            return []
        configs = book.list()
        states: dict[str, ShopState] = (
            self._with_outbox(lambda outbox: {c.name: outbox.state(c.name) for c in configs}) or {}
        )
        return [self._row(c, states.get(c.name, ShopState())) for c in configs]

    def _row(self, config: ShopConfig, state: ShopState) -> ShopRow:
        never = translate("Settings", "not yet")
        writes = translate("Settings", "{0} written, {1} waiting, {2} refused").format(
            state.written, state.pending, len(state.failed)
        )
        problems = []
        if state.sync_error:
            problems.append(
                translate("Settings", "Last sync failed: {0}").format(answer_text(state.sync_error))
            )
        problems += [
            translate("Settings", "Order {0} not marked shipped: {1}").format(
                entry.number, answer_text(entry.error or "")
            )
            for entry in state.failed
        ]
        return ShopRow(
            name=config.name,
            platform=platform_title(config.platform),
            url=config.url,
            kind=kind_text(config.environment),
            last_sync=date_time(state.last_sync) if state.last_sync else never,
            pulled=str(state.pulled),
            write_backs=writes,
            problems="\n".join(problems),
        )

    def platforms(self) -> list[tuple[str, str]]:
        """(platform, title) of every platform a shop can be connected from."""
        return [(key, cls.title) for key, cls in PLATFORMS.items()]

    def credential_fields(self, platform: str) -> list[CredentialInput]:
        """The credentials the platform asks for, in its order, as its connection describes
        them (the form is built from these: no list of platforms' fields here)."""
        cls = PLATFORMS.get(platform)
        fields = cls.credential_fields if cls is not None else ()
        return [
            CredentialInput(
                key=f.key,
                label=translate("Settings", f.label),
                secret=f.secret,
                help=translate("Settings", f.help) if f.help else "",
            )
            for f in fields
        ]

    def example_url(self, platform: str) -> str:
        """An example of the platform's shop address (the form's placeholder)."""
        cls = PLATFORMS.get(platform)
        return cls.example_url if cls is not None else "https://"

    def default_environment(self) -> str:
        """The kind of shop the open profile takes: a test shop for a sandbox profile."""
        return "live" if self.profile_environment == "live" else "test"

    # --- the form ------------------------------------------------------------------------------

    def problems(self, draft: ShopDraft) -> list[str]:
        """Why the typed connection cannot be added yet, in words (none: it can)."""
        found: list[str] = []
        if self.profile_environment is None:
            return [translate("Settings", "Open a profile first.")]
        if not draft.name.strip():
            found.append(translate("Settings", "Give the connection a name."))
        try:
            check_shop_url(draft.url)
        except ShopError:
            found.append(translate("Settings", "The shop's address must start with https://."))
        if draft.environment == "live" and self.profile_environment != "live":
            found.append(
                translate(
                    "Settings",
                    "A sandbox profile never writes to a live shop: connect a test shop here, "
                    "or add the live shop to a live profile.",
                )
            )
        elif draft.environment != "live" and self.profile_environment == "live":
            found.append(
                translate(
                    "Settings",
                    "A live profile takes live shops only: connect the test shop to a sandbox "
                    "profile.",
                )
            )
        for credential in self.credential_fields(draft.platform):
            if not str(draft.credentials.get(credential.key, "")).strip():
                found.append(translate("Settings", "Fill in the {0}.").format(credential.label))
        return found

    def _config(self, draft: ShopDraft) -> ShopConfig:
        return ShopConfig(
            name=draft.name.strip(),
            platform=draft.platform,
            url=draft.url.strip(),
            environment="live" if draft.environment == "live" else "test",
        )

    def _credentials(self, draft: ShopDraft) -> dict[str, str]:
        fields = [f.key for f in self.credential_fields(draft.platform)]
        return {f: str(draft.credentials.get(f, "")).strip() for f in fields}

    def add(self, draft: ShopDraft) -> bool:
        """Keep the connection (its credentials in the keyring), sync it at once, say so."""
        problems = self.problems(draft)
        book = self.book()
        if problems or book is None:
            return self._said(False, " ".join(problems))
        config = self._config(draft)
        try:
            book.add(config, self._credentials(draft))
        except ShopError as exc:
            return self._said(False, answer_text(str(exc)))
        if self.ctx.shops is not None:
            self.ctx.shops.wake()
        text = translate("Settings", "{0} was added; its open orders are pulled now.")
        return self._said(True, text.format(config.name))

    def _said(self, done: bool, text: str) -> bool:
        """Say `text` (an error unless `done`); `done`."""
        self.show_message(text, error=not done)
        return done

    # --- actions -------------------------------------------------------------------------------

    async def test(self, draft: ShopDraft) -> bool:
        """Ask the typed shop for its first page of open orders; say its answer."""
        problems = self.problems(draft)
        if problems:
            return self._said(False, " ".join(problems))
        config = self._config(draft)
        connection = PLATFORMS[config.platform](
            config, self._credentials(draft), **self.ctx.shop_options
        )
        return await self._check(connection)

    async def test_saved(self, name: str) -> bool:
        """Ask a kept connection for its first page of open orders; say its answer."""
        book = self.book()
        if book is None:
            return self._said(False, translate("Settings", "Open a profile first."))
        try:
            connection = book.connect(name, **self.ctx.shop_options)
        except ShopError as exc:
            return self._said(False, answer_text(str(exc)))
        return await self._check(connection)

    async def _check(self, connection: ShopConnection) -> bool:
        self.show_message(translate("Settings", "Asking the shop…"))
        try:
            async with connection:
                count = await connection.check()
        except ShopError as exc:
            return self._said(False, answer_text(str(exc)))
        except (TimeoutError, OSError, ValueError) as exc:
            text = translate("Settings", "{0} cannot be reached: {1}")
            return self._said(False, text.format(connection.config.name, str(exc)))
        text = translate(
            "Settings", "Connected to {0}: it answered with {1} open orders on its first page."
        )
        return self._said(True, text.format(connection.config.name, count))

    def remove(self, name: str) -> bool:
        """Forget a connection, its credentials and its write-backs not sent yet; say so."""
        book = self.book()
        if book is None:
            return self._said(False, translate("Settings", "Open a profile first."))
        try:
            book.remove(name)
        except KeyError:
            text = translate("Settings", "There is no shop called {0}.")
            return self._said(False, text.format(name))
        self._with_outbox(lambda outbox: outbox.forget_shop(name))
        text = translate("Settings", "{0} was removed with its credentials.")
        return self._said(True, text.format(name))

    def remove_question(self, name: str) -> str:
        """What a remove asks first."""
        return translate(
            "Settings",
            "Remove the connection to {0}? Its credentials are deleted and labels made from now "
            "on are not written back to it.",
        ).format(name)

    def sync_now(self) -> bool:
        """Have the app sync every shop now, and say so."""
        if self.ctx.shops is None:
            return self._said(True, translate(
                "Settings", "The profile is not connected: its shops are synced once it is."
            ))  # fmt: skip
        self.ctx.shops.wake()
        return self._said(True, translate("Settings", "Syncing the shops…"))

    def round_done(self, round_result: Any) -> None:
        """Say how a finished round of the app's shop sync went (its errors in words)."""
        errors = getattr(round_result, "errors", {}) or {}
        if errors:
            self.show_message("\n".join(answer_text(e) for e in errors.values()), error=True)
            return
        pulled = sum(s.pulled for s in (getattr(round_result, "synced", {}) or {}).values())
        delivery = getattr(round_result, "delivery", None)
        written = len(delivery.written) if delivery is not None else 0
        text = translate("Settings", "Shops synced: {0} orders pulled, {1} marked shipped.")
        self.show_message(text.format(pulled, written))
