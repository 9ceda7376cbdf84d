#include "png_rows.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    png_structp png;
    png_infop info;
    /// The input not yet handed to libpng.
    const unsigned char *next;
    size_t left;
    /// Passes libpng makes over the rows (7 for Adam7, else 1), set by start.
    int passes;
    int started;
    uint32_t rows_read;
} reader;

static void set_message(lectern_png_rows *r, const char *text) {
    snprintf(r->message, sizeof r->message, "%s", text ? text : "unknown libpng error");
}

static void on_error(png_structp png, png_const_charp text) {
    set_message(png_get_error_ptr(png), text);
    png_longjmp(png, 1);
}

/// Warnings (a bad ancillary chunk, an odd colour profile) do not stop the simplified
/// API from reading the picture, so they do not stop this reader either.
static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void read_data(png_structp png, png_bytep out, size_t need) {
    lectern_png_rows *r = png_get_io_ptr(png);
    reader *d = r->opaque;
    /* The simplified API's message for the same case. */
    if (need > d->left) png_error(png, "read beyond end of data");
    memcpy(out, d->next, need);
    d->next += need;
    d->left -= need;
}

int lectern_png_rows_begin(lectern_png_rows *r, const void *data, size_t size) {
    memset(r, 0, sizeof *r);
    if (data == NULL || size == 0) {
        set_message(r, "no data");
        return 0;
    }
    reader *d = calloc(1, sizeof *d);
    if (d == NULL) {
        set_message(r, "out of memory");
        return 0;
    }
    r->opaque = d;
    d->next = data;
    d->left = size;
    d->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r, on_error, on_warning);
    if (d->png == NULL) {
        set_message(r, "out of memory");
        return 0;
    }
    d->info = png_create_info_struct(d->png);
    if (d->info == NULL) {
        set_message(r, "out of memory");
        return 0;
    }
    if (setjmp(png_jmpbuf(d->png))) return 0;
    png_set_read_fn(d->png, r, read_data);
    /* As png_image_begin_read_from_memory: benign errors are warnings. */
    png_set_benign_errors(d->png, 1);
    png_read_info(d->png, d->info);
    r->width = png_get_image_width(d->png, d->info);
    r->height = png_get_image_height(d->png, d->info);
    r->interlaced = png_get_interlace_type(d->png, d->info) != PNG_INTERLACE_NONE;
    return 1;
}

/// The chunks the simplified API still reads once the header is in; every other
/// known or unknown chunk is skipped (png_image_skip_unused_chunks in pngread.c).
static void skip_unused_chunks(png_structp png) {
    static const png_byte keep[] = {
        98,  75,  71,  68, '\0', /* bKGD */
        99,  72,  82,  77, '\0', /* cHRM */
        103, 65,  77,  65, '\0', /* gAMA */
#ifdef PNG_READ_iCCP_SUPPORTED
        105, 67,  67,  80, '\0', /* iCCP */
#endif
        115, 66,  73,  84, '\0', /* sBIT */
        115, 82,  71,  66, '\0', /* sRGB */
    };
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_AS_DEFAULT, keep, (int)(sizeof keep / 5));
}

int lectern_png_rows_start(lectern_png_rows *r) {
    reader *d = r->opaque;
    if (d == NULL || d->png == NULL || d->started) {
        set_message(r, "lectern_png_rows_start: not begun, or started twice");
        return 0;
    }
    if (setjmp(png_jmpbuf(d->png))) return 0;
    png_structp png = d->png;
    png_infop info = d->info;
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    int num_trans = 0;
    png_get_tRNS(png, info, NULL, &num_trans, NULL);
    int has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0 || num_trans > 0;

    /* The calls, and their order, of png_image_read_direct (libpng 1.6 pngread.c) for
     * PNG_FORMAT_BGRA, so that the pixels match png_image_finish_read's exactly. */
    png_set_expand(png); /* palette to RGB, tRNS to alpha, 1/2/4-bit grey to 8-bit */
    if ((color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
    /* The input's gamma when the file has no gAMA: 16-bit samples are taken as
     * linear, 8-bit ones as sRGB. */
    png_set_alpha_mode_fixed(png, PNG_ALPHA_PNG, bit_depth == 16 ? PNG_GAMMA_LINEAR : PNG_DEFAULT_sRGB);
    if (bit_depth == 16) png_set_scale_16(png);
    if (!has_alpha) png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    /* The output: sRGB, straight (not premultiplied) alpha. */
    png_set_alpha_mode_fixed(png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
    png_set_bgr(png);
    skip_unused_chunks(png);
    d->passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_bit_depth(png, info) != 8 || png_get_channels(png, info) != 4
        || png_get_rowbytes(png, info) != (size_t)r->width * 4) {
        png_error(png, "the transforms did not give 8-bit BGRA rows");
    }
    d->started = 1;
    return 1;
}

int lectern_png_rows_read_row(lectern_png_rows *r, void *row) {
    reader *d = r->opaque;
    if (d == NULL || !d->started || r->interlaced || d->rows_read >= r->height) {
        set_message(r, "lectern_png_rows_read_row: not started, interlaced, or past the last row");
        return 0;
    }
    if (setjmp(png_jmpbuf(d->png))) return 0;
    png_read_row(d->png, row, NULL);
    d->rows_read++;
    return 1;
}

int lectern_png_rows_read_image(lectern_png_rows *r, void *pixels, size_t stride) {
    reader *d = r->opaque;
    if (d == NULL || !d->started || d->rows_read != 0 || stride < (size_t)r->width * 4) {
        set_message(r, "lectern_png_rows_read_image: not started, rows already read, or stride too small");
        return 0;
    }
    if (setjmp(png_jmpbuf(d->png))) return 0;
    /* Each Adam7 pass adds its pixels to rows already holding the earlier passes'. */
    for (int pass = 0; pass < d->passes; pass++) {
        unsigned char *row = pixels;
        for (uint32_t y = 0; y < r->height; y++, row += stride) png_read_row(d->png, row, NULL);
    }
    d->rows_read = r->height;
    return 1;
}

void lectern_png_rows_end(lectern_png_rows *r) {
    reader *d = r->opaque;
    if (d == NULL) return;
    if (d->png != NULL) png_destroy_read_struct(&d->png, d->info != NULL ? &d->info : NULL, NULL);
    free(d);
    r->opaque = NULL;
}
