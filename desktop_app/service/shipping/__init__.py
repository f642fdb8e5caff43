"""What the service does with shipments, orders and manifests beyond storing them: checks,
the simulated carriers, wire views, the sandbox life cycle."""
