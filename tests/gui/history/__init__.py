"""Tests of desktop_app/gui/history/: the History page."""
