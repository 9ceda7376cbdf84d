// drm-probe: the machine test's stand-in for `lectern run`. It proves the harness
// (kernel, DRM driver, QMP capture, pixel check) without the product: it takes the
// first connected connector, sets its preferred mode on a dumb buffer filled with one
// colour, marks the buffer dirty (virtio-gpu shows nothing until DirtyFB or a page
// flip), prints "drm-probe: ready" and holds the CRTC until SIGTERM. On SIGTERM it
// restores the CRTC it found, as lectern must.
// Usage: drm-probe [/dev/dri/card0] [RRGGBB]
//        drm-probe --state [/dev/dri/card0]   (what is lit, read while another program
//        is DRM master: each connected connector's DPMS and its CRTC's atomic ACTIVE)
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

static volatile sig_atomic_t stop;
static void on_term(int sig) { (void)sig; stop = 1; }

static int fail(const char *what) {
    fprintf(stderr, "drm-probe: %s: %s\n", what, strerror(errno));
    return 1;
}

// The value of the object's property NAME, or -1 when it has none.
static long long property(int fd, uint32_t id, uint32_t type, const char *name) {
    long long value = -1;
    drmModeObjectProperties *props = drmModeObjectGetProperties(fd, id, type);
    for (uint32_t i = 0; props && i < props->count_props; i++) {
        drmModePropertyRes *p = drmModeGetProperty(fd, props->props[i]);
        if (p && strcmp(p->name, name) == 0) value = (long long)props->prop_values[i];
        drmModeFreeProperty(p);
    }
    drmModeFreeObjectProperties(props);
    return value;
}

// One line per connected connector: `drm-state connector ID dpms N crtc ID active A
// mode_valid M fb F` (dpms 0 = on, 3 = off; active: the atomic CRTC state, which a
// legacy DPMS off clears on atomic drivers while the mode stays set).
static int print_state(const char *path) {
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) return fail(path);
    drmSetClientCap(fd, DRM_CLIENT_CAP_ATOMIC, 1);  // makes the CRTC's ACTIVE visible
    drmModeRes *res = drmModeGetResources(fd);
    if (!res) return fail("drmModeGetResources");
    for (int i = 0; i < res->count_connectors; i++) {
        drmModeConnector *conn = drmModeGetConnector(fd, res->connectors[i]);
        if (!conn || conn->connection != DRM_MODE_CONNECTED) { drmModeFreeConnector(conn); continue; }
        drmModeEncoder *enc = conn->encoder_id ? drmModeGetEncoder(fd, conn->encoder_id) : NULL;
        uint32_t crtc_id = enc ? enc->crtc_id : 0;
        drmModeCrtc *crtc = crtc_id ? drmModeGetCrtc(fd, crtc_id) : NULL;
        printf("drm-state connector %u dpms %lld crtc %u active %lld mode_valid %d fb %u\n",
               conn->connector_id, property(fd, conn->connector_id, DRM_MODE_OBJECT_CONNECTOR, "DPMS"),
               crtc_id, crtc_id ? property(fd, crtc_id, DRM_MODE_OBJECT_CRTC, "ACTIVE") : -1,
               crtc ? crtc->mode_valid : 0, crtc ? crtc->buffer_id : 0);
        drmModeFreeCrtc(crtc);
        drmModeFreeEncoder(enc);
        drmModeFreeConnector(conn);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--state") == 0) return print_state(argc > 2 ? argv[2] : "/dev/dri/card0");
    const char *path = argc > 1 ? argv[1] : "/dev/dri/card0";
    uint32_t colour = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 16) : 0x3366cc;
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) return fail(path);
    drmModeRes *res = drmModeGetResources(fd);
    if (!res) return fail("drmModeGetResources");
    drmModeConnector *conn = NULL;
    for (int i = 0; i < res->count_connectors; i++) {
        conn = drmModeGetConnector(fd, res->connectors[i]);
        if (conn && conn->connection == DRM_MODE_CONNECTED && conn->count_modes > 0) break;
        drmModeFreeConnector(conn);
        conn = NULL;
    }
    if (!conn) { fprintf(stderr, "drm-probe: no connected connector\n"); return 1; }
    drmModeModeInfo mode = conn->modes[0];
    for (int i = 0; i < conn->count_modes; i++)
        if (conn->modes[i].type & DRM_MODE_TYPE_PREFERRED) { mode = conn->modes[i]; break; }
    // The CRTC: the one the encoder drives now, else the first the encoder can use.
    uint32_t crtc_id = 0;
    drmModeEncoder *enc = conn->encoder_id ? drmModeGetEncoder(fd, conn->encoder_id) : NULL;
    if (enc && enc->crtc_id) crtc_id = enc->crtc_id;
    if (!crtc_id) {
        for (int e = 0; e < conn->count_encoders && !crtc_id; e++) {
            drmModeEncoder *cand = drmModeGetEncoder(fd, conn->encoders[e]);
            for (int c = 0; cand && c < res->count_crtcs; c++)
                if (cand->possible_crtcs & (1u << c)) { crtc_id = res->crtcs[c]; break; }
            drmModeFreeEncoder(cand);
        }
    }
    if (!crtc_id) { fprintf(stderr, "drm-probe: no usable CRTC\n"); return 1; }
    drmModeCrtc *saved = drmModeGetCrtc(fd, crtc_id);

    struct drm_mode_create_dumb create = { .width = mode.hdisplay, .height = mode.vdisplay, .bpp = 32 };
    if (drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &create)) return fail("CREATE_DUMB");
    uint32_t fb;
    if (drmModeAddFB(fd, mode.hdisplay, mode.vdisplay, 24, 32, create.pitch, create.handle, &fb))
        return fail("AddFB");
    struct drm_mode_map_dumb map = { .handle = create.handle };
    if (drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &map)) return fail("MAP_DUMB");
    uint8_t *pixels = mmap(NULL, create.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, map.offset);
    if (pixels == MAP_FAILED) return fail("mmap");
    for (uint32_t y = 0; y < mode.vdisplay; y++) {
        uint32_t *row = (uint32_t *)(pixels + (size_t)y * create.pitch);
        for (uint32_t x = 0; x < mode.hdisplay; x++) row[x] = colour;
    }
    if (drmModeSetCrtc(fd, crtc_id, fb, 0, 0, &conn->connector_id, 1, &mode)) return fail("SetCrtc");
    drmModeClip clip = { 0, 0, mode.hdisplay, mode.vdisplay };
    int dirty = drmModeDirtyFB(fd, fb, &clip, 1);  // -ENOSYS on drivers that scan out directly
    printf("drm-probe: ready %ux%u crtc %u colour %06x dirtyfb %d\n",
           mode.hdisplay, mode.vdisplay, crtc_id, colour, dirty);
    fflush(stdout);

    signal(SIGTERM, on_term);
    signal(SIGINT, on_term);
    while (!stop) pause();
    if (saved && saved->buffer_id)
        drmModeSetCrtc(fd, saved->crtc_id, saved->buffer_id, saved->x, saved->y,
                       &conn->connector_id, 1, &saved->mode);
    else
        drmModeSetCrtc(fd, crtc_id, 0, 0, 0, NULL, 0, NULL);
    printf("drm-probe: restored crtc %u (previous fb %u)\n", crtc_id, saved ? saved->buffer_id : 0);
    return 0;
}
