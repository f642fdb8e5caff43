"""Tests of desktop_app/gui/i18n/: the translations and the words shown."""
