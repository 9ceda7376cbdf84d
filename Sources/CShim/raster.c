#include "cshim_raster.h"
#include <malloc.h>

size_t cshim_raster_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
