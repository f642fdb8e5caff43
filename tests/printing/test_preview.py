import subprocess
import sys

import pytest

from desktop_app.printing.preview import NOT_AVAILABLE, preview_available, render_zpl_preview

from .label_factory import zpl_label


@pytest.mark.skipif(not preview_available(), reason="zplkit (preview extra) not installed")
def test_preview_renders_png_at_the_label_dpi():
    result = render_zpl_preview(b"~SD20\n" + zpl_label(dpi=300), dpi=300)
    assert result.available and len(result.pngs) == 1
    assert result.pngs[0].startswith(b"\x89PNG")
    assert "ignored for the preview: ~SD" in result.warnings


def test_without_zplkit_the_caller_gets_not_available():
    # a fresh interpreter where importing zplkit fails, as when the extra is not installed
    code = (
        "import sys; sys.modules['zplkit'] = None\n"
        "import importlib.util; importlib.util.find_spec = lambda name, *a: None\n"
        "from desktop_app.printing.preview import render_zpl_preview, preview_available\n"
        "r = render_zpl_preview(b'^XA^XZ')\n"
        "print(preview_available(), r.available, r.message)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"False False {NOT_AVAILABLE}"


def test_unrenderable_zpl_is_a_message_not_an_exception():
    result = render_zpl_preview(b"not zpl at all")
    assert not result.available and result.message
