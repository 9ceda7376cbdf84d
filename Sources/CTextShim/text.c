#include "cshim_text.h"
#include <ft2build.h>
#include FT_FREETYPE_H
#include <unicode/ubrk.h>

int32_t lectern_ft_load_target_light(void) { return FT_LOAD_TARGET_LIGHT; }
int32_t lectern_ft_load_target_normal(void) { return FT_LOAD_TARGET_NORMAL; }

int32_t lectern_line_breaks(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity) {
    if (length <= 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, "", (const UChar *)text, length, &status);
    if (U_FAILURE(status) || it == NULL) return -1;
    int32_t count = 0;
    ubrk_first(it);
    for (int32_t pos = ubrk_next(it); pos != UBRK_DONE; pos = ubrk_next(it)) {
        if (count < capacity) breaks[count] = pos;
        count++;
    }
    ubrk_close(it);
    return count;
}
