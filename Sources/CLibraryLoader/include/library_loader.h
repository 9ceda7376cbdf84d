// Libraries loaded when Lectern first needs them, not when it starts: FFmpeg's (the first
// clip), librsvg with cairo, pango and GLib (the first SVG), libheif with its codecs (the
// first HEIF or AVIF picture). Linked, they cost every kiosk their mapped pages at start
// whether it shows such content or not (FFmpeg alone brings about a hundred libraries:
// about 20 MiB and 25 ms). The binary names none of them (no DT_NEEDED); every function
// Lectern calls in them is a stub that jumps through a slot its group's loader fills
// (dlopen of each library by SONAME, then dlsym).
#ifndef LECTERN_LIBRARY_LOADER_H
#define LECTERN_LIBRARY_LOADER_H

// Each loads its group once (thread-safe). NULL when every function was found; otherwise
// why not (a static string naming the library or the function), and every call to one of
// the group's stubs aborts.
const char *lectern_ffmpeg_load(void);
const char *lectern_svg_load(void);
const char *lectern_heif_load(void);

#endif
