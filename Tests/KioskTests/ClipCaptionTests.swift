import Foundation
import KioskHeadless
import LecternLog
import LecternTestSupport
import Logging
import Raster
import XCTest
@testable import Kiosk

/// Captions over a playing clip in the headless kiosk (the real loop and compositor over
/// memory, a manual clock): checked by pixels in two scripts, chosen by the visitor's
/// language, a bad file named once while the clip plays on, spoken in speech mode. Clips
/// are made by ffmpeg and the WebVTT files written by the tests.
final class ClipCaptionTests: XCTestCase {
    let width = 800, height = 600
    static let latin = "Welcome to the museum"
    static let hebrew = "ברוכים הבאים למוזיאון"

    private func makeSite(captions: [String: String]) throws -> (dir: String, config: KioskConfig) {
        let dir = NSTemporaryDirectory() + "lectern-clip-captions-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: try TestClips.pattern(seconds: 4), toPath: "\(dir)/clip.mp4")
        for (name, text) in captions { try text.write(toFile: "\(dir)/\(name)", atomically: true, encoding: .utf8) }
        try "# Clip\n\n![Museum film](clip.mp4)\n\nText under the clip.\n".write(toFile: "\(dir)/page.md", atomically: true, encoding: .utf8)
        var config = KioskConfig()
        config.pages = [.init(title: "Clip", source: .file(path: "\(dir)/page.md"))]
        config.idle.homeAfter = 0
        config.idle.blankAfter = 0
        return (dir, config)
    }

    static let twoScripts = """
        WEBVTT

        00:00:00.000 --> 00:00:01.000
        \(latin)

        00:00:01.000 --> 00:00:02.500
        \(hebrew)

        """

    private func key() -> ClipPlayback.Key { ClipPlayback.Key(page: 0, index: 0) }

    /// Plays the clip by a tap and steps to clip time `clipTime` (the clock starts at the
    /// first picture), answering the frame's damage.
    @discardableResult
    private func step(_ player: HeadlessPlayer, toClipTime clipTime: Double) throws -> Region {
        player.scene.clips.waitUntilBuffered()
        let origin = try XCTUnwrap(player.scene.clips.player(key())?.clock.loopTime(of: 0))
        var damage = Region()
        var t = player.time
        // Steps of a frame, so the decoder's queue keeps up with the manual clock.
        while t < origin + clipTime {
            t = min(t + 0.04, origin + clipTime)
            player.scene.clips.waitUntilBuffered()
            damage = player.render(at: t)
        }
        return damage
    }

    private func startPlaying(_ player: HeadlessPlayer) throws -> IntRect {
        player.step(to: 0.5)
        let rect = try XCTUnwrap(player.scene.clipsOnScreen(at: player.time).first?.rect)
        XCTAssertTrue(player.scene.toggleClip(atX: Double((rect.x + rect.width / 2)), y: Double((rect.y + rect.height / 2)), at: 1.0))
        player.scene.clips.waitUntilBuffered()
        player.render(at: 1.02)
        return rect
    }

    /// The caption band: rows of the clip's lower part, white pixels (text) and black
    /// ones (the backdrop) counted, and the ink's horizontal extent.
    private struct Band {
        var white = 0, black = 0, minX = Int.max, maxX = -1
    }

    private func band(_ canvas: Canvas, in rect: IntRect) -> Band {
        var band = Band()
        for y in (rect.y + rect.height * 2 / 3)..<rect.maxY {
            for x in rect.x..<rect.maxX {
                guard let c = canvas.color(x: x, y: y) else { continue }
                if c.red > 200, c.green > 200, c.blue > 200 {
                    band.white += 1
                    band.minX = min(band.minX, x)
                    band.maxX = max(band.maxX, x)
                } else if c.red < 8, c.green < 8, c.blue < 8 {
                    band.black += 1
                }
            }
        }
        return band
    }

    func testCaptionsInTwoScriptsAreDrawnOverTheClipAtTheirTimes() throws {
        let site = try makeSite(captions: ["clip.vtt": Self.twoScripts])
        let player = try HeadlessPlayer(config: site.config, width: width, height: height)
        let rect = try startPlaying(player)
        XCTAssertEqual(player.scene.clips.captions(key())?.cues.count, 2)

        try step(player, toClipTime: 0.5)
        XCTAssertEqual(player.renderer.clipDraws(at: player.time).first?.caption, Self.latin)
        let latin = band(player.canvas, in: rect)
        XCTAssertGreaterThan(latin.white, 300, "the Latin caption's text is drawn white")
        XCTAssertGreaterThan(latin.black, latin.white, "on a black backdrop")
        XCTAssertLessThan(abs((latin.minX + latin.maxX) / 2 - (rect.x + rect.width / 2)), 6, "centred under the picture")

        // The Hebrew cue: set right to left by the typesetter (its fonts have the script:
        // no tofu boxes, so its ink differs from the Latin caption's).
        let damage = try step(player, toClipTime: 1.5)
        XCTAssertEqual(player.renderer.clipDraws(at: player.time).first?.caption, Self.hebrew)
        for damaged in damage.rects {
            XCTAssertTrue(rect.insetBy(dx: -1, dy: -1).contains(damaged), "damage \(damaged) outside the clip \(rect)")
        }
        let hebrew = band(player.canvas, in: rect)
        XCTAssertGreaterThan(hebrew.white, 150, "the Hebrew caption's text is drawn white")
        XCTAssertGreaterThan(hebrew.black, hebrew.white)
        XCTAssertLessThan(abs((hebrew.minX + hebrew.maxX) / 2 - (rect.x + rect.width / 2)), 6, "centred under the picture")
        XCTAssertNotEqual(hebrew.maxX - hebrew.minX, latin.maxX - latin.minX, "another text, another width")
        let typesetter = player.assembly.content.current
        XCTAssertTrue(typesetter.missingCharacters(in: Self.hebrew).isEmpty, "the fonts set Hebrew")

        // Between cues: the picture alone, no backdrop band.
        try step(player, toClipTime: 3.0)
        XCTAssertNil(player.renderer.clipDraws(at: player.time).first?.caption)
        XCTAssertLessThan(band(player.canvas, in: rect).black, latin.black / 4, "no caption band after the last cue")
    }

    func testTheVisitorsLanguageChoosesItsCaptions() throws {
        let site = try makeSite(captions: [
            "clip.vtt": "WEBVTT\n\n00:00:00.000 --> 00:00:03.000\nEnglish words\n",
            "clip.de.vtt": "WEBVTT\n\n00:00:00.000 --> 00:00:03.000\nDeutsche Wörter\n",
        ])
        let player = try HeadlessPlayer(config: site.config, width: width, height: height)
        player.step(to: 0.2)
        player.scene.visitor.language = "de"
        _ = try startPlaying(player)
        try step(player, toClipTime: 0.5)
        XCTAssertEqual(player.renderer.clipDraws(at: player.time).first?.caption, "Deutsche Wörter")
    }

    func testABadCaptionsFileIsNamedOnceAndTheClipPlaysOn() throws {
        let site = try makeSite(captions: ["clip.vtt": "Not captions at all\n00:00 -> nowhere\n"])
        var lines: [String] = []
        let saved = Log.logger
        Log.logger = Logger(sink: { lines.append($0) })
        defer { Log.logger = saved }
        let player = try HeadlessPlayer(config: site.config, width: width, height: height)
        let rect = try startPlaying(player)
        try step(player, toClipTime: 1.0)
        try step(player, toClipTime: 2.0)
        let named = lines.filter { $0.contains("\(site.dir)/clip.vtt") }
        XCTAssertEqual(named.count, 1, "one message naming the file: \(lines)")
        XCTAssertTrue(named.first?.contains("WEBVTT") == true, "and saying what it must be: \(named)")
        let clip = try XCTUnwrap(player.scene.clips.player(key()))
        XCTAssertTrue(clip.isPlaying, "the clip plays without captions")
        XCTAssertGreaterThan(try XCTUnwrap(clip.current).time, 1.5)
        XCTAssertNil(player.renderer.clipDraws(at: player.time).first?.caption)
        XCTAssertGreaterThan(rect.width, 0)
    }

    func testSpeechModeSaysTheTitleAndCaptionsWhenTheClipStarts() throws {
        let site = try makeSite(captions: ["clip.vtt": Self.twoScripts])
        let player = try HeadlessPlayer(config: site.config, width: width, height: height)
        player.step(to: 0.5)
        let output = RecordingSpeech()
        let speech = SpeechMode(output: output, siteLanguage: "en")
        player.scene.speech = speech
        speech.toggle(on: true, announce: false)
        let rect = try XCTUnwrap(player.scene.clipsOnScreen(at: player.time).first?.rect)
        XCTAssertTrue(player.scene.toggleClip(atX: Double((rect.x + rect.width / 2)), y: Double((rect.y + rect.height / 2)), at: 1.0))
        XCTAssertEqual(output.said.last?.map(\.text), ["Museum film", Self.latin, Self.hebrew])
        // A pause says nothing more.
        let count = output.said.count
        XCTAssertTrue(player.scene.toggleClip(atX: Double((rect.x + rect.width / 2)), y: Double((rect.y + rect.height / 2)), at: 1.5))
        XCTAssertEqual(output.said.count, count)
        XCTAssertFalse(try XCTUnwrap(player.scene.clips.player(key())).isPlaying)
        // Speech mode's own way: a finger finds the clip's block, a double tap plays it.
        player.scene.refreshSpeechPage(force: true)
        let placed = try XCTUnwrap(player.scene.content.clips(page: 0, width: player.scene.textWidth).first)
        XCTAssertTrue(speech.explore(pageX: Double(placed.rect.x + 10), pageY: Double(placed.rect.y + 10)))
        let block = try XCTUnwrap(speech.focusedClipRect, "the clip's block is focused")
        player.scene.toggleClip(inBlock: block, at: 2.0)
        XCTAssertTrue(try XCTUnwrap(player.scene.clips.player(key())).isPlaying, "the double tap plays it")
    }

    func testCheckListsEachCaptionsFileAndWarnsOfABadOne() throws {
        let site = try makeSite(captions: ["clip.vtt": Self.twoScripts, "clip.de.vtt": "no header\n", "other.vtt": "WEBVTT\n"])
        let report = try XCTUnwrap(ContentCheck.check(config: site.config).first)
        XCTAssertTrue(report.clips.contains { $0.hasSuffix("captions clip.vtt, 2 cue(s)") }, "\(report.clips)")
        XCTAssertFalse(report.clips.contains { $0.contains("other.vtt") }, "another clip's captions: \(report.clips)")
        let warning = try XCTUnwrap(report.warnings.first { $0.contains("clip.de.vtt") }, "\(report.warnings)")
        XCTAssertTrue(warning.contains("WEBVTT") && warning.hasPrefix("line 3:"), warning)
        XCTAssertTrue(report.problems.isEmpty, "captions never stop a page: \(report.problems)")
    }
}
