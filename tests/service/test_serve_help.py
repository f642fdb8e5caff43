"""`packdesk serve --help` describes every option (a warehouse admin reads it in a terminal)."""

from __future__ import annotations

import argparse

from desktop_app.service.commands.serve_options import serve_parser


def test_every_serve_option_has_a_description() -> None:
    parser = serve_parser()
    undescribed = [
        action.option_strings[0]
        for action in parser._actions
        if action.option_strings and not (action.help and action.help != argparse.SUPPRESS)
    ]
    assert undescribed == []
    text = parser.format_help()
    for action in parser._actions:
        if action.option_strings and action.help:
            assert (action.help % {"default": action.default}).split()[0] in text
