import CFFmpeg
import Foundation

/// Decodes one clip on a thread of its own into a bounded queue of pictures (at most
/// `ClipLimits.queueBytes`, between 2 and 8 frames), streaming the file: a 10-hour clip
/// costs what a 10-second one does. The worker sleeps on a condition while the queue is
/// full, so a paused clip costs no CPU. The loop learns of new frames through
/// `onFrames` (on the device: its wake-up pipe), called when a frame arrives in an empty
/// queue and when the clip ends or fails, and takes them without ever waiting.
///
/// The file is opened on the decoder's thread too (probing reads and decodes the start
/// of the stream: 10–15 ms for 1080p H.264), so a tap never holds the loop; a clip that
/// will not play (`ClipInfo.refusal`) ends at once with `failure` set.
public final class ClipDecoder: @unchecked Sendable {
    // @unchecked: every mutable field is in `Shared`, behind its lock.
    private let shared: Shared

    /// Starts opening and decoding `path` on a thread of its own. `loops`: at its end the
    /// clip starts again, its timeline running on without a gap.
    public init(path: String, loops: Bool = false) {
        shared = Shared()
        let shared = self.shared
        let thread = Thread { Self.open(path, loops: loops, into: shared) }
        thread.name = "lectern-clip"
        thread.start()
    }

    /// What the decoder's thread found when it opened the clip (nil until then, or when
    /// it could not: `failure` says why).
    public var info: ClipInfo? { shared.withLock { shared.info } }
    /// Frames the queue holds at most (0 until the clip is open).
    public var capacity: Int { shared.withLock { shared.capacity } }

    deinit { shared.stop() }

    /// Called from the decoder's thread when `queuedTimes` goes from empty to not, and when
    /// the clip ends or fails. Set while frames wait, it is called at once.
    public var onFrames: (@Sendable () -> Void)? {
        get { shared.withLock { shared.onFrames } }
        set {
            let owed = shared.withLock {
                shared.onFrames = newValue
                return !shared.queue.isEmpty || shared.ended || shared.failure != nil
            }
            if owed { newValue?() }
        }
    }

    /// The timeline times of the frames waiting, in order.
    public var queuedTimes: [Double] { shared.withLock { shared.queue.map(\.time) } }

    /// Removes the first `count` waiting frames and returns them (the decoder refills).
    public func take(_ count: Int) -> [DecodedFrame] {
        shared.withLock {
            let taken = Array(shared.queue.prefix(count))
            shared.queue.removeFirst(taken.count)
            shared.bytes -= taken.reduce(0) { $0 + $1.bytes }
            shared.condition.broadcast()
            return taken
        }
    }

    /// The stream ended (and the clip does not loop): no frame comes after those queued.
    public var hasEnded: Bool { shared.withLock { shared.ended } }
    /// Why decoding stopped early, naming the file and codec.
    public var failure: ClipError? { shared.withLock { shared.failure } }
    /// Bytes of pictures waiting (at most the budget, or one frame over it).
    public var queuedBytes: Int { shared.withLock { shared.bytes } }

    /// Tests and the bench: waits until the queue is full, or the clip ended or failed.
    public func waitUntilBuffered() {
        shared.withLock {
            while shared.info == nil || (shared.queue.count < shared.capacity && shared.bytes < ClipLimits.queueBytes),
                  !shared.ended, shared.failure == nil {
                shared.condition.wait()
            }
        }
    }

    /// Waits until the first picture is decoded (or the clip ended or failed): a clip
    /// that must show its first picture in the very next frame (the attract loop after
    /// the boot splash) costs the loop this one decode, 10–15 ms for 1080p H.264.
    public func waitForFirstFrame() {
        shared.withLock {
            while shared.queue.isEmpty, !shared.ended, shared.failure == nil { shared.condition.wait() }
        }
    }

    final class Shared: @unchecked Sendable {
        let condition = NSCondition()
        var info: ClipInfo?
        var capacity = 0
        var queue: [DecodedFrame] = []
        var bytes = 0
        var ended = false
        var failure: ClipError?
        var stopped = false
        var onFrames: (@Sendable () -> Void)?

        func opened(_ info: ClipInfo) {
            withLock {
                self.info = info
                // 4:2:0 at 8 bits: 1.5 bytes a pixel; 10-bit frames are counted as they come.
                capacity = ClipLimits.queueCapacity(frameBytes: info.width * info.height * 3 / 2)
                condition.broadcast()
            }
        }

        func withLock<T>(_ body: () throws -> T) rethrows -> T {
            condition.lock()
            defer { condition.unlock() }
            return try body()
        }

        func stop() { withLock { stopped = true; condition.broadcast() } }

        /// Waits for room; false when stopped.
        func waitForRoom() -> Bool {
            withLock {
                while !stopped, queue.count >= capacity || bytes >= ClipLimits.queueBytes { condition.wait() }
                return !stopped
            }
        }

        func append(_ frame: DecodedFrame) {
            let told: (@Sendable () -> Void)? = withLock {
                queue.append(frame)
                bytes += frame.bytes
                condition.broadcast()
                return queue.count == 1 ? onFrames : nil
            }
            told?()
        }

        func finish(_ failure: ClipError?) {
            let told = withLock {
                self.failure = failure
                ended = failure == nil
                condition.broadcast()
                return onFrames
            }
            told?()
        }
    }

    private static func open(_ path: String, loops: Bool, into shared: Shared) {
        do {
            let file = try ClipFile(path: path)
            if let refusal = file.info.refusal { throw ClipError(refusal) }
            shared.opened(file.info)
            decode(file, loops: loops, into: shared)
        } catch {
            shared.finish(error as? ClipError ?? ClipError("\(path): \(error)"))
        }
    }

    private static func decode(_ file: ClipFile, loops: Bool, into shared: Shared) {
        guard let scratch = av_frame_alloc() else { return shared.finish(ClipError("\(file.path): out of memory decoding the clip")) }
        var scratchFrame: UnsafeMutablePointer<AVFrame>? = scratch
        defer { av_frame_free(&scratchFrame) }
        var timeline = ClipTimeline(timeBase: file.timeBase, nominalFrameDuration: file.info.frameRate.map { 1 / $0 })
        do {
            while shared.waitForRoom() {
                if try file.nextFrame(into: scratch) {
                    let stamp = scratch.pointee.best_effort_timestamp
                    let time = timeline.time(ofStamp: stamp == lectern_av_nopts_value() ? nil : stamp)
                    guard let frame = DecodedFrame(takingFrom: scratch, time: time) else { throw ClipError("\(file.path): out of memory decoding the clip") }
                    shared.append(frame)
                } else if loops, timeline.framesInPass > 0 {
                    try file.rewind()
                    timeline.startNextLoop()
                } else {
                    if timeline.framesTotal == 0 { throw ClipError("\(file.path): the \(file.info.codec) stream holds no picture that decodes: the file is corrupt or cut short; export the clip again") }
                    return shared.finish(nil)
                }
            }
        } catch {
            shared.finish(error as? ClipError ?? ClipError("\(file.path): \(error)"))
        }
    }
}
