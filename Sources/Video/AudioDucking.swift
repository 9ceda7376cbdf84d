/// The clip's loudness while speech mode speaks: lowered ("ducked") so the announcement
/// is heard over it, and back after, each change a short ramp (no click). Pure logic:
/// the gain of each sample is a function of the sample's index and when speech began
/// and ended, in samples.
public struct AudioDucking: Sendable, Equatable {
    /// The clip's gain while speech speaks: a quarter (−12 dB).
    public static let duckedGain = 0.25
    /// Samples a change of gain takes.
    public let ramp: Int
    /// Where the current change started, and from and to which gain.
    private var changeStart = 0
    private var from = 1.0
    private var to = 1.0

    public init(sampleRate: Int) { ramp = max(1, sampleRate / 50) }  // 20 ms

    /// Speech started or stopped at sample `index`.
    public mutating func speech(speaking: Bool, at index: Int) {
        from = gain(at: index)
        to = speaking ? Self.duckedGain : 1
        changeStart = index
    }

    /// The gain at sample `index`.
    public func gain(at index: Int) -> Double {
        let done = Double(index - changeStart) / Double(ramp)
        return done >= 1 ? to : from + (to - from) * max(0, done)
    }

    /// `samples`, starting at sample `index`, at their gain.
    public func apply(_ samples: [Int16], startingAt index: Int) -> [Int16] {
        samples.enumerated().map { offset, sample in Int16((Double(sample) * gain(at: index + offset)).rounded()) }
    }
}
