"""Packdesk: shipping labels at the packing desk.

Data flow of the main job:

1. The user fills the shipment form; every change builds a draft and runs `domain` rules:
   problems appear under their fields at once; Create is enabled only when there are none.
2. Create: the profile store journals the attempt (pending), the client POSTs
   `/v1/shipments` with `create_shipping_label: true` and the label format chosen for the
   selected printer, the store records the result and downloads the label bytes.
3. Preview shows the PDF (QtPdf) or the rendered ZPL; print sends it through the queue to
   the printer's transport (ZPL raw over TCP 9100 / CUPS raw / USB / serial / Windows spooler,
   PDF through Qt print support), converting PDF to ZPL at the printer's dpi when the carrier
   offers no native ZPL at that dpi.
4. History, reprint, returns, pickups, tracking and webhooks all work on the same store and client.
Processes:

- `packdesk` : the GUI. With the Local sandbox profile it starts `packdesk serve` as a
  child process on a free loopback port, over HTTPS with a locally generated CA, and stops it on
  exit.
  The service is started with `--parent-pid` and ends by itself when the app dies by any
  signal (kill -9 too); its label workers and the app's converter end with their parents;
  a service found running from an ended app is stopped with a warning, never adopted
  (`tests/gui/shell/test_no_orphans.py` kills the installed `packdesk` with SIGKILL).
- `packdesk serve` : the local Shipping Service alone (data dir, host, port, limits and
  simulated carrier latency are options). SQLite by default, through SQLAlchemy so that
  PostgreSQL serves when several machines share one service. Two or more `serve` processes
  may share one PostgreSQL behind a TCP balancer (HAProxy): what they must agree on is in the
  database (rate-limit windows, Idempotency-Key records under advisory locks, leased webhook
  deliveries) or copied once by `serve join` (the CA and credentials); docs/serve.md.
  What keeps a warehouse server up against its network and its disk (docs/serve.md):
  `service/api/admission.py` (connections accepted in a thread and handed to the event loop
  within budgets per address and in all: keyless floods of connections cost the loop nothing;
  not on Windows, whose Python has no `select.poll`: there the loop accepts as uvicorn does),
  `service/api/connections.py` (read deadlines, stalled connections cut at a pace, per-address
  shares of the connection cap, idle connections closed to make room for a new one),
  `service/logs.py` (lines any client can cause at most once per address and minute with a
  count, a size-rotated log, logging failures dropped and counted),
  `service/storage/health_probe.py`
  (a write probe every second behind `/health` and the outage's start and end; its query timed
  on a loop of its own, `storage/db_ping.py`), `service/installation.py` (a CA or keys without
  their database stop the start), `service/notifications/webhook_targets.py` (webhooks never
  into the server's own network),
  `service/api/bodies.py` with `domain/bounds.py` (size bounds before the rules; large bodies
  parsed and checked in a worker process, `service/workers.py`, which the label renderer uses
  too). On the client side `client/_base.py` trusts the paired CA for
  the profile's URL and the public URL the service announces, so labels download by any name
  the service answers to and through a reverse proxy.
- `packdesk batch FILE --profile NAME` : headless batch creation and printing for warehouse
  stations, on `desktop_app/batch_runs/` and the import engine `desktop_app/orders/` (the GUI's
  batch page uses the same core). It reads a
  CSV/TSV/XLSX through the import engine (orders/engine.py): a known platform's export is
  mapped by its header, another layout by the mapping remembered for it in
  `batch_mappings.json` or guessed; rows become orders (grouped by order number), the
  weights missing in the file come from the product catalogue, and what the profile fills
  in (sender, preset, weight) is said before the run. It
  validates every order with the `domain` rules, creates the valid rows concurrently through
  the journaled creation of `client` (the client's pacer keeps within the rate limit) and
  hands the labels to the profile's print queue in file order. With the Local sandbox
  profile it starts `packdesk serve` and stops it at the end if it started it. A killed run
  loses nothing: run again, rows already created (found in the store as made for the same
  order of the same file, or reconciled from the journal against the service) are not
  created twice.
- `packdesk virtual-printer` : a TCP 9100 label printer that stores what it receives and
  renders it, and answers `~HS`/`~HI`/`^HH` like a Zebra (paper out, head open, paused,
  ribbon out switchable), for demos and tests.
- `packdesk virtual-scale` : an MT-SICS (or NCI) scale on a pseudo-terminal whose weight,
  unit and stability are set by options or a control file, and which can be "unplugged".
"""

__version__ = "0.1.0"
