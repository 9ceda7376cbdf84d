#define _GNU_SOURCE
#include "heap_usage.h"
#include <dlfcn.h>
#include <malloc.h>
#include <sys/prctl.h>

// Under AddressSanitizer malloc is ASan's, which glibc's mallinfo2() does not see (it
// would report no growth ever, and the heap tests would pass for nothing); the
// sanitizer's own counter is used then.
size_t heapusage_bytes_in_use(void) {
    static size_t (*sanitizer_bytes)(void);
    static int looked;
    if (!looked) {
        sanitizer_bytes = (size_t (*)(void))dlsym(RTLD_DEFAULT, "__sanitizer_get_current_allocated_bytes");
        looked = 1;
    }
    if (sanitizer_bytes) return sanitizer_bytes();
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

// Large blocks (screen-size bitmaps used for a moment: a pinch's snapshot, a card under
// the menu) always come from their own mapping and go back to the kernel when freed.
// Left to itself glibc raises its mmap threshold to the size of the last such block
// freed, so the next ones come from the heap and stay resident after they are freed.
void heapusage_return_large_blocks(size_t threshold) {
    mallopt(M_MMAP_THRESHOLD, (int)threshold);
}

// A worker thread allocates from an arena of its own; what it freed there stays
// resident (glibc gives back only the free top of a thread's arena). malloc_trim gives
// back the free pages inside every arena, the main heap's too.
void heapusage_release_free_pages(void) {
    malloc_trim(0);
}

// Debian's kernels back anonymous memory with 2 MiB pages whenever a range allows it
// (transparent huge pages, `always`): a thread stack or a malloc arena that touched a
// few kilobytes then holds 2 MiB. The kiosk's bitmaps are written whole anyway.
// Returns 0, or -1 where the kernel has no such switch (before Linux 3.15).
int heapusage_no_huge_pages(void) {
    return prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
}
