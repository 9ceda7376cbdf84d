import Foundation

/// Synthesis and playback on their own thread, so that neither the frame loop nor
/// touch ever waits for speech. `speak` replaces whatever is being said; `stop`
/// silences it: the speech thread sees the new generation at its next piece of
/// samples or its next wait for the sound card (at most `ALSASink.waitSlice`, 20 ms),
/// cancels espeak-ng through the callback's return value and drops the card's buffer.
/// Idle, the thread sleeps on a condition: no timer, no polling.
public final class SpeechPlayer: @unchecked Sendable {
    public enum Event: Sendable, Equatable {
        /// The first samples of an utterance went to the sink.
        case started(Utterance)
        /// Everything queued was said.
        case finished
        case failed(String)
    }

    private let synthesizer: SpeechSynthesizer
    private let sink: AudioSink
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var queue: [Utterance] = []
    private var generation = 0
    private var closed = false
    private var thread: Thread?
    /// Called on the speech thread; hop to the loop before touching the kiosk.
    public var onEvent: (@Sendable (Event) -> Void)?

    public init(synthesizer: SpeechSynthesizer, sink: AudioSink) {
        self.synthesizer = synthesizer
        self.sink = sink
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "lectern-speech"
        self.thread = thread
        thread.start()
    }

    /// Says `utterances` in order, after stopping whatever was being said.
    public func speak(_ utterances: [Utterance]) {
        condition.lock()
        generation += 1
        queue = utterances
        condition.signal()
        condition.unlock()
    }

    /// Silence now (the speech thread drops the card's buffer within one wait slice).
    public func stop() {
        condition.lock()
        generation += 1
        queue = []
        condition.signal()
        condition.unlock()
    }

    /// Ends the speech thread (after stopping); the player cannot speak again.
    public func close() {
        condition.lock()
        closed = true
        generation += 1
        queue = []
        condition.signal()
        condition.unlock()
    }

    /// Whether anything is queued or being said, for tests and status.
    public var isIdle: Bool {
        condition.lock(); defer { condition.unlock() }
        return queue.isEmpty && busyGeneration == nil
    }
    private var busyGeneration: Int?

    private func current(_ mine: Int) -> Bool {
        condition.lock(); defer { condition.unlock() }
        return generation == mine && !closed
    }

    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty && !closed { condition.wait() }
            if closed { condition.unlock(); return }
            let mine = generation
            let batch = queue
            queue = []
            busyGeneration = mine
            condition.unlock()

            let stopped = { !self.current(mine) }
            var interrupted = false
            for utterance in batch {
                do throws(SpeechError) {
                    try sink.begin(sampleRate: synthesizer.sampleRate)
                    var first = true
                    try synthesizer.synthesize(utterance) { samples in
                        if first { first = false; self.onEvent?(.started(utterance)) }
                        return self.sink.write(samples, shouldStop: stopped)
                    }
                } catch {
                    onEvent?(.failed(error.message))
                }
                if stopped() { interrupted = true; break }
            }
            if interrupted { sink.drop() } else { sink.drain(shouldStop: stopped); if stopped() { sink.drop() } else { onEvent?(.finished) } }
            condition.lock()
            busyGeneration = nil
            condition.unlock()
        }
    }
}
