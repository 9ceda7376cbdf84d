#include "cshim_text.h"
#include <unicode/uldnames.h>
#include <unicode/uloc.h>

int32_t lectern_language_endonym(const char *tag, uint16_t *out, int32_t capacity) {
    if (tag == NULL || out == NULL || capacity <= 0) return -1;
    char locale[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    uloc_forLanguageTag(tag, locale, (int32_t)sizeof locale, &parsed, &status);
    if (U_FAILURE(status) || parsed <= 0 || locale[0] == '\0') return -1;
    // The language named in itself, capitalised as that language starts a menu item
    // ("Français", but "עברית" stays as it is); no substitute: an unknown language fails.
    UDisplayContext contexts[] = {UDISPCTX_CAPITALIZATION_FOR_UI_LIST_OR_MENU, UDISPCTX_NO_SUBSTITUTE};
    ULocaleDisplayNames *names = uldn_openForContext(locale, contexts, 2, &status);
    if (U_FAILURE(status) || names == NULL) return -1;
    int32_t length = uldn_localeDisplayName(names, locale, (UChar *)out, capacity, &status);
    uldn_close(names);
    if (U_FAILURE(status) || length <= 0) return -1;
    return length;
}

int32_t lectern_language_script(const char *tag, char *out, int32_t capacity) {
    if (tag == NULL || out == NULL || capacity <= 0) return -1;
    char locale[ULOC_FULLNAME_CAPACITY], likely[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    uloc_forLanguageTag(tag, locale, (int32_t)sizeof locale, &parsed, &status);
    if (U_FAILURE(status) || parsed <= 0 || locale[0] == '\0') return -1;
    uloc_addLikelySubtags(locale, likely, (int32_t)sizeof likely, &status);
    if (U_FAILURE(status)) return -1;
    int32_t length = uloc_getScript(likely, out, capacity, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || length <= 0) return -1;
    return length;
}
