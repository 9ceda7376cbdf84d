import Foundation

/// Where a clip's sound goes: 16-bit mono samples at `sampleRate`. On the device the
/// speech output's ALSA device (made by the composition root, so that Video and Kiosk
/// link no audio library); memory in tests. Called only on the clip's audio thread.
public protocol ClipAudioOutput: AnyObject {
    var sampleRate: Int { get }
    /// Hands samples over, waiting for room; false when not all were taken: as soon as
    /// `shouldStop` says so, or because the device failed (then `shouldStop` is false).
    func write(_ samples: [Int16], shouldStop: () -> Bool) -> Bool
    /// Samples handed over and not yet heard (the device's queue): the sound heard now
    /// is this far behind the sound written.
    var pending: Int { get }
    /// Silence now: what is queued is thrown away (a pause, the clip closed).
    func drop()
}

/// A clip's sound kept in memory, played by whoever calls `hear` (a test's clock): it
/// holds at most `capacity` samples not yet heard, as a sound card's buffer does, so a
/// write waits for room (in 5 ms slices, to see `shouldStop`). Without a capacity it
/// takes everything at once and counts it heard at once.
public final class MemoryClipAudioOutput: ClipAudioOutput, @unchecked Sendable {
    // @unchecked: every field behind `condition`.
    public let sampleRate: Int
    public let capacity: Int?
    private let condition = NSCondition()
    private var kept: [Int16] = []
    private var heard = 0
    private var drops = 0
    /// Runs on the audio thread before each write, with the samples kept so far.
    public var beforeWrite: ((Int) -> Void)?

    public init(sampleRate: Int, capacity: Int? = nil) {
        self.sampleRate = sampleRate
        self.capacity = capacity
    }

    public var samples: [Int16] { locked { kept } }
    public var dropCount: Int { locked { drops } }
    public var pending: Int { locked { kept.count - heard } }

    /// The card played `count` more samples (at most what it holds).
    public func hear(_ count: Int) {
        locked {
            heard = min(heard + count, kept.count)
            condition.broadcast()
        }
    }

    public func write(_ samples: [Int16], shouldStop: () -> Bool) -> Bool {
        beforeWrite?(locked { kept.count })
        var offset = 0
        while offset < samples.count {
            if shouldStop() { return false }
            condition.lock()
            let room = capacity.map { $0 - (kept.count - heard) } ?? samples.count
            if room > 0 {
                let end = min(samples.count, offset + room)
                kept += samples[offset..<end]
                offset = end
                if capacity == nil { heard = kept.count }
            } else {
                _ = condition.wait(until: Date(timeIntervalSinceNow: 0.005))
            }
            condition.unlock()
        }
        return true
    }

    /// What was not heard is thrown away.
    public func drop() {
        locked {
            kept.removeLast(kept.count - heard)
            drops += 1
            condition.broadcast()
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}

/// Whether speech mode is speaking now: set from the speech thread, read by each clip's
/// audio thread before each block, which lowers the clip while it is true (`AudioDucking`).
public final class SpeechActivity: @unchecked Sendable {
    // @unchecked: the one field is behind `lock`.
    private let lock = NSLock()
    private var speaking = false

    public init() {}

    public var isSpeaking: Bool {
        get { lock.withLock { speaking } }
        set { lock.withLock { speaking = newValue } }
    }
}
