// The one C shim: values and tiny functions for C macros that Swift cannot import
// (DRM fourcc codes, ioctl numbers, versioned ICU symbols, ...). Each section is
// owned by the module that uses it; keep every entry a one-liner.
#ifndef LECTERN_CSHIM_H
#define LECTERN_CSHIM_H

#include <stdint.h>

#endif
