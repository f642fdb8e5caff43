"""The additional services as the user chose them, without any widget.

An `AddOnChoice` is one service as typed: ticked or not, the advance notice's channel and
the raw texts of its fields (half-typed ones too). From it come the wire item the rules and
the service read (`wire_item`) and the plain JSON a draft keeps (`snapshot` /
`choices_from_snapshot`), so a draft restored after a close, a crash or a profile switch has
the same services ticked with the same details.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from desktop_app.gui.widgets.fields import parse_number

EMAIL, SMS = "email", "sms"
#: what a field holds before anything is typed (an untouched service is back to these)
DEFAULT_TEXTS: dict[str, str] = {"currency": "EUR", "language": "de"}
_COD_TEXTS = ("currency", "bank_account_holder", "bank_name")
_COD_CODES = ("bank_account_number", "bank_code")  # IBAN and BIC: spaces gone, capitals


@dataclass
class AddOnChoice:
    """One additional service as chosen: ticked, its channel, its fields' texts."""

    name: str
    checked: bool = False
    channel: str = EMAIL  # advance notice: by e-mail or by SMS
    texts: dict[str, str] = field(default_factory=dict)

    def text(self, key: str) -> str | None:
        """The stripped text of a field, None when empty (absent on the wire)."""
        value = self.texts.get(key, DEFAULT_TEXTS.get(key, ""))
        return value if value.strip() else None


def wire_item(choice: AddOnChoice) -> dict[str, Any]:
    """The wire form `{name, properties}` (only the properties that have a value)."""
    props: dict[str, Any] = {}
    if choice.name == "advance_notice":
        if choice.channel == SMS:
            props["sms"] = choice.text("sms")
        else:
            props["email"] = choice.text("email")
            props["language"] = choice.text("language")
    elif choice.name == "cash_on_delivery":
        props["amount"] = parse_number(choice.texts.get("amount", ""))
        for key in _COD_TEXTS:
            props[key] = choice.text(key)
        for key in _COD_CODES:
            value = choice.text(key)
            # IBAN and BIC are often typed or pasted with spaces
            props[key] = value.replace(" ", "").upper() if value else None
        props["reference1"] = choice.text("reference1")
    elif choice.name == "drop_authorization":
        props["message"] = choice.text("message")
    props = {k: v for k, v in props.items() if v is not None}
    return {"name": choice.name, "properties": props} if props else {"name": choice.name}


def snapshot(choices: Iterable[AddOnChoice]) -> list[dict[str, Any]]:
    """The ticked services as plain JSON (unticked ones are not kept)."""
    return [
        {
            "name": c.name,
            "channel": c.channel,
            "texts": {k: v for k, v in c.texts.items() if v != DEFAULT_TEXTS.get(k, "")},
        }
        for c in choices
        if c.checked
    ]


def choices_from_snapshot(data: Any, names: Iterable[str]) -> dict[str, AddOnChoice]:
    """Every service of `names`: ticked with its texts where `data` (a snapshot) has it, else
    unticked and empty. Anything malformed in `data` is left out, never raised."""
    out = {name: AddOnChoice(name) for name in names}
    for item in data if isinstance(data, list) else []:
        if not isinstance(item, Mapping) or item.get("name") not in out:
            continue
        texts = item.get("texts")
        channel = item.get("channel")
        out[item["name"]] = AddOnChoice(
            item["name"],
            checked=True,
            channel=SMS if channel == SMS else EMAIL,
            texts={
                str(k): v
                for k, v in (texts.items() if isinstance(texts, Mapping) else ())
                if isinstance(v, str)
            },
        )
    return out
