"""The End of day page: manifests and carrier pickups for the shipments waiting at the desk."""
