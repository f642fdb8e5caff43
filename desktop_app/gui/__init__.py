"""PySide6 widgets of Packdesk (thin: they call the layers below).

Importing it costs nothing but the PySide6 work-around (`qt_compat`): the first window is
shown before pydantic, httpx, asyncio, the domain rules and the client are imported
(`app.py`; bench/gui.py measures the cold start).
In detail (the map is docs/ARCHITECTURE.md):

PySide6 widgets. Thin: reads state, calls the layers below, shows results.
The GUI in detail:

One sub-package per page, shared widgets and the app shell beside them (as Vorta keeps
`views/` one file per tab with `partials/`). One naming rule for every page package
(Settings applies it once more per tab: `settings/<tab>/`):

- `page.py`: the page widget, class `…Page` (it composes the parts and shows; no decisions);
- `presenter.py`: the page's presenter (what to show, what is allowed, the calls below; no
  widget, tested without a window), a `core.presenter.Presenter`: the context, its tasks,
  and one message signal `message_shown(text, error)`. A page whose decisions are several Qt-free
  objects
  (New shipment: validation, request, sender choices, ...) keeps them in modules named by
  what they decide instead;
- `partials/`: the page's part widgets and dialogs (sections, tables, boxes, banners);
- the page's other Qt-free modules (table models, texts, tracking rules) beside `page.py`;
- what two pages share lives in `gui/widgets/` (or a Qt-free layer below): no page imports
  another page (`tests/test_layers.py`); only `shell/` knows the pages, `core/` lies below them.

```
gui/app.py            entry point (`packdesk`): QApplication, the loop, window, pages
gui/qt_compat.py      re-exports desktop_app/qt_compat.py (PySide6 work-arounds)
gui/core/             below every page (imports no page, nothing of shell/): context.py
                      (AppContext: profile, client, store, print queue, the signals every page
                      follows; it composes plain collaborators tested without a window:
                      background.py (BackgroundTasks), profile_printing.py (printer book,
                      print queue, built-in virtual printer), connection.py (the proven
                      client), offers.py (carrier offers, the label format a printer wants),
                      journal.py, sandbox_printer.py; the shop rounds: shops/rounds.py),
                      event_loop.py (DeskEventLoop: qasync's loop running asyncio's callbacks
                      only while it runs, never in a `processEvents` while it is stopped),
                      theme.py (the semantic
                      colours: error, ok, muted, warning, info boxes, batch rows, each in a
                      light, a dark and two high-contrast variants at 4.5:1 or more;
                      `color(ERROR)` gives the variant in force and `restyle_all` swaps them
                      in every style sheet when the scheme changes, while list rows ask for
                      theirs at paint time (widgets/meaning_items.py, models' data()); no page
                      writes a colour of its own), appearance.py (the palette follows the
                      system's dark/light scheme and high contrast, Qt's colorSchemeChanged),
                      presenter.py (Presenter, the base of the pages' presenters)
gui/shell/            above every page (no page imports it): main_window.py (composes
                      banner.py, page_tabs.py, menus.py, closing.py, status_bar.py),
                      watchdog.py (GuiWatchdog: each turn of the GUI thread's loop in that
                      thread's own CPU time, from a helper thread's heartbeat; turns over
                      250 ms logged with the page and the Python stack they were in),
                      pages.py (PAGES: every page declared once - tab name, "module:Class",
                      the right a signed-in person needs, when it is built, its wiring;
                      `visible_pages(rights)`; `MainWindow.show_for(rights)` hides the rest)
                      Add a page: gui/<page>/page.py (…Page(context)) + one PageEntry in
                      shell/pages.py. Add a Settings tab: settings/<tab>/page.py + one
                      SettingsTab in settings/page.py's SETTINGS_TABS.
gui/widgets/          shared by several pages: fields.py (Field/FieldGroup, problem labels),
                      accessibility.py (one filter on the app gives every input, button and
                      table the accessible name and description Qt finds none for; announce()
                      for the Scan page's outcome), scale.py (ScalePresenter over ScaleHub),
                      address_form.py, address_formatting.py (an address as a line, its
                      fields), tracking_events.py (the tracking JSON as timeline, status
                      words, open or not: History's timeline, End of day, webhook events),
                      tasks.py (TaskSet, service_text), tables.py (pick_one_table: the
                      read-only one-row-at-a-time list of Shops, Printers, Webhooks, Addresses),
                      meaning_items.py (table/tree items that keep a meaning, not a colour:
                      the error or muted colour of the scheme in force each time they paint)
gui/shipment/         New shipment. page.py (ShipmentPage) composes partials/form.py
                      (ShipmentFormWidget: its sections and the problems shown),
                      partials/creation.py (Create / Create and print, with
                      creation_message.py), partials/preview.py, drafts.py (per-profile
                      draft). The form's sections in partials/: receiver_section.py
                      (+ locations.py finder), sender_section.py (+ sender_offer.py),
                      package_section.py (scale row + packages.py), services.py
                      (carrier/service, add-ons), details.py (reference and label format,
                      order details), customs_section.py. Beside the page: form_columns.py
                      (two columns, one where two would need a horizontal scroll bar),
                      focus_order.py (paper-flow tab order), problem_display.py.
                      Decisions without a widget, tested without a window (the page has
                      several, so no one presenter.py): validation.py (FormValidation:
                      which problem shows where, and which messages are held back until a
                      section is reached: their room under the fields is kept from the
                      start, so the first key moves nothing), request.py (draft and
                      request body), receiver_modes.py, label_formats.py, addon_choices.py (add-ons
                      as
                      chosen: wire item, draft JSON), draft_snapshot.py (the draft as JSON,
                      damaged or old drafts read safely), sender_choices.py (SenderChoices:
                      default sender, saved addresses, the account's offer),
                      customs_presenter.py (the customs section: shown or not, papers,
                      declaration, totals as typed), order_entry.py (an order into the form,
                      F7 on the Scan page: receiver, reference, weight, customs rows from the
                      order and the catalogue via station/customs.py)
gui/history/          History: page.py (HistoryPage, composes the page), presenter.py
                      (HistoryPresenter: search, reprint, delete, refresh; what a selection
                      allows), table_model.py, tracking.py (periodic refresh, the timeline
                      under the table), return_label.py (what a return offers, the
                      second-return question, ReturnPresenter: draft, problems, receiver,
                      create); partials/: shipment_table.py, search_bar.py, action_row.py,
                      row_actions.py, timeline.py (TimelinePresenter: texts, refresh, sandbox
                      moves; the timeline widget), returns.py (the return dialog and the
                      history's action)
gui/addresses/        Addresses: page.py (AddressBookPage; the pickers in the shipment form),
                      presenter.py (AddressBookPresenter: search, counts, save, edit, delete,
                      default sender, parcel-point lookup; tested without a window),
                      address_cache.py (AddressBook, Qt-free), editing.py; partials/:
                      entry_box.py, partner_lookup.py
gui/end_of_day/       End of day (manifests, pickups): page.py (EndOfDayPage, composes the
                      page), presenter.py (EndOfDayPresenter: load the day, check/confirm/send
                      pickup requests, make and print manifests), pickups.py (what waits,
                      the window, the question); partials/: waiting_tree.py,
                      handover_boxes.py, history_table.py
gui/batch/            Batch: page.py (BatchPage, composes), presenter.py (BatchPresenter: file,
                      mapping, defaults and sender notice, actions, run, progress, orders,
                      export; tested without a window), rows_model.py, row_texts.py;
                      partials/: mapping_table.py (mapping step), rows_panel.py,
                      file_bar.py, sender.py
gui/scan/             Scan: page.py (ScanPage: scan box, focus, keys F2-F7/Esc; composes
                      partials/ banner.py, order_panel.py, weight_panel.py), presenter.py
                      (ScanPresenter: runs the
                      station/ flow on the typed actions of actions.py, one at a time; keeps
                      the station until profile, store, creator, queue or printer change;
                      the view's state, sounds; no widget), watched.py (the
                      watched folder's poller), sound.py (the WAV through station/sounds.py,
                      else the desktop bell), outcome_texts.py. Its settings are
                      Settings › Station (settings/station/page.py: pack check, sound, folder,
                      A4 printer for documents, the seller's customs numbers by destination:
                      UK VAT or EORI, VOEC, Swiss VAT) and
                      Settings › Shipping presets (settings/presets/page.py, the list;
                      partials/preset_form.py, one preset; presenter.py,
                      PresetsPresenter: checked by
                      domain/presets.validate_preset, saved per profile; no widget)
gui/people/           People at a station (a warehouse server whose account has people):
                      rights.py (shown_for: what a person's rights show beyond the declared
                      pages and tabs: History's Delete, Price and Made by, the profile
                      switcher, the Packing figures page; a profile without people shows what
                      it always did), presenter.py (SignInPresenter: off | waiting | checking
                      | signed_in; badge/PIN through client.people, wrong code and rate limit
                      in words, idle sign-out on an injectable clock, the session ended at the
                      service; no widget), screen.py (the covering sign-in screen), events.py
                      (the Scan page's scans, pack-check mismatches and F6 releases with a
                      reason sent as /v1/station_events), figures.py + figures_presenter.py
                      (Packing figures: per day/week, CSV export). shell/sign_in.py
                      (StationSignIn) puts the screen, who is signed in (menu bar corner),
                      Sign out (Ctrl+Shift+O), the idle input filter and the rights
                      (MainWindow.show_for) into the window; app.py installs it after the
                      pages. AppContext's state is "sign_in" while no one is signed in
gui/settings/         Settings: page.py (SettingsPage: the tabs of SETTINGS_TABS, each with the
                      right it needs; `visible_tabs(rights)`); one package per tab, each
                      with page.py (the tab), presenter.py where it has one, partials/:
                      profiles/ (partials/server_connect.py; station_join_presenter.py +
                      partials/station_join.py: "Ask to join", the phrase, the key saved;
                      station_approvals_presenter.py + partials/station_approvals.py: an
                      admin approves waiting stations by phrase), preferences/, printers/
                      (presenter.py: PrintersPresenter: list, whether the profile's printer
                      holds, assign/rename/remove, what a printer reports, its health (Check
                      status: ~HS), test print; tested without a window; partials/:
                      printer_dialog.py (add/edit), printer_discovery.py (Discover)),
                      webhooks/ (presenter.py: WebhooksPresenter: list, rules, create/test/
                      reactivate/delete through the client; tested without a window;
                      partials/webhook_form.py: New webhook), products/ (the catalogue's
                      table; presenter.py: ProductsPresenter: search, edit checked, add,
                      delete, import product files; tested without a window), presets/,
                      scales/, station/, shops/ (the profile's shop connections with last
                      sync, orders pulled, write-backs and the shop's refusals in words;
                      partials/shop_form.py: New shop connection: platform, address,
                      test/live, the platform's credential fields as its connection
                      describes them (no per-platform list in the GUI); presenter.py:
                      ShopsPresenter: rows from ShopBook + the outbox, the rules - https,
                      credentials, a sandbox profile refuses a live shop -, test connection
                      (one real request), add (credentials to the keyring), remove
                      (credentials and pending write-backs), Sync now (ctx.shops.wake);
                      refreshed by AppContext.shop_round_done)
```

- Imports inside `gui/` point from the pages to `widgets/` and `core/`; no page imports
  `shell/`, `core/` imports neither a page nor `shell/`; only `shell/` knows the pages.
  `tests/test_layers.py` checks
  all of `desktop_app`'s imports: the layer order, only gui importing PySide6, no page
  importing another page, no import circle, lazy or not; `tests/gui/test_gui_package.py`
  that no widget class is over 300 lines (widgets show, the presenters beside them decide).
- `shipment/page.py` is the one module that knows the form, the creation panel and the
  preview and wires them; the creation panel imports the form only to read it (the form never
  imports the panel).
- Start-up (`app.py`): the first window is the main window's frame (`MainWindow()` with no
  context: title, menus, banner, status bar, the page tabs with light placeholders), shown and
  painted with nothing imported but PySide6 and the shell's Qt-only modules; only then are
  asyncio/qasync, pydantic, httpx, the domain rules, the client and the New shipment page's
  modules imported (on a helper thread, `FORM_MODULES`), the app context made and the form
  built into the frame (`MainWindow.attach`), each step a turn of its own, the cursor in the
  receiver search once the form is there; then the other pages (their modules,
  `app.STARTUP_MODULES`, loaded on a helper thread, the pages built over several turns: no
  turn of the GUI thread over the watchdog's 250 ms of CPU); the HTTP client, print queue,
  virtual printer and QtPdf when first used (a profile opening, the first PDF label).
  `tests/gui/shell/test_cold_start.py` checks that none of those modules is loaded when the
  window is first shown.
  The window's minimum size is fixed from its first show (page contents scroll, status texts
  elide, optional status fields keep their room): `tests/gui/shell/test_window_size.py`.
- Fit at 1024x600: a page sits in its scroll area held at its minimum height
  (`widgets/fixed_rows.HeldPage`; a scroll area takes a page with wrapped texts at its
  preferred height), and a page's tall part scrolls in its own place above a fixed row of its
  buttons and their answer (`fixed_rows.scroll_above`, `scrolled`): Save, Create, Test
  connection and what they answer are never below the fold. The status bar says its fields
  in words ("Connected", "110 calls left", "Printer: ready"), the whole text in the tooltip;
  a saved file is named in words with an "Open folder" button (`widgets/folder_button.py`),
  never by its path; column titles fit (`widgets/tables.fit_titles`).
- The window's place: `shell/placement.py` takes the first start's geometry from the screen's
  available geometry (the preferred 1280x760 centred, or maximised where the screen is
  smaller) and restores the saved geometry and maximised state (`settings.ini`, clamped to the
  screens there are now). Dialogs taller than a small screen size themselves with
  `widgets/screen_fit.py` and scroll inside.
- The real desk: with `PACKDESK_UI_PROBE=<folder>` the app runs `shell/probe.py`, a test-only
  hook answering JSON commands in that folder (the screen, every visible window's frame, each
  visible control off the screen or pushing a page sideways, the focused control; show a page,
  pick a tab, click a button by object name, put the cursor into a control, close dialogs,
  save the screen; the global geometry and texts of named controls, dates shown as ISO;
  switch the colour scheme; `cut_texts`: every visible label, button, tab, header section,
  status field, combo box and line edit whose text its control elides or cannot hold, and
  `out_of_view`: whether texts or named controls are shown in view, `shell/text_fit.py`; the
  GUI-thread watchdog's turns: `{"do": "watchdog"}` answers `{"turns", "longest_cpu_ms",
  "over_limit": [{"cpu_ms", "wall_ms", "page"}]}`). `tests/desk/` starts Xvfb at 1024x600 with
  openbox and the
  installed `packdesk` on fresh folders, types with xdotool and checks every page, Settings
  tab and dialog (those about a label too, after making one: the printed label, Return
  label, Delete; Qt's file dialogs) in English and German with no date shown as ISO, the
  README's first run and the focus, and that nothing moves: the SANDBOX badge, the Scan
  banner through every outcome, the Addresses page after Save
  (`tests/desk/test_nothing_moves.py`), and no text cut with every button's answer in view
  (`tests/desk/test_nothing_cut.py`); `tools/screenshots/desk.py` shoots the same walk.
  `tests/desk/test_desk_day.py` takes the installed app through a whole day by keys, once per
  language (one app per language, one test per part of the day): the README's first run, the
  desk's own label printer (`packdesk virtual-printer`, a process of its own) added in
  Settings › Printers, 20 labels by Ctrl+P with every customs destination, a shop's orders
  export dropped into the watched folder and 10 orders scanned with `packdesk virtual-scale`,
  History's reprint and return, a shop that refuses, End of day's manifest. After each step:
  the watchdog's turns, `cut_texts`, answers in view (`out_of_view`), nothing off the screen,
  a screenshot; at the end every print job done and at the printer whole. The probe's day
  section (`day_questions`: a form field by its wire path, the print queue's jobs, a named
  control's whole text and whether it is in view) serves it; `tests/desk/desk_day.py` keeps
  the day's records (`day.json`: Create-to-printer times, the longest turn) and, when a step
  fails, the probe's state, a screenshot, the print queue and the logs.
- Dates a person reads go through `i18n/words.py` (`date_time`, `date_only`: the locale's
  short format with the whole year, 26.11.2026); a typed date is read as the locale writes
  it (`typed_date`) and sent as year-month-day.
- Start-up: the first window needs no API model but the address's; `domain/models` resolves
  its names on first use (`lazy_exports`), the rule words are in `models/terms.py`.
- GUI tests mirror the package: `tests/gui/<page>/` (and `core/`, `shell/`, `widgets/`, `i18n/`)
hold
  the tests of `desktop_app/gui/<page>/`.
- Client tests mirror the client as openai-python's `tests/api_resources/` do:
  `tests/client/resources/test_<resource>.py` per module of `client/resources/` (against the
  real local service), and `tests/client/test_<part>.py` for the parts across resources
  (`client`, `errors`, `transport`, `keys`, `ratelimit_*`, `desk`, `crash_recovery`,
  `account_addresses`).
- Service tests mirror the service: `tests/service/api/` (one file per router, plus errors,
  bodies, middleware, connections, the reference conformance), `tests/service/storage/` (migrations
  with the older releases'
  databases in `legacy/`, backup, copy, outage, PostgreSQL), `tests/service/labels/`,
  `tests/service/shipping/`, `tests/service/notifications/`; the serve command, TLS, logs and
  the systemd unit at the top.
- Test helpers: `tests/gui/app_context.py` (a real AppContext on temp folders, shipments,
  signal waits), `tests/gui/shipment_desk.py` (a desk window, typing into the form, and the
  waits for a state, not for a time: `wait_until`, `loads_done` for the pages' background
  loads, `layouts_settled` for Qt's posted layout requests),
  `tests/gui/account_context.py` (a context on its own service account); fixtures every GUI
  test may take live in `tests/gui/conftest.py` (`desk`, `desk_context`, `shipment_page`,
  `own_account_ctx`, `gui_watchdog`: fails the test on a GUI-thread turn over 250 ms of CPU
  and breaks a turn that would never end, a layout loop, so the test fails instead of
  hanging: `tests/gui/gui_watchdog.py`).
- The run (`tests/conftest.py`, `pyproject.toml`, `make test`): the async tests of `tests/gui/` run
  on the app's own loop (DeskEventLoop), every other async test on asyncio's own, each named per
  test. The time limit (600 s) is a hang guard in a thread, since SIGALRM never reaches Python
  inside Qt's loop; before it ends the worker it writes every thread's Python stack (faulthandler)
  and py-spy's native dump into the worker's log (`tests/hang_guard.py`); the real-window tests'
  waits that give up on the app show the app's threads the same way. Waits for a state are bounded
  by `tests/patience.py`'s PATIENCE (60 s, a bound only a broken part reaches on a loaded 2-core
  machine) and say what they waited for; no test bounds a duration from above. The end-to-end
  modules are marked `slow` in one list (`SLOW` in `tests/conftest.py`): `make check` runs lint,
  types and the Qt-free tests less those, `make test` everything, each benchmark too in its
  `--quick` size (`tests/test_benchmarks_quick.py`). A worker that dies ends the run
  (`--max-worker-restart=0`: pytest-xdist's loadfile scheduler would wait forever for a replaced
  worker), and the run prints the last tests that worker started, with faulthandler's traceback. An
  unclosed asyncio transport names the server that accepted it or the coroutines that opened it
  (`tests/transport_origins.py`).
"""

from desktop_app.gui import qt_compat as _qt_compat  # noqa: F401 - applies a PySide6 fix
