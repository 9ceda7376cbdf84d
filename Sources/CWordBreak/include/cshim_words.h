// Search's part of the C shim: ICU's word-break iterator, whose versioned names and
// headers Swift cannot import (ICU's headers clash with Foundation's own ICU).
#ifndef LECTERN_CSHIM_WORDS_H
#define LECTERN_CSHIM_WORDS_H

#include <stdint.h>

/// Word boundaries (UAX #29 with ICU's dictionaries for Chinese, Japanese, Thai, Lao,
/// Khmer and Burmese) in UTF-16 `text`, root locale. Writes the boundary offsets
/// (excluding 0, including `length`) into `boundaries` and returns how many there are;
/// -1 when ICU fails. Only the first `capacity` are written; the return value is the
/// full count.
int32_t lectern_word_boundaries(const uint16_t *text, int32_t length, int32_t *boundaries, int32_t capacity);

#endif
