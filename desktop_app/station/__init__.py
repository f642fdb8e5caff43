"""Scan to ship, without Qt: order lookup, pack check, weight, the station's one action
(create, print label and packing slip, mark shipped) and the packing slip itself."""
