// Every function Lectern calls in a library it loads at first use, with its library, one
// list per group the loader opens together: the stubs and the loader are both made from
// these lists (a function missing here is a link error, "undefined reference", since none
// of these libraries is linked).
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

// SVG pictures: librsvg renders through cairo; its handle is a GObject, its errors GErrors.
#define LECTERN_SVG_FUNCTIONS(X) \
    X(rsvg, rsvg_handle_new_from_data) \
    X(rsvg, rsvg_handle_set_dpi) \
    X(rsvg, rsvg_handle_get_intrinsic_size_in_pixels) \
    X(rsvg, rsvg_handle_get_intrinsic_dimensions) \
    X(rsvg, rsvg_handle_render_document) \
    X(cairo, cairo_image_surface_create_for_data) \
    X(cairo, cairo_surface_destroy) \
    X(cairo, cairo_surface_flush) \
    X(cairo, cairo_create) \
    X(cairo, cairo_destroy) \
    X(gobject, g_object_unref) \
    X(glib, g_error_free)

// HEIF and AVIF pictures (libheif loads its decoder plugins itself).
#define LECTERN_HEIF_FUNCTIONS(X) \
    X(heif, heif_context_alloc) \
    X(heif, heif_context_free) \
    X(heif, heif_context_set_maximum_image_size_limit) \
    X(heif, heif_context_read_from_memory_without_copy) \
    X(heif, heif_context_get_primary_image_handle) \
    X(heif, heif_image_handle_release) \
    X(heif, heif_image_handle_get_width) \
    X(heif, heif_image_handle_get_height) \
    X(heif, heif_image_handle_is_premultiplied_alpha) \
    X(heif, heif_decode_image) \
    X(heif, heif_image_release) \
    X(heif, heif_image_get_width) \
    X(heif, heif_image_get_height) \
    X(heif, heif_image_get_plane_readonly)

#define LECTERN_LOADED_FUNCTIONS(X) LECTERN_FFMPEG_FUNCTIONS(X) LECTERN_SVG_FUNCTIONS(X) LECTERN_HEIF_FUNCTIONS(X)
