"""An alias for code that imports `desktop_app.domain.rules_orders`: import from
`desktop_app.domain.rules` instead."""

from desktop_app.domain.rules.orders import *  # noqa: F403
