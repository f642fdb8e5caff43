"""Settings › Preferences: the tab's page (page.py)."""
