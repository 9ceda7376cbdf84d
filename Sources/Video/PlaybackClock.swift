/// Where a clip is on its timeline at a given loop time: pure logic, driven by the
/// loop's clock (a manual one in tests). Playing, the position is `loopTime − origin`,
/// computed afresh each time from one anchor, so no error accumulates however long the
/// clip plays; paused, it holds still.
public struct PlaybackClock: Equatable, Sendable {
    /// The loop time at which timeline time 0 was (or would have been) shown; nil paused.
    private var origin: Double?
    /// The position while paused.
    private var held: Double

    public init(position: Double = 0) { held = position }

    public var isPlaying: Bool { origin != nil }

    /// Seconds on the clip's timeline at loop time `time`.
    public func position(at time: Double) -> Double {
        origin.map { time - $0 } ?? held
    }

    public mutating func play(at time: Double) {
        guard origin == nil else { return }
        origin = time - held
    }

    public mutating func pause(at time: Double) {
        guard origin != nil else { return }
        held = position(at: time)
        origin = nil
    }

    /// Sound and pictures may part by this much before the pictures follow the sound:
    /// 45 ms, inside the 45 ms lead and 125 ms lag ITU-R BT.1359 finds undetectable.
    public static let syncBound = 0.045

    /// The sound is the master clock: `audioPosition` is where the sound heard at loop
    /// time `time` is on the timeline (samples played, less the output's latency). When
    /// the pictures' position is further than `bound` from it, the clock is set to it,
    /// so frames are dropped (pictures behind) or held (ahead), never the sound. True
    /// when the clock moved.
    @discardableResult
    public mutating func follow(audioPosition: Double, at time: Double, within bound: Double = syncBound) -> Bool {
        guard origin != nil, abs(position(at: time) - audioPosition) > bound else { return false }
        origin = time - audioPosition
        return true
    }

    /// The loop time at which timeline time `position` is due; nil paused (never).
    public func loopTime(of position: Double) -> Double? {
        origin.map { $0 + position }
    }
}

/// Which of the decoded frames waiting is shown at a timeline position, and how many
/// before it are dropped (late: their time passed before the loop got to them).
public struct FramePick: Equatable, Sendable {
    /// Index of the frame to show now, nil when none is due yet.
    public let shown: Int?
    /// Frames before it, never shown.
    public let dropped: Int

    public init(shown: Int?, dropped: Int) {
        self.shown = shown
        self.dropped = dropped
    }

    /// A frame is due once the position reaches its time (within a microsecond, so a
    /// loop woken at exactly a frame's time shows it).
    public static let tolerance = 1e-6

    /// The last frame of `times` (ascending) whose time has come at `position`.
    public static func at(_ position: Double, in times: [Double]) -> FramePick {
        let due = times.prefix { $0 <= position + tolerance }.count
        return due == 0 ? FramePick(shown: nil, dropped: 0) : FramePick(shown: due - 1, dropped: due - 1)
    }
}
