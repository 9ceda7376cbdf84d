/// Where speech samples go: a sound card (`ALSASink`), or memory (`MemoryAudioSink`: the
/// WAV of `lectern speak`, and tests). Called only on the speech thread; `shouldStop`
/// is how a wait for room learns that the visitor touched the screen.
public protocol AudioSink: AnyObject {
    /// Prepares for 16-bit mono samples at `sampleRate`.
    func begin(sampleRate: Int) throws(SpeechError)
    /// Hands samples over, waiting for room when the device's buffer is full; returns
    /// false (samples not all taken) as soon as `shouldStop` says so.
    func write(_ samples: [Int16], shouldStop: () -> Bool) -> Bool
    /// Waits until what was written has been heard, or `shouldStop`.
    func drain(shouldStop: () -> Bool)
    /// Silence now: whatever is queued is thrown away.
    func drop()
}

/// Samples kept in memory, with where each utterance starts: the WAV of `lectern
/// speak`, and the tests' way to hear what was said.
public final class MemoryAudioSink: AudioSink {
    public private(set) var samples: [Int16] = []
    public private(set) var sampleRate = 0
    /// Sample offsets at which each `begin` happened.
    public private(set) var starts: [Int] = []
    public private(set) var dropCount = 0
    /// Test hooks: before each write (e.g. to stop the player mid-utterance), and at a drop.
    public var beforeWrite: (() -> Void)?
    public var onDrop: (() -> Void)?

    public init() {}

    public func begin(sampleRate: Int) throws(SpeechError) {
        self.sampleRate = sampleRate
        starts.append(samples.count)
    }

    public func write(_ samples: [Int16], shouldStop: () -> Bool) -> Bool {
        beforeWrite?()
        if shouldStop() { return false }
        self.samples += samples
        return true
    }

    public func drain(shouldStop: () -> Bool) {}

    public func drop() { dropCount += 1; onDrop?() }

    /// Seconds of audio held.
    public var duration: Double { sampleRate == 0 ? 0 : Double(samples.count) / Double(sampleRate) }
}
