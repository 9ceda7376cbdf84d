// librsvg's calls as Lectern makes them, declared here rather than through <librsvg/rsvg.h>:
// that header needs GLib's, GIO's and gdk-pixbuf's include directories, which only
// pkg-config knows (GLib's configuration header is under the architecture's library
// directory), and a pkg-config module makes SwiftPM link every library it lists, so
// librsvg, GLib and cairo would be loaded at start again. CLibraryLoader opens them at the
// first SVG instead. These are librsvg 2's and GLib 2's stable ABI, unchanged since
// librsvg 2.52 (the intrinsic size in pixels) and GLib 2.0; RasterTests render SVGs
// through them. cairo's header needs no extra directory.
#include <cairo/cairo.h>

typedef int gboolean;
typedef unsigned long gsize;
typedef unsigned char guint8;
typedef unsigned int GQuark;
typedef struct _GError {
    GQuark domain;
    int code;
    char *message;
} GError;

typedef struct _RsvgHandle RsvgHandle;
typedef struct {
    double x, y, width, height;
} RsvgRectangle;
typedef enum {
    RSVG_UNIT_PERCENT, RSVG_UNIT_PX, RSVG_UNIT_EM, RSVG_UNIT_EX, RSVG_UNIT_IN, RSVG_UNIT_CM, RSVG_UNIT_MM,
    RSVG_UNIT_PT, RSVG_UNIT_PC
} RsvgUnit;
typedef struct {
    double length;
    RsvgUnit unit;
} RsvgLength;

RsvgHandle *rsvg_handle_new_from_data(const guint8 *data, gsize data_len, GError **error);
void rsvg_handle_set_dpi(RsvgHandle *handle, double dpi);
gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *out_width, double *out_height);
void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, gboolean *out_has_width, RsvgLength *out_width,
                                          gboolean *out_has_height, RsvgLength *out_height,
                                          gboolean *out_has_viewbox, RsvgRectangle *out_viewbox);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
void g_object_unref(void *object);
void g_error_free(GError *error);
