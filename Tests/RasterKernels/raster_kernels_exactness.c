// Exactness test for the C raster kernels (Sources/CRasterKernels/raster.c), in plain C so that it
// can be cross-compiled and run where Swift cannot (scripts/arm-check runs it on x86-64
// and, built by aarch64 compilers, under qemu-aarch64). Each kernel is compared with its
// definition written directly: a blend of x over 255 is round(x / 255) = (x + 127) / 255
// (255 is odd, so there is never a tie). mix_bytes is checked for every (src, under,
// alpha) triple; the others over random data with every length up to past two vector
// steps, odd offsets, in place and with strides. On success it prints a hash of all the
// outputs, so results from different machines and compilers can be compared bit for bit.
#include "cshim_raster.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned blend(unsigned s, unsigned d, unsigned a) { return (s * a + d * (255 - a) + 127) / 255; }

static uint64_t rng = 0x9E3779B97F4A7C15u;
static uint32_t next(void) { // xorshift64*: the same sequence everywhere
    rng ^= rng >> 12; rng ^= rng << 25; rng ^= rng >> 27;
    return (uint32_t)((rng * 0x2545F4914F6CDD1Du) >> 32);
}
static uint64_t hash = 0xcbf29ce484222325u; // FNV-1a over every output byte
static void absorb(const void *p, size_t n) {
    for (size_t i = 0; i < n; i++) { hash ^= ((const uint8_t *)p)[i]; hash *= 0x100000001b3u; }
}
static int failures = 0;
static void mismatch(const char *kernel, const char *what, size_t i, unsigned got, unsigned want) {
    if (failures++ < 10) fprintf(stderr, "%s: %s: byte %zu is %u, definition says %u\n", kernel, what, i, got, want);
}

// Every (src, under) pair for every alpha: 65536-byte runs, so almost all of it goes
// through the vector loop.
static void mix_bytes_exhaustive(void) {
    static uint8_t src[65536], under[65536], dst[65536];
    for (size_t i = 0; i < 65536; i++) { src[i] = (uint8_t)i; under[i] = (uint8_t)(i >> 8); }
    for (unsigned a = 0; a <= 255; a++) {
        cshim_raster_mix_bytes(dst, src, under, sizeof dst, a);
        for (size_t i = 0; i < 65536; i++)
            if (dst[i] != blend(src[i], under[i], a)) mismatch("mix_bytes", "all pairs", i, dst[i], blend(src[i], under[i], a));
        absorb(dst, sizeof dst);
    }
}

// Short and odd lengths (the scalar tail), unaligned starts, and in place (under == dst).
static void mix_bytes_tails(void) {
    uint8_t src[160], under[160], dst[160], want[160];
    for (size_t count = 0; count <= 100; count++) {
        for (size_t offset = 0; offset < 4; offset++) {
            unsigned a = next() & 255;
            for (size_t i = 0; i < sizeof src; i++) { src[i] = (uint8_t)next(); under[i] = (uint8_t)next(); }
            for (size_t i = 0; i < count; i++) want[i] = (uint8_t)blend(src[offset + i], under[offset + i], a);
            memset(dst, 0xA5, sizeof dst);
            cshim_raster_mix_bytes(dst + offset, src + offset, under + offset, count, a);
            for (size_t i = 0; i < count; i++) if (dst[offset + i] != want[i]) mismatch("mix_bytes", "tail", i, dst[offset + i], want[i]);
            if (dst[offset + count] != 0xA5) mismatch("mix_bytes", "wrote past the end", count, dst[offset + count], 0xA5);
            cshim_raster_mix_bytes(under + offset, src + offset, under + offset, count, a);
            for (size_t i = 0; i < count; i++) if (under[offset + i] != want[i]) mismatch("mix_bytes", "in place", i, under[offset + i], want[i]);
            absorb(dst + offset, count);
        }
    }
}

// A constant colour: byte i takes the colour's byte i mod 4 (little-endian pixel word).
static void mix_color_bytes(void) {
    uint8_t under[1100], dst[1100];
    for (int round = 0; round < 600; round++) {
        uint32_t color = next();
        unsigned a = round < 256 ? (unsigned)round : next() & 255;
        size_t count = round % 3 == 0 ? 1024 + 4 * (next() % 16) : 4 * (next() % 40);
        for (size_t i = 0; i < count; i++) under[i] = (uint8_t)next();
        cshim_raster_mix_color_bytes(dst, under, count, color, a);
        for (size_t i = 0; i < count; i++) {
            unsigned want = blend((color >> (8 * (i & 3))) & 0xFF, under[i], a);
            if (dst[i] != want) mismatch("mix_color_bytes", "random", i, dst[i], want);
        }
        absorb(dst, count);
    }
}

// The streaming variants (a frame composed straight into scan-out memory): the same bytes
// as the definitions for every destination alignment within a cache line (the head before
// the first 64-byte boundary takes another path) and lengths around the vector steps.
static void stream_variants(void) {
    static uint8_t src[1400], under[1400], dst[1400 + 64];
    for (int round = 0; round < 800; round++) {
        size_t offset = (size_t)round % 64, count = round % 4 == 0 ? 1024 + (next() % 300) : next() % 300;
        uint32_t color = next();
        unsigned a = next() & 255;
        for (size_t i = 0; i < count; i++) { src[i] = (uint8_t)next(); under[i] = (uint8_t)next(); }
        uint8_t *d = dst + offset;
        memset(dst, 0x5A, sizeof dst);
        cshim_raster_mix_bytes_stream(d, src, under, count, a);
        for (size_t i = 0; i < count; i++)
            if (d[i] != blend(src[i], under[i], a)) mismatch("mix_bytes_stream", "random", i, d[i], blend(src[i], under[i], a));
        if (d[count] != 0x5A) mismatch("mix_bytes_stream", "wrote past the end", count, d[count], 0x5A);
        absorb(d, count);
        cshim_raster_mix_color_bytes_stream(d, under, count, color, a);
        for (size_t i = 0; i < count; i++) {
            unsigned want = blend((color >> (8 * (i & 3))) & 0xFF, under[i], a);
            if (d[i] != want) mismatch("mix_color_bytes_stream", "random", i, d[i], want);
        }
        if (d[count] != 0x5A) mismatch("mix_color_bytes_stream", "wrote past the end", count, d[count], 0x5A);
        absorb(d, count);
    }
    cshim_raster_stream_fence();
}

// Glyph masks: per pixel a = coverage (scaled by the colour's alpha, rounded), then each
// byte blended; coverage 0 leaves the pixel alone. Rows of every width up to past two
// eight-pixel steps, strides wider than the rows or as wide (the glyph cache's masks: a
// row's last bytes are then loaded with the next row's first), runs of zero coverage.
static void mask_blit(void) {
    enum { maxW = 40, maxH = 5, stride = 48, wideStride = 45 };
    uint32_t dst[maxH * stride], want[maxH * stride];
    uint8_t mask[maxH * wideStride];
    const unsigned alphas[] = {255, 0, 1, 128, 254};
    for (int round = 0; round < 400; round++) {
        size_t w = (size_t)round % (maxW + 1), h = 1 + next() % maxH;
        const size_t maskStride = round % 2 == 0 && w > 0 ? w : wideStride;
        uint32_t color = next() | 0xFF000000u;
        unsigned ca = round % 7 < 5 ? alphas[round % 7] : next() & 255;
        for (size_t i = 0; i < sizeof mask; i++) {
            uint32_t r = next();
            mask[i] = (r & 3) == 0 ? 0 : (r & 12) == 0 ? 255 : (uint8_t)(r >> 8);
        }
        if (round % 5 == 0) memset(mask, 0, 8); // a whole zero step
        for (size_t i = 0; i < maxH * stride; i++) dst[i] = want[i] = next();
        for (size_t y = 0; y < h; y++)
            for (size_t x = 0; x < w; x++) {
                unsigned c = mask[y * maskStride + x];
                if (c == 0) continue;
                unsigned a = ca == 255 ? c : (c * ca + 127) / 255;
                uint32_t d = want[y * stride + x], out = 0;
                for (int b = 0; b < 32; b += 8) out |= (uint32_t)blend((color >> b) & 0xFF, (d >> b) & 0xFF, a) << b;
                want[y * stride + x] = out;
            }
        // Room for whole eight-pixel steps past the glyph, or none (the row ends with it).
        // The mask in an allocation of its exact size, so that a sanitizer build sees a
        // read past its last row.
        size_t maskBytes = (h - 1) * maskStride + w;
        uint8_t *exact = malloc(maskBytes ? maskBytes : 1);
        if (maskBytes) memcpy(exact, mask, maskBytes);
        cshim_raster_mask_blit(dst, stride, round % 3 == 0 ? w : stride, exact, maskStride, w, h, color, ca);
        free(exact);
        for (size_t i = 0; i < maxH * stride; i++)
            if (dst[i] != want[i]) { mismatch("mask_blit", "random", i, dst[i], want[i]); break; }
        absorb(dst, sizeof dst);
    }
}

// Glyph masks from their tint: the mask drawn over a plain background by mask_blit, rows
// copied where the destination is all that background under the glyph and mixed where it
// is not (another glyph's ink in one pixel is enough). Same bytes as mask_blit, every width
// up to past three 16-pixel steps, and glyphs clipped on the left and on the right (the
// kernel then starts `left` pixels into each tint and mask row). The tint is in an
// allocation of exactly its rows and the 16 pixels of slack the header asks for, so that
// a sanitizer build sees a read past it.
static void tinted_blit(void) {
    enum { maxW = 40, maxH = 6, stride = 64 };
    uint32_t dst[maxH * stride], want[maxH * stride];
    uint8_t mask[maxH * maxW];
    const unsigned alphas[] = {255, 128, 1};
    for (int round = 0; round < 600; round++) {
        size_t w = 1 + (size_t)round % maxW, h = 1 + next() % maxH;
        size_t tintStride = (w + 15) & ~(size_t)15;
        uint32_t color = next() | 0xFF000000u, bg = next() | 0xFF000000u;
        unsigned ca = alphas[round % 3];
        for (size_t i = 0; i < w * h; i++) {
            uint32_t r = next();
            mask[i] = (r & 3) == 0 ? 0 : (r & 12) == 0 ? 255 : (uint8_t)(r >> 8);
        }
        uint32_t *tint = malloc((tintStride * h + 16) * sizeof *tint);
        cshim_raster_fill(tint, tintStride, tintStride, h, bg);
        for (size_t i = 0; i < 16; i++) tint[tintStride * h + i] = bg;
        cshim_raster_mask_blit(tint, tintStride, tintStride, mask, w, w, h, color, ca);
        // The part drawn: whole, or clipped by `left` pixels on the left and `cut` on the right.
        size_t left = round % 4 == 1 ? next() % w : 0, cut = round % 4 == 2 ? next() % (w - left) : 0;
        size_t part = w - left - cut;
        for (size_t y = 0; y < maxH; y++) {
            // Rows of plain background, rows with one stray pixel under the glyph (or just
            // past it, which must not matter), rows of noise.
            // (One next() per statement: the order of two in one expression is unspecified,
            // and the output hash must not depend on the compiler.)
            uint32_t kind = next() % 4, at = next(), value = next();
            for (size_t x = 0; x < stride; x++) dst[y * stride + x] = kind == 3 ? next() : bg;
            if (kind == 1) dst[y * stride + at % part] ^= 1u << (value % 32);
            if (kind == 2) dst[y * stride + part + at % (stride - part)] = value;
        }
        memcpy(want, dst, sizeof dst);
        cshim_raster_mask_blit(want, stride, stride, mask + left, w, part, h, color, ca);
        cshim_raster_tinted_blit(dst, stride, tint + left, tintStride, mask + left, w, part, h, bg, color, ca);
        free(tint);
        for (size_t i = 0; i < maxH * stride; i++)
            if (dst[i] != want[i]) { mismatch("tinted_blit", "random", i, dst[i], want[i]); break; }
        absorb(dst, sizeof dst);
    }
}

// A premultiplied image over the destination: runs of opaque, transparent and mixed
// pixels, and wholly opaque rows (one memcpy), every width up to past two steps.
static void over(void) {
    enum { stride = 40, rows = 4 };
    uint32_t dst[stride * rows], want[stride * rows], src[stride * rows];
    for (int round = 0; round < 300; round++) {
        size_t w = (size_t)round % 33;
        for (size_t i = 0; i < stride * rows; i++) {
            uint32_t r = next(), kind = round % 5 == 4 && i < 2 * stride ? 0 : (i / 8 + (size_t)round) % 4;
            uint32_t alpha = kind == 0 ? 255 : kind == 1 ? 0 : kind == 2 ? (r >> 24) : ((r & 1) ? 255 : 0);
            uint32_t p = alpha << 24;
            for (int b = 0; b < 24; b += 8) p |= (((r >> b) & 0xFF) * alpha / 255) << b; // premultiplied
            src[i] = p;
            dst[i] = want[i] = next();
        }
        for (size_t y = 0; y < rows; y++)
            for (size_t x = 0; x < w; x++) {
                uint32_t p = src[y * stride + x], d = want[y * stride + x], pa = p >> 24;
                if (pa == 0) continue;
                if (pa == 255) { want[y * stride + x] = p; continue; }
                uint32_t out = 0;
                for (int b = 0; b < 32; b += 8) out |= (uint32_t)((((d >> b) & 0xFF) * (255 - pa) + 127) / 255) << b;
                want[y * stride + x] = (p + out) | 0xFF000000u;
            }
        cshim_raster_over(dst, stride, src, stride, w, rows);
        for (size_t i = 0; i < stride * rows; i++)
            if (dst[i] != want[i]) { mismatch("over", "random", i, dst[i], want[i]); break; }
        absorb(dst, sizeof dst);
    }
}

// Fills: every width up to past two vector steps, strides wider than the rows; nothing
// outside the rows is touched.
static void fill(void) {
    enum { stride = 48, rows = 3 };
    uint32_t dst[stride * rows + 1];
    for (size_t w = 0; w <= 40; w++) {
        uint32_t word = next();
        for (size_t i = 0; i < sizeof dst / 4; i++) dst[i] = 0xA5A5A5A5u;
        cshim_raster_fill(dst, stride, w, rows, word);
        for (size_t i = 0; i < sizeof dst / 4; i++) {
            uint32_t want = i < stride * rows && i % stride < w ? word : 0xA5A5A5A5u;
            if (dst[i] != want) { mismatch("fill", "random", i, dst[i], want); break; }
        }
        absorb(dst, sizeof dst);
    }
}

// Scan-out copies: one source's rows, and rows joined from two sources (a pull frame):
// every destination alignment within a cache line, parts of every length around the
// 16-byte steps (a part shorter than the head before the first boundary, an empty part),
// nothing written between rows or past a row's end.
static void stream_rows(void) {
    enum { rows = 3, pitch = 400, room = 64 + pitch * rows };
    static uint8_t a[rows * 300], b[rows * 300], dst[room], want[room];
    for (int round = 0; round < 1500; round++) {
        size_t offset = (size_t)round % 64;
        size_t na = round % 5 == 0 ? next() % 40 : next() % 300, nb = round % 7 == 0 ? next() % 20 : next() % (300 - 0);
        if (na + nb > pitch - 8) nb = pitch - 8 - na;
        for (size_t i = 0; i < sizeof a; i++) { a[i] = (uint8_t)next(); b[i] = (uint8_t)next(); }
        memset(want, 0x3C, sizeof want);
        for (size_t y = 0; y < rows; y++) {
            memcpy(want + offset + y * pitch, a + y * 300, na);
            memcpy(want + offset + y * pitch + na, b + y * 300, nb);
        }
        memset(dst, 0x3C, sizeof dst);
        cshim_raster_stream_join_rows(dst + offset, pitch, a, 300, na, b, 300, nb, rows);
        for (size_t i = 0; i < sizeof dst; i++) if (dst[i] != want[i]) { mismatch("stream_join_rows", "random", i, dst[i], want[i]); break; }
        absorb(dst, sizeof dst);
        memset(dst, 0x3C, sizeof dst);
        cshim_raster_stream_copy_rows(dst + offset, pitch, a, 300, na, rows);
        cshim_raster_stream_copy_rows(dst + offset + na, pitch, b, 300, nb, rows);
        for (size_t i = 0; i < sizeof dst; i++) if (dst[i] != want[i]) { mismatch("stream_copy_rows", "random", i, dst[i], want[i]); break; }
    }
}

int main(void) {
    mix_bytes_exhaustive();
    mix_bytes_tails();
    mix_color_bytes();
    stream_variants();
    stream_rows();
    mask_blit();
    tinted_blit();
    fill();
    over();
    if (failures) { fprintf(stderr, "raster kernels: %d mismatches\n", failures); return 1; }
    printf("raster kernels exact, output hash %016llx\n", (unsigned long long)hash);
    return 0;
}
