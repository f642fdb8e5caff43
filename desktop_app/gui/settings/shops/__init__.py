"""Settings › Shops: the tab's page (page.py),
its presenter (presenter.py) and its parts (partials/)."""
