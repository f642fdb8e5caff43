"""Tests of desktop_app/gui/batch/: the Batch page."""
