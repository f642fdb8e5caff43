"""Scales: USB HID point-of-sale scales, serial MT-SICS and NCI scales, and a virtual scale.

Qt-free: the GUI polls a `ScaleMonitor`; `packdesk scales` and `packdesk virtual-scale` use
the same classes from the command line.
"""
