#ifndef LECTERN_CSHIM_RASTER_H
#define LECTERN_CSHIM_RASTER_H

#include <stddef.h>

// Raster: glibc's malloc statistics (malloc.h is not part of Swift's Glibc module).
// Bytes currently allocated from the heap (mallinfo2().uordblks + hblkhd).
size_t cshim_raster_heap_bytes_in_use(void);

#endif
