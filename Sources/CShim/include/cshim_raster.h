#ifndef LECTERN_CSHIM_RASTER_H
#define LECTERN_CSHIM_RASTER_H

#include <stddef.h>

// Raster: glibc's malloc statistics (malloc.h is not part of Swift's Glibc module).
// Bytes currently allocated from the heap (mallinfo2().uordblks + hblkhd).
size_t cshim_raster_heap_bytes_in_use(void);

#endif

#ifndef LECTERN_CSHIM_RASTER_KERNELS
#define LECTERN_CSHIM_RASTER_KERNELS
#include <stdint.h>
// Raster: the menu-overlay kernel, per byte dst = (src·a + dst·(255 − a)) / 255 rounded,
// over `count` bytes (a multiple of 4). In C only so that the compiler can build an
// AVX2 clone picked at load time (Swift compiles for the x86-64 baseline, SSE2).
void cshim_raster_lerp_bytes(uint8_t *dst, const uint8_t *src, size_t count, unsigned alpha);
#endif
