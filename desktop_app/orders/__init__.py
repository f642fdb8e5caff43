"""The orders import engine of every door: a file of orders (or a shop's pulled orders) becomes
orders, the same whichever door it comes through (Batch page, Scan page's watched folder and
inbox, `packdesk batch`, `packdesk orders import/watch`, a shop's sync). Qt-free::

    table = read_table(path)                                  # importer: CSV / XLSX
    orders = orders_of(table, book=MappingBook(), catalogue=catalogue)   # engine
    orders.records, orders.mapping, orders.platform, orders.notes
    drafts = drafts_of(orders); await store_orders(client, drafts)   # service_orders

- `importer`: Table, read_table, layout_fingerprint.
- `targets`: what a column can fill, and the header words that mean each target.
- `cell_values`: numbers, countries, streets, company names, weight units in a cell's text.
- `mapping`: FieldSource, guess_mapping, MappingBook (remembered per layout).
- `platforms`: shop platforms' order exports recognised by their header.
- `records`: OrderRecord / OrderItem / OrderFile, and Receiver for orders given field by field.
- `row_reader`, `shop_ids`: a mapped row's number and items; a shop's internal ids replaced.
- `engine`: orders_of (a file), orders_from_records (a shop's records).
- `shipment_drafts`: build_draft (a shipment's wire draft from an order's cells).
- `service_orders`: orders for the service (OrderDraft, drafts_of, store_orders).
- `products`: product files into the profile's catalogue.
- `watched_folder`: a folder whose order files are imported once each.
- `cli`: `packdesk orders`; `commands`: what the headless commands share.
"""
