"""Run by the installed Python under Wine: the app's Windows-only code paths, through the app's
own modules. Prints JSON.

- winsound: the Scan page's `SoundPlayer.play` (winsound.PlaySound of the WAV, asynchronous);
- keyring's Windows backend (WinVaultKeyring: the Credential Manager) as the app's secret store
  picks it: a key saved, read and deleted;
- the Windows printer transport (`win32:NAME`) made by the transports' registry, and the
  python-escpos device class it imports (pywin32's win32print).

    python.exe windows_only_paths.py <the install's pkgs folder>
"""

from __future__ import annotations

import json
import site
import sys
import tempfile
from pathlib import Path

site.addsitedir(sys.argv[1])

import keyring  # noqa: E402

from desktop_app.printing.printers import PrinterDefinition  # noqa: E402
from desktop_app.printing.transports import create_transport  # noqa: E402
from desktop_app.profiles.secrets import choose_secret_store  # noqa: E402
from desktop_app.station.sounds import SoundPlayer  # noqa: E402

backend = keyring.get_keyring()
store = choose_secret_store(Path(tempfile.mkdtemp()))
store.set("windows-only-paths", "pk_test_windows")
saved = store.get("windows-only-paths")
store.delete("windows-only-paths")
transport = create_transport(PrinterDefinition("Windows", "zpl", "win32:Packdesk test"))
result = {
    "keyring_backend": f"{type(backend).__module__}.{type(backend).__name__}",
    "secret_store": type(store.inner).__name__,
    "secret_round_trip": [saved, store.get("windows-only-paths")],
    "sound_played": SoundPlayer().play("success"),
    "transport": transport.describe(),
    "escpos_device": transport._device_class().__name__,  # type: ignore[attr-defined]
}
sys.stdout.write(json.dumps(result) + "\n")
