"""An alias for code that imports `desktop_app.domain.rules_base`: import from
`desktop_app.domain.rules` instead."""

from desktop_app.domain.rules.checks import *  # noqa: F403
from desktop_app.domain.rules.problems import *  # noqa: F403
