"""Settings › Scales: the tab's page (page.py)."""
