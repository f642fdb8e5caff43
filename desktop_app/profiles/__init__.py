"""Profiles (sandbox/live), their secrets, the Local sandbox launcher, the per-profile store.

Import from the submodules (this package never imports `desktop_app.client`)::

    manager = ProfileManager()                      # profiles.json, keys, data dirs
    profile = manager.last_used                     # or manager.get(id) / local_sandbox()
    sandbox = LocalSandbox.for_manager(manager)     # only for profile.builtin_local
    await sandbox.start()                           # GUI; start_blocking() in the CLI
    creds = manager.credentials(profile, sandbox)   # base_url, api_key, ca_file, environment
    store = manager.open_store(profile)             # SQLite + labels of this profile only
    ...
    await sandbox.stop()                            # on exit (also registered with atexit)

Saving a key: check it first (`desktop_app.client.check_key`), then
`manager.save(profile, api_key, verified_environment=me.environment)`.

- `models`: Profile, Preferences, URL and loopback rules.
- `manager`: ProfileManager, Credentials.
- `secrets`: SecretStore family (keyring, 0600 file, PACKDESK_API_KEY override).
- `local_sandbox`: LocalSandbox (one `packdesk serve` per data dir, shared by instances).
- `store`: ProfileStore (shipments, label files, creation journal), StoredShipment, JournalEntry.
- `errors`: ProfileError and its subclasses.
In detail (the map is docs/ARCHITECTURE.md):

profiles (sandbox/live, shipping presets), secrets; catalogue.py:

profiles (sandbox/live, shipping presets), secrets; server_trust.py (a server's CA pinned),
station_join.py (a station asks to join and polls for its key, Qt-free); catalogue.py: the
profile's product catalogue (SKU, GTIN, name, weight, dimensions, HS code, origin, value;
`Catalogue.lookup(sku)`, `by_gtin`, `parcel_for`) and what a shop's internal ids stand for
(`learn_shop_ids`, `shop_ids`: country id -> code, product id -> SKU), its own SQLite file,
opened only through the store (`store.catalogue`, `store.catalogue_if_made()`);
store/: the per-profile store, one ProfileStore made of shipments.py (history, labels, the order
each was made for: records.OrderOrigin, written with the shipment when its journal entry
completes), journal.py (each attempt keeps the order it is for), orders.py (orders inbox:
orders, GTINs, shipment link, where each order came from - a shop connection's order or a file;
put_service_orders: the service's orders into the cache, for the Scan station's inbox and the
watched folder alike), drafts.py, over base.py (file, owner record) and schema.py
"""
