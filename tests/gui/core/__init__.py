"""Tests of desktop_app/gui/core/: the context's plain collaborators and the theme."""
