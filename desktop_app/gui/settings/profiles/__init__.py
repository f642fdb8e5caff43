"""Settings › Profiles: the tab's page (page.py) and its parts (partials/)."""
