// The one C shim: values and tiny functions for C macros and APIs that Swift cannot
// import (DRM fourcc codes, ioctl numbers, versioned ICU symbols, signalfd, ...).
// Each area keeps its own header; list every one here (this is the umbrella header,
// so the module is rebuilt when an area is added).
#ifndef LECTERN_CSHIM_H
#define LECTERN_CSHIM_H

#include <stdint.h>
#include "cshim_drm.h"
#include "cshim_system.h"
#include "cshim_text.h"
#include "cshim_raster.h"
#include "cshim_uinput.h"

#endif
