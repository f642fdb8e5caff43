"""Tests of desktop_app/gui/pickups/: the End of day page."""
