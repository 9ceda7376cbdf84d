// One stub per FFmpeg function: a jump through its slot, which holds the library's
// function once `lectern_ffmpeg_load` ran (until then `lectern_ffmpeg_unloaded`, which
// aborts: a clip is always opened through the loader first). Written in assembly so the
// stubs need no prototypes: Swift and the scaler shim call them with the headers' own.
#include "functions.h"

void lectern_ffmpeg_unloaded(void);

#define SLOT(lib, name) __attribute__((visibility("hidden"))) void *lectern_ffmpeg_slot_##name = (void *)lectern_ffmpeg_unloaded;
LECTERN_FFMPEG_FUNCTIONS(SLOT)

#if defined(__x86_64__)
#define STUB(lib, name) __asm__(".text\n.globl " #name "\n.type " #name ",@function\n" #name ":\n" \
                                "    jmp *lectern_ffmpeg_slot_" #name "(%rip)\n.size " #name ", .-" #name "\n");
#elif defined(__aarch64__)
#define STUB(lib, name) __asm__(".text\n.globl " #name "\n.type " #name ",%function\n.p2align 2\n" #name ":\n" \
                                "    adrp x16, lectern_ffmpeg_slot_" #name "\n" \
                                "    ldr x16, [x16, :lo12:lectern_ffmpeg_slot_" #name "]\n" \
                                "    br x16\n.size " #name ", .-" #name "\n");
#else
#error "FFmpeg stubs: x86-64 and arm64 only"
#endif
LECTERN_FFMPEG_FUNCTIONS(STUB)
