"""`packdesk scales` (list, read, zero, tare) and `packdesk virtual-scale`.

Exit codes of `scales read`: 0 a weight was read, 1 no (stable) weight, 2 usage error or a
scale that cannot be used here.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from desktop_app.scales.base import create_scale, read_stable, scale_schemes
from desktop_app.scales.readings import KG_PER_UNIT, Reading, ScaleError, ScaleUnavailable


def _err(message: str) -> None:
    print(f"packdesk: {message}", file=sys.stderr)


def _reading_json(reading: Reading) -> str:
    return json.dumps(
        {"value": reading.value, "unit": reading.unit, "kg": reading.kg, "stable": reading.stable}
    )


def scales_main(argv: Sequence[str]) -> int:
    """Find scales and read them: list, read URI, zero URI, tare URI."""
    parser = argparse.ArgumentParser(prog="packdesk scales", description=scales_main.__doc__)
    sub = parser.add_subparsers(dest="action", required=True)
    sub.add_parser("list", help="serial ports and USB HID scales connected now")
    p_read = sub.add_parser("read", help="read a weight")
    p_read.add_argument("uri", help=f"scale URI ({', '.join(s + ':' for s in scale_schemes())})")
    p_read.add_argument("--any", action="store_true", help="one reading, stable or not")
    p_read.add_argument("--timeout", type=float, default=10.0, help="seconds to wait")
    p_read.add_argument("--count", type=int, default=3, help="equal stable readings needed")
    p_read.add_argument("--tolerance", type=float, default=0.002, help="kg they may differ by")
    p_read.add_argument("--json", action="store_true", help="machine-readable output")
    for action in ("zero", "tare"):
        p = sub.add_parser(action, help=f"{action} the scale")
        p.add_argument("uri")
    args = parser.parse_args(argv)
    if args.action == "list":
        return _list()
    try:
        scale = create_scale(args.uri)
    except ValueError as exc:
        _err(str(exc))
        return 2
    with scale:
        try:
            if args.action == "zero":
                scale.zero()
                print("zeroed")
                return 0
            if args.action == "tare":
                print(f"tare {scale.tare().describe()}")
                return 0
            if args.any:
                reading = scale.read(timeout=args.timeout)
            else:
                reading = read_stable(
                    scale, timeout=args.timeout, count=args.count, tolerance_kg=args.tolerance
                )
        except ScaleUnavailable as exc:
            _err(str(exc))
            return 2
        except (ScaleError, TimeoutError) as exc:
            _err(str(exc))
            return 1
    print(_reading_json(reading) if args.json else reading.describe())
    return 0


def _list() -> int:
    from desktop_app.scales.discovery import find_scales

    found, notes = find_scales()
    for note in notes:
        _err(note)
    for scale in found:
        extra = f"  (or nci:{scale.uri.split(':', 1)[1]})" if scale.kind == "serial" else ""
        print(f"{scale.uri:<29} {scale.description}{extra}")
    if not found:
        print("no serial ports or USB scales found")
    return 0


# --- virtual-scale ------------------------------------------------------------------------------


def virtual_scale_main(argv: Sequence[str]) -> int:
    """Run an MT-SICS (or NCI) scale on a pseudo-terminal until interrupted."""
    from desktop_app.control_file import ControlFile
    from desktop_app.scales.virtual_scale import VirtualScale

    parser = argparse.ArgumentParser(
        prog="packdesk virtual-scale",
        description="A scale on a pseudo-terminal; open the printed URI (or --link) to read it.",
    )
    parser.add_argument("--weight", type=float, default=0.0, help="load on the pan, in --unit")
    parser.add_argument("--unit", choices=sorted(KG_PER_UNIT), default="kg")
    parser.add_argument("--moving", action="store_true", help="start with an unsettled weight")
    parser.add_argument("--protocol", choices=("sics", "nci"), default="sics")
    parser.add_argument("--capacity", type=float, default=30.0, help="kg; above: overload")
    parser.add_argument("--link", type=Path, help="a symlink kept pointing at the terminal")
    parser.add_argument(
        "--control",
        type=Path,
        metavar="FILE",
        help='JSON re-read when it changes: {"weight": 1.2, "unit": "kg", "stable": false,'
        ' "plugged": false}',
    )
    args = parser.parse_args(argv)
    scale = VirtualScale(
        load_kg=args.weight * KG_PER_UNIT[args.unit],
        unit=args.unit,
        stable=not args.moving,
        protocol=args.protocol,
        capacity_kg=args.capacity,
        link=args.link,
    )
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    scale.start()
    control = ControlFile(args.control) if args.control else None
    print(
        f"virtual scale {scale.uri} ({args.protocol}, {args.weight:g} {args.unit})"
        + (f"; control file {args.control}" if args.control else "")
        + "; Ctrl+C stops",
        flush=True,
    )
    try:
        while not stop.wait(0.2):
            settings = control.changes() if control else None
            if settings is None:
                continue
            with contextlib.suppress(ValueError):
                scale.apply_control(settings)
            plugged = scale.uri if scale.plugged else "unplugged"
            print(
                f"control: load {scale.load_kg:g} kg, unit {scale.unit},"
                f" {'stable' if scale.stable else 'moving'}, {plugged}",
                flush=True,
            )
    finally:
        scale.stop()
    return 0
