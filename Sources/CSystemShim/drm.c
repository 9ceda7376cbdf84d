// Values for include/cshim_drm.h. The kernel UAPI headers come from libdrm-dev's
// include directory (<libdrm/drm.h> resolves under /usr/include without extra flags).
#include "cshim_drm.h"

#include <libdrm/drm.h>
#include <libdrm/drm_mode.h>
#include <libdrm/drm_fourcc.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <stddef.h>

const unsigned long cshim_DRM_IOCTL_MODE_CREATE_DUMB = DRM_IOCTL_MODE_CREATE_DUMB;
const unsigned long cshim_DRM_IOCTL_MODE_MAP_DUMB = DRM_IOCTL_MODE_MAP_DUMB;
const unsigned long cshim_DRM_IOCTL_MODE_DESTROY_DUMB = DRM_IOCTL_MODE_DESTROY_DUMB;
const uint32_t cshim_DRM_FORMAT_XRGB8888 = DRM_FORMAT_XRGB8888;
const uint32_t cshim_DRM_EVENT_FLIP_COMPLETE = DRM_EVENT_FLIP_COMPLETE;

const unsigned long cshim_KDSETMODE = KDSETMODE;
const unsigned long cshim_KD_TEXT = KD_TEXT;
const unsigned long cshim_KD_GRAPHICS = KD_GRAPHICS;
const unsigned long cshim_VT_SETMODE = VT_SETMODE;
const unsigned long cshim_VT_RELDISP = VT_RELDISP;
const unsigned long cshim_VT_ACKACQ = VT_ACKACQ;
const char cshim_VT_AUTO = VT_AUTO;
const char cshim_VT_PROCESS = VT_PROCESS;

_Static_assert(sizeof(struct cshim_vt_mode) == sizeof(struct vt_mode), "vt_mode size");
_Static_assert(offsetof(struct cshim_vt_mode, relsig) == offsetof(struct vt_mode, relsig), "vt_mode relsig");
_Static_assert(offsetof(struct cshim_vt_mode, frsig) == offsetof(struct vt_mode, frsig), "vt_mode frsig");
