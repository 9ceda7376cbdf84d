#define _GNU_SOURCE
#include "cshim_raster.h"
#include <string.h>

// Explicit 16-bit vectors (clang's vector extensions): a plain byte loop gets promoted
// to 32-bit lanes and runs at half the width. Built three times (AVX-512BW, AVX2, baseline) and picked
// at load time.
typedef uint8_t u8x16 __attribute__((vector_size(32)));
typedef uint16_t u16x16 __attribute__((vector_size(64)));

#if defined(__x86_64__)
__attribute__((target_clones("avx512bw", "avx2", "default")))
#endif
void cshim_raster_mix_bytes(uint8_t *dst, const uint8_t *src, const uint8_t *under, size_t count, unsigned alpha) {
    const uint16_t a = (uint16_t)alpha, ia = (uint16_t)(255 - alpha);
    size_t i = 0;
    for (; i + 32 <= count; i += 32) {
        u8x16 s8, d8;
        __builtin_memcpy(&s8, src + i, 32);
        __builtin_memcpy(&d8, under + i, 32);
        u16x16 t = __builtin_convertvector(s8, u16x16) * a + __builtin_convertvector(d8, u16x16) * ia + 128;
        u8x16 r = __builtin_convertvector((t + (t >> 8)) >> 8, u8x16);
        __builtin_memcpy(dst + i, &r, 32);
    }
    for (; i < count; i++) {
        unsigned t = src[i] * a + under[i] * ia + 128;
        dst[i] = (uint8_t)((t + (t >> 8)) >> 8);
    }
}

// The same mix with a constant source colour (the menu overlay away from its items):
// only `under` is read. `color` is a pixel word 0xAARRGGBB, little-endian in memory.
#if defined(__x86_64__)
__attribute__((target_clones("avx512bw", "avx2", "default")))
#endif
void cshim_raster_mix_color_bytes(uint8_t *dst, const uint8_t *under, size_t count, uint32_t color, unsigned alpha) {
    const uint16_t a = (uint16_t)alpha, ia = (uint16_t)(255 - alpha);
    u16x16 s;
    for (int lane = 0; lane < 32; lane++) s[lane] = (uint16_t)(((color >> (8 * (lane & 3))) & 0xFF) * a + 128);
    size_t i = 0;
    for (; i + 32 <= count; i += 32) {
        u8x16 d8;
        __builtin_memcpy(&d8, under + i, 32);
        u16x16 t = s + __builtin_convertvector(d8, u16x16) * ia;
        u8x16 r = __builtin_convertvector((t + (t >> 8)) >> 8, u8x16);
        __builtin_memcpy(dst + i, &r, 32);
    }
    for (; i < count; i++) {
        unsigned c = (color >> (8 * (i & 3))) & 0xFF;
        unsigned t = c * a + under[i] * ia + 128;
        dst[i] = (uint8_t)((t + (t >> 8)) >> 8);
    }
}

// Glyph masks, one call per glyph (a call per row cost more than it saved): per pixel
// a = coverage · colour alpha / 255 rounded, then each byte (colour·a + dst·(255 − a)) / 255
// rounded — the same arithmetic as Raster's scalar mixPixel, so results are identical.
// Eight pixels per step (coverage bytes spread to their pixel's four bytes), rows of
// fewer than eight pixels and the tails one by one.
typedef uint8_t u8x8 __attribute__((vector_size(8)));
static inline uint32_t mask_pixel(uint32_t color, uint32_t d, unsigned a) {
    uint32_t out = 0;
    for (int b = 0; b < 32; b += 8) {
        unsigned t = ((color >> b) & 0xFF) * a + ((d >> b) & 0xFF) * (255 - a) + 128;
        out |= (uint32_t)(((t + (t >> 8)) >> 8) & 0xFF) << b;
    }
    return out;
}
#if defined(__x86_64__)
__attribute__((target_clones("avx512bw", "avx2", "default")))
#endif
void cshim_raster_mask_blit(uint32_t *dst, size_t dst_stride, const uint8_t *mask, size_t mask_stride,
                            size_t width, size_t height, uint32_t color, unsigned color_alpha) {
    const uint16_t ca = (uint16_t)color_alpha;
    u16x16 s;
    for (int lane = 0; lane < 32; lane++) s[lane] = (uint16_t)((color >> (8 * (lane & 3))) & 0xFF);
    for (size_t y = 0; y < height; y++) {
        uint32_t *d = dst + y * dst_stride;
        const uint8_t *m = mask + y * mask_stride;
        size_t i = 0;
        for (; i + 8 <= width; i += 8) {
            uint64_t bits;
            __builtin_memcpy(&bits, m + i, 8);
            if (bits == 0) continue;
            u8x8 c8;
            __builtin_memcpy(&c8, m + i, 8);
            u8x16 c32 = __builtin_shufflevector(c8, c8, 0,0,0,0, 1,1,1,1, 2,2,2,2, 3,3,3,3, 4,4,4,4, 5,5,5,5, 6,6,6,6, 7,7,7,7);
            u16x16 a = __builtin_convertvector(c32, u16x16);
            if (ca != 255) { u16x16 t = a * ca + 128; a = (t + (t >> 8)) >> 8; }
            u8x16 d8;
            __builtin_memcpy(&d8, d + i, 32);
            u16x16 t = s * a + __builtin_convertvector(d8, u16x16) * (255 - a) + 128;
            u8x16 r = __builtin_convertvector((t + (t >> 8)) >> 8, u8x16);
            __builtin_memcpy(d + i, &r, 32);
        }
        for (; i < width; i++) {
            unsigned c = m[i];
            if (c == 0) continue;
            unsigned a = c;
            if (ca != 255) { unsigned t = c * ca + 128; a = (t + (t >> 8)) >> 8; }
            d[i] = a == 255 ? color : mask_pixel(color, d[i], a);
        }
    }
}

// Scan-out copy: rows of `row_bytes` from cached memory into a dumb buffer with
// streaming (non-temporal) stores. The destination is write-combined memory on the
// device, never read: streaming stores skip the read-for-ownership a normal store
// makes of each line (on cached memory, as in the bench) and keep the shadow and
// page in the cache instead of the scan-out buffer. 16-byte vector stores are
// movntdq on x86-64 (SSE2, the baseline) and stnp on AArch64.
typedef uint8_t u8v16 __attribute__((vector_size(16), aligned(1)));
// Streaming (non-temporal) stores are clang's builtin. GCC (the ARM cross-check in
// scripts/arm-check builds with it too) has none: there the store is a plain one, the
// same bytes, and only the cache behaviour differs.
#if defined(__clang__)
#define LECTERN_STREAM_STORE(value, address) __builtin_nontemporal_store((value), (address))
#else
#define LECTERN_STREAM_STORE(value, address) (*(address) = (value))
#endif

typedef uint8_t u8v16a __attribute__((vector_size(16)));
void cshim_raster_stream_copy_rows(uint8_t *dst, size_t dst_pitch, const uint8_t *src, size_t src_stride,
                                   size_t row_bytes, size_t rows) {
    for (size_t y = 0; y < rows; y++) {
        uint8_t *d = dst + y * dst_pitch;
        const uint8_t *s = src + y * src_stride;
        size_t n = row_bytes;
        // Up to the first 16-byte boundary of the destination: plain stores.
        size_t head = (16 - ((uintptr_t)d & 15)) & 15;
        if (head > n) head = n;
        memcpy(d, s, head);
        d += head; s += head; n -= head;
        for (; n >= 16; n -= 16, d += 16, s += 16) {
            u8v16 v = *(const u8v16 *)s;
            LECTERN_STREAM_STORE((u8v16a)v, (u8v16a *)d);
        }
        memcpy(d, s, n);
    }
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_sfence();  // streaming stores are weakly ordered: finish them before the flip
#elif defined(__aarch64__)
    __asm__ volatile("dmb ishst" ::: "memory");
#endif
}

// The two mixes again with streaming stores, for a frame composed straight into the
// scan-out buffer (written once, never read): the destination is brought to a 32-byte
// boundary with the scalar formula, then whole vectors are stored non-temporally.
// Same arithmetic, so the same bytes as the kernels above.
static inline void mix_scalar(uint8_t *dst, const uint8_t *src, const uint8_t *under, size_t from, size_t to,
                              uint16_t a, uint16_t ia) {
    for (size_t i = from; i < to; i++) {
        unsigned t = src[i] * a + under[i] * ia + 128;
        dst[i] = (uint8_t)((t + (t >> 8)) >> 8);
    }
}

static inline size_t head_to_32(const uint8_t *dst, size_t count) {
    size_t head = (32 - ((uintptr_t)dst & 31)) & 31;
    return head > count ? count : head;
}

#if defined(__x86_64__)
__attribute__((target_clones("avx512bw", "avx2", "default")))
#endif
void cshim_raster_mix_bytes_stream(uint8_t *dst, const uint8_t *src, const uint8_t *under, size_t count, unsigned alpha) {
    const uint16_t a = (uint16_t)alpha, ia = (uint16_t)(255 - alpha);
    size_t i = head_to_32(dst, count);
    mix_scalar(dst, src, under, 0, i, a, ia);
    for (; i + 32 <= count; i += 32) {
        u8x16 s8, d8;
        __builtin_memcpy(&s8, src + i, 32);
        __builtin_memcpy(&d8, under + i, 32);
        u16x16 t = __builtin_convertvector(s8, u16x16) * a + __builtin_convertvector(d8, u16x16) * ia + 128;
        u8x16 r = __builtin_convertvector((t + (t >> 8)) >> 8, u8x16);
        LECTERN_STREAM_STORE(r, (u8x16 *)(dst + i));
    }
    mix_scalar(dst, src, under, i, count, a, ia);
}

#if defined(__x86_64__)
__attribute__((target_clones("avx512bw", "avx2", "default")))
#endif
void cshim_raster_mix_color_bytes_stream(uint8_t *dst, const uint8_t *under, size_t count, uint32_t color, unsigned alpha) {
    const uint16_t a = (uint16_t)alpha, ia = (uint16_t)(255 - alpha);
    size_t i = head_to_32(dst, count);
    for (size_t k = 0; k < i; k++) {
        unsigned t = ((color >> (8 * (k & 3))) & 0xFF) * a + under[k] * ia + 128;
        dst[k] = (uint8_t)((t + (t >> 8)) >> 8);
    }
    // Lane phase: dst + i is 4-byte aligned relative to the row start (i is a multiple
    // of 4 when dst is pixel-aligned), so lane & 3 is still the byte within the pixel.
    u16x16 s;
    for (int lane = 0; lane < 32; lane++) s[lane] = (uint16_t)(((color >> (8 * ((i + lane) & 3))) & 0xFF) * a + 128);
    for (; i + 32 <= count; i += 32) {
        u8x16 d8;
        __builtin_memcpy(&d8, under + i, 32);
        u16x16 t = s + __builtin_convertvector(d8, u16x16) * ia;
        u8x16 r = __builtin_convertvector((t + (t >> 8)) >> 8, u8x16);
        LECTERN_STREAM_STORE(r, (u8x16 *)(dst + i));
    }
    for (; i < count; i++) {
        unsigned t = ((color >> (8 * (i & 3))) & 0xFF) * a + under[i] * ia + 128;
        dst[i] = (uint8_t)((t + (t >> 8)) >> 8);
    }
}

void cshim_raster_stream_fence(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_sfence();
#elif defined(__aarch64__)
    __asm__ volatile("dmb ishst" ::: "memory");
#endif
}
