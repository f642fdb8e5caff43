"""The Pickups page: carrier pickups for the shipments waiting at the desk."""
