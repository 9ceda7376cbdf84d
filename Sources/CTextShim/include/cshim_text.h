// Typeset's part of the C shim: FreeType load-target macros and ICU's versioned
// line-break functions, which Swift cannot import directly.
#ifndef LECTERN_CSHIM_TEXT_H
#define LECTERN_CSHIM_TEXT_H

#include <stdint.h>

/// FT_LOAD_TARGET_LIGHT (light hinting: vertical only, keeps glyph shapes).
int32_t lectern_ft_load_target_light(void);
/// FT_LOAD_TARGET_NORMAL.
int32_t lectern_ft_load_target_normal(void);

/// UAX #14 line-break opportunities in UTF-16 `text` (ICU's line break iterator,
/// root locale, which keeps kinsoku: no break before 。，、」 and the like).
/// Writes the offsets at which a new line may start (excluding 0, including `length`)
/// into `breaks` and returns how many there are; -1 when ICU fails. Only the first
/// `capacity` offsets are written; the return value is the full count.
int32_t lectern_line_breaks(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity);

#endif
