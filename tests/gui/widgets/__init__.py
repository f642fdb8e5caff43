"""Tests of desktop_app/gui/widgets/: the widgets shared by pages."""
