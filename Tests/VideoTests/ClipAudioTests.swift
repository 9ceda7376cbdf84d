import Foundation
import LecternTestSupport
import XCTest
@testable import Video

/// A clip's sound decoded by libavcodec and resampled by libswresample to the speech
/// output's format, from a clip with a 1 kHz tone made by ffmpeg; and the ducking that
/// lowers it while speech speaks.
final class ClipAudioTests: XCTestCase {
    static func toneClip() throws -> String { try TestClips.tone(seconds: 2) }

    /// Samples from `start` to `end` seconds of the clip's sound at `rate`.
    private func samples(_ path: String, rate: Int, from start: Double, to end: Double) throws -> [Int16] {
        let reader = try ClipAudioReader(path: path, sampleRate: rate)
        var out: [Int16] = []
        while let block = try reader.next() {
            for (offset, sample) in block.samples.enumerated() {
                let t = block.time + Double(offset) / Double(rate)
                if t >= start, t < end { out.append(sample) }
            }
        }
        return out
    }

    private func crossings(_ samples: [Int16]) -> Int {
        zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
    }

    func testTheTonesFrequencyArrivesResampled() throws {
        let path = try Self.toneClip()
        let reader = try ClipAudioReader(path: path, sampleRate: 22050)
        XCTAssertEqual(reader.codec, "aac")
        let second = try samples(path, rate: 22050, from: 0.5, to: 1.5)
        XCTAssertEqual(second.count, 22050, accuracy: 50, "one second at 22050 Hz")
        let frequency = Double(crossings(second)) / 2
        XCTAssertEqual(frequency, 1000, accuracy: 10, "two zero crossings a cycle")
        let peak = second.map { abs(Int($0)) }.max() ?? 0
        XCTAssertGreaterThan(peak, 2000, "audible: \(peak)")
    }

    func testAClipWithoutSoundSaysSo() throws {
        let silent = try TestClips.pattern(seconds: 1)
        XCTAssertThrowsError(try ClipAudioReader(path: silent, sampleRate: 22050)) { error in
            XCTAssertTrue("\(error)".hasPrefix(silent), "\(error)")
            XCTAssertTrue("\(error)".contains("no sound"), "\(error)")
        }
    }

    func testDuckingLowersTheToneWhileSpeechSpeaks() throws {
        let rate = 22050
        let tone = try samples(try Self.toneClip(), rate: rate, from: 0.2, to: 1.4)
        // As the audio thread meets them: samples written, speech starts, more samples, speech ends.
        var ducking = AudioDucking(sampleRate: rate)
        var mixed = ducking.apply(Array(tone[0..<(rate / 4)]), startingAt: 0)
        ducking.speech(speaking: true, at: rate / 4)
        mixed += ducking.apply(Array(tone[(rate / 4)..<(rate * 3 / 4)]), startingAt: rate / 4)
        ducking.speech(speaking: false, at: rate * 3 / 4)
        mixed += ducking.apply(Array(tone[(rate * 3 / 4)...]), startingAt: rate * 3 / 4)
        func peak(_ range: Range<Int>) -> Int { mixed[range].map { abs(Int($0)) }.max() ?? 0 }
        let before = peak(0..<(rate / 4)), during = peak((rate / 4 + ducking.ramp)..<(rate * 3 / 4)), after = peak((rate * 3 / 4 + ducking.ramp)..<rate)
        XCTAssertEqual(Double(during) / Double(before), AudioDucking.duckedGain, accuracy: 0.03, "a quarter while speech speaks")
        XCTAssertEqual(Double(after) / Double(before), 1, accuracy: 0.03, "back after")
        XCTAssertEqual(Double(crossings(Array(mixed[(rate / 4 + ducking.ramp)..<(rate * 3 / 4)]))) / 2 / (0.5 - Double(ducking.ramp) / Double(rate)), 1000, accuracy: 15,
                       "the same tone, quieter")
        // The change is a ramp, never a jump: no step between neighbours beyond the tone's own.
        var level = AudioDucking(sampleRate: rate)
        level.speech(speaking: true, at: 0)
        let ramp = level.apply(Array(repeating: 10000, count: 2 * level.ramp), startingAt: 0)
        XCTAssertEqual(ramp.first, 10000)
        XCTAssertEqual(ramp.last, 2500)
        XCTAssertLessThan(zip(ramp, ramp.dropFirst()).map { abs(Int($0) - Int($1)) }.max() ?? 0, 100)
    }
}

final class ClipAudioPlayerTests: XCTestCase {
    func testTheToneArrivesAndSpeechLowersIt() throws {
        let rate = 22050
        let output = MemoryClipAudioOutput(sampleRate: rate)
        let player = ClipAudioPlayer(path: try ClipAudioTests.toneClip(), output: output)
        // Speech speaks from 0.75 s to 1.25 s of the sound (told on the audio thread at
        // those positions: where the loop's call would land).
        var said = 0
        output.beforeWrite = { [unowned player] count in
            if said == 0, count >= rate * 3 / 4 { player.speechSpeaking(true); said = 1 }
            if said == 1, count >= rate * 5 / 4 { player.speechSpeaking(false); said = 2 }
        }
        XCTAssertEqual(player.samplesPlayed, 0, "paused until played")
        player.play()
        player.waitUntilEnded()
        XCTAssertNil(player.error)
        let samples = output.samples
        XCTAssertEqual(Double(samples.count) / Double(rate), 2, accuracy: 0.1, "the whole 2 s tone")
        XCTAssertEqual(player.samplesPlayed, samples.count)
        let first = Array(samples[(rate / 4)..<(rate * 3 / 4)])
        let crossings = zip(first, first.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        XCTAssertEqual(Double(crossings), 1000, accuracy: 10, "1 kHz: two crossings a cycle over half a second")
        func peak(_ range: Range<Int>) -> Double { Double(samples[range].map { abs(Int($0)) }.max() ?? 0) }
        let loud = peak((rate / 4)..<(rate * 3 / 4))
        let ducked = peak((rate + rate / 20)..<(rate * 5 / 4))
        XCTAssertEqual(ducked / loud, AudioDucking.duckedGain, accuracy: 0.03, "lowered while speech speaks")
        let back = peak((rate * 3 / 2)..<(rate * 7 / 4))
        XCTAssertEqual(back / loud, 1, accuracy: 0.03, "and back after")
    }
}

/// The audio thread against an output paced by the test (a card's buffer of `capacity`).
final class ClipAudioPacingTests: XCTestCase {
    let rate = 48_000

    private func hear(_ output: MemoryClipAudioOutput, _ player: ClipAudioPlayer, until count: Int) {
        while output.samples.count < count, !player.hasEnded {
            output.hear(960)
            usleep(300)
        }
    }

    private func waitFor(_ what: String, _ condition: () -> Bool) {
        let limit = Date(timeIntervalSinceNow: 10)
        while !condition(), Date() < limit { usleep(2000) }
        XCTAssertTrue(condition(), what)
    }

    func testAPauseDropsTheQueueAndTheThreadWritesNothingMore() throws {
        let output = MemoryClipAudioOutput(sampleRate: rate, capacity: 4800)
        let player = ClipAudioPlayer(path: try ClipAudioTests.toneClip(), output: output)
        defer { player.stop() }
        player.play()
        hear(output, player, until: rate / 2)
        player.pause()
        waitFor("the pause drops what the card holds") { output.dropCount == 1 && output.pending == 0 }
        let held = player.samplesPlayed
        output.hear(rate)
        usleep(20_000)
        XCTAssertEqual(player.samplesPlayed, held, "paused: nothing written")
        XCTAssertNil(player.heardPosition, "paused: the pictures keep their own clock")
        player.play()
        hear(output, player, until: rate)
        XCTAssertGreaterThan(player.samplesPlayed, held, "plays on")
    }

    func testTheHeardPositionTrailsTheWrittenByWhatTheCardHolds() throws {
        let capacity = 4800
        let output = MemoryClipAudioOutput(sampleRate: rate, capacity: capacity)
        let player = ClipAudioPlayer(path: try ClipAudioTests.toneClip(), output: output)
        defer { player.stop() }
        XCTAssertNil(player.heardPosition, "nothing heard before it plays")
        player.play()
        hear(output, player, until: rate)
        let heard = try XCTUnwrap(player.heardPosition)
        let written = Double(player.samplesPlayed) / Double(rate)
        XCTAssertLessThanOrEqual(heard, written + 0.03, "never past the sound written (plus the stream's start)")
        XCTAssertGreaterThanOrEqual(heard, written - Double(capacity) / Double(rate) - 0.03, "at most the card's buffer behind")
    }

    func testALoopingClipsSoundGoesOnPastItsEnd() throws {
        let output = MemoryClipAudioOutput(sampleRate: rate, capacity: 4800)
        let player = ClipAudioPlayer(path: try ClipAudioTests.toneClip(), output: output, loops: true)
        defer { player.stop() }
        player.play()
        hear(output, player, until: rate * 3)
        XCTAssertFalse(player.hasEnded, "a 2 s clip sounds on at 3 s")
        XCTAssertNil(player.error)
        let second = output.samples[(rate * 5 / 2 - rate / 4)..<(rate * 5 / 2 + rate / 4)]
        let crossings = zip(second, second.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        XCTAssertEqual(Double(crossings), 1000, accuracy: 15, "the 1 kHz tone again in its second pass (two crossings a cycle, 0.5 s)")
    }

    func testSpeechActivityLowersTheSound() throws {
        func peak(speaking: Bool) throws -> Double {
            let activity = SpeechActivity()
            activity.isSpeaking = speaking
            let output = MemoryClipAudioOutput(sampleRate: rate)
            let player = ClipAudioPlayer(path: try ClipAudioTests.toneClip(), output: output, speech: activity)
            player.play()
            player.waitUntilEnded()
            return Double(output.samples[(rate / 4)..<(rate * 3 / 4)].map { abs(Int($0)) }.max() ?? 0)
        }
        let loud = try peak(speaking: false), ducked = try peak(speaking: true)
        XCTAssertGreaterThan(loud, 2000)
        XCTAssertEqual(ducked / loud, AudioDucking.duckedGain, accuracy: 0.03, "lowered from the first block while speech speaks")
    }
}
