import Foundation

/// Where a clip's sound goes: 16-bit mono samples at `sampleRate`. On the device the
/// speech output's ALSA device (the Speech module's sink, handed over by the composition
/// root, so that Video and Kiosk link no audio library); memory in tests. Called only on
/// the clip's audio thread.
public protocol ClipAudioOutput: AnyObject {
    var sampleRate: Int { get }
    /// Hands samples over, waiting for room; false as soon as `shouldStop` says so.
    func write(_ samples: [Int16], shouldStop: () -> Bool) -> Bool
    /// Silence now: what is queued is thrown away (a pause, the clip closed).
    func drop()
}

/// A clip's sound played on a thread of its own: read (`ClipAudioReader`), lowered while
/// speech speaks (`AudioDucking`), written to the output, which paces it. Paused, the
/// thread sleeps on a condition (no CPU). `samplesPlayed` is the sound's clock: the
/// position of the sound handed to the output is `samplesPlayed / sampleRate` seconds.
public final class ClipAudioPlayer: @unchecked Sendable {
    // @unchecked: every mutable field is behind `condition`'s lock; the output and the
    // reader are used by the audio thread only.
    private let condition = NSCondition()
    private var playing = false
    private var stopped = false
    private var ducking: AudioDucking
    private var written = 0
    private var ended = false
    private var failure: ClipError?

    /// Opens `path`'s sound for `output` and starts its thread, paused.
    public init(path: String, output: ClipAudioOutput) {
        ducking = AudioDucking(sampleRate: output.sampleRate)
        let handed = HandedOver(output: output)
        let thread = Thread { [self] in run(path: path, output: handed.output) }
        thread.name = "lectern-clip-audio"
        thread.start()
    }

    deinit { stop() }

    public func play() { locked { playing = true; condition.broadcast() } }
    public func pause() { locked { playing = false; condition.broadcast() } }
    /// Ends the thread (the clip closed); the output drops what it holds.
    public func stop() { locked { stopped = true; condition.broadcast() } }

    /// Speech mode began or ended an announcement: the sound is lowered from the next sample.
    public func speechSpeaking(_ speaking: Bool) { locked { ducking.speech(speaking: speaking, at: written) } }

    /// Samples handed to the output so far.
    public var samplesPlayed: Int { locked { written } }
    /// The sound ended (or failed: `failure` says why).
    public var hasEnded: Bool { locked { ended } }
    public var error: ClipError? { locked { failure } }

    /// Tests: waits until the sound ended.
    public func waitUntilEnded() { locked { while !ended { condition.wait() } } }

    /// The output crosses to the audio thread once and is used there alone.
    private struct HandedOver: @unchecked Sendable { let output: ClipAudioOutput }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    private func run(path: String, output: ClipAudioOutput) {
        defer { locked { ended = true; condition.broadcast() } }
        let reader: ClipAudioReader
        do { reader = try ClipAudioReader(path: path, sampleRate: output.sampleRate) } catch {
            locked { failure = error }
            return
        }
        while true {
            let goOn = locked { () -> Bool in
                while !playing, !stopped { condition.wait() }
                return !stopped
            }
            guard goOn else { return output.drop() }
            let block: (time: Double, samples: [Int16])?
            do { block = try reader.next() } catch {
                locked { failure = error }
                return
            }
            guard let block else { return }
            let (start, gain) = locked { (written, ducking) }
            let samples = gain.apply(block.samples, startingAt: start)
            let taken = output.write(samples, shouldStop: { [self] in locked { stopped || !playing } })
            locked { written += samples.count }
            if !taken { output.drop() }
        }
    }
}
