import pytest

from desktop_app.printing.payload import PayloadRefused, prepare_payload
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.zpl import apply_settings, clean_zpl, infer_dpi, tokenize

from .label_factory import pdf_label, zpl_label


def test_setup_changing_commands_are_removed():
    carrier = (
        b"~JR\n^XA^JUS^LH10,10^FO50,50^A0N,30,30^FDHello^FS^JUF^XZ\n"
        b'! U1 setvar "device.languages" "zpl"\r\n'
        b"^XA^NS,c,1^KPsecret^FO1,1^FDok^FS^XZ\n"
    )
    result = clean_zpl(carrier)
    assert b"^JU" not in result.data and b"~JR" not in result.data
    assert b"^NS" not in result.data and b"^KP" not in result.data
    assert b"setvar" not in result.data
    assert b"^FO50,50^A0N,30,30^FDHello^FS" in result.data
    assert b"^FDok^FS" in result.data
    assert result.removed[:3] == ["~JR", "^JUS", "^JUF"]
    assert any("setvar" in r for r in result.removed)


def test_clean_label_is_unchanged():
    label = zpl_label()
    assert clean_zpl(label).data == label
    assert clean_zpl(label).removed == []


def test_binary_graphic_data_is_not_parsed_as_commands():
    payload = b"\x00^JUS\xff~JR"
    label = b"^XA^FO0,0^GFB,%d,%d,1," % (len(payload), len(payload)) + payload + b"^FS^JUS^XZ"
    result = clean_zpl(label)
    assert payload in result.data
    assert result.removed == ["^JUS"]


def test_changed_prefix_is_followed():
    label = b"^XA^CC+\n+FO10,10+FDx+FS+JUS+XZ"
    commands = [c.name for c in tokenize(label)]
    assert commands == ["XA", "CC", "FO", "FD", "FS", "JU", "XZ"]
    assert b"+JUS" not in clean_zpl(label).data


def test_darkness_and_offsets_are_applied_to_every_label():
    data = b"^XA^FO10,10^FDa^FS^XZ^XA^LH5,7^LT10^FO1,1^FDb^FS^XZ"
    out = apply_settings(data, darkness=25, label_home=(20, 30), label_top=-15)
    assert out.startswith(b"~SD25\n")
    assert out.count(b"^XA^LH20,30^LT-15") == 2
    # the carrier's own label home is shifted, not overridden
    assert b"^LH25,37" in out and b"^LT-5" in out
    assert apply_settings(data) == data
    with pytest.raises(ValueError):
        apply_settings(data, darkness=31)


@pytest.mark.parametrize(
    ("label", "stock", "dpi"),
    [
        (b"^XA^PW812^XZ", (101.6, 152.4), 203),
        (b"^XA^PW1200^XZ", (101.6, 152.4), 300),
        (b"^XA^PW799^XZ", (100.0, 70.0), 203),
        (b"^XA^PW823^XZ", None, 203),
        (b"^XA^FO1,1^XZ", (101.6, 152.4), None),
        (b"^XA^PW500^XZ", (101.6, 152.4), None),
    ],
)
def test_dpi_inferred_from_print_width(label, stock, dpi):
    assert infer_dpi(label, stock) == dpi


def zebra(dpi: int, **kw) -> PrinterDefinition:
    return PrinterDefinition("z", "zpl", "tcp://127.0.0.1:9100", dpi, "4x6in", **kw)


def test_zpl_for_the_other_dpi_is_refused():
    with pytest.raises(PayloadRefused, match="made for 203 dpi.*prints at 300 dpi"):
        prepare_payload(zebra(300), zpl_label(dpi=203))
    with pytest.raises(PayloadRefused, match="made for 300 dpi"):
        prepare_payload(zebra(203), zpl_label(dpi=300), source_format="zpl2_4x6in_300dpi")
    with pytest.raises(PayloadRefused, match="made for 203 dpi"):
        # the format name wins over a missing ^PW
        prepare_payload(zebra(300), b"^XA^FDx^FS^XZ", source_format="zpl2_4x6in_203dpi")


def test_payload_for_zpl_printer():
    payload = prepare_payload(zebra(203, darkness=20), b"^XA^PW812^JUS^FDx^FS^XZ")
    assert payload.kind == "zpl" and not payload.converted
    assert payload.data == b"~SD20\n^XA^PW812^FDx^FS^XZ"
    assert any("^JUS" in n for n in payload.notes)


def test_pdf_is_converted_for_zpl_printer_and_kept_for_pdf_printer():
    pdf = pdf_label()
    payload = prepare_payload(zebra(300), pdf)
    assert payload.converted and payload.kind == "zpl" and b"^PW1200" in payload.data
    office = PrinterDefinition("o", "pdf", "qt:Office", 300, paper="A4")
    assert prepare_payload(office, pdf).data == pdf
    with pytest.raises(PayloadRefused, match="prints PDF"):
        prepare_payload(office, zpl_label())
    with pytest.raises(PayloadRefused, match="neither a PDF nor ZPL"):
        prepare_payload(office, b"hello")


def test_commands_are_matched_in_any_case_and_binary_downloads_are_skipped():
    payload = b"^XA~JR\x00"
    label = (
        b"~DYR:LOGO,B,P,%d,0," % len(payload) + payload + b"^xa^jus^fo10,10^xgR:LOGO.PNG,1,1^fs^xz"
    )
    result = clean_zpl(label)
    assert result.removed == ["^jus"]
    assert payload in result.data and b"^xgR:LOGO.PNG" in result.data
    assert apply_settings(b"^xa^fdx^fs^xz", label_home=(4, 2)) == b"^xa^LH4,2^fdx^fs^xz"
