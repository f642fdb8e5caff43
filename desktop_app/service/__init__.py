"""The Shipping Service (`packdesk serve`), top to bottom; imports go down only
(tests/service/test_service_layers.py).

- top: app.py (builds the FastAPI app and the context), cli.py (which commands/<subject>.py runs
  `packdesk serve [COMMAND]`, `accounts`, `storage`), commands/, background.py (TASK_MODULES),
  installation.py, join.py
- api/: HTTP only: routes/<resource>.py (parse, call one function of shipping/<resource>.py or
  notifications/webhook_rules.py, commit; a route never imports storage), routers.py (one
  list), deps (the key, the stations admin), downloads (files by token), middleware, admission,
  connections, idempotency, bodies, openapi, errors.py (ServiceError -> `{"errors": [...]}`);
  people_gate.py applies each route's right (routers.ROUTE_RIGHTS, rights.py: roles -> rights)
  and leaves price and made_by fields out for callers without them
- context.py: ServiceContext (settings, engine, sessions, carriers, renderer, checks, key
  lookup, outage, ping), built by app.py from parts below; only api/, app.py, background.py
  import it (tasks below name storage/running.RunningService)
- shipping/ + notifications/: a resource's rules, audit entry and wire view (shipping:
  shipments (+ shipment_list, shipment_documents, label_files, tracking_page), addresses,
  default_addresses, invoice_address, orders, manifests, pickups, trackers, routing_rules,
  customs, locations, lifecycle, audit_log, me, reports, sessions, station_events,
  station_joins, downloads (a file by token), carriers = the simulated carriers;
  notifications: events, webhook_rules, webhooks =
  delivery worker, webhook_targets, mail); no SQL
- storage/ + labels/: storage/<resource>.py = rows and every query (ownership.py:
  caller_rows(Row, key), caller_row, owned_row, newest_first), schema + migrations/, outage,
  backup, copy; labels/: PDF/ZPL, customs papers, manifest PDF, render pool
- storage/db.py: Base, engine, sessions, ids; ground floor: errors.py (ServiceError, not_found,
  checked), settings, workers, texts, logs, tls, addressing
Where to add (service side):
- an endpoint: a function in api/routes/<resource>.py that parses, calls one function of
  shipping/<resource>.py and commits; a new routes module is one line in api/routers.py; test in
  tests/service/api/test_<resource>.py
- a resource: storage/<resource>.py (row class + queries using caller_rows/newest_first; module
  into storage/table_registry.py; an Alembic revision), shipping/<resource>.py (rules, audit
  entry, wire view), api/routes/<resource>.py (+ routers.py line)
- a carrier: resources/carriers.json (+ prices.json); code only for a new tracking-number format
  (shipping/carriers.py TRACKING_NUMBER_MAKERS); tracking pages come from the catalog
  (domain.catalog.tracking_page)
- a `packdesk serve COMMAND`: a module in service/commands/ with an AdminCommand (parser +
  coroutine) and one line in cli.py ADMIN_COMMANDS
"""
