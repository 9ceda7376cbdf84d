import Foundation
import KioskHeadless
import LecternTestSupport
import Raster
import Touch
import KioskDevice
import Video
import XCTest
@testable import Kiosk

/// Clips' sound in the headless kiosk (the real loop over memory, a manual clock), into
/// memory outputs handed over as the device's ALSA ones are (`KioskEnvironment.clipSound`):
/// nothing sounds unless `[clips] sound` asks and the clip is not muted, never the attract
/// clip; a pause or scrolling away drops it; speech lowers it; the pictures follow it.
/// The clip (a test pattern and a 1 kHz tone) is made by ffmpeg at test time.
final class ClipSoundTests: XCTestCase {
    let width = 800, height = 600
    static let rate = 48_000
    /// Outputs made, in order (one per clip that plays with sound).
    private var outputs: [MemoryClipAudioOutput] = []
    private let speaking = SpeechActivity()

    private func makePlayer(sound: Bool, block: String = "![Tone](clip.mp4)", capacity: Int? = nil) throws -> HeadlessPlayer {
        let dir = NSTemporaryDirectory() + "lectern-clip-sound-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: try TestClips.tone(seconds: 4), toPath: "\(dir)/clip.mp4")
        let words = "A paragraph under the clip, long enough to wrap over a few lines of the page so that it scrolls."
        let page = "# Clips\n\n\(block)\n\n" + Array(repeating: words, count: 40).joined(separator: "\n\n")
        try page.write(toFile: "\(dir)/page.md", atomically: true, encoding: .utf8)
        var config = KioskConfig()
        config.pages = [.init(title: "Clips", source: .file(path: "\(dir)/page.md"))]
        config.idle.homeAfter = 0
        config.idle.blankAfter = 0
        config.clips.sound = sound
        let environment = KioskEnvironment(clipSound: { [unowned self] _, _ in
            ClipSound(speech: self.speaking) { [unowned self] in
                let output = MemoryClipAudioOutput(sampleRate: Self.rate, capacity: capacity)
                self.outputs.append(output)
                return output
            }
        })
        return try HeadlessPlayer(config: config, width: width, height: height, environment: environment)
    }

    private let key = ClipPlayback.Key(page: 0, index: 0)

    private func tapClip(_ player: HeadlessPlayer, at t: Double) throws {
        let rect = try XCTUnwrap(player.scene.clipsOnScreen(at: player.time).first?.rect)
        let events = try GestureScript.parse("\(t) tap 1 \(rect.x + rect.width / 2) \(rect.y + rect.height / 2)\n\(t + 0.1) wait").events
        var index = 0
        player.play(events, from: &index, until: t + 0.1)
    }

    /// Waits (in real time, for the audio thread) until `condition` holds, at most 10 s.
    private func waitFor(_ what: String, _ condition: () -> Bool) {
        let limit = Date(timeIntervalSinceNow: 10)
        while !condition(), Date() < limit { usleep(2000) }
        XCTAssertTrue(condition(), what)
    }

    private func crossings(_ samples: ArraySlice<Int16>) -> Int {
        zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
    }

    private func peak(_ samples: ArraySlice<Int16>) -> Double { Double(samples.map { abs(Int($0)) }.max() ?? 0) }

    func testNothingSoundsUnlessTheSiteAsks() throws {
        let player = try makePlayer(sound: false)
        player.step(to: 0.5)
        try tapClip(player, at: 1)
        XCTAssertTrue(player.scene.clips.isPlaying)
        XCTAssertFalse(player.scene.clips.isSounding(key))
        XCTAssertTrue(outputs.isEmpty, "no output made: the card is never opened")
    }

    func testAMutedClipIsSilent() throws {
        let player = try makePlayer(sound: true, block: "<video src=\"clip.mp4\" title=\"Tone\" autoplay muted></video>")
        player.step(to: 0.5)
        XCTAssertTrue(player.scene.clips.isPlaying, "autoplay")
        XCTAssertFalse(player.scene.clips.isSounding(key))
        XCTAssertTrue(outputs.isEmpty)
    }

    /// The test's clock plays what `output` holds until it has `count` samples.
    private func hear(_ output: MemoryClipAudioOutput, _ sound: ClipAudioPlayer, until count: Int) {
        while output.samples.count < count, !sound.hasEnded {
            output.hear(960)
            usleep(300)
        }
    }

    func testATapPlaysTheToneAndAPauseDropsIt() throws {
        let player = try makePlayer(sound: true, capacity: 4800)
        player.step(to: 0.5)
        try tapClip(player, at: 1)
        XCTAssertTrue(player.scene.clips.isSounding(key))
        let sound = try XCTUnwrap(player.scene.clips.sound(key))
        let output = try XCTUnwrap(outputs.first)
        hear(output, sound, until: Self.rate * 3 / 2)
        let samples = output.samples
        XCTAssertGreaterThanOrEqual(samples.count, Self.rate * 3 / 2)
        let second = samples[(Self.rate / 2)..<(Self.rate * 3 / 2)]
        XCTAssertEqual(Double(crossings(second)) / 2, 1000, accuracy: 10, "the clip's 1 kHz tone")
        XCTAssertGreaterThan(peak(second), 2000, "audible")
        try tapClip(player, at: 2)
        XCTAssertFalse(player.scene.clips.isPlaying)
        XCTAssertFalse(player.scene.clips.isSounding(key))
        waitFor("the pause drops what the output holds") { output.dropCount >= 1 }
        let held = sound.samplesPlayed
        output.hear(Self.rate)
        player.step(to: 30)
        XCTAssertEqual(sound.samplesPlayed, held, "paused: the audio thread writes nothing")
        XCTAssertEqual(outputs.count, 1)
    }

    func testAClipScrolledAwayStopsSounding() throws {
        let player = try makePlayer(sound: true, capacity: 4800)
        player.step(to: 0.5)
        try tapClip(player, at: 1)
        let output = try XCTUnwrap(outputs.first)
        let sound = try XCTUnwrap(player.scene.clips.sound(key))
        XCTAssertTrue(player.scene.clips.isSounding(key))
        hear(output, sound, until: Self.rate / 2)
        let events = try GestureScript.parse("2.0 drag 0 400 550 400 50 0.3\n2.4 wait\n3.0 drag 0 400 550 400 50 0.3\n5.0 wait").events
        var index = 0
        player.play(events, from: &index, until: 5)
        XCTAssertLessThan(try XCTUnwrap(player.scene.clipsOnScreen(at: player.time).first).rect.maxY, 0, "scrolled away")
        XCTAssertFalse(player.scene.clips.isSounding(key))
        waitFor("the sound is dropped (\(output.dropCount) drops, \(output.pending) pending, ended \(sound.hasEnded), \(String(describing: sound.error)))") {
            output.dropCount >= 1 && output.pending == 0
        }
    }

    func testTheAttractClipNeverSounds() throws {
        let dir = NSTemporaryDirectory() + "lectern-clip-sound-attract-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: try TestClips.tone(seconds: 4), toPath: "\(dir)/loop.mp4")
        try "# Welcome\n\nThe first page.\n".write(toFile: "\(dir)/page.md", atomically: true, encoding: .utf8)
        let toml = "[clips]\nsound = true\n\n[idle]\nhome_after = 0\nblank_after = 0\nattract = \"loop.mp4\"\n\n[[page]]\ntitle = \"Welcome\"\ncontent = \"page.md\"\n"
        try toml.write(toFile: "\(dir)/lectern.toml", atomically: true, encoding: .utf8)
        let config = try ConfigLoader.load(path: "\(dir)/lectern.toml")
        XCTAssertTrue(config.clips.sound)
        let environment = KioskEnvironment(clipSound: { [unowned self] _, _ in
            ClipSound(speech: self.speaking) { [unowned self] in
                let output = MemoryClipAudioOutput(sampleRate: Self.rate)
                self.outputs.append(output)
                return output
            }
        })
        let player = try HeadlessPlayer(config: config, width: width, height: height, environment: environment)
        player.step(to: 1)
        XCTAssertTrue(player.scene.clips.isPlaying, "the attract clip plays")
        XCTAssertFalse(player.scene.clips.isSounding(ClipPlayback.attractKey))
        XCTAssertTrue(outputs.isEmpty, "muted whatever [clips] sound says")
    }

    func testSpeechLowersTheClipWhileItSpeaks() throws {
        let capacity = 960  // 20 ms: the test's clock plays it
        let player = try makePlayer(sound: true, capacity: capacity)
        player.step(to: 0.5)
        try tapClip(player, at: 1)
        let output = try XCTUnwrap(outputs.first)
        let sound = try XCTUnwrap(player.scene.clips.sound(key))
        func play(until count: Int) { hear(output, sound, until: count) }
        play(until: Self.rate / 2)
        speaking.isSpeaking = true
        let spokeAt = output.samples.count
        play(until: Self.rate * 3 / 2)
        speaking.isSpeaking = false
        let stoppedAt = output.samples.count
        play(until: Self.rate * 5 / 2)
        let samples = output.samples
        let loud = peak(samples[(Self.rate / 4)..<(Self.rate / 2)])
        // Past the block in flight when speech began, and the 20 ms ramp.
        let ducked = peak(samples[(spokeAt + Self.rate / 10)..<(stoppedAt - Self.rate / 100)])
        let back = peak(samples[(stoppedAt + Self.rate / 10)..<(Self.rate * 5 / 2)])
        XCTAssertEqual(ducked / loud, AudioDucking.duckedGain, accuracy: 0.03, "a quarter while speech speaks")
        XCTAssertEqual(back / loud, 1, accuracy: 0.03, "back after")
    }

    func testThePicturesFollowTheSound() throws {
        let capacity = 480  // 10 ms between the sound written and the sound heard
        let player = try makePlayer(sound: true, capacity: capacity)
        player.step(to: 0.5)
        try tapClip(player, at: 1)
        let output = try XCTUnwrap(outputs.first)
        let sound = try XCTUnwrap(player.scene.clips.sound(key))
        let clip = try XCTUnwrap(player.scene.clips.player(key))
        player.scene.clips.waitUntilBuffered()
        _ = player.render(at: 1.2)
        // The card plays 1.5 s of sound while the loop's clock moves 0.1 s: the pictures'
        // clock is set to the sound's.
        hear(output, sound, until: Self.rate * 3 / 2)
        player.scene.clips.waitUntilBuffered()
        _ = player.render(at: 1.3)
        // The heard position moves on in real time from the output's last count (as a card
        // plays on), capped at what was written; this output is played by the test instead,
        // so the pictures are checked against what it has heard and what was written.
        XCTAssertNotNil(sound.heardPosition)
        let heard = Double(output.samples.count - output.pending) / Double(Self.rate)
        let written = Double(sound.samplesPlayed) / Double(Self.rate)
        let position = clip.clock.position(at: 1.3)
        // The loop follows the sound at its turns; the manual clock then moves on to 1.3
        // while this output's sound does not (a card's would): at most that 0.1 s more.
        let slack = PlaybackClock.syncBound + 0.03
        XCTAssertTrue(position >= heard - slack && position <= written + 0.1 + slack, "pictures at the sound's time: \(position) in \(heard)…\(written)")
        XCTAssertGreaterThan(clip.clock.position(at: 1.3), 1.3, "moved on with the sound, ahead of the loop's 0.2 s")
        XCTAssertGreaterThan(clip.droppedFrames, 0, "the frames the sound passed are dropped, never the sound")
    }
}
