/* Test-only shim for Wine 8 (never shipped): Windows 10's icuuc.dll, which Qt 6 Core links for
   the legacy text codecs of QStringConverter. Packdesk uses UTF-8 and UTF-16 only (Qt's own
   code), so every ICU converter reports itself as unavailable. */
#include <stddef.h>
#include <stdint.h>

typedef int UErrorCode;
#define U_FILE_ACCESS_ERROR 4
typedef void (*UConverterCallback)(void);

void *ucnv_open(const char *name, UErrorCode *err) { if (err) *err = U_FILE_ACCESS_ERROR; return NULL; }
void ucnv_close(void *converter) { (void)converter; }
void UCNV_FROM_U_CALLBACK_SUBSTITUTE(void) {}
void UCNV_TO_U_CALLBACK_SUBSTITUTE(void) {}
void ucnv_reset(void *converter) { (void)converter; }
int8_t ucnv_getMaxCharSize(const void *converter) { (void)converter; return 4; }
const char *ucnv_getName(const void *converter, UErrorCode *err) { (void)converter; if (err) *err = U_FILE_ACCESS_ERROR; return ""; }
void ucnv_getToUCallBack(const void *c, UConverterCallback *action, const void **context) { (void)c; if (action) *action = NULL; if (context) *context = NULL; }
void ucnv_getFromUCallBack(const void *c, UConverterCallback *action, const void **context) { (void)c; if (action) *action = NULL; if (context) *context = NULL; }
void ucnv_setToUCallBack(void *c, UConverterCallback n, const void *nc, UConverterCallback *o, const void **oc, UErrorCode *err) { (void)c; (void)n; (void)nc; (void)o; (void)oc; if (err) *err = U_FILE_ACCESS_ERROR; }
void ucnv_setFromUCallBack(void *c, UConverterCallback n, const void *nc, UConverterCallback *o, const void **oc, UErrorCode *err) { (void)c; (void)n; (void)nc; (void)o; (void)oc; if (err) *err = U_FILE_ACCESS_ERROR; }
void ucnv_cbToUWriteUChars(void *args, const uint16_t *source, int32_t length, int32_t offset, UErrorCode *err) { (void)args; (void)source; (void)length; (void)offset; if (err) *err = U_FILE_ACCESS_ERROR; }
void ucnv_cbFromUWriteUChars(void *args, const uint16_t **source, const uint16_t *limit, int32_t offset, UErrorCode *err) { (void)args; (void)source; (void)limit; (void)offset; if (err) *err = U_FILE_ACCESS_ERROR; }
void ucnv_toUnicode(void *c, uint16_t **t, const uint16_t *tl, const char **s, const char *sl, int32_t *o, int8_t f, UErrorCode *err) { (void)c; (void)t; (void)tl; (void)s; (void)sl; (void)o; (void)f; if (err) *err = U_FILE_ACCESS_ERROR; }
void ucnv_fromUnicode(void *c, char **t, const char *tl, const uint16_t **s, const uint16_t *sl, int32_t *o, int8_t f, UErrorCode *err) { (void)c; (void)t; (void)tl; (void)s; (void)sl; (void)o; (void)f; if (err) *err = U_FILE_ACCESS_ERROR; }
int32_t ucnv_toUCountPending(const void *c, UErrorCode *err) { (void)c; (void)err; return 0; }
int32_t ucnv_fromUCountPending(const void *c, UErrorCode *err) { (void)c; (void)err; return 0; }
const char *ucnv_getStandardName(const char *name, const char *standard, UErrorCode *err) { (void)name; (void)standard; (void)err; return NULL; }
const char *ucnv_getAvailableName(int32_t n) { (void)n; return NULL; }
int32_t ucnv_countAvailable(void) { return 0; }
