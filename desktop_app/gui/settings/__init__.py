"""The Settings page: profiles, printers, preferences and webhooks tabs."""
