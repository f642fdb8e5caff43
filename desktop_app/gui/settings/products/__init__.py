"""Settings › Products: the tab's page (page.py),
its presenter (presenter.py)."""
