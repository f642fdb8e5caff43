"""An alias for code that imports `desktop_app.domain.rules_manifests`: import from
`desktop_app.domain.rules` instead."""

from desktop_app.domain.rules.manifests import *  # noqa: F403
