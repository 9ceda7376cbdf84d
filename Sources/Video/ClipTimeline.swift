/// The clip's timeline: a stream's timestamps (ticks of its time base, from wherever the
/// stream starts) as seconds from its first frame, running on across loops so a looping
/// clip's second pass follows its first without a gap or a jump back. Pure logic.
struct ClipTimeline {
    let timeBase: Double
    /// A frame's duration when the stream does not give timestamps (1/frame rate, else 1/25 s).
    let frameDuration: Double
    private var firstStamp: Int64?
    /// Seconds added to this pass's times: the length of the passes before it.
    private var loopOffset = 0.0
    private var lastTime: Double?

    init(timeBase: Double, nominalFrameDuration: Double?) {
        self.timeBase = timeBase
        frameDuration = nominalFrameDuration.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? 1.0 / 25
    }

    /// Frames timed in this pass, and in all passes.
    private(set) var framesInPass = 0
    private(set) var framesTotal = 0

    /// The time of the next frame, given its timestamp (nil: none, then one frame after
    /// the last). Never earlier than the frame before it: a stamp going backwards (a
    /// broken stream) shows the frame one frame later instead.
    mutating func time(ofStamp stamp: Int64?) -> Double {
        var time: Double
        if let stamp {
            let first = firstStamp ?? stamp
            firstStamp = first
            time = loopOffset + Double(stamp - first) * timeBase
        } else {
            time = (lastTime.map { $0 + frameDuration }) ?? loopOffset
        }
        if let lastTime, time <= lastTime { time = lastTime + frameDuration }
        lastTime = time
        framesInPass += 1
        framesTotal += 1
        return time
    }

    /// The clip starts again: the next pass begins one frame after this pass's last frame.
    mutating func startNextLoop() {
        guard let lastTime else { return }
        loopOffset = lastTime + frameDuration
        firstStamp = nil
        framesInPass = 0
    }
}
