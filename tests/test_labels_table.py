import pytest

from desktop_app.domain.labels import LABEL_FORMATS, label_format, mm_to_dots


def test_ten_formats_of_the_spec():
    assert len(LABEL_FORMATS) == 10
    assert {f.kind for f in LABEL_FORMATS.values()} == {"pdf", "zpl"}
    assert all((f.dpi is None) == (f.kind == "pdf") for f in LABEL_FORMATS.values())


@pytest.mark.parametrize(
    ("name", "dpi", "dots"),
    [
        ("zpl2_4x6in_203dpi", 203, (812, 1218)),
        ("zpl2_4x6in_300dpi", 300, (1200, 1800)),
        ("zpl2_4x8in_203dpi", 203, (812, 1624)),
    ],
)
def test_dots(name, dpi, dots):
    assert label_format(name).dots() == dots
    assert label_format(name).dots(dpi) == dots


def test_a6_page_size():
    f = label_format("pdf_a6")
    assert (f.width_mm, f.height_mm) == (105.0, 148.0)
    assert f.size_key == label_format("pdf_a6").size_key
    with pytest.raises(ValueError):
        f.dots()
    assert mm_to_dots(25.4, 300) == 300


def test_unknown_format_names_known_ones():
    with pytest.raises(KeyError, match="pdf_a6"):
        label_format("pdf_letter")
