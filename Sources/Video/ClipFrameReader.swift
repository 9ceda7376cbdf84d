import CFFmpeg

/// A clip's frames read one by one on the caller's thread, with no queue and no clock:
/// for `lectern bench` (what decoding one frame costs, apart from showing it) and the
/// fuzz target (the demuxer and decoder fed any bytes). Starts again at the end.
public final class ClipFrameReader {
    public let info: ClipInfo
    private let file: ClipFile
    private let scratch: UnsafeMutablePointer<AVFrame>
    private var timeline: ClipTimeline
    private var decoded = 0

    /// Opens `path`; throws for a clip that will not play.
    public init(path: String) throws(ClipError) {
        file = try ClipFile(path: path)
        if let refusal = file.info.refusal { throw ClipError(refusal) }
        guard let scratch = av_frame_alloc() else { throw ClipError("\(path): out of memory decoding the clip") }
        self.scratch = scratch
        info = file.info
        timeline = ClipTimeline(timeBase: file.timeBase, nominalFrameDuration: info.frameRate.map { 1 / $0 })
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFrame>? = scratch
        av_frame_free(&owned)
    }

    /// The next frame; at the end, the first again. Throws when the clip holds no frame
    /// that decodes, or its data is corrupt past the decoder's tolerance.
    public func next() throws(ClipError) -> DecodedFrame {
        for _ in 0..<2 {
            if try file.nextFrame(into: scratch) {
                let stamp = scratch.pointee.best_effort_timestamp
                let time = timeline.time(ofStamp: stamp == lectern_av_nopts_value() ? nil : stamp)
                guard let frame = DecodedFrame(takingFrom: scratch, time: time) else { break }
                decoded += 1
                return frame
            }
            guard decoded > 0 else { break }
            try file.rewind()
            timeline.startNextLoop()
        }
        throw ClipError("\(file.path): the \(info.codec) stream holds no picture that decodes: the file is corrupt or cut short; export the clip again")
    }
}
