"""The packing figures' CSV columns: one list for `packdesk serve report --csv` and the desk's
Packing figures page, so a file from either reads the same."""

PACKING_CSV_COLUMNS = (
    "period",
    "person",
    "station",
    "parcels",
    "orders",
    "hours",
    "parcels_per_hour",
    "orders_per_hour",
    "pack_check_mismatches",
    "median_scan_to_label_s",
)
