"""A resource's rules, audit entries and wire views, one module per resource (shipments,
addresses, orders, manifests, pickups, trackers, routing rules, customs, locations), the
simulated carriers and the sandbox life cycle; queries are storage/'s."""
