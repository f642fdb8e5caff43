"""Tests of desktop_app/gui/shipment/: the New shipment page."""
