"""Printers and transports, label format choice, PDF->ZPL, the print queue. Qt-free but `qt_print`.

Entry points: `printers.PrinterBook` / `PrinterDefinition` (printers.json), `formats.choose_format`
(which label format to request), `queue.PrintQueue` (enqueue, cancel, retry, redirect, listeners),
`payload.prepare_payload` (what a printer receives), `preview.render_zpl_preview`,
`discovery` (CUPS queues, port scan, test label), `virtual_printer.VirtualPrinter` (listening
through `listener.Listener`, which closes a connection it accepted as it stops).
In detail (the map is docs/ARCHITECTURE.md):

printers, label format choice, PDF->ZPL, printer health (~HS/~HI/^HH: jobs held while a printer
cannot print); transports/: base.py (a Transport sends a job and describes itself: scheme, name,
example address, URI options), one module per transport (tcp, cups, usb, serial, win32, file;
the Qt ones in qt_print.py) and the registry in __init__.py that Settings › Printers reads its
connection types from (a new transport: its module and one register line); queue/: the print
queue (jobs.py, table.py: print_jobs and its versioned migrations, converter.py: the PDF->ZPL
worker process, worker.py: PrintQueue; in the app its workers run on a thread with their own
event loop, so a label reaches the printer whether the window is busy, frozen or closing;
listeners are called on the loop they were added from); ports.py: one user of a printer's port
at a time in the process (every job sent and every status query, Settings' Check status too)
"""
