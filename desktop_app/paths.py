"""Where Packdesk keeps its files (platformdirs), overridable for tests and scripts.

Data on disk (platformdirs):

- config dir: `profiles.json` (no secrets), printer definitions, remembered batch column
  mappings (`batch_mappings.json`).
- secrets: OS keyring; fallback 0600 file with a warning; env var for CI.
- data dir per profile: the SQLite store `store.sqlite3` (shipments with the order each was
  made for, journal, orders with where each came from - a shop connection's order or a file -,
  drafts),
  the product catalogue `products.sqlite3` (profiles/catalogue.py),
  the print queue's own SQLite file `print_queue.sqlite`, the shop connections `shops.json`
  (no credentials: those are in the secret store) and their write-back outbox and sync
  cursors `shop_outbox.sqlite3`, and label files. Sandbox and live
  profiles never share a store, a queue, a label folder or a key. `packdesk print` keeps a
  machine-level queue, `print_queue.sqlite` in the data dir. Each file's schema version is
  recorded in it; a file written by a newer Packdesk is refused with a message saying so.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "Packdesk"


def config_dir() -> Path:
    """profiles.json and printer definitions; `PACKDESK_CONFIG_DIR` overrides."""
    override = os.environ.get("PACKDESK_CONFIG_DIR")
    path = Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    """Per-profile stores, label files, the local service's data; `PACKDESK_DATA_DIR` overrides."""
    override = os.environ.get("PACKDESK_DATA_DIR")
    path = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))
    path.mkdir(parents=True, exist_ok=True)
    return path


def cache_dir() -> Path:
    """Files Packdesk can make again (the label font copy); `PACKDESK_CACHE_DIR` overrides."""
    override = os.environ.get("PACKDESK_CACHE_DIR")
    path = Path(override) if override else Path(platformdirs.user_cache_dir(APP_NAME))
    path.mkdir(parents=True, exist_ok=True)
    return path


#: the profile store's SQLite file, in the profile's data folder
STORE_DB_NAME = "store.sqlite3"
#: the print queue's SQLite file: in the profile's data folder for the app and `packdesk
#: batch` (one queue per profile), in `data_dir()` for `packdesk print` / `printers test`
PRINT_QUEUE_DB_NAME = "print_queue.sqlite"
#: the name `packdesk print` gave its queue file before; moved to PRINT_QUEUE_DB_NAME once
LEGACY_CLI_QUEUE_DB_NAME = "print-queue.sqlite3"
#: a profile's shop connections (no credentials), in the profile's data folder
SHOPS_FILE_NAME = "shops.json"
#: the shop write-back outbox and sync cursors, in the profile's data folder
SHOP_OUTBOX_DB_NAME = "shop_outbox.sqlite3"
