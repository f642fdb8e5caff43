[# Packdesk's Windows installer: pynsist's template (pyapp.nsi) with what Packdesk adds.
   packaging/windows/build_installer.py fills it in and runs makensis (see packaging/README.md).
   Per user by default (MultiUser: the install-mode page, or /AllUsers on the command line).
   An upgrade installs over the earlier version in place; an earlier Packdesk in another folder
   (or one installed by the former Inno Setup script) is uninstalled first, keeping the data.
   The uninstaller removes the program, its Start menu entry, PATH and registry entries; the
   user's data (%LOCALAPPDATA%\Packdesk: profiles, labels, queued print jobs; the keys in the
   Credential Manager) only when asked: its "Also delete my data" box, or /DELETEDATA. #]
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
!include LogicLib.nsh
!include nsDialogs.nsh
; the former Inno Setup script's AppId: its uninstall entry is "{AppId}_is1"
!define INNO_UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\{6E0E8E51-4C0B-4E3C-9A3E-5B9F4C1D2A77}_is1"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${PRODUCT_NAME}"
Var DeleteData
Var DeleteDataBox
[[ super() ]]
!insertmacro MUI_LANGUAGE "German"
LangString DataTitle ${LANG_ENGLISH} "Your data"
LangString DataTitle ${LANG_GERMAN} "Ihre Daten"
LangString DataSubtitle ${LANG_ENGLISH} "Profiles, API keys, labels and queued print jobs"
LangString DataSubtitle ${LANG_GERMAN} "Profile, API-Schlüssel, Etiketten und wartende Druckaufträge"
LangString DataText ${LANG_ENGLISH} "Packdesk keeps your profiles, API keys, labels and queued print jobs (in your AppData\Local\Packdesk folder and the Windows Credential Manager), so that installing it again finds them."
LangString DataText ${LANG_GERMAN} "Packdesk behält Ihre Profile, API-Schlüssel, Etiketten und wartenden Druckaufträge (in Ihrem Ordner AppData\Local\Packdesk und der Windows-Anmeldeinformationsverwaltung), damit eine neue Installation sie wiederfindet."
LangString DataDelete ${LANG_ENGLISH} "&Also delete my data"
LangString DataDelete ${LANG_GERMAN} "&Auch meine Daten löschen"
LangString DataDeleting ${LANG_ENGLISH} "Deleting your Packdesk data (profiles, keys, labels, print queue)..."
LangString DataDeleting ${LANG_GERMAN} "Ihre Packdesk-Daten werden gelöscht (Profile, Schlüssel, Etiketten, Druckwarteschlange)..."
[% endblock modernui %]

[% block ui_pages %]
[[ super() ]]
!insertmacro MUI_UNPAGE_CONFIRM
UninstPage custom un.UserDataPage un.UserDataPageLeave
!insertmacro MUI_UNPAGE_INSTFILES
[% endblock ui_pages %]

[% block sections %]
Section "-PreviousInstall"
  SetRegView [[ib.py_bitness]]
  ; Packdesk installed in another folder in this mode (user or all users): its own uninstaller,
  ; silent, which keeps the user's data; the same folder is upgraded in place below
  ReadRegStr $0 SHCTX "${UNINSTALL_KEY}" "InstallLocation"
  ${If} $0 != ""
  ${AndIf} $0 != $INSTDIR
  ${AndIf} ${FileExists} "$0\uninstall.exe"
    DetailPrint "Removing the earlier Packdesk in $0"
    ExecWait '"$0\uninstall.exe" /S _?=$0'
    Delete "$0\uninstall.exe"
    RMDir "$0"
  ${EndIf}
  ; an install made by the former Inno Setup script (per user, else for all users)
  ReadRegStr $0 HKCU "${INNO_UNINSTALL_KEY}" "UninstallString"
  ${If} $0 == ""
    ReadRegStr $0 HKLM "${INNO_UNINSTALL_KEY}" "UninstallString"
  ${EndIf}
  ${If} $0 != ""
    DetailPrint "Removing the earlier Packdesk (Inno Setup): $0"
    ExecWait '$0 /VERYSILENT /SUPPRESSMSGBOXES /NORESTART'
  ${EndIf}
SectionEnd

Section "-un.UserData"
  ; before the program's files go: the app's own Python finds and removes the data
  ClearErrors
  ${GetParameters} $0
  ${GetOptions} $0 "/DELETEDATA" $1
  ${IfNot} ${Errors}
    StrCpy $DeleteData ${BST_CHECKED}
  ${EndIf}
  ${If} $DeleteData == ${BST_CHECKED}
    DetailPrint "$(DataDeleting)"
    nsExec::ExecToLog '[[ python ]] -Es "$INSTDIR\delete_user_data.py"'
  ${EndIf}
SectionEnd

[[ super() ]]

Function un.UserDataPage
  !insertmacro MUI_HEADER_TEXT "$(DataTitle)" "$(DataSubtitle)"
  nsDialogs::Create 1018
  Pop $0
  ${NSD_CreateLabel} 0 0 100% 48u "$(DataText)"
  Pop $0
  ${NSD_CreateCheckbox} 0 56u 100% 12u "$(DataDelete)"
  Pop $DeleteDataBox
  ${NSD_SetState} $DeleteDataBox $DeleteData
  nsDialogs::Show
FunctionEnd

Function un.UserDataPageLeave
  ${NSD_GetState} $DeleteDataBox $DeleteData
FunctionEnd
[% endblock sections %]

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
