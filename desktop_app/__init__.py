"""Packdesk: shipping labels at the packing desk."""

__version__ = "0.1.0"
