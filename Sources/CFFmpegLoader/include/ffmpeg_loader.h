// FFmpeg's libraries loaded when the first clip is opened, not when Lectern starts.
// Debian's libavcodec brings about a hundred libraries with it (every codec's, TLS,
// Blu-ray, ZeroMQ, ...): linked, they cost every kiosk about 20 MiB and 25 ms at start,
// clips or not. The binary names no FFmpeg library (no DT_NEEDED); every FFmpeg function
// Lectern calls is a stub here that jumps through a slot `lectern_ffmpeg_load` fills
// (dlopen of each library by the SONAME the headers were built with, then dlsym).
#ifndef LECTERN_FFMPEG_LOADER_H
#define LECTERN_FFMPEG_LOADER_H

// Loads the libraries once (thread-safe). NULL when every function was found; otherwise
// why not (a static string naming the library or the function), and every call to a
// stub aborts with that message.
const char *lectern_ffmpeg_load(void);

#endif
