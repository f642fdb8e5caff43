"""The History page: stored shipments, tracking timeline and refresh, returns."""
