// Every FFmpeg function Lectern calls, with its library: the stubs and the loader are
// both made from this one list (a function missing here is a link error, "undefined
// reference", since no FFmpeg library is linked).
#define LECTERN_FFMPEG_FUNCTIONS(X) \
    X(avformat, avformat_open_input) \
    X(avformat, avformat_find_stream_info) \
    X(avformat, avformat_close_input) \
    X(avformat, av_find_best_stream) \
    X(avformat, av_read_frame) \
    X(avformat, av_seek_frame) \
    X(avformat, av_find_input_format) \
    X(avformat, av_probe_input_format2) \
    X(avcodec, avcodec_find_decoder) \
    X(avcodec, avcodec_alloc_context3) \
    X(avcodec, avcodec_free_context) \
    X(avcodec, avcodec_parameters_to_context) \
    X(avcodec, avcodec_open2) \
    X(avcodec, avcodec_send_packet) \
    X(avcodec, avcodec_receive_frame) \
    X(avcodec, avcodec_flush_buffers) \
    X(avcodec, avcodec_get_name) \
    X(avcodec, av_packet_alloc) \
    X(avcodec, av_packet_free) \
    X(avcodec, av_packet_unref) \
    X(avutil, av_frame_alloc) \
    X(avutil, av_frame_free) \
    X(avutil, av_frame_unref) \
    X(avutil, av_frame_move_ref) \
    X(avutil, av_get_pix_fmt_name) \
    X(avutil, av_image_get_buffer_size) \
    X(avutil, av_log_set_level) \
    X(avutil, av_strerror) \
    X(avutil, av_channel_layout_default) \
    X(swscale, sws_getCachedContext) \
    X(swscale, sws_freeContext) \
    X(swscale, sws_setColorspaceDetails) \
    X(swscale, sws_getCoefficients) \
    X(swscale, sws_scale) \
    X(swresample, swr_alloc_set_opts2) \
    X(swresample, swr_init) \
    X(swresample, swr_convert) \
    X(swresample, swr_get_out_samples) \
    X(swresample, swr_free)
