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
In detail (the map is docs/ARCHITECTURE.md):

Qt-free orders import engine: importer.py (CSV/XLSX), targets.py (mapping targets, header
words), cell_values.py (numbers, countries, streets, weight units), mapping.py (column mapping,
remembered per layout), shipment_drafts.py (build_draft), records.py (OrderRecord, OrderItem,
OrderFile, Receiver), row_reader.py, shop_ids.py, service_orders.py (orders for the service's
/v1/orders), watched_folder.py, cli.py (`packdesk orders`), commands.py (what the headless
commands share). engine.py is the one import engine of every door (Batch page, watched folder,
Scan page's inbox, `packdesk batch`, `packdesk orders import/watch`); its line items' HS code,
origin, customs value and contents type (file, else product catalogue) fill a customs
declaration where the destination needs one; platforms.py recognises shop exports by header
(Shopify, two WooCommerce plugins, Shopware 6, Amazon, eBay, eBay.de, Etsy x2, Kaufland), rows
grouped into orders (OrderRecord: platform-neutral cells + items; a shop connector makes the
same records field by field with OrderRecord.of_receiver, never export columns), units, street /
name / country parsing; a CSV's rows are read from the file as they are grouped
(importer.CsvRows: never held, one checking pass first); a shop's internal ids (Shopware's
default orders export names the country and the products by id) are replaced from what the
profile learned once per shop (OrderFile.unknown_ids: asked once per file on the Batch page or
with `packdesk batch --shop-id`, or answered by the profile's Shopware connection); rows.Batch
keeps each order's problems, not its draft (built again from the cells when sent or shown), so a
20 MB export stays near 7x its size (bench/import_20mb.py); Etsy's sold orders take their items
from the sold order items file beside them; products.py reads product files into the catalogue
(Shopify, WooCommerce, Shopware 6 with its product ids, Amazon inventory file, any table; what a
file leaves out keeps the catalogue's value); every order's weight is decided by
domain/weights.py from the best source (a typed or weighed weight, the catalogue's item weights
x quantity + the box, the file's item weights - a weight column beside a quantity is one item's
(mapping target `item.weight`) unless its header says total (`package.weight`: the line's, lines
adding up) - + the box, the default) and kept on the row with its source (BatchRow.weight); a
missing one is one "No weight" problem (rows.Batch: no carrier or customs net weight problems of
the same cause); weighing.py weighs the orders without one on the scale in file order (the next
waits for an emptied scale)
"""
