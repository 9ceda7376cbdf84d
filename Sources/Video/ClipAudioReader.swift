import CFFmpeg

/// A clip's sound read on the caller's thread: its best audio stream decoded by
/// libavcodec and resampled by libswresample to signed 16-bit mono at `sampleRate` (the
/// speech output's format, `Speech.AudioSink`), block by block with each block's time.
/// The clip is opened a second time for it (its own demuxer state), so sound and
/// pictures are read on their own threads without sharing a reader.
public final class ClipAudioReader {
    public let path: String
    public let sampleRate: Int
    /// The audio stream's codec ("aac", "opus", …).
    public let codec: String
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var decoder: UnsafeMutablePointer<AVCodecContext>?
    private var resampler: OpaquePointer?
    private let packet: UnsafeMutablePointer<AVPacket>
    private let frame: UnsafeMutablePointer<AVFrame>
    private let streamIndex: Int32
    private let timeBase: Double
    private var draining = false
    /// Samples handed out: the time of a block without a timestamp follows from them.
    private var samplesOut = 0

    /// Opens the clip's audio. Throws, naming the file, when it has none or it cannot be decoded.
    public init(path: String, sampleRate: Int) throws(ClipError) {
        if let failure = ClipFile.librariesMissing { throw ClipError("\(path): \(failure)") }
        self.path = path
        self.sampleRate = sampleRate
        var opening: UnsafeMutablePointer<AVFormatContext>?
        let opened = avformat_open_input(&opening, path, nil, nil)
        guard opened >= 0, let context = opening else { throw ClipError("\(path): cannot be opened for its sound (\(ClipFile.message(opened)))") }
        format = context
        guard let packet = av_packet_alloc(), let frame = av_frame_alloc() else {
            avformat_close_input(&format)
            throw ClipError("\(path): out of memory opening the clip's sound")
        }
        self.packet = packet
        self.frame = frame
        let best = avformat_find_stream_info(context, nil) >= 0 ? av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0) : -1
        streamIndex = best
        guard best >= 0, let stream = context.pointee.streams[Int(best)], let parameters = stream.pointee.codecpar else {
            codec = "none"
            timeBase = 0
            throw ClipError("\(path): the clip has no sound")
        }
        timeBase = av_q2d(stream.pointee.time_base)
        codec = String(cString: avcodec_get_name(parameters.pointee.codec_id))
        guard let found = avcodec_find_decoder(parameters.pointee.codec_id), let context = avcodec_alloc_context3(found) else {
            throw ClipError("\(path): the \(codec) sound has no decoder in this FFmpeg: encode it as AAC or Opus")
        }
        decoder = context
        context.pointee.thread_count = 1
        guard avcodec_parameters_to_context(context, parameters) >= 0, avcodec_open2(context, found, nil) >= 0 else {
            throw ClipError("\(path): the \(codec) sound cannot be decoded: encode it as AAC or Opus")
        }
        guard let resampler = lectern_resampler_for(context, Int32(sampleRate)) else {
            throw ClipError("\(path): the \(codec) sound cannot be resampled to \(sampleRate) Hz mono")
        }
        self.resampler = resampler
    }

    deinit {
        if let resampler { lectern_resampler_free(resampler) }
        var packet: UnsafeMutablePointer<AVPacket>? = self.packet
        av_packet_free(&packet)
        var frame: UnsafeMutablePointer<AVFrame>? = self.frame
        av_frame_free(&frame)
        avcodec_free_context(&decoder)
        avformat_close_input(&format)
    }

    /// The next block of samples and its time in seconds from the stream's start; nil at
    /// the end. Corrupt packets are skipped, as the pictures' are.
    public func next() throws(ClipError) -> (time: Double, samples: [Int16])? {
        guard let decoder, let format, let resampler else { return nil }
        while true {
            let received = avcodec_receive_frame(decoder, frame)
            if received >= 0 {
                defer { av_frame_unref(frame) }
                let stamp = frame.pointee.best_effort_timestamp
                let time = stamp == lectern_av_nopts_value() ? Double(samplesOut) / Double(sampleRate) : Double(stamp) * timeBase
                let room = Int(swr_get_out_samples(resampler, frame.pointee.nb_samples))
                guard room > 0 else { continue }
                var samples = [Int16](repeating: 0, count: room)
                let made = samples.withUnsafeMutableBufferPointer { lectern_resample(resampler, $0.baseAddress, Int32(room), frame) }
                guard made >= 0 else { throw ClipError("\(path): the \(codec) sound cannot be resampled (\(ClipFile.message(made)))") }
                samples.removeLast(room - Int(made))
                samplesOut += samples.count
                return (time, samples)
            }
            if received == lectern_averror_eof() { return nil }
            guard received == lectern_averror_eagain() else { throw ClipError("\(path): the \(codec) sound fails decoding (\(ClipFile.message(received)))") }
            if draining { return nil }
            if av_read_frame(format, packet) < 0 {
                draining = true
                avcodec_send_packet(decoder, nil)
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            _ = avcodec_send_packet(decoder, packet)
        }
    }
}
