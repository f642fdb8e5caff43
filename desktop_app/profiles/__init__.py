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
"""
