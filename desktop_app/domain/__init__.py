"""Qt-free, I/O-free core: API models, carrier catalog, rules, sanitising, event matching."""
