"""Scan to ship, without Qt: the station's flow (`flow.Station`: order lookup, pack check,
weight, preset, the one action: create, print, mark shipped), its answers (`outcomes`), the
order's facts and own weight (`order_facts`), what it prints (`printout`, `slip`,
`customs_papers`), the pack check (`packing`), the orders inbox (`inbox`) and its sounds."""
