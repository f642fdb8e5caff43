"""Scan to ship, without Qt: the station's flow (`flow.Station`: order lookup, pack check,
weight, preset, the one action: create, print, mark shipped), its answers (`outcomes`), the
order's facts and own weight (`order_facts`), what it prints (`printout`, `slip`,
`customs_papers`), the pack check (`packing`), the orders inbox (`inbox`) and its sounds.

In detail (the map is docs/ARCHITECTURE.md):

Qt-free scan to ship: outcomes.py (ScanOutcome), order_facts.py (an order's value, units, own
weight, GTINs and parcel from the catalogue), printout.py (label + slip to the queue, customs
papers), flow.py (Station: scan -> order by number or GTIN, pack check, weight scale > typed >
catalogue x quantity + box > the order's own + box (domain/weights.py; `weight_source()` says
which; no default weight at the desk), preset, one action: journaled creation with reference =
order number and the order's identity, label + slip to the queue, customs papers to the A4
printer, order linked), customs_papers.py (the one decision for the Scan page and the form's
Create and print: the carrier's papers (CN 23 copies, CN 22, invoice) to the profile's A4
printer, else a label printer printing PDF pages, else saved as a PDF beside the label and said
where), customs.py (an order's declaration: its lines, the product catalogue's HS code, origin,
value and weight where the order lacks them, the seller's number for the destination zone from
the profile, UPS's contents description abroad), inbox.py (orders of /v1/orders cached in the
profile store, refreshed at most every 30 s), packing.py, slip.py (packing slip: ZPL at the
printer's dpi, PDF A4/A5, pypdf merge), sounds.py (the signal WAVs played by winsound / afplay /
pw-play, paplay, aplay; a thread reaps each player, the caller never waits)
"""
