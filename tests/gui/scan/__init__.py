"""Tests of desktop_app/gui/scan/: the Scan page."""
