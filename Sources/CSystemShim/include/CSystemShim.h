// Values and tiny functions for the system C macros Swift cannot import: DRM ioctl
// numbers and fourcc codes, VT and KD ioctls, signalfd, pipe2, CEC ioctls. Umbrella header: list every
// header of this module here.
#ifndef LECTERN_CSYSTEMSHIM_H
#define LECTERN_CSYSTEMSHIM_H
#include "cshim_drm.h"
#include "cshim_system.h"
#include "cshim_evdev.h"
#include "cshim_cec.h"
#endif
