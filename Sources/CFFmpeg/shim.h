// FFmpeg's demuxers, decoders and scaler (Debian's libavformat-dev, libavcodec-dev,
// libswscale-dev, libavutil-dev). The error codes are macros Swift cannot import
// (AVERROR(EAGAIN), AVERROR_EOF, AV_NOPTS_VALUE through a cast): tiny inline functions
// give them to Swift.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <errno.h>

static inline int lectern_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int lectern_averror_eof(void) { return AVERROR_EOF; }
static inline int lectern_averror_enomem(void) { return AVERROR(ENOMEM); }
static inline int lectern_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int64_t lectern_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int lectern_av_time_base(void) { return AV_TIME_BASE; }
