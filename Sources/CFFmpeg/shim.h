// FFmpeg's demuxers, decoders, scaler and resampler (Debian's libavformat-dev, libavcodec-dev,
// libswscale-dev, libswresample-dev, libavutil-dev). The error codes are macros Swift cannot import
// (AVERROR(EAGAIN), AVERROR_EOF, AV_NOPTS_VALUE through a cast): tiny inline functions
// give them to Swift.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavutil/channel_layout.h>
#include <errno.h>

static inline int lectern_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int lectern_averror_eof(void) { return AVERROR_EOF; }
static inline int lectern_averror_enomem(void) { return AVERROR(ENOMEM); }
static inline int lectern_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int64_t lectern_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int lectern_av_time_base(void) { return AV_TIME_BASE; }

// libswscale's context is an incomplete struct up to FFmpeg 7 and a public one from 8 (Debian
// unstable), which Swift imports as different pointer types, and its flags became an enum:
// the scaler is reached through these, the same on every FFmpeg Debian ships.
typedef struct lectern_scaler lectern_scaler;
static inline lectern_scaler *lectern_scaler_for(lectern_scaler *scaler, int source_width, int source_height,
                                                 int source_format, int width, int height) {
    return (lectern_scaler *)sws_getCachedContext((struct SwsContext *)scaler, source_width, source_height,
                                                  (enum AVPixelFormat)source_format, width, height,
                                                  AV_PIX_FMT_BGR0, SWS_BILINEAR, NULL, NULL, NULL);
}
// The same at the picture's own size into NV12 (a display plane scales it): only the
// chroma is rearranged, or subsampled where the stream's is not 4:2:0.
static inline lectern_scaler *lectern_scaler_to_nv12(lectern_scaler *scaler, int width, int height, int source_format) {
    return (lectern_scaler *)sws_getCachedContext((struct SwsContext *)scaler, width, height, (enum AVPixelFormat)source_format,
                                                  width, height, AV_PIX_FMT_NV12, SWS_BILINEAR, NULL, NULL, NULL);
}
static inline void lectern_scaler_free(lectern_scaler *scaler) { sws_freeContext((struct SwsContext *)scaler); }
static inline int lectern_scaler_set_matrix(lectern_scaler *scaler, int matrix, int full_range) {
    return sws_setColorspaceDetails((struct SwsContext *)scaler, sws_getCoefficients(matrix), full_range,
                                    sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16);
}
static inline int lectern_scaler_scale(lectern_scaler *scaler, const uint8_t *const sources[], const int strides[],
                                       int height, uint8_t *const destination[], const int destination_strides[]) {
    return sws_scale((struct SwsContext *)scaler, sources, strides, 0, height, destination, destination_strides);
}

// libswresample's input became `const uint8_t *const *` in FFmpeg 6: the resampler is
// reached through these, the same on every FFmpeg Debian ships. Mono signed 16-bit out.
static inline SwrContext *lectern_resampler_for(const AVCodecContext *codec, int rate) {
    SwrContext *resampler = NULL;
    AVChannelLayout mono;
    av_channel_layout_default(&mono, 1);
    if (swr_alloc_set_opts2(&resampler, &mono, AV_SAMPLE_FMT_S16, rate, &codec->ch_layout, codec->sample_fmt,
                            codec->sample_rate, 0, NULL) < 0) return NULL;
    if (swr_init(resampler) < 0) { swr_free(&resampler); return NULL; }
    return resampler;
}
static inline int lectern_resample(SwrContext *resampler, int16_t *out, int room, const AVFrame *frame) {
    uint8_t *outs[1] = { (uint8_t *)out };
    return swr_convert(resampler, outs, room, (void *)(frame ? frame->extended_data : NULL), frame ? frame->nb_samples : 0);
}
static inline void lectern_resampler_free(SwrContext *resampler) { swr_free(&resampler); }
