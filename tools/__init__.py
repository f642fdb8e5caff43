"""Developer tools that are not part of the installed app (screenshots for the docs, the
Scan page's signal sounds)."""
