// A PNG read one row at a time through libpng's ordinary (progressive-row) API, with
// the transforms libpng's simplified API applies for PNG_FORMAT_BGRA, so the pixels are
// the ones png_image_finish_read gives: 8-bit BGRA, straight alpha, sRGB.
//
// Why not the simplified API: it writes the whole picture into one buffer, 4 bytes per
// pixel (64 MB for a 4000×4000 icon), before the area average shrinks it to the few
// hundred pixels shown. Row by row, a non-interlaced PNG needs one row at a time.
//
// libpng reports errors by longjmp; every function here sets its own jump target and
// returns 0 with `message` filled in, so no longjmp ever crosses into Swift.
#ifndef LECTERN_PNG_ROWS_H
#define LECTERN_PNG_ROWS_H

#include <stddef.h>
#include <stdint.h>

typedef struct lectern_png_rows {
    /// From the header, after lectern_png_rows_begin.
    uint32_t width, height;
    /// Adam7: the rows arrive in seven passes, so only lectern_png_rows_read_image works.
    int interlaced;
    /// Why the last call returned 0 (libpng's message), NUL-terminated.
    char message[160];
    /// libpng's read and info structs and the unread input (private).
    void *opaque;
} lectern_png_rows;

/// Reads the signature and header of the PNG in `data`. libpng reads the compressed
/// data through this pointer until lectern_png_rows_end: the bytes must stay alive and
/// unchanged until then. Returns 1, or 0 with `message` (call lectern_png_rows_end
/// either way).
int lectern_png_rows_begin(lectern_png_rows *png, const void *data, size_t size);

/// Sets up the BGRA transforms. Call once, after begin, before reading pixels.
int lectern_png_rows_start(lectern_png_rows *png);

/// The next row (of a non-interlaced PNG) into `row`: width × 4 bytes.
int lectern_png_rows_read_row(lectern_png_rows *png, void *row);

/// The whole picture (any PNG, interlaced too) into `pixels`, rows `stride` bytes apart.
int lectern_png_rows_read_image(lectern_png_rows *png, void *pixels, size_t stride);

/// Frees everything libpng holds. Safe to call twice, or after a failed begin.
void lectern_png_rows_end(lectern_png_rows *png);

#endif
