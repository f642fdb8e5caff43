"""An alias for code that imports `desktop_app.domain.rules_extra`: import from
`desktop_app.domain.rules` instead."""

from desktop_app.domain.rules.pickups import *  # noqa: F403
from desktop_app.domain.rules.routing_rules import *  # noqa: F403
from desktop_app.domain.rules.webhooks import *  # noqa: F403
