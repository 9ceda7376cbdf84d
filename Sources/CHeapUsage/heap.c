#define _GNU_SOURCE
#include "heap_usage.h"
#include <dlfcn.h>
#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
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

// Mappings of a file whose path contains one of `names` (a library's data, such as ICU's
// dictionaries, touched once by a worker) lose their resident pages: the page table
// entries go (MADV_DONTNEED), the pages stay in the page cache, and a later read maps
// them again from there. Only a mapping that is not writable and holds no page of its
// own is touched: a library's relocated read-only data (RELRO) was written by the
// dynamic linker before it was made read-only, and dropping those pages would bring back
// the file's unrelocated bytes. Returns the bytes of address space advised, or -1 when
// /proc/self/maps or smaps cannot be read. One pass over each for all the names.
long heapusage_release_file_pages(const char *const *names, size_t count_names) {
    // The candidates from /proc/self/maps; their Anonymous count from smaps, matched by
    // address range. Under an emulator (qemu-user) maps is the emulated program's view
    // and smaps may be the emulator's own: a range found in only one is left alone.
    enum { most = 64 };
    unsigned long from[most], to[most];
    int count = 0;
    char line[4096];
    FILE *maps = fopen("/proc/self/maps", "re");
    if (!maps) return -1;
    while (count < most && fgets(line, sizeof line, maps)) {
        unsigned long a, b;
        char perms[5];
        int path_at = 0;
        if (sscanf(line, "%lx-%lx %4s %*s %*s %*s %n", &a, &b, perms, &path_at) < 3 || path_at == 0) continue;
        if (perms[1] == 'w' || perms[3] != 'p') continue;
        int named = 0;
        for (size_t n = 0; n < count_names && !named; n++) named = names[n] && strstr(line + path_at, names[n]) != NULL;
        if (!named) continue;
        from[count] = a; to[count] = b; count++;
    }
    fclose(maps);
    if (count == 0) return 0;
    FILE *smaps = fopen("/proc/self/smaps", "re");
    if (!smaps) return -1;
    long advised = 0;
    int current = -1;
    while (fgets(line, sizeof line, smaps)) {
        unsigned long a, b, anonymous;
        char perms[5];
        int path_at = 0;
        if (sscanf(line, "%lx-%lx %4s %*s %*s %*s %n", &a, &b, perms, &path_at) >= 3 && path_at > 0) {
            current = -1;
            for (int i = 0; i < count; i++) if (from[i] == a && to[i] == b) current = i;
            continue;
        }
        // "Anonymous:" follows the header: pages this mapping wrote (copy on write).
        if (current >= 0 && sscanf(line, "Anonymous: %lu kB", &anonymous) == 1) {
            if (anonymous == 0 && madvise((void *)from[current], to[current] - from[current], MADV_DONTNEED) == 0)
                advised += (long)(to[current] - from[current]);
            current = -1;
        }
    }
    fclose(smaps);
    return advised;
}
