#include "cshim_text.h"
#include <ft2build.h>
#include FT_FREETYPE_H
#include <unicode/ubidi.h>

int32_t lectern_bidi_levels(const uint16_t *text, int32_t length, int32_t direction, uint8_t *levels) {
    if (length <= 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) return -1;
    UBiDiLevel para = direction == 0 ? 0 : direction == 1 ? 1 : direction == -2 ? UBIDI_DEFAULT_RTL : UBIDI_DEFAULT_LTR;
    ubidi_setPara(bidi, (const UChar *)text, length, para, NULL, &status);
    int32_t result = -1;
    if (U_SUCCESS(status)) {
        const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
        if (U_SUCCESS(status) && resolved != NULL) {
            for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
            result = ubidi_getParaLevel(bidi) & 1;
        }
    }
    ubidi_close(bidi);
    return result;
}

void lectern_bidi_reorder(const uint8_t *levels, int32_t length, int32_t *visualToLogical) {
    if (length <= 0) return;
    ubidi_reorderVisual(levels, length, visualToLogical);
}

int32_t lectern_ft_has_color(void *face) { return FT_HAS_COLOR((FT_Face)face) ? 1 : 0; }
int32_t lectern_ft_has_fixed_sizes(void *face) { return FT_HAS_FIXED_SIZES((FT_Face)face) ? 1 : 0; }
int32_t lectern_ft_load_color(void) { return FT_LOAD_COLOR; }

int32_t lectern_bidi_base_direction(const uint16_t *text, int32_t length) {
    if (length <= 0) return -1;
    UBiDiDirection direction = ubidi_getBaseDirection((const UChar *)text, length);
    return direction == UBIDI_LTR ? 0 : direction == UBIDI_RTL ? 1 : -1;
}
