"""Screenshots at a real desk: `python -m tools.screenshots.desk docs/screenshots/desk`.

Xvfb at 1024x600 with openbox, the installed `packdesk` on a fresh profile, in English and
German: every page, every Settings tab and every dialog (a label made first) as the screen
shows them (window frame included), written as `<language>/<view>.png`. The same walk as the
real-window test (tests/desk), so what is shot is what is checked.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tests.desk.real_window import Display, desk_app, make_label, missing_tools, problems_in, walk

LANGUAGES = ("en", "de")


def shoot(out: Path, languages: Sequence[str] = LANGUAGES) -> list[Path]:
    """Every view in each language under `out`; the files written."""
    written: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="packdesk-desk-shots-") as tmp:
        display = Display(Path(tmp))
        try:
            for language in languages:
                folder = out / language
                folder.mkdir(parents=True, exist_ok=True)
                with desk_app(display, Path(tmp) / language, language) as app:
                    app.ready()
                    make_label(app)  # a History row, the dialogs about a label

                    def seen(view: str, state: dict[str, Any], folder: Path = folder) -> None:
                        path = folder / f"{view}.png"
                        app.ask("shot", path=str(path))
                        written.append(path)
                        for problem in problems_in(state):
                            sys.stderr.write(f"{path.name}: {problem}\n")

                    walk(app, seen)
        finally:
            display.close()
    return written


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if missing := missing_tools():
        sys.stderr.write(f"missing X tools: {', '.join(missing)} (make install)\n")
        return 1
    for path in shoot(Path(args[0] if args else "docs/screenshots/desk")):
        sys.stdout.write(f"{path}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
