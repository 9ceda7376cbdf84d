import CFFmpeg

/// One decoded picture (libavcodec's reference-counted frame, in the stream's own pixel
/// format, not yet converted) and when it is shown, in seconds of the clip's timeline
/// (0 at its first frame; a looping clip's timeline runs on across loops).
public final class DecodedFrame: @unchecked Sendable {
    // @unchecked: made on the decoder's thread, then handed over whole through the
    // queue's lock; only the taker reads it afterwards.
    let frame: UnsafeMutablePointer<AVFrame>
    /// When it is shown, seconds on the clip's timeline.
    public let time: Double
    public var width: Int { Int(frame.pointee.width) }
    public var height: Int { Int(frame.pointee.height) }
    /// Bytes its planes take (what the queue's budget counts).
    let bytes: Int

    /// Takes over `source`'s picture (leaving `source` empty for the next one).
    init?(takingFrom source: UnsafeMutablePointer<AVFrame>, time: Double) {
        guard let frame = av_frame_alloc() else { return nil }
        av_frame_move_ref(frame, source)
        self.frame = frame
        self.time = time
        let size = av_image_get_buffer_size(AVPixelFormat(rawValue: frame.pointee.format), frame.pointee.width, frame.pointee.height, 1)
        bytes = max(Int(size), 0)
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = self.frame
        av_frame_free(&frame)
    }
}
