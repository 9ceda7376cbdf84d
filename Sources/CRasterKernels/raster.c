#define _GNU_SOURCE
#include "cshim_raster.h"
#include <string.h>

// The two mixes. Per byte dst = (src·a + under·(255 − a)) / 255 rounded, computed as
// t = x + 128, (t + (t >> 8)) >> 8 (exact for every x ≤ 255·255; see BlendTests).
// Bytes are taken two to a 16-bit lane without widening: the even byte of each pair (blue,
// red) masked into the low half, the odd one (green, alpha) shifted down; both results go
// back into their own half. No lane-widening or narrowing instruction is needed, so a
// vector is loaded, mixed and stored whole (an earlier version widened 32 bytes to 16-bit
// lanes and narrowed back: clang folded the narrowing into the store, which then could not
// be a streaming store). 64 bytes per step (one AVX-512 register, two AVX2, four SSE2 or
// NEON), then 16-byte steps, then single bytes. Built three times on x86-64 (AVX-512BW,
// AVX2, baseline) and picked at load time; GCC and clang both compile it (scripts/arm-check).
typedef uint16_t u16x32 __attribute__((vector_size(64)));
typedef uint16_t u16x8 __attribute__((vector_size(16)));
// Rounded x / 255 for t = x + 128, in the low byte of the lane, or in the high byte.
// (t + (t >> 8)) >> 8 equals t · 257 >> 16, the high half of a 16-bit product: x86 has
// that as one instruction (pmulhuw) where the shifts and add take three. A fade's colour
// mix over a 1080p frame is then bound by memory, not arithmetic: 0.90–0.94× a stream's
// time against 1.02–1.19× with the shifts (AVX2, a shared host whose other tenants slow
// the arithmetic more than the memory). NEON has no such multiply but a shift-and-add
// (usra): there the shifts stay. `wide`: the 32-bit vector type with the lanes of t
// (clang takes the high half of the 32-bit product as that one instruction).
typedef uint32_t u32x32 __attribute__((vector_size(128)));
typedef uint32_t u32x8 __attribute__((vector_size(32)));
#if defined(__x86_64__)
#define LECTERN_DIV255_LOW(t, wide) __builtin_convertvector((__builtin_convertvector((t), wide) * 257) >> 16, __typeof__(t))
#define LECTERN_DIV255_HIGH(t, wide) (LECTERN_DIV255_LOW(t, wide) << 8)
#else
#define LECTERN_DIV255_LOW(t, wide) (((t) + ((t) >> 8)) >> 8)
#define LECTERN_DIV255_HIGH(t, wide) (((t) + ((t) >> 8)) & 0xFF00)
#endif
// One vector of the two-source mix (s: src, d: under; a, ia: uint16_t).
#define LECTERN_MIX(s, d, a, ia, wide) \
    (LECTERN_DIV255_LOW(((s) & 0xFF) * (a) + ((d) & 0xFF) * (ia) + 128, wide) | \
     LECTERN_DIV255_HIGH(((s) >> 8) * (a) + ((d) >> 8) * (ia) + 128, wide))
// One vector of the colour mix: be / bo hold colour·a + 128 for each lane's low / high byte.
#define LECTERN_MIX_COLOR(d, be, bo, ia, wide) \
    (LECTERN_DIV255_LOW(((d) & 0xFF) * (ia) + (be), wide) | LECTERN_DIV255_HIGH(((d) >> 8) * (ia) + (bo), wide))

// Streaming (non-temporal) stores are clang's builtin. GCC (the ARM cross-check in
// scripts/arm-check builds with it too) has none: there the store is a plain one, the
// same bytes, and only the cache behaviour differs.
#if defined(__clang__)
#define LECTERN_STREAM_STORE(value, address) __builtin_nontemporal_store((value), (address))
#else
#define LECTERN_STREAM_STORE(value, address) (*(address) = (value))
#endif

static inline unsigned mix1(unsigned s, unsigned d, uint16_t a, uint16_t ia) {
    unsigned t = s * a + d * ia + 128;
    return (t + (t >> 8)) >> 8;
}

// Colour byte k of the pixel word (byte i of a run takes byte i & 3).
static inline unsigned color_byte(uint32_t color, size_t i) { return (color >> (8 * (i & 3))) & 0xFF; }

#if defined(__x86_64__)
__attribute__((target_clones("avx512bw", "avx2", "default")))
#endif
void cshim_raster_mix_bytes(uint8_t *dst, const uint8_t *src, const uint8_t *under, size_t count, unsigned alpha) {
    const uint16_t a = (uint16_t)alpha, ia = (uint16_t)(255 - alpha);
    size_t i = 0;
    for (; i + 64 <= count; i += 64) {
        u16x32 s, d;
        __builtin_memcpy(&s, src + i, 64);
        __builtin_memcpy(&d, under + i, 64);
        u16x32 r = LECTERN_MIX(s, d, a, ia, u32x32);
        __builtin_memcpy(dst + i, &r, 64);
    }
    for (; i + 16 <= count; i += 16) {
        u16x8 s, d;
        __builtin_memcpy(&s, src + i, 16);
        __builtin_memcpy(&d, under + i, 16);
        u16x8 r = LECTERN_MIX(s, d, a, ia, u32x8);
        __builtin_memcpy(dst + i, &r, 16);
    }
    for (; i < count; i++) dst[i] = (uint8_t)mix1(src[i], under[i], a, ia);
}

// The colour mix's lane constants for a vector starting at byte `phase` of a pixel: the
// low halves alternate colour bytes phase and phase + 2, the high halves phase + 1 and
// phase + 3 (a 32-bit pattern, splatted).
typedef uint32_t u32x16 __attribute__((vector_size(64)));
typedef uint32_t u32x4 __attribute__((vector_size(16)));
static inline uint32_t color_lane_pair(uint32_t color, uint16_t a, size_t first) {
    return (uint32_t)(uint16_t)(color_byte(color, first) * a + 128)
        | (uint32_t)(uint16_t)(color_byte(color, first + 2) * a + 128) << 16;
}
#define LECTERN_COLOR_LANES(be, bo, wide, phase)                                         \
    {                                                                                    \
        wide e32 = (wide){0} + color_lane_pair(color, a, (phase));                       \
        wide o32 = (wide){0} + color_lane_pair(color, a, (phase) + 1);                   \
        __builtin_memcpy(&be, &e32, sizeof be);                                          \
        __builtin_memcpy(&bo, &o32, sizeof bo);                                          \
    }

// The same mix with a constant source colour (the menu overlay away from its items):
// only `under` is read. `color` is a pixel word 0xAARRGGBB, little-endian in memory.
#if defined(__x86_64__)
__attribute__((target_clones("avx512bw", "avx2", "default")))
#endif
void cshim_raster_mix_color_bytes(uint8_t *dst, const uint8_t *under, size_t count, uint32_t color, unsigned alpha) {
    const uint16_t a = (uint16_t)alpha, ia = (uint16_t)(255 - alpha);
    size_t i = 0;
    u16x32 be, bo;
    LECTERN_COLOR_LANES(be, bo, u32x16, 0)
    for (; i + 64 <= count; i += 64) {
        u16x32 d;
        __builtin_memcpy(&d, under + i, 64);
        u16x32 r = LECTERN_MIX_COLOR(d, be, bo, ia, u32x32);
        __builtin_memcpy(dst + i, &r, 64);
    }
    u16x8 be8, bo8;
    LECTERN_COLOR_LANES(be8, bo8, u32x4, 0)
    for (; i + 16 <= count; i += 16) {
        u16x8 d;
        __builtin_memcpy(&d, under + i, 16);
        u16x8 r = LECTERN_MIX_COLOR(d, be8, bo8, ia, u32x8);
        __builtin_memcpy(dst + i, &r, 16);
    }
    for (; i < count; i++) dst[i] = (uint8_t)mix1(color_byte(color, i), under[i], a, ia);
}

// Glyph masks, one call per glyph (a call per row cost more than it saved): per pixel
// a = coverage · colour alpha / 255 rounded, then each byte (colour·a + dst·(255 − a)) / 255
// rounded — the same arithmetic as Raster's scalar mixPixel, so results are identical.
// Eight pixels per step (coverage bytes spread to their pixel's four bytes). A row's last
// one to seven pixels (most rows of a small glyph) take the same step with the coverage
// padded with zeros, which leave a pixel as it is: in place where the destination row has
// room for eight pixels (`dst_room`, pixels from dst to the end of its row's stride), else
// through a small buffer.
typedef uint8_t u8x8 __attribute__((vector_size(8)));
typedef uint8_t u8x16 __attribute__((vector_size(32)));
typedef uint16_t u16x16 __attribute__((vector_size(64)));
typedef uint64_t u64x8 __attribute__((vector_size(64)));
// Eight pixels at dp (uint32_t *) by the coverage bytes c8 (u8x8); s: the colour's bytes,
// ca: the colour's alpha (uint16_t).
#define LECTERN_MASK_STEP(dp, c8)                                                             \
    {                                                                                         \
        u8x16 c32 = __builtin_shufflevector(c8, c8, 0,0,0,0, 1,1,1,1, 2,2,2,2, 3,3,3,3,       \
                                            4,4,4,4, 5,5,5,5, 6,6,6,6, 7,7,7,7);              \
        u16x16 a = __builtin_convertvector(c32, u16x16);                                      \
        if (ca != 255) { u16x16 ta = a * ca + 128; a = LECTERN_DIV255_LOW(ta, u32x32); }     \
        u8x16 d8;                                                                             \
        __builtin_memcpy(&d8, (dp), 32);                                                      \
        u16x16 t = s * a + __builtin_convertvector(d8, u16x16) * (255 - a) + 128;             \
        u8x16 r = __builtin_convertvector(LECTERN_DIV255_LOW(t, u32x32), u8x16);               \
        __builtin_memcpy((dp), &r, 32);                                                       \
    }
#if defined(__x86_64__)
__attribute__((target_clones("avx512bw", "avx2", "default")))
#endif
void cshim_raster_mask_blit(uint32_t *dst, size_t dst_stride, size_t dst_room, const uint8_t *mask, size_t mask_stride,
                            size_t width, size_t height, uint32_t color, unsigned color_alpha) {
    const uint16_t ca = (uint16_t)color_alpha;
    // The colour's four bytes, one to a 16-bit lane, repeated (a 64-bit pattern, splatted).
    const uint64_t pattern = (uint64_t)(color & 0xFF) | (uint64_t)((color >> 8) & 0xFF) << 16
        | (uint64_t)((color >> 16) & 0xFF) << 32 | (uint64_t)(color >> 24) << 48;
    const u64x8 pattern8 = (u64x8){0} + pattern;
    u16x16 s;
    __builtin_memcpy(&s, &pattern8, sizeof s);
    for (size_t y = 0; y < height; y++) {
        uint32_t *d = dst + y * dst_stride;
        const uint8_t *m = mask + y * mask_stride;
        size_t i = 0;
        for (; i + 8 <= width; i += 8) {
            uint64_t bits;
            __builtin_memcpy(&bits, m + i, 8);
            if (bits == 0) continue;
            u8x8 c8;
            __builtin_memcpy(&c8, &bits, 8);
            LECTERN_MASK_STEP(d + i, c8)
        }
        if (i < width) {
            // The mask's last bytes in a register. The mask is one buffer from its first
            // row to its last row's end, so eight bytes can be loaded whole (and the bytes
            // past the row masked off) whenever the next row's span ends beyond them; only
            // the last row gathers byte by byte.
            const size_t n = width - i;
            uint64_t bits = 0;
            if (y + 1 < height && i + 8 <= mask_stride + width) {
                __builtin_memcpy(&bits, m + i, 8);
                bits &= ~(uint64_t)0 >> (8 * (8 - n));
            } else {
                for (size_t k = 0; k < n; k++) bits |= (uint64_t)m[i + k] << (8 * k);
            }
            if (bits == 0) continue;
            u8x8 c8;
            __builtin_memcpy(&c8, &bits, 8);
            if (i + 8 <= dst_room) {
                LECTERN_MASK_STEP(d + i, c8)
            } else {
                uint32_t dt[8] = {0};
                for (size_t k = 0; k < n; k++) dt[k] = d[i + k];
                LECTERN_MASK_STEP(dt, c8)
                for (size_t k = 0; k < n; k++) d[i + k] = dt[k];
            }
        }
    }
}

// Glyph masks over a plain background, from the glyph already mixed over it: `tinted`
// holds the mask drawn in the colour over `background` by cshim_raster_mask_blit (so the
// same bytes), rows of `tint_stride` pixels, a multiple of 16. A destination row whose
// pixels under the glyph all equal `background` — nearly every row of body text — is the
// tinted row copied, 16 pixels to a vector step (no mixing arithmetic: it was most of a
// glyph's cost); any other row (another glyph's ink, a code block's shade) is mixed as
// cshim_raster_mask_blit mixes it. Steps past the glyph's width write back what they read,
// so `dst_room` must reach the last step's end (the caller checks; see the header).
// Whether a u32x16 is all zeros (a macro: a 64-byte vector argument changes the ABI
// between the clones).
#define LECTERN_ALL_ZERO16(v, result)                                                     \
    {                                                                                     \
        uint64_t w_[8];                                                                   \
        __builtin_memcpy(w_, &(v), 64);                                                   \
        (result) = ((w_[0] | w_[1]) | (w_[2] | w_[3]) | ((w_[4] | w_[5]) | (w_[6] | w_[7]))) == 0; \
    }
#if defined(__x86_64__)
__attribute__((target_clones("avx512bw", "avx2", "default")))
#endif
void cshim_raster_tinted_blit(uint32_t *dst, size_t dst_stride, const uint32_t *tinted, size_t tint_stride,
                              const uint8_t *mask, size_t mask_stride, size_t width, size_t height,
                              uint32_t background, uint32_t color, unsigned color_alpha) {
    const u32x16 bg = (u32x16){0} + background;
    const u32x16 lane = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    const size_t steps = (width + 15) / 16;
    const u32x16 last = (u32x16)(lane < (uint32_t)(width - 16 * (steps - 1)));  // lanes of the last step inside the glyph
    for (size_t y = 0; y < height; y++) {
        uint32_t *d = dst + y * dst_stride;
        const uint32_t *t = tinted + y * tint_stride;
        u32x16 differ = (u32x16){0};
        for (size_t k = 0; k + 1 < steps; k++) {
            u32x16 dv;
            __builtin_memcpy(&dv, d + 16 * k, 64);
            differ |= dv ^ bg;
        }
        u32x16 tail;
        __builtin_memcpy(&tail, d + 16 * (steps - 1), 64);
        differ |= (tail ^ bg) & last;
        int plain;
        LECTERN_ALL_ZERO16(differ, plain)
        if (plain) {
            for (size_t k = 0; k + 1 < steps; k++) __builtin_memcpy(d + 16 * k, t + 16 * k, 64);
            u32x16 tv;
            __builtin_memcpy(&tv, t + 16 * (steps - 1), 64);
            u32x16 r = (tv & last) | (tail & ~last);
            __builtin_memcpy(d + 16 * (steps - 1), &r, 64);
        } else {
            // Room for the last step, so mask_blit may mix the row's last pixels in place.
            cshim_raster_mask_blit(d, dst_stride, 16 * steps, mask + y * mask_stride, mask_stride, width, 1, color, color_alpha);
        }
    }
}

// A premultiplied image OVER the destination (page photographs, menu icons): per pixel
// p + round(d·(255 − pα)/255) per byte, as one 32-bit add, made opaque; a pixel with
// pα = 0 leaves the destination as it is — the arithmetic of Raster's Swift drawImage, so
// the bytes are the same. A row whose pixels are all opaque (a photograph) is one memcpy:
// its alphas are ANDed first (the row is then in L1 for the copy). Other rows are mixed
// eight pixels to a vector step, the alpha-0 pixels selected back from the destination.
static inline uint32_t over_pixel(uint32_t p, uint32_t d) {
    uint32_t pa = p >> 24;
    if (pa == 0) return d;
    if (pa == 255) return p;
    uint32_t out = 0, ia = 255 - pa;
    for (int b = 0; b < 32; b += 8) {
        unsigned t = ((d >> b) & 0xFF) * ia + 128;
        out |= (uint32_t)(((t + (t >> 8)) >> 8) & 0xFF) << b;
    }
    return (p + out) | 0xFF000000u;
}

#if defined(__x86_64__)
__attribute__((target_clones("avx512bw", "avx2", "default")))
#endif
void cshim_raster_over(uint32_t *dst, size_t dst_stride, const uint32_t *src, size_t src_stride, size_t width, size_t rows) {
    for (size_t y = 0; y < rows; y++) {
        uint32_t *d = dst + y * dst_stride;
        const uint32_t *s = src + y * src_stride;
        uint32_t all = 0xFFFFFFFFu;
        for (size_t i = 0; i < width; i++) all &= s[i];
        if (all >> 24 == 255) { memcpy(d, s, width * 4); continue; }
        size_t i = 0;
        for (; i + 8 <= width; i += 8) {
            u32x8 p32, d32;
            __builtin_memcpy(&p32, s + i, 32);
            __builtin_memcpy(&d32, d + i, 32);
            u8x16 p8, d8;
            __builtin_memcpy(&p8, &p32, 32);
            __builtin_memcpy(&d8, &d32, 32);
            u8x16 ia8 = 255 - __builtin_shufflevector(p8, p8, 3,3,3,3, 7,7,7,7, 11,11,11,11, 15,15,15,15,
                                                      19,19,19,19, 23,23,23,23, 27,27,27,27, 31,31,31,31);
            u16x16 t = __builtin_convertvector(d8, u16x16) * __builtin_convertvector(ia8, u16x16) + 128;
            u8x16 out8 = __builtin_convertvector(LECTERN_DIV255_LOW(t, u32x32), u8x16);
            u32x8 out32;
            __builtin_memcpy(&out32, &out8, 32);
            u32x8 r = (p32 + out32) | 0xFF000000u;
            u32x8 keep = (u32x8)((p32 >> 24) == 0);  // all ones where pα = 0
            r = (keep & d32) | (~keep & r);
            __builtin_memcpy(d + i, &r, 32);
        }
        for (; i < width; i++) d[i] = over_pixel(s[i], d[i]);
    }
}

// Solid fill of `rows` rows of `width` pixels (stride in pixels): 64-byte vector stores,
// about memset's speed (pixman_fill's SSE2 loop took 1.4 times as long on a 1080p frame).
#if defined(__x86_64__)
__attribute__((target_clones("avx512bw", "avx2", "default")))
#endif
void cshim_raster_fill(uint32_t *dst, size_t stride, size_t width, size_t rows, uint32_t word) {
    const u32x16 v = (u32x16){0} + word;
    for (size_t y = 0; y < rows; y++) {
        uint32_t *d = dst + y * stride;
        size_t i = 0;
        for (; i + 16 <= width; i += 16) __builtin_memcpy(d + i, &v, 64);
        for (; i < width; i++) d[i] = word;
    }
}

// Scan-out copy: rows of `row_bytes` from cached memory into a dumb buffer with
// streaming (non-temporal) stores. The destination is write-combined memory on the
// device, never read: streaming stores skip the read-for-ownership a normal store
// makes of each line (on cached memory, as in the bench) and keep the shadow and
// page in the cache instead of the scan-out buffer. 16-byte vector stores are
// movntdq on x86-64 (SSE2, the baseline) and stnp on AArch64.
typedef uint8_t u8v16 __attribute__((vector_size(16), aligned(1)));
typedef uint8_t u8v16a __attribute__((vector_size(16)));

// A few bytes (a row's head before the vectors' alignment, or its tail) with streaming
// stores too, four at a time where `dst` is 4-byte aligned (pixels always are). A plain
// store into a line that streaming stores also write would first read that line back
// (on cached memory: from DRAM, after the streaming stores reach it) — one such line per
// row and call made a pull frame written in two parts cost twice a whole-frame copy.
static inline void stream_small(uint8_t *dst, const uint8_t *src, size_t n) {
    size_t k = 0;
    if (((uintptr_t)dst & 3) == 0) {
        for (; k + 4 <= n; k += 4) {
            uint32_t v;
            __builtin_memcpy(&v, src + k, 4);
            LECTERN_STREAM_STORE(v, (uint32_t *)(dst + k));
        }
    }
    for (; k < n; k++) dst[k] = src[k];
}

// Streams `n` bytes up to the destination's first 16-byte boundary, then whole vectors;
// returns how many it wrote (all but the last n < 16 past the last boundary).
static inline size_t stream_to_last_vector(uint8_t *d, const uint8_t *s, size_t n) {
    size_t head = (16 - ((uintptr_t)d & 15)) & 15;
    if (head > n) head = n;
    stream_small(d, s, head);
    size_t k = head;
    for (; n - k >= 16; k += 16) {
        u8v16 v = *(const u8v16 *)(s + k);
        LECTERN_STREAM_STORE((u8v16a)v, (u8v16a *)(d + k));
    }
    return k;
}

void cshim_raster_stream_copy_rows(uint8_t *dst, size_t dst_pitch, const uint8_t *src, size_t src_stride,
                                   size_t row_bytes, size_t rows) {
    for (size_t y = 0; y < rows; y++) {
        uint8_t *d = dst + y * dst_pitch;
        const uint8_t *s = src + y * src_stride;
        size_t done = stream_to_last_vector(d, s, row_bytes);
        stream_small(d + done, s + done, row_bytes - done);
    }
    cshim_raster_stream_fence();  // streaming stores are weakly ordered: finish them before the flip
}

// Scan-out rows set to one colour (the page's background beyond its edge during a pull):
// the row's pattern streamed from a small buffer, 16-byte vectors from the first aligned
// address, never reading `dst`. Pixels are 4-byte aligned, so the pattern's phase never
// matters.
void cshim_raster_stream_fill_rows(uint8_t *dst, size_t dst_pitch, uint32_t word, size_t width, size_t rows) {
    uint32_t pattern[8];
    for (int i = 0; i < 8; i++) pattern[i] = word;
    const uint8_t *p = (const uint8_t *)pattern;
    u8v16 v = *(const u8v16 *)p;
    size_t row_bytes = width * 4;
    for (size_t y = 0; y < rows; y++) {
        uint8_t *d = dst + y * dst_pitch;
        size_t head = (16 - ((uintptr_t)d & 15)) & 15;
        if (head > row_bytes) head = row_bytes;
        stream_small(d, p, head);
        size_t k = head;
        for (; row_bytes - k >= 16; k += 16) LECTERN_STREAM_STORE((u8v16a)v, (u8v16a *)(d + k));
        stream_small(d + k, p, row_bytes - k);
    }
    cshim_raster_stream_fence();
}

// Scan-out rows joined from two sources (a pull: the page's rows read from the shadow at
// the pull's offset, then the uncovered strip drawn apart), row by row in one pass. Two
// passes (all rows of `a`, then all rows of `b`) leave the cache line where the parts meet
// half-written by the first and finished by the second a whole frame later: 1,080
// write-combining lines flushed twice, in halves. Here the last bytes of `a` and the first
// of `b` go out together (`seam`, up to the destination's next 16-byte boundary), so every
// line is written whole and in order. Same bytes as two cshim_raster_stream_copy_rows.
void cshim_raster_stream_join_rows(uint8_t *dst, size_t dst_pitch,
                                   const uint8_t *a, size_t a_stride, size_t a_bytes,
                                   const uint8_t *b, size_t b_stride, size_t b_bytes, size_t rows) {
    for (size_t y = 0; y < rows; y++) {
        uint8_t *d = dst + y * dst_pitch;
        const uint8_t *s = a + y * a_stride, *t = b + y * b_stride;
        size_t done = stream_to_last_vector(d, s, a_bytes);
        d += done; s += done;
        size_t n = a_bytes - done, m = b_bytes;
        // The n (< 16) bytes left of `a` and as many of `b` as reach the next boundary.
        size_t k = (16 - ((uintptr_t)(d + n) & 15)) & 15;
        if (k > m) k = m;
        uint8_t seam[32];
        memcpy(seam, s, n);
        memcpy(seam + n, t, k);
        stream_small(d, seam, n + k);
        d += n + k; t += k; m -= k;
        done = stream_to_last_vector(d, t, m);
        stream_small(d + done, t + done, m - done);
    }
    cshim_raster_stream_fence();
}

// The two mixes again with streaming stores, for a frame composed straight into the
// scan-out buffer (written once, never read): whole 64-byte vectors from the destination's
// first 64-byte boundary on (whole cache lines are what write-combining flushes best); the
// head before it and the tail after the last whole vector in 16-byte vectors where they
// are aligned and byte by byte elsewhere (`mix_part_stream`). Same arithmetic, so the same
// bytes as the kernels above.
static inline size_t head_to_64(const uint8_t *dst, size_t count) {
    size_t head = (64 - ((uintptr_t)dst & 63)) & 63;
    return head > count ? count : head;
}

// A head or a tail (fewer than 64 bytes) of a streamed mix: the bytes before the
// destination's next 16-byte boundary, and the last < 16, mixed one byte at a time into a
// small buffer and streamed from there; whole 16-byte vectors between them mixed and
// streamed straight to `dst` (a menu fade has a head and a tail at each edge of a ring
// item's run on every row it crosses: going through a 64-byte buffer and four-byte stores
// for all of it cost a tenth of the frame). The same arithmetic per byte, the same bytes.
static inline __attribute__((always_inline)) void mix_part_stream(uint8_t *dst, const uint8_t *src, const uint8_t *under, size_t n, uint16_t a, uint16_t ia) {
    uint8_t part[16];
    size_t i = (16 - ((uintptr_t)dst & 15)) & 15;
    if (i > n) i = n;
    for (size_t k = 0; k < i; k++) part[k] = (uint8_t)mix1(src[k], under[k], a, ia);
    stream_small(dst, part, i);
    for (; i + 16 <= n; i += 16) {
        u16x8 s, d;
        __builtin_memcpy(&s, src + i, 16);
        __builtin_memcpy(&d, under + i, 16);
        u16x8 r = LECTERN_MIX(s, d, a, ia, u32x8);
        LECTERN_STREAM_STORE(r, (u16x8 *)(dst + i));
    }
    size_t m = n - i;
    for (size_t k = 0; k < m; k++) part[k] = (uint8_t)mix1(src[i + k], under[i + k], a, ia);
    stream_small(dst + i, part, m);
}

static inline __attribute__((always_inline)) void mix_color_part_stream(uint8_t *dst, const uint8_t *under, size_t n, uint32_t color, uint16_t a, uint16_t ia) {
    uint8_t part[16];
    size_t i = (16 - ((uintptr_t)dst & 15)) & 15;
    if (i > n) i = n;
    for (size_t k = 0; k < i; k++) part[k] = (uint8_t)mix1(color_byte(color, k), under[k], a, ia);
    stream_small(dst, part, i);
    u16x8 be8, bo8;
    LECTERN_COLOR_LANES(be8, bo8, u32x4, i)
    for (; i + 16 <= n; i += 16) {
        u16x8 d;
        __builtin_memcpy(&d, under + i, 16);
        u16x8 r = LECTERN_MIX_COLOR(d, be8, bo8, ia, u32x8);
        LECTERN_STREAM_STORE(r, (u16x8 *)(dst + i));
    }
    size_t m = n - i;
    for (size_t k = 0; k < m; k++) part[k] = (uint8_t)mix1(color_byte(color, i + k), under[i + k], a, ia);
    stream_small(dst + i, part, m);
}

#if defined(__x86_64__)
__attribute__((target_clones("avx512bw", "avx2", "default")))
#endif
void cshim_raster_mix_bytes_stream(uint8_t *dst, const uint8_t *src, const uint8_t *under, size_t count, unsigned alpha) {
    const uint16_t a = (uint16_t)alpha, ia = (uint16_t)(255 - alpha);
    size_t i = head_to_64(dst, count);
    mix_part_stream(dst, src, under, i, a, ia);
    for (; i + 64 <= count; i += 64) {
        u16x32 s, d;
        __builtin_memcpy(&s, src + i, 64);
        __builtin_memcpy(&d, under + i, 64);
        u16x32 r = LECTERN_MIX(s, d, a, ia, u32x32);
        LECTERN_STREAM_STORE(r, (u16x32 *)(dst + i));
    }
    mix_part_stream(dst + i, src + i, under + i, count - i, a, ia);
}

// `color` as seen from byte `i` of a run (byte i takes colour byte i & 3).
static inline uint32_t color_from(uint32_t color, size_t i) {
    unsigned shift = 8 * (unsigned)(i & 3);
    return shift ? (color >> shift) | (color << (32 - shift)) : color;
}

#if defined(__x86_64__)
__attribute__((target_clones("avx512bw", "avx2", "default")))
#endif
void cshim_raster_mix_color_bytes_stream(uint8_t *dst, const uint8_t *under, size_t count, uint32_t color, unsigned alpha) {
    const uint16_t a = (uint16_t)alpha, ia = (uint16_t)(255 - alpha);
    size_t i = head_to_64(dst, count);
    mix_color_part_stream(dst, under, i, color, a, ia);
    u16x32 be, bo;
    LECTERN_COLOR_LANES(be, bo, u32x16, i)
    for (; i + 64 <= count; i += 64) {
        u16x32 d;
        __builtin_memcpy(&d, under + i, 64);
        u16x32 r = LECTERN_MIX_COLOR(d, be, bo, ia, u32x32);
        LECTERN_STREAM_STORE(r, (u16x32 *)(dst + i));
    }
    mix_color_part_stream(dst + i, under + i, count - i, color_from(color, i), a, ia);
}

void cshim_raster_stream_fence(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_sfence();
#elif defined(__aarch64__)
    __asm__ volatile("dmb ishst" ::: "memory");
#endif
}
