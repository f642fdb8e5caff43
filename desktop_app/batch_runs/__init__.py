"""Batch runs: the labels of a whole order file created concurrently and printed in file order.

Qt-free; the GUI's Batch page and `packdesk batch` both use it, on the orders import engine
(`desktop_app.orders`)::

    orders = orders_of(read_table(path), book=MappingBook(), catalogue=catalogue)
    batch = Batch.of_orders(orders, Defaults(sender=..., carrier=...),
                            choose_format=printer_format_chooser(printer))  # rows: problems
    batch.edit_cell(i, column, text)                          # re-validates that row
    runner = BatchRunner(batch, ShipmentCreator(client, store), queue=queue, printer=printer,
                         on_row=callback)                     # per-row progress
    await runner.run(); runner.cancel(); await runner.retry_failed()
    write_results(batch.rows, "results.csv")                  # export

- `rows`: BatchRow, Batch, printer_format_chooser.
- `runner`: BatchRunner, PrintSequencer (labels in file order).
- `weighing`: BatchWeighing (orders without a weight weighed one after another).
- `export`: write_results.
- `cli`: batch_main (`packdesk batch`); `progress_bar`: its progress on a terminal or a log.
In detail (the map is docs/ARCHITECTURE.md):

Qt-free batch runs (the labels of a whole file): rows.py (Batch: each order's problems and
outcome), runner.py (concurrent creation, labels printed in file order), weighing.py, export.py
(results CSV), cli.py (`packdesk batch`, progress_bar.py); used by the GUI's Batch page.
"""
