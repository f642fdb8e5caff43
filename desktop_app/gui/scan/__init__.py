"""The Scan page: scan to ship at a packing station (the flow is desktop_app.station)."""
