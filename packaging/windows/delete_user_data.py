"""Delete the Windows user's Packdesk data: what the uninstaller runs before it removes the
program when asked to (its "Also delete my data" box, or `uninstall.exe /S /DELETEDATA`).

Installed beside `pkgs\\` and run by the installed Python (`python.exe -Es`). It removes
the folders the app writes (platformdirs' user config, data and cache folders of Packdesk:
profiles, per-profile stores and labels, the print queues, the Local sandbox service's data, a
file-kept key) and the API keys and shop credentials the app kept in the Windows Credential
Manager (keyring's Windows backend: target `Packdesk`, or `<name>@Packdesk` for the second and
later entries of the service). Prints what it removed; exit code 1 when something stayed.
"""

from __future__ import annotations

import shutil
import site
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
site.addsitedir(str(HERE / "pkgs"))  # as the launchers do: pywin32's .pth puts its DLLs on the path

import platformdirs  # noqa: E402

from desktop_app.paths import APP_NAME  # noqa: E402
from desktop_app.profiles.secrets import SERVICE_NAME  # noqa: E402


def data_folders() -> list[Path]:
    """The app's folders of this user (each a Packdesk folder; its Packdesk parent, the
    platformdirs "author" folder, with it)."""
    found: set[Path] = set()
    for where in (
        platformdirs.user_config_dir,
        platformdirs.user_data_dir,
        platformdirs.user_cache_dir,
        platformdirs.user_log_dir,
    ):
        folder = Path(where(APP_NAME))
        while folder.parent.name == APP_NAME:
            folder = folder.parent
        found.add(folder)
    return sorted(found)


def is_ours(target: str) -> bool:
    return target == SERVICE_NAME or target.endswith(f"@{SERVICE_NAME}")


def delete_credentials() -> list[str]:
    """The Credential Manager's entries of Packdesk, deleted; their target names."""
    import win32cred

    deleted = []
    for credential in win32cred.CredEnumerate(None, 0) or ():
        target = credential["TargetName"]
        if is_ours(target):
            win32cred.CredDelete(target, credential["Type"], 0)
            deleted.append(target)
    return deleted


def main() -> int:
    left: list[str] = []
    for folder in data_folders():
        if HERE.is_relative_to(folder):  # the program was installed into it: never delete that
            left.append(f"{folder} (Packdesk is installed in it)")
        elif folder.exists():
            shutil.rmtree(folder, ignore_errors=True)
            if folder.exists():
                left.append(str(folder))
            else:
                sys.stdout.write(f"deleted {folder}\n")
    try:
        for target in delete_credentials():
            sys.stdout.write(f"deleted the key {target} from the Credential Manager\n")
    except Exception as exc:  # noqa: BLE001 - the folders are gone; say what stayed
        left.append(f"the Credential Manager's keys ({exc})")
    for what in left:
        sys.stderr.write(f"could not delete {what}\n")
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
