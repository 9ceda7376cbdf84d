import Foundation
import Kiosk
import KioskHeadless
import Measure
import Speech

/// `speech.gesture`: from the speech-mode gesture to the first sample handed to the sound
/// card (docs/accessibility.md asks ≤ 300 ms). The real kiosk under the real loop
/// (`HeadlessPlayer`) with the real speech path: `SpeechPlayer` on its own thread,
/// espeak-ng synthesising, ALSA taking the samples (`snd_pcm_writei`) on its "null"
/// device, as no sound card is needed to time it; the sink notes when the first samples
/// have been handed over. Each iteration is one two-finger hold: the loop handles the fingers
/// and the hold's deadline (drawing the frames due, as on the device), speech mode turns
/// on (then off, then on: iterations alternate, "Speech on. …" and "Speech off."), and
/// the iteration ends when ALSA has the first samples. The sink hands over that first
/// piece only and declines the rest, so espeak-ng stops at once and the next iteration
/// starts from a quiet speech thread, as a visitor's gesture would.
public enum SpeechScene {
    public static var benchCases: [BenchCase] {
        [BenchCase(name: "speech.gesture") { w, h in try gesture(width: w, height: h) }]
    }

    static func gesture(width: Int, height: Int) throws -> () -> Void {
        let synthesizer: EspeakSynthesizer
        do { synthesizer = try EspeakSynthesizer() } catch { throw BenchSetupError("speech.gesture: \(error)") }
        let alsa = ALSASink(device: "null", volume: 1)
        do { try alsa.begin(sampleRate: synthesizer.sampleRate) } catch { throw BenchSetupError("speech.gesture: \(error)") }
        let sink = FirstSampleSink(alsa: alsa)
        let output = PlayerOutput(player: SpeechPlayer(synthesizer: synthesizer, sink: sink))
        let assembly = try KioskAssembly(config: KioskConfig.builtIn, width: width, height: height, speech: output)
        let player = try assembly.player()
        var time = 1.0
        player.step(to: time)  // layout, glyph cache and first frame: not part of the measurement
        return {
            time += 3
            sink.expectSamples()
            player.feed([.down(slot: 0, x: 300, y: 300, time: time), .down(slot: 1, x: 400, y: 300, time: time + 0.02)])
            // The hold is recognised 1.5 s after the second finger, at the loop's deadline.
            player.step(to: time + 1.6)
            sink.waitForSamples()
            player.feed([.up(slot: 0, time: time + 1.7), .up(slot: 1, time: time + 1.7)])
            player.step(to: time + 1.8)
            output.player.waitUntilIdle()
        }
    }
}

/// The scene's speech output over a real `SpeechPlayer` (as `DeviceSpeech` on the device).
private final class PlayerOutput: SpeechOutput {
    let player: SpeechPlayer
    init(player: SpeechPlayer) { self.player = player }
    deinit { player.close() }
    func speak(_ texts: [SpokenText]) { player.speak(texts.map { Utterance($0.text, language: $0.language) }) }
    func stop() { player.stop() }
}

/// ALSA, waking the bench once the first samples of an utterance are written; the rest
/// of the utterance is declined (espeak-ng then stops synthesising).
private final class FirstSampleSink: AudioSink, @unchecked Sendable {
    private let alsa: ALSASink
    private let condition = NSCondition()
    private var waiting = false

    init(alsa: ALSASink) { self.alsa = alsa }

    func expectSamples() {
        condition.lock(); waiting = true; condition.unlock()
    }

    /// A gesture that says nothing within 10 s is a broken speech path, not a slow one.
    func waitForSamples() {
        condition.lock()
        let deadline = Date(timeIntervalSinceNow: 10)
        while waiting {
            guard condition.wait(until: deadline) else {
                FileHandle.standardError.write(Data("lectern bench: speech.gesture: no samples 10 s after the gesture\n".utf8))
                exit(1)
            }
        }
        condition.unlock()
    }

    func begin(sampleRate: Int) throws(SpeechError) { try alsa.begin(sampleRate: sampleRate) }

    func write(_ samples: [Int16], shouldStop: () -> Bool) -> Bool {
        condition.lock(); defer { condition.unlock() }
        guard waiting else { return false }
        _ = alsa.write(samples, shouldStop: shouldStop)
        waiting = false
        condition.signal()
        return false
    }

    func drain(shouldStop: () -> Bool) {}
    func drop() { alsa.drop() }
}

extension SpeechPlayer {
    /// Waits (sleeping in 1 ms steps: the bench only) until nothing is queued or said.
    func waitUntilIdle() {
        while !isIdle { usleep(1000) }
    }
}
