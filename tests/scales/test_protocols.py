"""The pure parsers on answers and reports as the scales send them."""

import pytest

from desktop_app.scales.hid import is_scale, parse_report
from desktop_app.scales.readings import ScaleError, ScaleNotReady
from desktop_app.scales.serial_scales import parse_nci_answer, parse_sics_weight

# --- MT-SICS ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "value", "unit", "stable"),
    [
        ("S S      1.250 kg", 1.25, "kg", True),
        ("S D      0.982 kg", 0.982, "kg", False),
        ("S S    125.4 g", 125.4, "g", True),
        ("S S     -0.002 kg", -0.002, "kg", True),
        ("S S      3.15 lb", 3.15, "lb", True),
        ("S S     12.5 oz", 12.5, "oz", True),
    ],
)
def test_sics_weights(line, value, unit, stable):
    reading = parse_sics_weight(line)
    assert (reading.value, reading.unit, reading.stable) == (value, unit, stable)


@pytest.mark.parametrize(
    ("line", "error", "message"),
    [
        ("S I", ScaleNotReady, "no stable weight"),
        ("S +", ScaleNotReady, "overload"),
        ("S -", ScaleNotReady, "underload"),
        ("ES", ScaleError, "syntax error"),
        ("EL", ScaleError, "logical error"),
        ("Z A", ScaleError, "unexpected answer"),
        ("S S   kg", ScaleError, "no weight"),
        ("S S  1.0 stone", ScaleError, "unknown weight unit"),
    ],
)
def test_sics_errors(line, error, message):
    with pytest.raises(error, match=message):
        parse_sics_weight(line)


# --- NCI ---------------------------------------------------------------------------------------


def test_nci_stable_weight():
    reading = parse_nci_answer(b"\n  1.25LB\r\n00\r\x03")
    assert (reading.value, reading.unit, reading.stable) == (1.25, "lb", True)


def test_nci_motion_bit_is_not_stable():
    # status byte 1 = "1" (0x31): bit 0, in motion
    moving = parse_nci_answer(b"\n  0.57KG\r\n10\r\x03")
    assert moving.stable is False and moving.value == 0.57 and moving.unit == "kg"


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"\n^^^^^^^\r\n" + bytes([0x30, 0x32]) + b"\r\x03", "over capacity"),
        (b"\n_______\r\n" + bytes([0x30, 0x31]) + b"\r\x03", "under capacity"),
        (b"\n  1.00LB\r\n" + bytes([0x34, 0x30]) + b"\r\x03", "internal error"),
        (b"\n?\r\x03", "did not understand"),
        (b"\n  1.00LB\r", "incomplete"),
    ],
)
def test_nci_errors(raw, message):
    with pytest.raises(ScaleError, match=message):
        parse_nci_answer(raw)


# --- USB HID POS scales --------------------------------------------------------------------
# Data reports (report id 3: status, unit, exponent, weight LSB, MSB) in the layouts the
# scales send: units and exponents differ by vendor and by the unit shown on the display.


@pytest.mark.parametrize(
    ("vendor", "report", "value", "unit", "stable"),
    [
        # DYMO M10/M25 showing ounces: 0.1 oz steps (exponent -1)
        ("DYMO M10 oz", "03 04 0B FF 31 00", 4.9, "oz", True),
        # DYMO M25 switched to grams: whole grams (exponent 0)
        ("DYMO M25 g", "03 04 02 00 DC 05", 1500.0, "g", True),
        # DYMO with the extra zero byte some hidapi back-ends put first
        ("DYMO prefixed", "00 03 04 0B FF 31 00", 4.9, "oz", True),
        # Mettler Toledo PS60: pounds in 0.01 lb (exponent -2)
        ("Mettler Toledo PS60 lb", "03 04 0C FE 75 00", 1.17, "lb", True),
        # Mettler Toledo PS60 in kg: 0.005 kg steps reported as 0.001 kg (exponent -3)
        ("Mettler Toledo PS60 kg", "03 04 03 FD E2 04", 1.25, "kg", True),
        # Stamps.com Model 510: ounces, exponent -1, 2-byte weight over 25.5 oz
        ("Stamps.com 510", "03 04 0B FF 10 01", 27.2, "oz", True),
        # Fairbanks SCB-R9000 moving (status 3): pounds, exponent -1
        ("Fairbanks moving", "03 03 0C FF 2A 00", 4.2, "lb", False),
        # any scale at zero (status 2): weight reads 0 whatever the bytes say
        ("zero", "03 02 0B FF 00 00", 0.0, "oz", True),
    ],
)
def test_hid_reports(vendor, report, value, unit, stable):
    reading = parse_report(bytes.fromhex(report))
    assert reading is not None, vendor
    assert (reading.value, reading.unit, reading.stable) == (pytest.approx(value), unit, stable)


@pytest.mark.parametrize(
    ("report", "message"),
    [
        ("03 01 0B FF 00 00", "fault"),
        ("03 05 0B FF 0A 00", "below zero"),
        ("03 06 0C FF FF FF", "over capacity"),
        ("03 07 02 00 00 00", "calibrating"),
        ("03 08 02 00 00 00", "re-zeroing"),
    ],
)
def test_hid_states_that_give_no_weight(report, message):
    with pytest.raises(ScaleNotReady, match=message):
        parse_report(bytes.fromhex(report))


def test_hid_other_reports_and_short_reads_are_skipped():
    assert parse_report(bytes.fromhex("05 00 00 00 00 00")) is None
    assert parse_report(b"\x03\x04") is None
    with pytest.raises(ScaleError, match="unknown unit"):
        parse_report(bytes.fromhex("03 04 0F 00 01 00"))


def test_hid_scales_are_found_by_usage_page_or_known_id():
    assert is_scale({"usage_page": 0x8D, "vendor_id": 1, "product_id": 2})
    assert is_scale({"usage_page": 0, "vendor_id": 0x0922, "product_id": 0x8003})
    assert not is_scale({"usage_page": 1, "vendor_id": 0x046D, "product_id": 0xC52B})
