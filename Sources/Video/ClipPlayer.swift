import Raster

/// One clip as the loop plays it: the decoder's queue read against a `PlaybackClock` at
/// the loop's time. Lives on the loop's thread. Playing, it asks to be woken only at its
/// next frame's time (`nextWake`), or by the decoder when the queue ran dry; paused, it
/// asks for nothing. Late frames are dropped, never shown, and counted.
public final class ClipPlayer {
    public let decoder: ClipDecoder
    public private(set) var clock = PlaybackClock()
    /// The picture on screen (nil before the first one is decoded).
    public private(set) var current: DecodedFrame?
    /// Frames shown, and frames dropped because their time had passed.
    public private(set) var shownFrames = 0
    public private(set) var droppedFrames = 0
    private let converter = FrameConverter()
    /// Made when the display's video plane first shows this clip.
    private var nv12: NV12Writer?
    /// Played before any picture was decoded: the clock starts when the first one
    /// arrives, so a slow start drops nothing (tap to first frame is the decode time).
    private var startsAtFirstFrame = false

    public init(decoder: ClipDecoder) { self.decoder = decoder }

    public var isPlaying: Bool { clock.isPlaying }

    public func play(at time: Double) {
        if hasFinished || clock.isPlaying { return }
        if current == nil { startsAtFirstFrame = true }
        clock.play(at: time)
    }

    public func pause(at time: Double) { clock.pause(at: time) }

    /// Playing with sound: the sound heard now is at timeline time `position`, and the
    /// pictures follow it (`PlaybackClock.follow`): frames are dropped or held, never the
    /// sound. Not before the first picture (the clock starts there). True when the clock moved.
    @discardableResult
    public func follow(sound position: Double, at time: Double) -> Bool {
        guard !startsAtFirstFrame else { return false }
        return clock.follow(audioPosition: position, at: time)
    }

    /// The stream ended and its last frame is on screen: nothing more will come.
    public var hasFinished: Bool { current != nil && decoder.hasEnded && decoder.queuedTimes.isEmpty }

    /// Takes the frame due at loop time `time` (dropping the late ones before it); true
    /// when the picture on screen changed. Paused, only a first picture is taken. A
    /// finished clip pauses on its last frame.
    @discardableResult
    public func advance(at time: Double) -> Bool {
        if startsAtFirstFrame, clock.isPlaying {
            guard let first = decoder.queuedTimes.first else { return false }
            clock = PlaybackClock(position: first)
            clock.play(at: time)
            startsAtFirstFrame = false
        }
        let pick = FramePick.at(clock.position(at: time), in: decoder.queuedTimes)
        guard let shown = pick.shown else {
            if hasFinished { clock.pause(at: time) }
            return false
        }
        let taken = decoder.take(shown + 1)
        guard let frame = taken.last else { return false }
        current = frame
        shownFrames += 1
        droppedFrames += pick.dropped
        if hasFinished { clock.pause(at: time) }
        return true
    }

    /// The loop time of the next frame, when playing and one is decoded; nil otherwise
    /// (paused: no wake-up; queue empty: the decoder's `onFrames` wakes the loop).
    public var nextWake: Double? {
        guard let next = decoder.queuedTimes.first else { return nil }
        return clock.loopTime(of: next)
    }

    /// How far through the clip the picture on screen is, 0…1 (0 without a duration).
    public var progress: Double {
        guard let duration = decoder.info?.duration, duration > 0, let current else { return 0 }
        return min(max(current.time.truncatingRemainder(dividingBy: duration) / duration, 0), 1)
    }

    /// Draws `frame` (a picture this player took: the one a frame was described with)
    /// scaled into `rect` of `canvas`, through the player's converter.
    public func draw(_ frame: DecodedFrame, in rect: IntRect, on canvas: Canvas) throws(ClipError) {
        try converter.draw(frame, in: rect, on: canvas)
    }

    /// Writes `frame` at its own size into `target`, a display plane's NV12 memory (the
    /// plane scales it).
    public func write(_ frame: DecodedFrame, into target: NV12Picture) throws(ClipError) {
        let writer = nv12 ?? NV12Writer()
        nv12 = writer
        try writer.write(frame, into: target)
    }
}
