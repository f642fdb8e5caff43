"""sanitize(): trims, removes control characters, recursive, idempotent, never raises."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop_app.domain.sanitize import sanitize, sanitize_str

# Text that favours the interesting characters: edges, controls, odd whitespace.
_tricky_chars = st.sampled_from(
    [
        " ",
        "\t",
        "\n",
        "\r",
        "\x00",
        "\x07",
        "\x1b",
        "\x7f",
        "\x85",
        "\x9f",
        "\xa0",
        "\u2028",
        "\u200b",
        "\u200d",
        "\ufeff",
        "\ud800",
        "\udfff",
        "\u3000",
        "a",
        "Z",
        "ß",
        "1",
        ".",
    ]
)
_text = st.one_of(
    st.text(),
    st.text(alphabet=_tricky_chars),
    st.text(alphabet=st.characters(codec=None, categories=None), max_size=20),
)

_json_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), _text)
json_like: st.SearchStrategy[Any] = st.recursive(
    _json_scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=5),
        st.dictionaries(_text, children, max_size=5),
    ),
    max_leaves=30,
)


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


def _same(a: Any, b: Any) -> bool:
    # NaN != NaN; compare through JSON text, which writes NaN the same way each time.
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@settings(max_examples=300)
@given(json_like)
def test_never_raises_and_is_idempotent(value: Any) -> None:
    once = sanitize(value)
    assert _same(sanitize(once), once)


@settings(max_examples=300)
@given(json_like)
def test_every_string_is_clean(value: Any) -> None:
    for text in _strings(sanitize(value)):
        assert text == text.strip()
        assert not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in text)


@given(json_like)
def test_shape_and_non_strings_kept(value: Any) -> None:
    result = sanitize(value)
    assert type(result) is type(value)
    if isinstance(value, list):
        assert len(result) == len(value)
    if not isinstance(value, str | dict | list):
        assert result is value


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("  Hamburg  ", "Hamburg"),
        ("Muster\x00straße", "Musterstraße"),
        ("\t\n 42 \r\n", "42"),
        ("a\x07b", "ab"),
        # Removing a control character exposes the space before it: still trimmed.
        ("name \x00", "name"),
        ("\x00 name", "name"),
        ("first  last", "first  last"),  # inner spaces stay
        ("Line1\nLine2", "Line1Line2"),
        ("\xa0nbsp\u3000", "nbsp"),  # Unicode whitespace is trimmed at the edges
        ("👩\u200d💻", "👩\u200d💻"),  # zero-width joiner (Cf) is kept
        ("\ud800x", "x"),  # a lone surrogate cannot be encoded anywhere
        ("", ""),
    ],
)
def test_strings(raw: str, clean: str) -> None:
    assert sanitize_str(raw) == clean
    assert sanitize(raw) == clean


def test_nested() -> None:
    body = {
        " to ": {"last_name": " Müller\x00 ", "street_no": 42},
        "packages": [{"type": " parcel "}, None, True, 1.5],
        "tuple": ("  x ",),
    }
    assert sanitize(body) == {
        "to": {"last_name": "Müller", "street_no": 42},
        "packages": [{"type": "parcel"}, None, True, 1.5],
        "tuple": ("x",),
    }


def test_input_not_modified() -> None:
    body = {"a": [" x "]}
    sanitize(body)
    assert body == {"a": [" x "]}


def test_keys_colliding_after_sanitising_keep_the_later_value() -> None:
    assert sanitize({"a": 1, " a": 2}) == {"a": 2}
