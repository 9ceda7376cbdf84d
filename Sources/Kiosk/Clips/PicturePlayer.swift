import Raster
import Video

/// An animated picture as the loop plays it: frames from its `PictureAnimation`, shown at
/// their times on a `PlaybackClock` (the clips' clock) read at the loop's time. Holds the
/// frame on screen and the next one, decoded ahead on the loop's thread right after the
/// one before it is shown (a frame of a GIF or WebP at page size takes well under a
/// millisecond to a few), so the frame due is there when the loop wakes for it. Playing,
/// it asks to be woken only at the next frame's time; paused or finished, for nothing.
final class PicturePlayer {
    struct Shown {
        let image: Image
        /// Its time on the animation's timeline (seconds from the first frame, running on across passes).
        let time: Double
        /// How long it shows.
        let duration: Double
    }

    let animation: PictureAnimation
    /// The picture's file, for messages.
    let file: String
    private(set) var clock = PlaybackClock()
    /// The frame on screen, and the one after it (nil: the animation is over).
    private(set) var current: Shown
    private var next: Shown?
    /// Frames shown since it opened (the first included): what tells one frame from the
    /// next in a frame's description.
    private(set) var shownFrames = 1
    /// Frames skipped because the loop was late (their times passed before it woke).
    private(set) var droppedFrames = 0
    /// Why frames stopped early (cut short, corrupt), logged once by `ClipPlayback`.
    var problem: String? { animation.problem.map { "\(file): \($0)" } }
    var problemLogged = false

    /// A loop woken this late behind the picture's timeline catches up by at most this
    /// many frames, then starts its clock again from the frame shown.
    static let catchUpFrames = 64

    /// Opens the first two frames; throws when the first does not decode.
    init(animation: PictureAnimation, file: String) throws {
        self.animation = animation
        self.file = file
        guard let first = try animation.next() else { throw ImageError("the animated \(animation.format.rawValue) has no frame") }
        current = Shown(image: first.image, time: 0, duration: first.duration)
        next = Self.following(current, in: animation)
    }

    /// The frame after `shown`, nil when the animation is over or a later frame does not
    /// decode (the animation's `problem` says why).
    private static func following(_ shown: Shown, in animation: PictureAnimation) -> Shown? {
        guard let frame = try? animation.next() else { return nil }
        return Shown(image: frame.image, time: shown.time + shown.duration, duration: frame.duration)
    }

    var isPlaying: Bool { clock.isPlaying }
    var hasFinished: Bool { next == nil }

    func play(at time: Double) {
        guard !hasFinished else { return }
        clock.play(at: time)
    }

    func pause(at time: Double) { clock.pause(at: time) }

    /// Shows the frame due at loop time `time`; true when the picture changed.
    @discardableResult
    func advance(at time: Double) -> Bool {
        guard clock.isPlaying else { return false }
        let position = clock.position(at: time)
        var steps = 0
        while let due = next, due.time <= position + FramePick.tolerance {
            if steps > 0 { droppedFrames += 1 }
            steps += 1
            shownFrames += 1
            current = due
            next = Self.following(due, in: animation)
            if steps >= Self.catchUpFrames {
                clock = PlaybackClock(position: current.time)
                clock.play(at: time)
                break
            }
        }
        if next == nil { clock.pause(at: time) }
        return steps > 0
    }

    /// The loop time of the next frame while playing; nil paused or finished.
    var nextWake: Double? {
        guard let next else { return nil }
        return clock.loopTime(of: next.time)
    }
}
