"""Printers and transports, label format choice, PDF->ZPL, the print queue. Qt-free but `qt_print`.

Entry points: `printers.PrinterBook` / `PrinterDefinition` (printers.json), `formats.choose_format`
(which label format to request), `queue.PrintQueue` (enqueue, cancel, retry, redirect, listeners),
`payload.prepare_payload` (what a printer receives), `preview.render_zpl_preview`,
`discovery` (CUPS queues, port scan, test label), `virtual_printer.VirtualPrinter`.
"""
