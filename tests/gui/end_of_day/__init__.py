"""Tests of desktop_app/gui/end_of_day/: the End of day page."""
