#ifndef LECTERN_CSHIM_RASTER_KERNELS
#define LECTERN_CSHIM_RASTER_KERNELS
#include <stddef.h>
#include <stdint.h>
// Raster: the menu-overlay kernel, per byte dst = (src·a + under·(255 − a)) / 255 rounded,
// over `count` bytes. `under` may be `dst` (in place). In C only so that the compiler can
// build AVX2/AVX-512 clones picked at load time (Swift compiles for the x86-64 baseline).
void cshim_raster_mix_bytes(uint8_t *dst, const uint8_t *src, const uint8_t *under, size_t count, unsigned alpha);
// The same with a constant colour (pixel word 0xAARRGGBB) as the source: reads only `under`.
void cshim_raster_mix_color_bytes(uint8_t *dst, const uint8_t *under, size_t count, uint32_t color, unsigned alpha);
// Glyph masks, one call per glyph: `color` (0xFFRRGGBB) at coverage·color_alpha/255 per
// pixel; strides in pixels (dst) and bytes (mask). `dst_room`: pixels from dst to the end
// of its row's stride (≥ width): up to seven pixels past the glyph may be read and written
// back unchanged when there is room.
void cshim_raster_mask_blit(uint32_t *dst, size_t dst_stride, size_t dst_room, const uint8_t *mask, size_t mask_stride,
                            size_t width, size_t height, uint32_t color, unsigned color_alpha);
// The same glyph from `tinted`: the mask already drawn by cshim_raster_mask_blit in
// `color` over a destination of `background` (rows of `tint_stride` pixels, a multiple of
// 16, at least `width`); `tinted` and `mask` may point into their rows (a glyph clipped on
// the left). Rows of dst that are all `background` under the glyph are copied from it,
// others mixed as cshim_raster_mask_blit does: the same bytes either way. The last vector
// step of a row reads up to 15 pixels past `width`: each destination row needs room for
// `width` rounded up to 16 pixels (written back unchanged), and the tint's allocation 16
// pixels after its last row (read, not used).
void cshim_raster_tinted_blit(uint32_t *dst, size_t dst_stride, const uint32_t *tinted, size_t tint_stride,
                              const uint8_t *mask, size_t mask_stride, size_t width, size_t height,
                              uint32_t background, uint32_t color, unsigned color_alpha);
// A premultiplied ARGB image over dst (the result opaque); strides in pixels.
void cshim_raster_over(uint32_t *dst, size_t dst_stride, const uint32_t *src, size_t src_stride, size_t width, size_t rows);
// Solid fill: `rows` rows of `width` pixels set to `word`; stride in pixels.
void cshim_raster_fill(uint32_t *dst, size_t stride, size_t width, size_t rows, uint32_t word);
// Scan-out copy: `rows` rows of `row_bytes` into write-only memory with streaming
// (non-temporal) stores, fenced at the end. Never reads `dst`.
void cshim_raster_stream_copy_rows(uint8_t *dst, size_t dst_pitch, const uint8_t *src, size_t src_stride,
                                   size_t row_bytes, size_t rows);
// Scan-out fill: `rows` rows of `width` pixels set to `word`, streamed and fenced the same way.
void cshim_raster_stream_fill_rows(uint8_t *dst, size_t dst_pitch, uint32_t word, size_t width, size_t rows);
// The same for rows joined from two sources: row y of `dst` is `a_bytes` of row y of `a`
// followed by `b_bytes` of row y of `b`, written in one pass (each line whole, in order).
void cshim_raster_stream_join_rows(uint8_t *dst, size_t dst_pitch,
                                   const uint8_t *a, size_t a_stride, size_t a_bytes,
                                   const uint8_t *b, size_t b_stride, size_t b_bytes, size_t rows);
// cshim_raster_mix_bytes / _mix_color_bytes with streaming stores into `dst` (which
// must not be `under`): a frame composed straight into the scan-out buffer. Same bytes.
// Call cshim_raster_stream_fence() after the frame, before presenting it.
void cshim_raster_mix_bytes_stream(uint8_t *dst, const uint8_t *src, const uint8_t *under, size_t count, unsigned alpha);
void cshim_raster_mix_color_bytes_stream(uint8_t *dst, const uint8_t *under, size_t count, uint32_t color, unsigned alpha);
void cshim_raster_stream_fence(void);
// A hint that the caller is spinning on a value another core will change (x86 `pause`,
// Arm `yield`): the core yields its pipeline to its sibling and the loop leaves promptly.
static inline void cshim_raster_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}
#endif
