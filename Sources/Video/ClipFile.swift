import CFFmpeg
import CLibraryLoader

/// One clip opened through libavformat with its video stream's decoder (libavcodec):
/// the demuxer and decoder state of one reader. Not thread-safe: the probe uses one on
/// the caller's thread, the decoder one on its own thread, never shared.
final class ClipFile: @unchecked Sendable {
    // @unchecked: opened on the caller's thread, then handed whole to the decoder's
    // thread, which alone uses it from then on.
    let path: String
    let info: ClipInfo
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private let streamIndex: Int32
    /// Seconds per timestamp tick of the video stream.
    let timeBase: Double
    private let packet: UnsafeMutablePointer<AVPacket>
    /// Packets the decoder refused in a row (corrupt data): past a bound the clip fails.
    private var refusedInARow = 0
    private var draining = false

    /// Opens `path`, finds its best video stream and checks it against `ClipLimits`. A
    /// stream over the caps, or with no decoder, is opened without a decoder: `info`
    /// says why (`refusal`) and `nextFrame` throws it. Throws for a file that does not
    /// open as media or has no video.
    init(path: String) throws(ClipError) {
        if let failure = Self.librariesMissing { throw ClipError("\(path): \(failure)") }
        self.path = path
        var context: UnsafeMutablePointer<AVFormatContext>?
        let opened = avformat_open_input(&context, path, nil, nil)
        guard opened >= 0, let context else {
            throw ClipError("\(path): \(Self.reason(opened, opening: true))")
        }
        format = context
        guard avformat_find_stream_info(context, nil) >= 0 else {
            avformat_close_input(&format)
            throw ClipError("\(path): the file's streams cannot be read; it is corrupt or truncated: export the clip again")
        }
        let best = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        let container = context.pointee.iformat.map { String(cString: $0.pointee.name) } ?? "unknown"
        guard best >= 0, let stream = context.pointee.streams[Int(best)] else {
            avformat_close_input(&format)
            throw ClipError("\(path): the \(container) file holds no video stream: a clip needs one (H.264, HEVC, VP9 or AV1)")
        }
        guard let packet = av_packet_alloc() else {
            avformat_close_input(&format)
            throw ClipError("\(path): out of memory opening the clip")
        }
        self.packet = packet
        streamIndex = best
        let parameters = stream.pointee.codecpar!.pointee
        timeBase = av_q2d(stream.pointee.time_base)
        let codecName = String(cString: avcodec_get_name(parameters.codec_id))
        let width = Int(parameters.width), height = Int(parameters.height)
        let rate = Self.frameRate(stream.pointee)
        var duration: Double?
        if context.pointee.duration != lectern_av_nopts_value(), context.pointee.duration > 0 {
            duration = Double(context.pointee.duration) / Double(lectern_av_time_base())
        } else if stream.pointee.duration != lectern_av_nopts_value(), stream.pointee.duration > 0 {
            duration = Double(stream.pointee.duration) * av_q2d(stream.pointee.time_base)
        }
        let pixelFormat = av_get_pix_fmt_name(AVPixelFormat(rawValue: parameters.format)).map { String(cString: $0) } ?? "unknown"
        var refusal = ClipLimits.refusal(width: width, height: height, frameRate: rate).map { "\(path): the \(codecName) stream's \($0)" }
        if refusal == nil {
            refusal = Self.openDecoder(parameters: stream.pointee.codecpar, into: &codec)
                .map { "\(path): the \(codecName) stream \($0)" }
        }
        info = ClipInfo(path: path, container: container, codec: codecName, width: width, height: height,
                        duration: duration, frameRate: rate, pixelFormat: pixelFormat, refusal: refusal)
    }

    /// FFmpeg's libraries, loaded when the first clip opens (`CLibraryLoader`); nil once
    /// loaded, else why they are not. FFmpeg's own log stays silent: each refusal is one
    /// message of Lectern's, naming the file (a corrupt stream would otherwise print a
    /// line per broken packet).
    static let librariesMissing: String? = {
        if let failure = lectern_ffmpeg_load() { return String(cString: failure) }
        av_log_set_level(AV_LOG_QUIET)
        return nil
    }()

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = self.packet
        av_packet_free(&packet)
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }

    /// The stream's next decoded frame (nil at the end of the stream). Corrupt packets
    /// are skipped, as players do; a run of them with no picture fails the clip.
    func nextFrame(into frame: UnsafeMutablePointer<AVFrame>) throws(ClipError) -> Bool {
        guard let codec, let format else { throw ClipError(info.refusal ?? "\(path): the clip is closed") }
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received >= 0 {
                refusedInARow = 0
                return true
            }
            if received == lectern_averror_eof() { return false }
            guard received == lectern_averror_eagain() else { throw failure(received, doing: "decoding") }
            if draining { return false }
            let read = av_read_frame(format, packet)
            if read < 0 {
                // End of file (or a file cut short): drain what the decoder holds.
                draining = true
                avcodec_send_packet(codec, nil)
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            let sent = avcodec_send_packet(codec, packet)
            if sent < 0, sent != lectern_averror_eagain() {
                refusedInARow += 1
                if refusedInARow > 64 { throw failure(sent, doing: "decoding 64 packets in a row") }
            }
        }
    }

    /// Back to the first frame (a looping clip): seeks and flushes the decoder.
    func rewind() throws(ClipError) {
        guard let codec, let format else { throw ClipError(info.refusal ?? "\(path): the clip is closed") }
        let sought = av_seek_frame(format, streamIndex, 0, AVSEEK_FLAG_BACKWARD)
        guard sought >= 0 else { throw failure(sought, doing: "seeking to the start") }
        avcodec_flush_buffers(codec)
        draining = false
    }

    private func failure(_ code: Int32, doing what: String) -> ClipError {
        ClipError("\(path): the \(info.codec) stream fails \(what) (\(Self.message(code))): the file is corrupt; export the clip again")
    }

    /// Opens the decoder for `parameters`; the reason it cannot, or nil.
    private static func openDecoder(parameters: UnsafeMutablePointer<AVCodecParameters>?,
                                    into codec: inout UnsafeMutablePointer<AVCodecContext>?) -> String? {
        guard let parameters else { return "has no parameters" }
        guard let decoder = avcodec_find_decoder(parameters.pointee.codec_id) else {
            return "has no decoder in this FFmpeg: encode the clip as H.264, HEVC, VP9 or AV1"
        }
        guard let context = avcodec_alloc_context3(decoder) else { return "cannot be decoded: out of memory" }
        codec = context
        guard avcodec_parameters_to_context(context, parameters) >= 0 else { return "has parameters the decoder refuses" }
        // One thread: the decoder already runs beside the loop, and frame threads would
        // hold a reference picture each on top of the queue's budget.
        context.pointee.thread_count = 1
        let opened = avcodec_open2(context, decoder, nil)
        guard opened >= 0 else { return "cannot be decoded (\(message(opened))): encode the clip as H.264, HEVC, VP9 or AV1" }
        return nil
    }

    private static func frameRate(_ stream: AVStream) -> Double? {
        for rate in [stream.avg_frame_rate, stream.r_frame_rate] where rate.num > 0 && rate.den > 0 {
            return av_q2d(rate)
        }
        return nil
    }

    private static func reason(_ code: Int32, opening: Bool) -> String {
        if code == -ENOENT { return "no such file: check the path, relative to the page" }
        if code == -EACCES { return "not readable by Lectern: check the file's permissions" }
        if code == lectern_averror_invaliddata() {
            return "not a video file FFmpeg can read, or a clip cut short (\(message(code))): save it as MP4, Matroska or WebM"
        }
        return "cannot be opened as a clip (\(message(code))): save it as MP4, Matroska or WebM"
    }

    static func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        av_strerror(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
