"""The orders import engine of every door: a file of orders (or a shop's pulled orders) becomes
orders, the same whichever door it comes through (Batch page, Scan page's watched folder and
inbox, `packdesk batch`, `packdesk orders import/watch`, a shop's sync). Qt-free::

    table = read_table(path)                                  # importer: CSV / XLSX
    orders = orders_of(table, book=MappingBook(), catalogue=catalogue)   # engine
    orders.records, orders.mapping, orders.platform, orders.notes
    drafts = drafts_of(orders); await store_orders(client, drafts)   # service_orders

- `importer`: Table, read_table, layout_fingerprint.
- `mapping`: targets, guess_mapping, MappingBook (remembered per layout), build_draft.
- `platforms`: shop platforms' order exports recognised by their header.
- `engine`: OrderRecord / OrderItem / OrderFile, orders_of, orders_from_records.
- `products`: product files into the profile's catalogue.
- `service_orders`: orders for the service (OrderDraft, drafts_of, store_orders).
- `watched_folder`: a folder whose order files are imported once each.
- `cli`: `packdesk orders`; `commands`: what the headless commands share.
"""
