// One stub per loaded function: a jump through its slot, which holds the library's
// function once its group's loader ran (until then `lectern_library_unloaded`, which
// aborts: content always goes through the loader first). Written in assembly so the stubs
// need no prototypes: Swift and the C shims call them with the headers' own.
// The stubs are hidden: the binary's own calls reach them, but a loaded library never
// binds to them (GLib's functions are called inside GLib and by the libraries it loads,
// before the slots are filled).
#include "functions.h"

void lectern_library_unloaded(void);

#define SLOT(lib, name) __attribute__((visibility("hidden"))) void *lectern_slot_##name = (void *)lectern_library_unloaded;
LECTERN_LOADED_FUNCTIONS(SLOT)

#if defined(__x86_64__)
#define STUB(lib, name) __asm__(".text\n.globl " #name "\n.hidden " #name "\n.type " #name ",@function\n" #name ":\n" \
                                "    jmp *lectern_slot_" #name "(%rip)\n.size " #name ", .-" #name "\n");
#elif defined(__aarch64__)
#define STUB(lib, name) __asm__(".text\n.globl " #name "\n.hidden " #name "\n.type " #name ",%function\n.p2align 2\n" #name ":\n" \
                                "    adrp x16, lectern_slot_" #name "\n" \
                                "    ldr x16, [x16, :lo12:lectern_slot_" #name "]\n" \
                                "    br x16\n.size " #name ", .-" #name "\n");
#else
#error "library stubs: x86-64 and arm64 only"
#endif
LECTERN_LOADED_FUNCTIONS(STUB)
