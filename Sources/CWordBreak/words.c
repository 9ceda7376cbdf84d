#include "cshim_words.h"
#include <unicode/ubrk.h>

int32_t lectern_word_boundaries(const uint16_t *text, int32_t length, int32_t *boundaries, int32_t capacity) {
    if (length <= 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_WORD, "", (const UChar *)text, length, &status);
    if (U_FAILURE(status) || it == NULL) return -1;
    int32_t count = 0;
    ubrk_first(it);
    for (int32_t pos = ubrk_next(it); pos != UBRK_DONE; pos = ubrk_next(it)) {
        if (count < capacity) boundaries[count] = pos;
        count++;
    }
    ubrk_close(it);
    return count;
}
