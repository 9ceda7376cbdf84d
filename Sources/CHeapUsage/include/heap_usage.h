#ifndef LECTERN_HEAP_USAGE_H
#define LECTERN_HEAP_USAGE_H
#include <stddef.h>
// glibc's malloc statistics (malloc.h is not part of Swift's Glibc module): bytes
// currently allocated from the heap (mallinfo2().uordblks + hblkhd), or the
// sanitizer's count under AddressSanitizer.
size_t heapusage_bytes_in_use(void);
// Blocks of `threshold` bytes or more are mapped on their own and unmapped when freed.
void heapusage_return_large_blocks(size_t threshold);
// Gives the free pages of every malloc arena back to the kernel (malloc_trim).
void heapusage_release_free_pages(void);
// Turns transparent huge pages off for this process and its children (prctl).
int heapusage_no_huge_pages(void);
// Drops the resident pages of the read-only mappings, holding no page of their own, of
// files whose path contains one of the `count` `names`.
long heapusage_release_file_pages(const char *const *names, size_t count);
#endif
