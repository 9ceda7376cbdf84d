#include "ffmpeg_loader.h"
#include "functions.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <libavcodec/version.h>
#include <libavformat/version.h>
#include <libavutil/version.h>
#include <libswresample/version.h>
#include <libswscale/version.h>

#define STRING(x) #x
#define SONAME(lib, major) "lib" #lib ".so." STRING(major)

// The SONAMEs of the FFmpeg the binary was built against: the ABI its calls assume.
static const char *const sonames[] = {
    SONAME(avutil, LIBAVUTIL_VERSION_MAJOR),       SONAME(swresample, LIBSWRESAMPLE_VERSION_MAJOR),
    SONAME(swscale, LIBSWSCALE_VERSION_MAJOR),     SONAME(avcodec, LIBAVCODEC_VERSION_MAJOR),
    SONAME(avformat, LIBAVFORMAT_VERSION_MAJOR),
};
enum { lib_avutil, lib_swresample, lib_swscale, lib_avcodec, lib_avformat, lib_count };

#define SLOT(lib, name) extern void *lectern_ffmpeg_slot_##name;
LECTERN_FFMPEG_FUNCTIONS(SLOT)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure;
static char message[512];

void lectern_ffmpeg_unloaded(void) {
    fprintf(stderr, "lectern: an FFmpeg function was called before its libraries were loaded%s%s\n",
            failure ? ": " : "", failure ? failure : "");
    abort();
}

static void load(void) {
    void *handles[lib_count];
    for (int i = 0; i < lib_count; i++) {
        // RTLD_LOCAL: FFmpeg's symbols stay out of the global namespace (the stubs have
        // the same names).
        handles[i] = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL);
        if (!handles[i]) {
            snprintf(message, sizeof message, "FFmpeg's %s cannot be loaded (%s): install Debian's FFmpeg libraries "
                     "(apt install lectern brings them)", sonames[i], dlerror());
            failure = message;
            return;
        }
    }
    void *found[sizeof((void *[]){
#define ONE(lib, name) 0,
        LECTERN_FFMPEG_FUNCTIONS(ONE)
#undef ONE
    }) / sizeof(void *)];
    int n = 0;
#define LOOKUP(lib, name)                                                                                   \
    found[n] = dlsym(handles[lib_##lib], #name);                                                              \
    if (!found[n]) {                                                                                          \
        snprintf(message, sizeof message, "FFmpeg's %s has no %s: it is not the FFmpeg Lectern was built for", \
                 sonames[lib_##lib], #name);                                                                  \
        failure = message;                                                                                    \
        return;                                                                                               \
    }                                                                                                         \
    n++;
    LECTERN_FFMPEG_FUNCTIONS(LOOKUP)
#undef LOOKUP
    // Every function found: only now do the stubs reach the library (all or none).
    n = 0;
#define FILL(lib, name) lectern_ffmpeg_slot_##name = found[n++];
    LECTERN_FFMPEG_FUNCTIONS(FILL)
#undef FILL
}

const char *lectern_ffmpeg_load(void) {
    pthread_once(&once, load);
    return failure;
}
