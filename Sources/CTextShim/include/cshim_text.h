// Typeset's part of the C shim: FreeType load-target macros and ICU's versioned
// line-break and bidi functions, which Swift cannot import directly.
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

/// Unicode bidi (UAX #9, ICU ubidi) embedding levels of one paragraph of UTF-16 text,
/// one per code unit into `levels`. `direction`: 0 left to right, 1 right to left,
/// -1 from the first strong character (left to right when none), -2 the same but right
/// to left when none. Returns the paragraph's level (0 or 1), -1 when ICU fails.
int32_t lectern_bidi_levels(const uint16_t *text, int32_t length, int32_t direction, uint8_t *levels);
/// Visual order of `length` items with these levels (rule L2, ICU ubidi_reorderVisual):
/// visualToLogical[v] is the logical index shown at visual position v.
void lectern_bidi_reorder(const uint8_t *levels, int32_t length, int32_t *visualToLogical);
/// The direction of the first strong character (rule P2, ubidi_getBaseDirection):
/// 0 left to right, 1 right to left, -1 none.
int32_t lectern_bidi_base_direction(const uint16_t *text, int32_t length);

/// FT_HAS_COLOR, FT_HAS_FIXED_SIZES (`face` is an FT_Face) and FT_LOAD_COLOR.
int32_t lectern_ft_has_color(void *face);
int32_t lectern_ft_has_fixed_sizes(void *face);
int32_t lectern_ft_load_color(void);

/// A language's name in itself ("he" → "עברית", "fr" → "Français"), through ICU's locale
/// display names with the language as its own display locale and the capitalisation
/// of a menu item. Writes UTF-16 into `out`, returns its length (at most `capacity`);
/// -1 when ICU has no name for it or the tag is not one.
int32_t lectern_language_endonym(const char *tag, uint16_t *out, int32_t capacity);

/// The script a language is written in (ISO 15924, e.g. "Latn", "Arab"), as CLDR's likely
/// subtags give it when the tag names none ("ar" → "Arab", "sr" → "Cyrl"). Writes a
/// NUL-terminated code into `out`; returns its length, or -1 when ICU cannot tell.
int32_t lectern_language_script(const char *tag, char *out, int32_t capacity);

#endif
