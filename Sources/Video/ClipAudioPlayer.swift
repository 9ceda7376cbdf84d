import Dispatch
import Foundation

/// A clip's sound played on a thread of its own: read (`ClipAudioReader`), lowered while
/// speech speaks (`AudioDucking`, told by `SpeechActivity` or `speechSpeaking`), written
/// to the output, which paces it. Paused, the output drops what it holds and the thread
/// sleeps on a condition (no CPU). A looping clip's sound starts again at its end, its
/// timeline running on, as the pictures' does. The sound is the clock the pictures
/// follow: `heardPosition` says where on the timeline the sound heard now is.
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
    /// Samples heard at `measuredAt` (uptime nanoseconds); the timeline time of sample 0.
    private var heard = 0
    private var measuredAt: UInt64 = 0
    private var timelineStart: Double?
    private let sampleRate: Int

    /// Opens `path`'s sound for `output` and starts its thread, paused. `speech`: speech
    /// mode's state, looked at before each block.
    public init(path: String, output: ClipAudioOutput, loops: Bool = false, speech: SpeechActivity? = nil) {
        sampleRate = output.sampleRate
        ducking = AudioDucking(sampleRate: output.sampleRate)
        let handed = HandedOver(output: output)
        let thread = Thread { [self] in run(path: path, output: handed.output, loops: loops, speech: speech) }
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
    /// The sound ended (or failed: `error` says why).
    public var hasEnded: Bool { locked { ended } }
    public var error: ClipError? { locked { failure } }
    public var isPlaying: Bool { locked { playing && !ended } }

    /// Where on the clip's timeline the sound heard now is, in seconds: what the output
    /// had played when last asked, moved on by the time since (never past what was
    /// written). Nil before the first block, paused, or ended: the pictures keep their
    /// own clock then.
    public var heardPosition: Double? {
        locked {
            guard playing, !ended, let timelineStart else { return nil }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds &- measuredAt) / 1e9
            let samples = min(Double(heard) + elapsed * Double(sampleRate), Double(written))
            return timelineStart + samples / Double(sampleRate)
        }
    }

    /// Tests: waits until the sound ended.
    public func waitUntilEnded() { locked { while !ended { condition.wait() } } }

    /// Tests: waits until `count` samples were handed over (or the sound ended).
    public func waitUntilWritten(_ count: Int) { locked { while written < count, !ended { condition.wait() } } }

    /// The output crosses to the audio thread once and is used there alone.
    private struct HandedOver: @unchecked Sendable { let output: ClipAudioOutput }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    private func run(path: String, output: ClipAudioOutput, loops: Bool, speech: SpeechActivity?) {
        defer { locked { ended = true; condition.broadcast() } }
        var reader: ClipAudioReader
        do { reader = try ClipAudioReader(path: path, sampleRate: output.sampleRate) } catch {
            locked { failure = error }
            return
        }
        var speaking = false
        var sounding = false
        while true {
            // Paused between two blocks: what the device holds is not heard.
            if sounding, locked({ !playing }) {
                output.drop()
                sounding = false
            }
            let goOn = locked { () -> Bool in
                while !playing, !stopped { condition.wait() }
                return !stopped
            }
            guard goOn else { return output.drop() }
            sounding = true
            if let speech, speech.isSpeaking != speaking {
                speaking.toggle()
                speechSpeaking(speaking)
            }
            let block: (time: Double, samples: [Int16])?
            do {
                block = try reader.next()
                if block == nil, loops {
                    reader = try ClipAudioReader(path: path, sampleRate: output.sampleRate)
                    continue
                }
            } catch {
                locked { failure = error }
                return
            }
            guard let block else { return }
            let (start, gain) = locked { () -> (Int, AudioDucking) in
                if timelineStart == nil { timelineStart = block.time }
                return (written, ducking)
            }
            let samples = gain.apply(block.samples, startingAt: start)
            let taken = output.write(samples, shouldStop: { [self] in locked { stopped || !playing } })
            let stopping = locked { stopped || !playing }
            let pending = output.pending
            locked {
                written += samples.count
                heard = written - pending
                measuredAt = DispatchTime.now().uptimeNanoseconds
                condition.broadcast()
            }
            if !taken {
                output.drop()
                sounding = false
                if !stopping {
                    locked { failure = ClipError("\(path): the sound device stopped taking the clip's sound; it plays on silent") }
                    return
                }
            }
        }
    }
}
