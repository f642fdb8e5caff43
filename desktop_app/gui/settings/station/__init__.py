"""Settings › Station: the tab's page (page.py)."""
