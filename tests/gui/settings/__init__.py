"""Tests of desktop_app/gui/settings/: the Settings page and its tabs."""
