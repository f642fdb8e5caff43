"""An alias for code that imports `desktop_app.domain.rules_codes`: import from
`desktop_app.domain.rules` instead."""

from desktop_app.domain.rules.codes import *  # noqa: F403
