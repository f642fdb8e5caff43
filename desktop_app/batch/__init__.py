"""Batch work for warehouse stations: import, validate, create concurrently, print in order.

Qt-free; the GUI's batch page and `packdesk batch` both use it::

    table = read_table(path)                                  # importer: CSV / XLSX
    mapping = MappingBook().get(table.layout, table.headers) or guess_mapping(table.headers)
    batch = Batch(table, mapping, Defaults(sender=..., carrier=...),
                  choose_format=printer_format_chooser(printer))   # rows: drafts + problems
    batch.edit_cell(i, column, text)                          # re-validates that row
    runner = BatchRunner(batch, ShipmentCreator(client, store), queue=queue, printer=printer,
                         on_row=callback)                     # per-row progress
    await runner.run(); runner.cancel(); await runner.retry_failed()
    write_results(batch.rows, "results.csv")                  # export

- `importer`: Table, read_table, layout_fingerprint.
- `mapping`: targets, guess_mapping, MappingBook (remembered per layout), build_draft.
- `rows`: BatchRow, Batch, printer_format_chooser.
- `runner`: BatchRunner, PrintSequencer (labels in file order).
- `export`: write_results.
- `cli`: batch_main (`packdesk batch`).
"""
