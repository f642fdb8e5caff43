"""Scales: USB HID point-of-sale scales, serial MT-SICS and NCI scales, and a virtual scale.

Qt-free: the GUI polls a `ScaleMonitor`; `packdesk scales` and `packdesk virtual-scale` use
the same classes from the command line.
In detail (the map is docs/ARCHITECTURE.md):

scales behind one interface and a scheme registry: MT-SICS and NCI serial (pyserial), USB HID
POS (hidapi, lazy), virtual MT-SICS scale on a pty; stable-weight detection, kg conversion, a
monitor with max age whose state changes only with the scale's (a lost answer while the reading
is fresh is asked again); hub.py: ScaleHub, one monitor (one open port) per device for the
process, leased by every page
"""
