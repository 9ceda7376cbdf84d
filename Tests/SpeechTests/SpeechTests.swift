import XCTest
@testable import Speech

final class SpeechTests: XCTestCase {
    func samples(_ text: String, _ language: String, synth: EspeakSynthesizer) throws -> (samples: [Int16], voice: String) {
        var out: [Int16] = []
        let voice = try synth.synthesize(Utterance(text, language: language)) { out += $0; return true }
        return (out, voice)
    }

    func rms(_ s: [Int16]) -> Double {
        guard !s.isEmpty else { return 0 }
        return (s.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(s.count)).squareRoot()
    }

    func testHebrewAndGermanChooseDifferentVoicesAndBothSpeak() throws {
        let synth = try EspeakSynthesizer(fallbackLanguage: "en")
        let german = try samples("Willkommen im Museum. Die Ausstellung beginnt im ersten Stock.", "de", synth: synth)
        let hebrew = try samples("ברוכים הבאים למוזיאון. התערוכה מתחילה בקומה הראשונה.", "he", synth: synth)
        XCTAssertNotEqual(german.voice, hebrew.voice)
        XCTAssertEqual(german.voice.lowercased(), "german")
        XCTAssertEqual(hebrew.voice.lowercased(), "hebrew")
        // Seconds of speech, not silence: espeak-ng speaks ~2-4 words per second.
        XCTAssertGreaterThan(Double(german.samples.count) / Double(synth.sampleRate), 2)
        XCTAssertGreaterThan(Double(hebrew.samples.count) / Double(synth.sampleRate), 2)
        XCTAssertGreaterThan(rms(german.samples), 500)
        XCTAssertGreaterThan(rms(hebrew.samples), 500)
    }

    func testUnknownLanguageFallsBackToTheSiteLanguage() throws {
        let synth = try EspeakSynthesizer(fallbackLanguage: "de")
        XCTAssertEqual(synth.voiceName(for: "qq")?.lowercased(), "german")
        XCTAssertEqual(synth.voiceName(for: "de-AT"), synth.voiceName(for: "de"), "a region falls back to its language")
        XCTAssertTrue(synth.voiceName(for: "fr")?.lowercased().hasPrefix("french") == true)
    }

    func testDurationGrowsWithTheText() throws {
        let synth = try EspeakSynthesizer()
        let short = try samples("Opening hours.", "en", synth: synth).samples.count
        let long = try samples("Opening hours. The museum is open every day from ten to six, and on Thursdays until nine.", "en", synth: synth).samples.count
        XCTAssertGreaterThan(long, short * 3)
    }

    func testCancelStopsSynthesisAtOnce() throws {
        let synth = try EspeakSynthesizer()
        let text = String(repeating: "This sentence is read again and again. ", count: 20)
        var pieces = 0, total = 0
        try synth.synthesize(Utterance(text, language: "en")) { s in pieces += 1; total += s.count; return false }
        XCTAssertEqual(pieces, 1, "returning false from the first piece ends synthesis")
        // A piece is ~100 ms of audio; the whole text would be ~40 s.
        XCTAssertLessThan(total, synth.sampleRate / 2)
    }

    func testPlayerSpeaksInOrderOnItsThreadAndReportsTheEnd() throws {
        let synth = try EspeakSynthesizer()
        let sink = MemoryAudioSink()
        let player = SpeechPlayer(synthesizer: synth, sink: sink)
        defer { player.close() }
        let done = expectation(description: "finished")
        let started = Locked<[String]>([])
        player.onEvent = { event in
            switch event {
            case let .started(u): started.mutate { $0.append(u.text) }
            case .finished: done.fulfill()
            case let .failed(message): XCTFail(message)
            }
        }
        player.speak([Utterance("Heading level 1, Welcome", language: "en"), Utterance("link, Opening hours", language: "en")])
        wait(for: [done], timeout: 30)
        XCTAssertEqual(started.value, ["Heading level 1, Welcome", "link, Opening hours"])
        XCTAssertEqual(sink.starts.count, 2)
        XCTAssertGreaterThan(sink.duration, 1)
        XCTAssertEqual(sink.dropCount, 0)
    }

    func testStopDropsTheRestAndTheSinkOnTheSpeechThread() throws {
        let synth = try EspeakSynthesizer()
        let sink = MemoryAudioSink()
        let player = SpeechPlayer(synthesizer: synth, sink: sink)
        defer { player.close() }
        let dropped = expectation(description: "dropped")
        var writes = 0
        sink.beforeWrite = {
            writes += 1
            if writes == 2 { player.stop() }
        }
        sink.onDrop = { dropped.fulfill() }
        player.speak([Utterance(String(repeating: "A long text to be interrupted. ", count: 30), language: "en"),
                      Utterance("Never said.", language: "en")])
        wait(for: [dropped], timeout: 30)
        // One piece (~100 ms) was taken before the stop; the ~30 s text was not.
        XCTAssertLessThan(sink.duration, 0.5)
        XCTAssertEqual(sink.starts.count, 1, "the second utterance is not begun")
    }

    func testWAVHeader() {
        let bytes = WAVFile.bytes(samples: [0, 1, -1, 32767], sampleRate: 22050)
        XCTAssertEqual(bytes.count, 44 + 8)
        XCTAssertEqual(Array(bytes[0..<4]), Array("RIFF".utf8))
        XCTAssertEqual(Array(bytes[8..<16]), Array("WAVEfmt ".utf8))
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        XCTAssertEqual(u32(4), 36 + 8)
        XCTAssertEqual(u32(24), 22050)
        XCTAssertEqual(u32(28), 44100)
        XCTAssertEqual(u32(40), 8)
        XCTAssertEqual(Array(bytes[44...]), [0, 0, 1, 0, 0xFF, 0xFF, 0xFF, 0x7F])
    }

    /// alsa-lib's "null" device takes samples like a card (no card needed here).
    func testALSANullDeviceTakesSpeechAndDrops() throws {
        let synth = try EspeakSynthesizer()
        let sink = ALSASink(device: "null", volume: 0.5)
        try sink.begin(sampleRate: synth.sampleRate)
        var pieces = 0
        try synth.synthesize(Utterance("Hello.", language: "en")) { s in pieces += 1; return sink.write(s, shouldStop: { false }) }
        XCTAssertGreaterThan(pieces, 0)
        sink.drop()
        try sink.begin(sampleRate: synth.sampleRate)
        XCTAssertFalse(sink.write([1, 2, 3], shouldStop: { true }), "a stop is seen before writing")
    }

    func testMissingALSADeviceIsNamed() {
        let sink = ALSASink(device: "hw:CARD=NoSuchCard", volume: 1)
        XCTAssertThrowsError(try sink.begin(sampleRate: 22050)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("hw:CARD=NoSuchCard") && text.contains("[speech] device"), text)
        }
    }
}

/// A value shared with the speech thread.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.lock(); defer { lock.unlock() }; return stored }
    func mutate(_ change: (inout Value) -> Void) { lock.lock(); change(&stored); lock.unlock() }
}
