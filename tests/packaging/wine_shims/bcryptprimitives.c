/* Test-only shim for Wine 8 (never shipped): ProcessPrng, which Windows 10's bcryptprimitives.dll
   exports and Rust's standard library (cryptography, pydantic-core, zplkit) calls for random
   bytes. Backed by RtlGenRandom (advapi32's SystemFunction036), as on Windows. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
