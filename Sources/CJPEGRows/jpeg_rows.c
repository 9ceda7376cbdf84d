#include "jpeg_rows.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

typedef struct {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr errors;
    jmp_buf jump;
    lectern_jpeg_rows *owner;
    int created;
    int started;
    uint32_t rows_read;
} reader;

static void set_message(lectern_jpeg_rows *r, const char *text) {
    snprintf(r->message, sizeof r->message, "%s", text ? text : "unknown libjpeg error");
}

static void fail_with_message(j_common_ptr info) {
    reader *d = (reader *)info;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    set_message(d->owner, text);
    longjmp(d->jump, 1);
}

/// libjpeg's error_exit: the message, then back to the call's jump target.
static void on_error(j_common_ptr info) { fail_with_message(info); }

/// Level -1 is a warning (data libjpeg reads past: a truncated file shows grey rows);
/// TurboJPEG's tjDecompress2 fails on it, and so does this. Higher levels are trace
/// messages, ignored.
static void on_message(j_common_ptr info, int level) {
    if (level < 0) fail_with_message(info);
}

int lectern_jpeg_rows_begin(lectern_jpeg_rows *r, const void *data, size_t size) {
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
    d->owner = r;
    d->info.err = jpeg_std_error(&d->errors);
    d->errors.error_exit = on_error;
    d->errors.emit_message = on_message;
    if (setjmp(d->jump)) return 0;
    jpeg_create_decompress(&d->info);
    d->created = 1;
    jpeg_mem_src(&d->info, data, (unsigned long)size);
    jpeg_read_header(&d->info, TRUE);
    r->width = d->info.image_width;
    r->height = d->info.image_height;
    r->cmyk = d->info.jpeg_color_space == JCS_CMYK || d->info.jpeg_color_space == JCS_YCCK;
    return 1;
}

int lectern_jpeg_rows_start(lectern_jpeg_rows *r, unsigned scale_num, unsigned scale_denom) {
    reader *d = r->opaque;
    if (d == NULL || !d->created || d->started || scale_num == 0 || scale_denom == 0) {
        set_message(r, "lectern_jpeg_rows_start: not begun, started twice, or no scale");
        return 0;
    }
    if (setjmp(d->jump)) return 0;
    /* As tjDecompress2 with no flags: its pixel format's colour space, the scale, and
     * libjpeg's defaults otherwise (islow DCT, fancy upsampling). */
    d->info.out_color_space = r->cmyk ? JCS_CMYK : JCS_EXT_BGRA;
    d->info.scale_num = scale_num;
    d->info.scale_denom = scale_denom;
    jpeg_start_decompress(&d->info);
    if (d->info.output_components != 4) {
        set_message(r, "the decoder did not give 4 bytes a pixel");
        return 0;
    }
    r->output_width = d->info.output_width;
    r->output_height = d->info.output_height;
    d->started = 1;
    return 1;
}

int lectern_jpeg_rows_read_row(lectern_jpeg_rows *r, void *row) {
    reader *d = r->opaque;
    if (d == NULL || !d->started || d->rows_read >= r->output_height) {
        set_message(r, "lectern_jpeg_rows_read_row: not started, or past the last row");
        return 0;
    }
    if (setjmp(d->jump)) return 0;
    JSAMPROW rows[1] = {row};
    if (jpeg_read_scanlines(&d->info, rows, 1) != 1) {
        set_message(r, "the JPEG data ended before its last row");
        return 0;
    }
    d->rows_read++;
    /* After the last row, the rest of the file up to its end marker, as tjDecompress2
     * reads it: damage there is reported too. */
    if (d->rows_read == r->output_height) jpeg_finish_decompress(&d->info);
    return 1;
}

void lectern_jpeg_rows_end(lectern_jpeg_rows *r) {
    reader *d = r->opaque;
    if (d == NULL) return;
    /* jpeg_destroy_decompress frees what the decoder allocated; it cannot fail. */
    if (d->created) jpeg_destroy_decompress(&d->info);
    free(d);
    r->opaque = NULL;
}
