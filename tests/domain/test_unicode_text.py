"""not_text_problems: lone surrogates and non-characters anywhere, named by their path."""

from __future__ import annotations

from desktop_app.domain.unicode_text import MAX_MESSAGES, not_text_character, not_text_problems


def test_finds_surrogates_and_noncharacters_only() -> None:
    assert not_text_character("Łukasz Żółć 😀 \t\n") is None
    assert not_text_character("a\ud800b") == "\ud800"
    assert not_text_character("\udfff") == "\udfff"
    for ch in ("\ufdd0", "\ufdef", "\ufffe", "\uffff", "\U0001fffe", "\U0010ffff"):
        assert not_text_character(f"x{ch}") == ch
    assert not_text_character("\ufdcf\ufdf0\ufffd") is None


def test_paths_at_any_depth_and_keys() -> None:
    body = {
        "to": {"last_name": "Muster\ud800mann", "city": "Köln"},
        "packages": [{"description": "ok"}, {"description": "\uffff"}],
        "metadata": {"note\ufdd0": "x", "tags": ["a", "\U0001ffff"]},
        "weight": 1.5,
    }
    problems = not_text_problems(body)
    assert problems == [
        "to.last_name: contains a lone surrogate (U+D800), half of a character; "
        "send the text as UTF-8 without it",
        "packages[1].description: contains the non-character U+FFFF; "
        "send the text as UTF-8 without it",
        "metadata.(field name): contains the non-character U+FDD0; "
        "send the text as UTF-8 without it",
        "metadata.tags[1]: contains the non-character U+1FFFF; send the text as UTF-8 without it",
    ]
    assert not_text_problems({"a": "fine", "b": ["x", {"c": "ü"}]}) == []


def test_the_list_is_capped() -> None:
    problems = not_text_problems({"items": ["\ud800"] * 500})
    assert len(problems) == MAX_MESSAGES
    assert problems[-1] == f"... and {500 - MAX_MESSAGES + 1} more fields with such characters"
