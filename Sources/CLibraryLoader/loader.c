#include "library_loader.h"
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

#define SLOT(lib, name) extern void *lectern_slot_##name;
LECTERN_LOADED_FUNCTIONS(SLOT)
#undef SLOT

void lectern_library_unloaded(void) {
    fprintf(stderr, "lectern: a function of a library loaded at first use was called before the library was loaded\n");
    abort();
}

/// One function of a group: which of the group's libraries has it, its name, its slot.
struct function {
    int library;
    const char *name;
    void **slot;
};

/// Libraries opened together, in order (a library before those that need it is not
/// required: dlopen brings each one's own dependencies).
struct group {
    const char *title;         // "FFmpeg's", in messages
    const char *install;       // what to install when a library is missing
    const char *const *sonames;
    int library_count;
    const struct function *functions;
    int function_count;
    const char *failure;
    char message[512];
};

static void load(struct group *group) {
    void *handles[8];
    if (group->library_count > 8) abort();
    for (int i = 0; i < group->library_count; i++) {
        // RTLD_LOCAL: the libraries' symbols stay out of the global namespace.
        handles[i] = dlopen(group->sonames[i], RTLD_NOW | RTLD_LOCAL);
        if (!handles[i]) {
            snprintf(group->message, sizeof group->message, "%s %s cannot be loaded (%s): %s", group->title,
                     group->sonames[i], dlerror(), group->install);
            group->failure = group->message;
            return;
        }
    }
    void *found[64];
    if (group->function_count > 64) abort();
    for (int n = 0; n < group->function_count; n++) {
        const struct function *f = &group->functions[n];
        found[n] = dlsym(handles[f->library], f->name);
        if (!found[n]) {
            snprintf(group->message, sizeof group->message, "%s %s has no %s: it is not the library Lectern was built for",
                     group->title, group->sonames[f->library], f->name);
            group->failure = group->message;
            return;
        }
    }
    // Every function found: only now do the stubs reach the libraries (all or none).
    for (int n = 0; n < group->function_count; n++) *group->functions[n].slot = found[n];
}

#define ENTRY(lib, name) {library_##lib, #name, &lectern_slot_##name},

// FFmpeg: the SONAMEs of the FFmpeg the binary was built against (the ABI its calls assume).
enum { library_avutil, library_swresample, library_swscale, library_avcodec, library_avformat };
static const char *const ffmpeg_sonames[] = {
    SONAME(avutil, LIBAVUTIL_VERSION_MAJOR),   SONAME(swresample, LIBSWRESAMPLE_VERSION_MAJOR),
    SONAME(swscale, LIBSWSCALE_VERSION_MAJOR), SONAME(avcodec, LIBAVCODEC_VERSION_MAJOR),
    SONAME(avformat, LIBAVFORMAT_VERSION_MAJOR),
};
static const struct function ffmpeg_functions[] = {LECTERN_FFMPEG_FUNCTIONS(ENTRY)};
static struct group ffmpeg = {.title = "FFmpeg's", .install = "install Debian's FFmpeg libraries (apt install lectern brings them)",
                              .sonames = ffmpeg_sonames, .library_count = 5, .functions = ffmpeg_functions,
                              .function_count = sizeof ffmpeg_functions / sizeof *ffmpeg_functions};
static pthread_once_t ffmpeg_once = PTHREAD_ONCE_INIT;
static void load_ffmpeg(void) { load(&ffmpeg); }
const char *lectern_ffmpeg_load(void) {
    pthread_once(&ffmpeg_once, load_ffmpeg);
    return ffmpeg.failure;
}

// SVG: SONAMEs stable for as long as the APIs Lectern uses (librsvg 2, cairo 1, GLib 2).
enum { library_rsvg, library_cairo, library_gobject, library_glib };
static const char *const svg_sonames[] = {"librsvg-2.so.2", "libcairo.so.2", "libgobject-2.0.so.0", "libglib-2.0.so.0"};
static const struct function svg_functions[] = {LECTERN_SVG_FUNCTIONS(ENTRY)};
static struct group svg = {.title = "SVG's", .install = "install librsvg (apt install lectern brings it)",
                           .sonames = svg_sonames, .library_count = 4, .functions = svg_functions,
                           .function_count = sizeof svg_functions / sizeof *svg_functions};
static pthread_once_t svg_once = PTHREAD_ONCE_INIT;
static void load_svg(void) { load(&svg); }
const char *lectern_svg_load(void) {
    pthread_once(&svg_once, load_svg);
    return svg.failure;
}

// HEIF: libheif 1 (its decoders are in it or in plugins it loads itself).
enum { library_heif };
static const char *const heif_sonames[] = {"libheif.so.1"};
static const struct function heif_functions[] = {LECTERN_HEIF_FUNCTIONS(ENTRY)};
static struct group heif = {.title = "HEIF's", .install = "install libheif (apt install lectern brings it)",
                            .sonames = heif_sonames, .library_count = 1, .functions = heif_functions,
                            .function_count = sizeof heif_functions / sizeof *heif_functions};
static pthread_once_t heif_once = PTHREAD_ONCE_INIT;
static void load_heif(void) { load(&heif); }
const char *lectern_heif_load(void) {
    pthread_once(&heif_once, load_heif);
    return heif.failure;
}
