"""An alias for code that imports `desktop_app.domain.rules_address`: import from
`desktop_app.domain.rules` instead."""

from desktop_app.domain.rules.address import *  # noqa: F403
