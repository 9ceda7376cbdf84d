import Foundation
import Keyboard
import Logging
import Measure
import Platform
import KioskHeadless
import LecternTestSupport
import Raster
import Touch
import XCTest
@testable import Kiosk
@testable import KioskDevice

/// The search panel through the real loop and compositor, as a visitor uses it: the menu's
/// search switch opens it, fingers tap the keyboard's keys where they are drawn, the
/// results appear (in the list and on the screen), a result opens its page with the hit
/// in the upper third and ringed, the back pull returns to the results, the idle reset
/// forgets everything; speech mode says keys, typing and results.
final class SearchPanelSceneTests: XCTestCase {
    let width = 1280, height = 800
    private var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "lectern-search-panel-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    private func write(_ text: String, _ name: String) throws -> String {
        let path = dir + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A site of real length: a German staff page, a café, a PDF with a text layer
    /// (written at test time), twenty long filler pages; `language` is the site's.
    func makeSite(language: String = "en", arabic: Bool = false) throws -> String {
        let filler = (0..<200).map { "Exhibit line \($0) shows archive material and visitor notes." }.joined(separator: " ")
        var pages = ["[[page]]\ntitle = \"Welcome\"\ncontent = \"welcome.md\"\n"]
        _ = try write("# Welcome\n\n\(filler)\n", "welcome.md")
        _ = try write("---\nlang: de\n---\n# Mitarbeiter\n\n\(filler)\n\nFrau Dr. Anna Müller leitet das Archiv im zweiten Stock.\n\nMontag geschlossen.\n\n\(filler)\n", "staff.md")
        pages.append("[[page]]\ntitle = \"Mitarbeiter\"\ncontent = \"staff.md\"\n")
        _ = try write("# Café\n\nCoffee and cake from eight in the garden café.\n", "cafe.md")
        pages.append("[[page]]\ntitle = \"Garden\"\ncontent = \"cafe.md\"\n")
        try Data(TestPDFs.linksOnDrawings()).write(to: URL(fileURLWithPath: dir + "/visit.pdf"))
        pages.append("[[page]]\ntitle = \"Leaflet\"\ncontent = \"visit.pdf\"\n")
        if arabic {
            _ = try write("---\nlang: ar\n---\n# المكتبة\n\nتفتح المكتبة العامة في الساعة التاسعة صباحاً.\n", "ar.md")
            pages.append("[[page]]\ntitle = \"المكتبة\"\ncontent = \"ar.md\"\n")
        }
        for n in 0..<20 {
            _ = try write("# Hall \(n)\n\n\(filler)\n", "hall\(n).md")
            pages.append("[[page]]\ntitle = \"Hall \(n)\"\ncontent = \"hall\(n).md\"\n")
        }
        return try write(pages.joined() + "[text]\nlanguage = \"\(language)\"\n[idle]\nhome_after = 60\nblank_after = 0\n", "lectern.toml")
    }

    func makePlayer(config path: String, speech: SpeechTranscript? = nil) throws -> HeadlessPlayer {
        let environment = KioskEnvironment(speech: speech.map { output in { _, _ in output } },
                                           searchIndex: .directory(dir + "/cache"))
        let player = try HeadlessPlayer(config: try ConfigLoader.load(path: path), configPath: path, width: width, height: height,
                                        environment: environment)
        player.step(to: 0.1)
        player.waitForBackgroundWork()
        XCTAssertTrue(player.runtime.search.isReady, "the index was built after the first frame")
        return player
    }

    func tap(_ player: HeadlessPlayer, x: Double, y: Double, at time: Double) {
        player.feed([.down(slot: 0, x: x, y: y, time: time), .up(slot: 0, time: time + 0.08)])
        player.step(to: time + 0.1)
    }

    func openSearch(_ player: HeadlessPlayer, at time: Double) {
        player.feed([.down(slot: 0, x: 300, y: 300, time: time), .down(slot: 1, x: 400, y: 300, time: time),
                     .down(slot: 2, x: 500, y: 300, time: time), .up(slot: 0, time: time + 0.05),
                     .up(slot: 1, time: time + 0.05), .up(slot: 2, time: time + 0.05)])
        player.step(to: time + 0.5)
        XCTAssertTrue(player.scene.menu.isPresented)
        let search = player.scene.menuSwitches.center(of: .search)
        tap(player, x: search.x, y: search.y, at: time + 1)
        player.step(to: time + 1.5)
    }

    /// Types `letters` by tapping each key at its drawn centre; answers the time after.
    @discardableResult
    func type(_ letters: [String], _ player: HeadlessPlayer, at start: Double) throws -> Double {
        var time = start
        for letter in letters {
            let panel = try XCTUnwrap(player.scene.searchSession.panel)
            let key = try XCTUnwrap(panel.geometry.key(typing: letter), "no key types \(letter) in \(panel.layout.name)")
            tap(player, x: key.frame.midX, y: key.frame.midY, at: time)
            time += 0.3
        }
        player.step(to: time)
        return time
    }

    func press(_ action: KeyboardGeometry.Action, _ player: HeadlessPlayer, at time: Double) throws {
        let panel = try XCTUnwrap(player.scene.searchSession.panel)
        let key = try XCTUnwrap(panel.geometry.keys.first { $0.action == action })
        tap(player, x: key.frame.midX, y: key.frame.midY, at: time)
    }

    /// Pixels of `rect` on screen that are not the background.
    func inked(_ player: HeadlessPlayer, _ rect: IntRect) -> Int {
        let background = player.scene.config.theme.background.argb & 0xFFFFFF
        var count = 0
        for y in rect.y..<rect.maxY {
            let row = player.canvas.row(y)
            for x in rect.x..<rect.maxX where row[x] & 0xFFFFFF != background { count += 1 }
        }
        return count
    }

    func center(_ rect: IntRect) -> (x: Double, y: Double) { (Double(rect.x) + Double(rect.width) / 2, Double(rect.y) + Double(rect.height) / 2) }

    func pixelsNotFresh(_ player: HeadlessPlayer) throws -> Int {
        let fresh = try Bitmap(width: width, height: height)
        SceneRenderer(scene: player.scene).renderWhole(into: fresh.canvas, at: player.time)
        var differing = 0
        for y in 0..<height {
            let a = fresh.canvas.row(y), b = player.canvas.row(y)
            for x in 0..<width where a[x] & 0xFFFFFF != b[x] & 0xFFFFFF { differing += 1 }
        }
        return differing
    }

    /// The page titles `lectern search` prints for `typed`, in rank order: the built
    /// binary beside this test bundle, run on the same site.
    func cliResults(_ path: String, _ typed: String) throws -> [String] {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let lectern = products.appendingPathComponent("lectern").path
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lectern), "build lectern first")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: lectern)
        process.arguments = ["search", "--config", path, typed]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "lectern search \(typed)")
        // One line a result: rank, page, title, snippet, separated by tabs.
        return text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
            .filter { $0.count == 4 }.map { String($0[2]) }
    }

    func testTypingAWordShowsResultsOpensTheHitAndComesBack() throws {
        let path = try makeSite()
        let player = try makePlayer(config: path)
        let metrics = MetricsFile(path: dir + "/lectern.prom", runtime: player.runtime, writeAtomically: { try AtomicFile.write($0, to: $1) },
                                  wallClock: FixedWallClock(1_800_000_000), secondsSinceStart: { 5 }, log: Logger(sink: { _ in }))
        metrics.attach(to: player.loop)
        openSearch(player, at: 1)
        XCTAssertEqual(player.scene.mode, .search)
        let layout = player.scene.searchLayout
        XCTAssertGreaterThanOrEqual(layout.rows.count, 3)
        XCTAssertEqual(inked(player, layout.rows[0]), 0, "no results before typing")
        XCTAssertEqual(try pixelsNotFresh(player), 0)

        var time = try type(["m", "u", "l", "l"], player, at: 3)
        let panel = try XCTUnwrap(player.scene.searchSession.panel)
        XCTAssertEqual(panel.field, "mull")
        XCTAssertEqual(panel.results.map(\.title), ["Mitarbeiter"])
        XCTAssertEqual(panel.results.first?.snippet.hits, ["Müller"])
        XCTAssertEqual(panel.results.map(\.title), try cliResults(path, "mull"), "lectern search answers the same")
        XCTAssertGreaterThan(inked(player, layout.rows[0]), 200, "the result is drawn")
        XCTAssertEqual(inked(player, layout.rows[1]), 0, "one result, one row")
        XCTAssertEqual(try pixelsNotFresh(player), 0, "the compositor's screen is the panel drawn from scratch")

        // Pressing a key shows it pressed (the accent) while the finger is down.
        let key = try XCTUnwrap(panel.geometry.key(typing: "e"))
        player.feed([.down(slot: 0, x: key.frame.midX, y: key.frame.midY, time: time)])
        player.step(to: time + 0.05)
        let accent = player.scene.config.theme.accent.argb & 0xFFFFFF
        XCTAssertEqual(player.canvas.row(Int(key.frame.y + 4))[Int(key.frame.midX)] & 0xFFFFFF, accent, "the key under the finger")
        player.feed([.cancel(time: time + 0.1)])
        player.step(to: time + 0.2)
        XCTAssertEqual(panel.field, "mull", "a cancelled touch types nothing")
        time += 0.5

        // A result opens its page with the hit in the upper third, ringed.
        let first = center(layout.rows[0])
        tap(player, x: first.x, y: first.y, at: time)
        player.step(to: time + 0.5)
        let scene = player.scene
        XCTAssertEqual(scene.mode, .browsing)
        XCTAssertEqual(scene.config.pages[scene.currentPage].title, "Mitarbeiter")
        let highlight = try XCTUnwrap(scene.searchSession.highlight)
        XCTAssertTrue(highlight.rect.height > 0)
        let onScreen = Double(highlight.rect.y) + KioskScene.marginTop * scene.scale - scene.vertical.offset(at: player.time)
        XCTAssertGreaterThan(scene.vertical.offset(at: player.time), 0, "the page was scrolled to the hit")
        XCTAssertTrue(onScreen >= 0 && onScreen < Double(height) / 3, "the hit's block starts at \(onScreen)")
        let ring = SceneRenderer(scene: scene).searchHighlightBox(page: scene.currentPage, pullX: 0,
                                                                  scrollY: Int(scene.vertical.offset(at: player.time).rounded()))
        XCTAssertEqual(player.canvas.row(ring.y + 1)[ring.x + ring.width / 2] & 0xFFFFFF, accent, "the ring's edge")
        XCTAssertEqual(try pixelsNotFresh(player), 0)

        // The back pull returns to the results; the next touch took the ring away.
        time += 1
        var pull: [TouchEvent] = [.down(slot: 0, x: 10, y: 400, time: time)]
        for step in 1...10 {
            let x = 10 + Double(step) * 30, at = time + Double(step) * 0.02
            pull.append(.move(slot: 0, x: x, y: 400, time: at))
        }
        pull.append(.up(slot: 0, time: time + 0.25))
        player.feed(pull)
        player.step(to: time + 1)
        XCTAssertEqual(player.scene.mode, .search)
        XCTAssertNil(player.scene.searchSession.highlight)
        XCTAssertEqual(player.scene.searchSession.panel?.results.map(\.title), ["Mitarbeiter"])
        XCTAssertGreaterThan(inked(player, layout.rows[0]), 200)

        // Return on an empty query says so on the panel; the idle reset forgets it all.
        try press(.clear, player, at: time + 2)
        XCTAssertEqual(player.scene.searchSession.panel?.field, "")
        _ = try type(["x", "q", "z", "j"], player, at: time + 3)
        XCTAssertEqual(player.scene.searchSession.panel?.results, [])
        XCTAssertGreaterThan(inked(player, layout.messageBox), 100, "nothing found is written")
        player.step(to: time + 100)
        XCTAssertFalse(player.scene.searchSession.isPresented)
        XCTAssertEqual(player.scene.searchSession.panel?.field ?? "", "")
        XCTAssertEqual(player.scene.searchSession.panel?.results ?? [], [])
        XCTAssertNil(player.scene.searchSession.highlight)
        XCTAssertFalse(player.scene.links.history.canGoBack)

        // The metrics file: two searches ("mull", opened; "xqzj", left at idle), one of
        // them finding nothing, and not a word of either.
        player.step(to: time + 130)
        let file = try String(contentsOfFile: dir + "/lectern.prom", encoding: .utf8)
        let samples = PrometheusText.parse(file).samples
        XCTAssertEqual(samples.first { $0.name == "lectern_searches_total" }?.value, 2)
        XCTAssertEqual(samples.first { $0.name == "lectern_searches_without_result_total" }?.value, 1)
        XCTAssertFalse(file.contains("mull") || file.contains("xqzj"), "the words searched are never written")
    }

    func testAccentedAndUnaccentedQueriesAndThePDFFindTheirPages() throws {
        let path = try makeSite()
        let player = try makePlayer(config: path)
        openSearch(player, at: 1)
        _ = try type(["c", "a", "f", "e"], player, at: 3)
        let panel = try XCTUnwrap(player.scene.searchSession.panel)
        let plain = panel.results.map(\.title)
        XCTAssertEqual(plain.first, "Garden")
        XCTAssertEqual(plain, try cliResults(path, "cafe"))
        // "café": é from the long press on e, the finger sliding onto it.
        try press(.backspace, player, at: 5)
        XCTAssertEqual(panel.field, "caf")
        let e = try XCTUnwrap(panel.geometry.key(typing: "e"))
        player.feed([.down(slot: 0, x: e.frame.midX, y: e.frame.midY, time: 6)])
        player.step(to: 6.7)
        let strip = try XCTUnwrap(panel.press?.alternateFrames, "the long press opened the alternates")
        guard case let .character(eKey) = e.action else { return XCTFail("e is a character key") }
        let index = try XCTUnwrap(eKey.alternates.firstIndex(of: "é"), "\(eKey.alternates)")
        player.feed([.move(slot: 0, x: strip[index].midX, y: strip[index].midY, time: 6.8), .up(slot: 0, time: 6.9)])
        player.step(to: 7)
        XCTAssertEqual(panel.field, "café")
        XCTAssertEqual(panel.results.map(\.title), plain, "accented and unaccented find the same pages")
        XCTAssertEqual(try pixelsNotFresh(player), 0)

        // German: Montag on the German page; the PDF's text layer ("Visit our site").
        try press(.clear, player, at: 8)
        _ = try type(["m", "o", "n", "t", "a", "g"], player, at: 9)
        XCTAssertEqual(panel.results.map(\.title), ["Mitarbeiter"])
        XCTAssertEqual(panel.results.map(\.title), try cliResults(path, "montag"))
        try press(.clear, player, at: 12)
        _ = try type(["s", "i", "t", "e"], player, at: 13)
        XCTAssertEqual(panel.results.map(\.title), ["Leaflet"])
        XCTAssertEqual(panel.results.map(\.title), try cliResults(path, "site"))
        // Return opens the first result.
        try press(.enter, player, at: 15)
        player.step(to: 15.5)
        XCTAssertEqual(player.scene.mode, .browsing)
        XCTAssertEqual(player.scene.config.pages[player.scene.currentPage].title, "Leaflet")
        player.waitForBackgroundWork()  // the PDF's sheets, before the directory goes
    }

    func testAnArabicSiteSearchesWithTheArabicKeyboard() throws {
        let path = try makeSite(language: "ar", arabic: true)
        let player = try makePlayer(config: path)
        openSearch(player, at: 1)
        let panel = try XCTUnwrap(player.scene.searchSession.panel)
        XCTAssertEqual(panel.layout.name, "ara")
        _ = try type(["ا", "ل", "م", "ك", "ت", "ب", "ة"], player, at: 3)
        XCTAssertEqual(panel.field, "المكتبة")
        XCTAssertEqual(panel.results.first?.title, "المكتبة")
        XCTAssertEqual(panel.results.map(\.title), try cliResults(path, "المكتبة"))
        XCTAssertGreaterThan(inked(player, player.scene.searchLayout.rows[0]), 200)
        XCTAssertEqual(try pixelsNotFresh(player), 0)
    }

    func testBackspaceRepeatsAtItsDeadlineAndNothingTicksAtRest() throws {
        let player = try makePlayer(config: try makeSite())
        openSearch(player, at: 1)
        _ = try type(["a", "r", "c", "h", "i", "v", "e"], player, at: 3)
        let panel = try XCTUnwrap(player.scene.searchSession.panel)
        XCTAssertNil(panel.deadline, "nothing is due while no finger rests")
        let key = try XCTUnwrap(panel.geometry.keys.first { $0.action == .backspace })
        player.feed([.down(slot: 0, x: key.frame.midX, y: key.frame.midY, time: 6)])
        player.step(to: 6.01)
        XCTAssertEqual(panel.deadline ?? 0, 6.5, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(player.scene.nextDeadline() ?? .infinity, 6.5, "the loop wakes for the repeat")
        player.step(to: 6.75)
        XCTAssertEqual(panel.field, "arch", "three deletions by 0.75 s")
        player.feed([.up(slot: 0, time: 6.8)])
        player.step(to: 7)
        XCTAssertEqual(panel.field, "arch", "the lift deletes nothing more")
    }

    func testSpeechSaysKeysTypingAndResultsAndADoubleTapOpensOne() throws {
        let transcript = SpeechTranscript()
        let player = try makePlayer(config: try makeSite(), speech: transcript)
        player.scene.headphonesPlugged()
        XCTAssertEqual(player.scene.speech?.isOn, true)
        // Speech mode's menu: a two-finger tap; the search switch found by touch, then a double tap.
        player.feed([.down(slot: 0, x: 300, y: 300, time: 1), .down(slot: 1, x: 400, y: 300, time: 1),
                     .up(slot: 0, time: 1.05), .up(slot: 1, time: 1.05)])
        player.step(to: 1.5)
        XCTAssertTrue(player.scene.menu.isPresented)
        let search = player.scene.menuSwitches.center(of: .search)
        tap(player, x: search.x, y: search.y, at: 2)
        tap(player, x: search.x, y: search.y, at: 2.2)
        XCTAssertEqual(player.scene.mode, .speech)
        XCTAssertTrue(player.scene.searchSession.isPresented)
        XCTAssertTrue(transcript.lines.contains("[en] Search field empty."), transcript.text)
        let panel = try XCTUnwrap(player.scene.searchSession.panel)
        // Exploring: the finger moves from m to n, each said; lifting on n types it.
        let m = try XCTUnwrap(panel.geometry.key(typing: "m")), n = try XCTUnwrap(panel.geometry.key(typing: "n"))
        var before = transcript.lines.count
        player.feed([.down(slot: 0, x: m.frame.midX, y: m.frame.midY, time: 3), .move(slot: 0, x: n.frame.midX, y: n.frame.midY, time: 3.2)])
        player.step(to: 3.3)
        XCTAssertEqual(transcript.lines[before...].filter { $0 != "(stop)" }, ["[en] m", "[en] n"])
        XCTAssertEqual(panel.field, "")
        player.feed([.move(slot: 0, x: m.frame.midX, y: m.frame.midY, time: 3.4), .up(slot: 0, time: 3.5)])
        player.step(to: 3.6)
        XCTAssertEqual(panel.field, "m")
        for letter in ["u", "l", "l"] {
            let key = try XCTUnwrap(panel.geometry.key(typing: letter))
            before = transcript.lines.count
            tap(player, x: key.frame.midX, y: key.frame.midY, at: player.time + 0.6)
        }
        let said = transcript.lines[before...].filter { $0 != "(stop)" }
        XCTAssertEqual(Array(said.prefix(4)), ["[en] l", "[en] l", "[en] mull", "[en] 1 result."])
        XCTAssertTrue(said.last?.hasPrefix("[en] 1: Mitarbeiter. ") == true, said.joined(separator: "\n"))
        // A letter more finds nothing, and that is said; delete brings the result back.
        let x = try XCTUnwrap(panel.geometry.key(typing: "x"))
        before = transcript.lines.count
        tap(player, x: x.frame.midX, y: x.frame.midY, at: player.time + 0.6)
        XCTAssertEqual(transcript.lines[before...].filter { $0 != "(stop)" }.suffix(3), ["[en] x", "[en] mullx", "[en] Nothing found."])
        let delete = try XCTUnwrap(panel.geometry.keys.first { $0.action == .backspace })
        before = transcript.lines.count
        tap(player, x: delete.frame.midX, y: delete.frame.midY, at: player.time + 0.6)
        XCTAssertEqual(Array(transcript.lines[before...].filter { $0 != "(stop)" }.prefix(4)), ["[en] delete", "[en] delete", "[en] mull", "[en] 1 result."])
        // A finger over the result says it; a double tap opens it.
        let row = player.scene.searchLayout.rows[0]
        before = transcript.lines.count
        let time = player.time + 1
        let middle = center(row)
        tap(player, x: middle.x, y: middle.y, at: time)
        XCTAssertTrue(transcript.lines[before...].contains { $0.hasPrefix("[en] 1: Mitarbeiter.") })
        tap(player, x: middle.x, y: middle.y, at: time + 0.2)
        XCTAssertFalse(player.scene.searchSession.isPresented)
        XCTAssertEqual(player.scene.config.pages[player.scene.currentPage].title, "Mitarbeiter")
        // Nothing found is said.
        XCTAssertEqual(SearchSpeech.english.answer(field: "xq", results: []), ["xq", "Nothing found."])
    }

    func testTheKeyboardFollowsTheVisitorsLanguageAndThePanelTheirContrast() throws {
        _ = try write("---\nlang: en\n---\n# Museum\n\nThe museum opens at ten.\n", "en.md")
        _ = try write("---\nlang: ru\n---\n# Музей\n\nМузей открыт с десяти часов.\n", "ru.md")
        let path = try write("[[page]]\ntitle = \"Museum\"\ncontent = \"en.md\"\nlang = \"en\"\n[[page]]\ntitle = \"Музей\"\ncontent = \"ru.md\"\nlang = \"ru\"\n", "lectern.toml")
        let player = try makePlayer(config: path)
        // Russian chosen from the menu's language pills: the panel's keyboard is Russian.
        let russian = try XCTUnwrap(player.scene.siteLanguages.languages.firstIndex { $0.tag.hasPrefix("ru") })
        player.scene.chooseLanguage(russian, at: 0.5)
        openSearch(player, at: 1)
        let panel = try XCTUnwrap(player.scene.searchSession.panel)
        XCTAssertEqual(panel.layout.name, "ru")
        _ = try type(["м", "у", "з", "е", "й"], player, at: 3)
        XCTAssertEqual(panel.results.map(\.title), ["Музей"])
        XCTAssertEqual(try pixelsNotFresh(player), 0)

        // High contrast from the menu: the panel is drawn in the high-contrast theme.
        let high = player.scene.config.highContrastTheme
        player.feed([.down(slot: 0, x: 300, y: 300, time: 5), .down(slot: 1, x: 400, y: 300, time: 5),
                     .down(slot: 2, x: 500, y: 300, time: 5), .up(slot: 0, time: 5.05), .up(slot: 1, time: 5.05), .up(slot: 2, time: 5.05)])
        player.step(to: 5.5)
        let contrast = player.scene.menuSwitches.center(of: .contrast)
        tap(player, x: contrast.x, y: contrast.y, at: 6)
        XCTAssertEqual(player.runtime.visitor.theme, .highContrast)
        XCTAssertTrue(player.scene.menu.isPresented, "the menu stays after a switch")
        let search = player.scene.menuSwitches.center(of: .search)
        tap(player, x: search.x, y: search.y, at: 7)
        player.step(to: 7.5)
        XCTAssertEqual(player.scene.mode, .search)
        XCTAssertEqual(player.scene.config.theme, high)
        XCTAssertEqual(player.canvas.row(2)[2] & 0xFFFFFF, high.background.argb & 0xFFFFFF)
        XCTAssertEqual(try pixelsNotFresh(player), 0)
    }
}
