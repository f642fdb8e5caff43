"""Tests of desktop_app/gui/addresses/: the Addresses page."""
