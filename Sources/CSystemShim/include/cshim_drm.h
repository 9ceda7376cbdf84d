// Platform's part of the C shim: ioctl request numbers and format codes that are C
// macros Swift cannot import (they expand to _IOWR(...) or fourcc_code(...) casts).
// Only plain integer constants and one struct mirror live here, so importing CSystemShim
// never drags the kernel's DRM structs into a second Clang module (CDRM has them).
#ifndef LECTERN_CSHIM_DRM_H
#define LECTERN_CSHIM_DRM_H

#include <stdint.h>

extern const unsigned long cshim_DRM_IOCTL_MODE_CREATE_DUMB;
extern const unsigned long cshim_DRM_IOCTL_MODE_MAP_DUMB;
extern const unsigned long cshim_DRM_IOCTL_MODE_DESTROY_DUMB;
extern const uint32_t cshim_DRM_FORMAT_XRGB8888;
extern const uint32_t cshim_DRM_EVENT_FLIP_COMPLETE;

extern const unsigned long cshim_KDSETMODE;
extern const unsigned long cshim_KD_TEXT;
extern const unsigned long cshim_KD_GRAPHICS;
extern const unsigned long cshim_VT_SETMODE;
extern const unsigned long cshim_VT_RELDISP;
extern const unsigned long cshim_VT_ACKACQ;
extern const char cshim_VT_AUTO;
extern const char cshim_VT_PROCESS;

/// Same layout as <linux/vt.h>'s struct vt_mode (checked by _Static_assert in drm.c).
struct cshim_vt_mode {
    char mode;
    char waitv;
    short relsig;
    short acqsig;
    short frsig;
};

#endif
