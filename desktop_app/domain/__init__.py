"""Qt-free, I/O-free core: API models, carrier catalog, rules, sanitising, event matching.

In detail (the map is docs/ARCHITECTURE.md):

pydantic models of the API, carrier catalog, sanitising; weights.py: an order's weight from the
best source and its preset (scale, typed, catalogue, file, default; the box's own weight from
the preset or the profile added to items' weights), "No weight" problems; rules/: the rule
engine by subject (problems, checks, codes, address, shipment, additional_services,
reference_fields, dates, webhooks, pickups, routing_rules, orders, manifests), all imported from
desktop_app.domain.rules; customs/: which destinations need a declaration (by country and
postcode), CN22/CN23, invoice, MRN, destination extras: rules over
resources/customs/customs.json (the data with its sources). No I/O. resources/
carrier catalog data, customs data (customs/customs.json), partner directory, the label font
(DejaVu Sans with its licence), icons, translations, the Scan page's sounds (made by
tools/signal_sounds.py); the only copy: the wheel carries it as desktop_app._resources, the
bundle as resources/, all found through desktop_app.resources.resource_path() packaging/
PyInstaller spec (one-folder bundle), .deb, the Windows setup.exe (built on Linux: pynsist +
NSIS), what both trim (trim.py), macOS notes: packaging/README.md tools/
developer tools outside the installed package (screenshots for the docs, the signal sounds'
generator)
What holds everywhere:

Beside the layers, importable from any of them: `paths.py` (the folders, and each local
database file's name), `sqlite_db.py` (how the store and the queue open their SQLite files:
WAL, busy time-out, a versioned list of migrations, a newer file refused), `resources.py`,
`parent_watch.py` (children that end with the process that started them, however it ends:
the local service watches the app's pid, pool workers their parent's sentinel),
`registry.py`
(classes by URI scheme, lazily imported: printer transports and scales), `control_file.py`
(the virtual devices' JSON control files) and
`label_fonts.py` (the Unicode font for labels, and ZPL text written as it is: UTF-8 under
`^CI28`, ASCII fields in resident font 0, others in a subset TrueType font sent with the
label by `~DY` and selected by `^A@`; used by the service's labels and the test label).

- `domain` is the single source of truth for what a valid shipment is. The GUI runs its
  rules as the user types; the service runs the same rules and answers 422 with the same
  messages. Nothing else re-implements a rule.
  The rules accept harmless spellings ("de", "sw1a1aa"); `domain.normalize` turns them into
  the carriers' spelling ("DE", "SW1A 1AA"), which the client sends and the service stores.
  A rule that depends on the day (Saturday delivery only for parcels sent on a Friday) takes
  a clock: `validate(draft, clock=...)`; the service passes its own (`--clock-offset`).
- Carrier differences are data in `resources/carriers.json`, read through `domain.catalog`:
  services, package types, limits, flags, the package fields a service needs
  (`required_package_fields`: UPS returns need the contents described) and a carrier's own
  name for an additional service (`carrier_names`: DPD's advance notice is Predict), and
  the tracking numbers the simulated carrier issues (`tracking`: one of the formats of
  `catalog.TRACKING_FORMATS` - gs1_sscc, depot_parcel, upu_s10, ups_1z, digits - with its
  prefix, depots, length or per-service indicator, and the tracking page's `url` with `{}`
  for the number; without it: 16 neutral digits, no real page). `service/shipping/carriers.py`
  has one number maker per format, none per carrier, so a carrier using a known format is a
  catalog entry only; a new format is a `TRACKING_FORMATS` entry plus one maker. The rules,
  the desk's add-ons, the label and the simulated carriers name no carrier in a condition
  (tests/domain/test_carrier_data.py).
- Only `gui/` (and Qt-based PDF printing inside `printing/`) import PySide6. Everything else
  is plain Python and runs headless, which is what makes it testable and usable from the CLI.
- `client` never imports `service`: they meet only over HTTPS, as the real service and the
  app do. Tests start the real local service on loopback; no mocked HTTP for the main paths.
- One asyncio event loop per process: qasync's loop in the GUI, plain asyncio in the CLI
  and the service; the one exception is the app's print queue, whose workers run on a
  thread and loop of their own (printing never waits for the window). Blocking work (USB/serial
  printing, PDF rasterising) goes to an executor.
"""
