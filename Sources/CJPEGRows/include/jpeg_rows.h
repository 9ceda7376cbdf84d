// A JPEG read one row at a time through libjpeg's scanline API (libjpeg-turbo), with the
// settings TurboJPEG's tjDecompress2 uses for TJPF_BGRA (or TJPF_CMYK for a CMYK or YCCK
// file) and no flags, so the pixels are the ones tjDecompress2 gives at the same scale.
//
// Why not TurboJPEG: it writes the whole picture into one buffer, at the decoded size,
// before the area average shrinks it (a 12-megapixel photo decoded at half size for a
// 1824-px column is 12 MB that exists only to be averaged), and a band of a tall picture
// would need the whole picture decoded to copy it out.
//
// libjpeg reports errors by longjmp; every function here sets its own jump target and
// returns 0 with `message` filled in, so no longjmp ever crosses into Swift. A warning
// (corrupt data libjpeg can read past) is an error here, as TurboJPEG reports it.
#ifndef LECTERN_JPEG_ROWS_H
#define LECTERN_JPEG_ROWS_H

#include <stddef.h>
#include <stdint.h>

typedef struct lectern_jpeg_rows {
    /// The stored size, from the header, after lectern_jpeg_rows_begin.
    uint32_t width, height;
    /// Colour stored as CMYK or YCCK: rows come as Adobe's inverted CMYK, 4 bytes a pixel.
    int cmyk;
    /// The size rows come at, after lectern_jpeg_rows_start (the stored size scaled).
    uint32_t output_width, output_height;
    /// Why the last call returned 0 (libjpeg's message), NUL-terminated.
    char message[200];
    /// libjpeg's decompressor, error handler and jump target (private).
    void *opaque;
} lectern_jpeg_rows;

/// Reads the header of the JPEG in `data`. libjpeg reads the compressed data through
/// this pointer until lectern_jpeg_rows_end: the bytes must stay alive and unchanged
/// until then. Returns 1, or 0 with `message` (call lectern_jpeg_rows_end either way).
int lectern_jpeg_rows_begin(lectern_jpeg_rows *jpeg, const void *data, size_t size);

/// Starts decoding at scale_num/scale_denom of the stored size (libjpeg's DCT scaling:
/// n/8 for n in 1…16), BGRA with opaque alpha (CMYK for a CMYK file). Call once, after
/// begin; sets output_width and output_height.
int lectern_jpeg_rows_start(lectern_jpeg_rows *jpeg, unsigned scale_num, unsigned scale_denom);

/// The next row into `row`: output_width × 4 bytes.
int lectern_jpeg_rows_read_row(lectern_jpeg_rows *jpeg, void *row);

/// Frees everything libjpeg holds. Safe to call twice, or after a failed begin.
void lectern_jpeg_rows_end(lectern_jpeg_rows *jpeg);

#endif
