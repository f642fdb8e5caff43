"""Tests of desktop_app/gui/shell/: the window, its placement, start-up, the installed app."""
