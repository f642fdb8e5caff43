[# Packdesk's Windows installer: pynsist's template (pyapp.nsi) with what Packdesk adds.
   packaging/windows/build_installer.py fills it in and runs makensis (see packaging/README.md).
   Per user by default (MultiUser: the install-mode page, or /AllUsers on the command line);
   an upgrade installs over the earlier version in place; the uninstaller removes the program,
   its Start menu entry, PATH and registry entries, never the user's data (%APPDATA%\Packdesk,
   %LOCALAPPDATA%\Packdesk: profiles, keys, labels, queued print jobs). #]
[% extends "pyapp.nsi" %]

[% block modernui %]
; file version and product info of setup.exe (Explorer's Details tab)
VIProductVersion "[[ ib.version ]].0"
VIAddVersionKey /LANG=1033 "ProductName" "Packdesk"
VIAddVersionKey /LANG=1033 "ProductVersion" "[[ ib.version ]]"
VIAddVersionKey /LANG=1033 "FileVersion" "[[ ib.version ]]"
VIAddVersionKey /LANG=1033 "FileDescription" "Packdesk [[ ib.version ]] setup"
VIAddVersionKey /LANG=1033 "CompanyName" "Packdesk"
VIAddVersionKey /LANG=1033 "LegalCopyright" "Packdesk"
[[ super() ]]
[% endblock modernui %]

[% block install_pkgs %]
  ; an upgrade replaces the earlier version's packages and launchers (no stale module of an
  ; older release is left beside the new one); the user's data lives elsewhere
  RMDir /r "$INSTDIR\pkgs"
  RMDir /r "$INSTDIR\bin"
  [[ super() ]]
[% endblock install_pkgs %]

[% block uninstall_files %]
  [[ super() ]]
  ; Python's byte-code caches, written by compileall at install time
  RMDir /r "$INSTDIR\Python"
[% endblock uninstall_files %]
