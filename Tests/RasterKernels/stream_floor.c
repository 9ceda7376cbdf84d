// The floor under a full frame (docs/performance.md, "The physical limit"): a 1080p
// XRGB8888 frame copied by glibc's memcpy (the yardstick of `lectern bench`), the same
// bytes written with the display path's streaming stores (cshim_raster_stream_copy_rows,
// the write every frame that changes every pixel must make), a fill of the shadow
// followed by that stream (a first frame before its glyphs), and the same with the rows
// a dense text page leaves blank (`blank`: 581 of 1,080, its line gaps and margins) not
// filled again but streamed as fills (cshim_raster_stream_fill_rows): what a first
// frame would gain from knowing which shadow rows still hold the background. Two
// destination buffers alternate, as scan-out buffers do; the median of 200 after 10
// warm-up runs.
//
//   /opt/swift/usr/bin/clang -O2 -std=gnu11 -ISources/CRasterKernels/include \
//       Tests/RasterKernels/stream_floor.c Sources/CRasterKernels/raster.c -o /tmp/stream-floor
//   /tmp/stream-floor [WIDTH HEIGHT]
//
// (clang: gcc 12 rejects the kernels' avx512bw target_clones.)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cshim_raster.h"

enum { warmup = 10, runs = 200 };

static double micros(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

// A text page's rows at 18 px: 13 of every 27 rows between lines, and the margins.
static int blank(size_t y, size_t height) { return (y % 27) >= 13 || y < 30 || y + 20 > height; }

static int ascending(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    size_t width = argc > 2 ? strtoul(argv[1], NULL, 10) : 1920;
    size_t height = argc > 2 ? strtoul(argv[2], NULL, 10) : 1080;
    size_t pitch = width * 4, bytes = pitch * height;
    uint8_t *shadow = aligned_alloc(64, bytes);
    uint8_t *scanout[2] = { aligned_alloc(64, bytes), aligned_alloc(64, bytes) };
    if (!shadow || !scanout[0] || !scanout[1]) { fprintf(stderr, "stream-floor: out of memory\n"); return 1; }
    memset(shadow, 40, bytes);
    memset(scanout[0], 0, bytes);
    memset(scanout[1], 0, bytes);
    static const char *names[] = { "memcpy", "stream", "fill+stream", "blank rows" };
    double median[4], times[runs];
    for (int kind = 0; kind < 4; kind++) {
        for (int i = -warmup; i < runs; i++) {
            uint8_t *dst = scanout[i & 1];
            double t0 = micros();
            if (kind == 0) {
                memcpy(dst, shadow, bytes);
            } else if (kind == 3) {
                for (size_t y = 0, end; y < height; y = end) {
                    int plain = blank(y, height);
                    for (end = y; end < height && blank(end, height) == plain; end++) {}
                    uint8_t *d = dst + y * pitch, *s = shadow + y * pitch;
                    if (plain) {
                        cshim_raster_stream_fill_rows(d, pitch, 0xfff7f4eeu, width, end - y);
                    } else {
                        cshim_raster_fill((uint32_t *)s, width, width, end - y, 0xfff7f4eeu);
                        cshim_raster_stream_copy_rows(d, pitch, s, pitch, pitch, end - y);
                    }
                }
            } else {
                if (kind == 2) cshim_raster_fill((uint32_t *)shadow, width, width, height, 0xfff7f4eeu);
                cshim_raster_stream_copy_rows(dst, pitch, shadow, pitch, pitch, height);
            }
            if (i >= 0) times[i] = micros() - t0;
        }
        qsort(times, runs, sizeof times[0], ascending);
        median[kind] = times[runs / 2];
        printf("%-12s %zux%zu  median %7.1f us  least %7.1f us  %.2fx memcpy\n", names[kind], width, height,
               median[kind], times[0], median[kind] / median[0]);
    }
    return 0;
}
