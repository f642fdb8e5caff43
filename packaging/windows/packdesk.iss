; Inno Setup 6 script of the Windows installer. Needs a Windows build machine (not built here):
;   1. pip install -e .[package]   (in a Windows venv, Python 3.11+)
;   2. pyinstaller --noconfirm packaging\packdesk.spec      -> dist\packdesk\ (packdesk.exe, packdesk-gui.exe)
;   3. iscc /DAppVersion=0.1.0 packaging\windows\packdesk.iss -> dist\packdesk-0.1.0-setup.exe
; The start-menu entry opens packdesk-gui.exe (windowed: no console window); packdesk.exe is the
; console command for the sub-commands and is what the app starts its local service with.

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#define Root "..\.."

[Setup]
AppId={{6E0E8E51-4C0B-4E3C-9A3E-5B9F4C1D2A77}
AppName=Packdesk
AppVersion={#AppVersion}
AppPublisher=Packdesk
DefaultDirName={autopf}\Packdesk
DefaultGroupName=Packdesk
DisableProgramGroupPage=yes
; per-user install without admin rights unless the user chooses all users
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#Root}\dist
OutputBaseFilename=packdesk-{#AppVersion}-setup
SetupIconFile={#Root}\resources\icons\packdesk.ico
UninstallDisplayIcon={app}\packdesk-gui.exe
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#Root}\dist\packdesk\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\Packdesk"; Filename: "{app}\packdesk-gui.exe"; IconFilename: "{app}\_internal\resources\icons\packdesk.ico"
Name: "{autodesktop}\Packdesk"; Filename: "{app}\packdesk-gui.exe"; IconFilename: "{app}\_internal\resources\icons\packdesk.ico"; Tasks: desktopicon

[Run]
Filename: "{app}\packdesk-gui.exe"; Description: "{cm:LaunchProgram,Packdesk}"; Flags: nowait postinstall skipifsilent
