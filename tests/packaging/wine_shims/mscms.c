/* Test-only shim for Wine 8 (never shipped): the four colour-management calls of Qt's windows
   platform plugin (qwindows.dll), answering "no colour profile" as Windows does for a display
   without one. */
#include <windows.h>

HANDLE WINAPI OpenColorProfileW(PVOID profile, DWORD access, DWORD share, DWORD creation) { (void)profile; (void)access; (void)share; (void)creation; SetLastError(ERROR_FILE_NOT_FOUND); return NULL; }
BOOL WINAPI CloseColorProfile(HANDLE profile) { (void)profile; return TRUE; }
BOOL WINAPI GetColorProfileFromHandle(HANDLE profile, PBYTE buffer, PDWORD size) { (void)profile; (void)buffer; if (size) *size = 0; SetLastError(ERROR_INVALID_PARAMETER); return FALSE; }
HANDLE WINAPI WcsCreateIccProfile(HANDLE profile, DWORD options) { (void)profile; (void)options; SetLastError(ERROR_NOT_SUPPORTED); return NULL; }
