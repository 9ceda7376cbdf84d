import Foundation
import Logging
import LecternLog
import KioskHeadless
import XCTest
import Raster
import Touch
import Typeset
@testable import Kiosk

/// The menu's language choice on a two-language site (English and Hebrew pages, one map
/// page in neither), played headless by gesture scripts with Debian's Noto fonts; the
/// languages named by ICU.
final class LanguageChoiceTests: LinkTestCase {
    static let noto = "/usr/share/fonts/truetype/noto/"

    /// English: three pages; Hebrew: two; a map page with no language on both rings.
    func twoLanguageConfig(homeAfter: Double = 30) throws -> KioskConfig {
        let dir = NSTemporaryDirectory() + "lectern-lang-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        let files = [
            "welcome.md": "# Welcome\n\nThe museum is open every day from ten. See [the Hebrew tour](ברוכים.md).",
            "rooms.md": "# Rooms\n\nThe east wing holds the maps; the west wing the letters.",
            "shop.md": "# Shop\n\nPostcards and books, by the door.",
            "ברוכים.md": "# ברוכים הבאים\n\nהמוזיאון פתוח בכל יום מהשעה עשר.",
            "חדרים.md": "# חדרים\n\nבאגף המזרחי המפות, ובאגף המערבי המכתבים.",
            "map.md": "# Map\n\n1 2 3",
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        var config = KioskConfig()
        config.text.size = 20
        config.text.fonts = [Self.noto + "NotoSans-Regular.ttf", Self.noto + "NotoSansHebrew-Regular.ttf"]
        config.idle.homeAfter = homeAfter
        config.idle.blankAfter = 0
        func page(_ title: String, _ file: String, _ lang: String?) -> KioskConfig.Page {
            var page = KioskConfig.Page(title: title, source: .file(path: dir + "/" + file))
            page.language = lang
            return page
        }
        config.pages = [page("Welcome", "welcome.md", "en"), page("Rooms", "rooms.md", "en"), page("ברוכים הבאים", "ברוכים.md", "he"),
                        page("Map", "map.md", nil), page("Shop", "shop.md", "en"), page("חדרים", "חדרים.md", "he")]
        return config
    }

    // MARK: The pure parts

    func testICUNamesEachLanguageInItself() {
        XCTAssertEqual(LanguageNameProbe.name("he"), "עברית")
        XCTAssertEqual(LanguageNameProbe.name("ar"), "العربية")
        XCTAssertEqual(LanguageNameProbe.name("en"), "English")
        XCTAssertEqual(LanguageNameProbe.name("ja"), "日本語")
        // Capitalised as a menu item in French, as CLDR says French does.
        XCTAssertEqual(LanguageNameProbe.name("fr"), "Français")
        XCTAssertEqual(LanguageNameProbe.name("de-AT"), "Deutsch (Österreich)", "standard names: the language, then the region")
        XCTAssertNil(LanguageNameProbe.name("not a tag!"))
        XCTAssertNil(LanguageNameProbe.name(""))
        // Whatever a configuration holds, ICU is asked safely (the tag is bounded by ICU's parser).
        _ = LanguageNameProbe.name(String(repeating: "abcdefgh-", count: 400))
        _ = LanguageNameProbe.name("x-" + String(repeating: "é", count: 300))
    }

    func testSiteLanguagesRingPagesDefaultAndHome() throws {
        let site = SiteLanguages(pages: try twoLanguageConfig().pages)
        XCTAssertEqual(site.languages.map(\.tag), ["en", "he"])
        XCTAssertEqual(site.languages.map(\.name), ["English", "עברית"])
        XCTAssertTrue(site.offersChoice)
        XCTAssertEqual(site.defaultLanguage, "en")
        XCTAssertEqual(site.ringPages(for: nil), [0, 1, 3, 4])
        XCTAssertEqual(site.ringPages(for: "HE"), [2, 3, 5], "tags compare without case")
        XCTAssertEqual(site.ringPages(for: "xx"), [0, 1, 3, 4], "an unknown language shows the default's")
        XCTAssertEqual(site.home(of: "he"), 2)
        XCTAssertEqual(site.language(ofPage: 3), nil)
        XCTAssertEqual(site.summary, "language choice in the menu: English (en, 3 pages), עברית (he, 2 pages); 1 page without lang on every ring; default English")
        // One language (or none) is no choice: every page on the ring.
        let single = SiteLanguages(pages: Array(try twoLanguageConfig().pages.prefix(2)))
        XCTAssertFalse(single.offersChoice)
        XCTAssertEqual(single.ringPages(for: "en"), [0, 1])
        XCTAssertNil(single.summary)
        // A tag ICU has no name for is shown as written.
        let unnamed = SiteLanguages(pages: try twoLanguageConfig().pages, name: { $0 == "he" ? nil : "English" })
        XCTAssertEqual(unnamed.languages[1].name, "he")
    }

    func testLanguageBarSitsAboveTheRingOrBesideIt() {
        // 800×600: 72 px above the ring, room for a row.
        let tall = LanguageBarLayout(count: 2, ring: RingLayout(width: 800, height: 600, count: 4, scale: 1))
        XCTAssertEqual(tall.pills.map(\.y), [12, 12])
        XCTAssertEqual(tall.pills[0].x + tall.pills[1].x + tall.pills[1].width, 800, "centred")
        // 800×480: 48 px above the ring is too short for a 48 px pill and margins: a column on the left.
        let short = LanguageBarLayout(count: 2, ring: RingLayout(width: 800, height: 480, count: 4, scale: 1))
        XCTAssertEqual(short.pills[0].x, short.pills[1].x)
        XCTAssertLessThan(short.pills[0].x + short.pills[0].width, 800.0 / 2 - 144 - 48)
        XCTAssertEqual(short.pills[0].y + short.pills[1].y + short.pills[1].height, 480, "centred vertically")
        XCTAssertEqual(short.item(atX: short.pills[1].centerX, y: short.pills[1].centerY), 1)
        XCTAssertNil(short.item(atX: 400, y: 240))
    }

    // MARK: On the kiosk, by gesture scripts

    func testChoosingALanguageSwitchesTheRingAndGoesToItsFirstPage() throws {
        let (assembly, player) = try makePlayer(try twoLanguageConfig())
        let scene = assembly.scene
        let bar = try XCTUnwrap(scene.languageBar)
        let english = bar.pills[0], hebrew = bar.pills[1]
        try play("0.5 tap 3 400 300\n1.0 wait", on: player)
        XCTAssertTrue(scene.menu.isPresented)
        XCTAssertEqual(scene.ringPages, [0, 1, 3, 4])
        // The chosen language's pill in the accent (seen through the overlay at 0.9).
        let englishPill = player.canvas.color(x: Int(english.x + 10), y: Int(english.centerY))!
        let hebrewPill = player.canvas.color(x: Int(hebrew.x + 10), y: Int(hebrew.centerY))!
        XCTAssertGreaterThan(Int(englishPill.red) - Int(hebrewPill.red), 60, "English is the chosen one: red")
        // Each pill carries its name: white ink in its middle.
        XCTAssertGreaterThan(whiteInk(player.canvas, in: hebrew), 20, "עברית is written on the Hebrew pill")
        // A fourth ring item (Shop) at the left of the ring.
        let fourth = scene.ring.center(of: 3)
        let itemLight = player.canvas.color(x: Int(fourth.x) + 30, y: Int(fourth.y))!

        try play("1.5 tap 1 \(hebrew.centerX) \(hebrew.centerY)\n2.2 wait", on: player)
        XCTAssertTrue(scene.menu.isPresented, "the menu stays, offering the Hebrew pages")
        XCTAssertEqual(scene.currentPage, 2, "the Hebrew home page")
        XCTAssertEqual(scene.chosenLanguage, "he")
        XCTAssertEqual(scene.visitor.language, "he")
        XCTAssertEqual(scene.ringPages, [2, 3, 5])
        let hebrewNow = player.canvas.color(x: Int(hebrew.x + 10), y: Int(hebrew.centerY))!
        let englishNow = player.canvas.color(x: Int(english.x + 10), y: Int(english.centerY))!
        XCTAssertEqual(hebrewNow, englishPill, "the accent moved to Hebrew")
        XCTAssertEqual(englishNow, hebrewPill)
        // The Hebrew home page's item, selected at the top, carries its Hebrew letter.
        let top = scene.ring.center(of: 0)
        let letterBox = LanguageBarLayout.Pill(x: top.x - 40, y: top.y - 28, width: 80, height: 56)
        XCTAssertGreaterThan(whiteInk(player.canvas, in: letterBox), 20, "ב is drawn on the item")
        // Three items now: where the fourth was, only the overlay.
        XCTAssertNotEqual(player.canvas.color(x: Int(fourth.x) + 30, y: Int(fourth.y)), itemLight)
        // The ring's second item is now the map page, the third the second Hebrew page.
        let third = scene.ring.center(of: 2)
        try play("2.5 tap 1 \(third.x) \(third.y)\n3.5 wait", on: player)
        XCTAssertFalse(scene.menu.isPresented)
        XCTAssertEqual(scene.currentPage, 5)
    }

    func testIdleReturnsToTheDefaultLanguage() throws {
        let (assembly, player) = try makePlayer(try twoLanguageConfig(homeAfter: 10))
        let scene = assembly.scene
        let hebrew = try XCTUnwrap(scene.languageBar).pills[1]
        try play("0.5 tap 3 400 300\n1.0 tap 1 \(hebrew.centerX) \(hebrew.centerY)\n1.5 tap 3 400 300\n2.5 wait", on: player)
        XCTAssertFalse(scene.menu.isPresented)
        XCTAssertEqual(scene.currentPage, 2)
        XCTAssertEqual(scene.chosenLanguage, "he")
        // The Hebrew page's first line sits at the right of the column.
        XCTAssertGreaterThan(inkColumns(player.canvas, rows: 40..<80).min() ?? 0, 400, "right to left, right-aligned")
        player.render(at: 13)
        XCTAssertEqual(scene.currentPage, 0, "home")
        XCTAssertEqual(scene.visitor, VisitorChoices(), "every visitor choice reset")
        XCTAssertEqual(scene.chosenLanguage, "en")
        XCTAssertEqual(scene.ringPages, [0, 1, 3, 4])
        XCTAssertLessThan(inkColumns(player.canvas, rows: 40..<80).min() ?? 800, 200, "the English home page, left-aligned")
    }

    /// The language and the menu's switches are one visitor's choices with one owner: a
    /// switch assembles the kiosk anew and the language stays; idle resets both, and the
    /// kiosk is assembled again in the configured theme.
    func testASwitchKeepsTheLanguageAndIdleResetsBoth() throws {
        let config = try twoLanguageConfig(homeAfter: 10)
        let (_, player) = try makePlayer(config)
        let hebrew = try XCTUnwrap(player.scene.languageBar).pills[1]
        try play("0.5 tap 3 400 300\n1.0 tap 1 \(hebrew.centerX) \(hebrew.centerY)\n1.5 wait", on: player)
        XCTAssertEqual(player.scene.chosenLanguage, "he")
        XCTAssertTrue(player.scene.menu.isPresented)
        let contrast = player.scene.menuSwitches.center(of: .contrast)
        try play("2.0 tap 1 \(contrast.x) \(contrast.y)\n2.5 wait", on: player)
        XCTAssertEqual(player.runtime.visitor.theme, .highContrast)
        XCTAssertEqual(player.assembly.config.theme, config.highContrastTheme, "assembled anew for it")
        XCTAssertEqual(player.scene.chosenLanguage, "he", "the new scene keeps the language")
        XCTAssertEqual(player.scene.ringPages, [2, 3, 5])
        XCTAssertEqual(player.scene.currentPage, 2)
        player.render(at: 14)
        XCTAssertEqual(player.runtime.visitor, VisitorChoices(), "idle resets every choice")
        XCTAssertEqual(player.assembly.config.theme, config.theme, "and the kiosk is assembled in the configured theme")
        XCTAssertEqual(player.scene.chosenLanguage, "en")
        XCTAssertEqual(player.scene.currentPage, 0)
    }

    func testALinkToAnotherLanguagesPageTakesTheChoiceWithIt() throws {
        let (assembly, player) = try makePlayer(try twoLanguageConfig())
        let scene = assembly.scene
        scene.navigate(to: 2, anchor: nil, at: 1)
        player.render(at: 2)
        XCTAssertEqual(scene.chosenLanguage, "he")
        XCTAssertEqual(scene.ringPages, [2, 3, 5], "the page shown is on the ring")
        // The map page names no language: the choice stays.
        scene.navigate(to: 3, anchor: nil, at: 3)
        XCTAssertEqual(scene.chosenLanguage, "he")
    }

    func testASingleLanguageSiteHasNoLanguageChoice() throws {
        let (assembly, player) = try makePlayer(try linkConfig())
        XCTAssertNil(assembly.scene.languageBar)
        XCTAssertNil(assembly.scene.chosenLanguage)
        try play("0.5 tap 3 400 300\n1.0 wait", on: player)
        // Nothing but the overlay where the pills would be.
        let bar = LanguageBarLayout(count: 2, ring: assembly.scene.ring)
        XCTAssertEqual(whiteInk(player.canvas, in: bar.pills[0]), 0)
    }

    func testSpeechModeSaysTheLanguageInItsOwnVoiceAndChoosesIt() throws {
        let output = RecordingSpeech()
        let assembly = try KioskAssembly(config: try twoLanguageConfig(), width: width, height: height, speech: output)
        let player = try assembly.player()
        player.render(at: 0)
        let scene = assembly.scene
        player.feed([.down(slot: 0, x: 300, y: 300, time: 0.5), .down(slot: 1, x: 400, y: 300, time: 0.52),
                     .up(slot: 0, time: 2.5), .up(slot: 1, time: 2.52)])
        player.step(to: 2.6)
        XCTAssertEqual(scene.speech?.isOn, true)
        player.feed([.down(slot: 0, x: 300, y: 300, time: 3), .down(slot: 1, x: 400, y: 300, time: 3.01),
                     .up(slot: 0, time: 3.1), .up(slot: 1, time: 3.11)])
        player.step(to: 3.2)
        XCTAssertTrue(scene.menu.isPresented)
        XCTAssertEqual(output.lastText, "Welcome, item 1 of 4")
        let hebrew = try XCTUnwrap(scene.languageBar).pills[1]
        for time in [4.0, 4.25] {
            player.feed([.down(slot: 0, x: hebrew.centerX, y: hebrew.centerY, time: time), .up(slot: 0, time: time + 0.08)])
            player.step(to: time + 0.1)
            if time == 4.0 {
                XCTAssertEqual(output.said.last, [SpokenText("עברית", language: "he"), SpokenText("language, 2 of 2", language: "en")])
            }
        }
        XCTAssertEqual(scene.chosenLanguage, "he")
        XCTAssertEqual(scene.currentPage, 2)
        XCTAssertTrue(scene.menu.isPresented)
        XCTAssertEqual(output.lastText, "ברוכים הבאים, item 1 of 3", "the new ring's item is said")
        // The counts of use the metrics file exports: one speech session, one choice of Hebrew.
        XCTAssertEqual(player.runtime.usage.speechSessions, 1)
        XCTAssertEqual(player.runtime.usage.languageChoices, ["he": 1])
    }

    // MARK: Pixels

    /// Pixels inside `pill` brighter than any overlay or accent mix: the label's ink.
    private func whiteInk(_ canvas: Canvas, in pill: LanguageBarLayout.Pill) -> Int {
        var count = 0
        for y in Int(pill.y + 8)..<Int(pill.y + pill.height - 8) {
            for x in Int(pill.x + 20)..<Int(pill.x + pill.width - 20) {
                if let c = canvas.color(x: x, y: y), c.red > 200, c.green > 200, c.blue > 200 { count += 1 }
            }
        }
        return count
    }

    /// The columns with dark ink in `rows` (page text on the light background).
    private func inkColumns(_ canvas: Canvas, rows: Range<Int>) -> [Int] {
        (0..<canvas.width).filter { x in rows.contains { y in (canvas.color(x: x, y: y)?.red ?? 255) < 128 } }
    }
}

/// ICU's endonyms through Typeset.
enum LanguageNameProbe {
    static func name(_ tag: String) -> String? { LanguageName.endonym(tag) }
}

/// A reload (the content watcher, SIGHUP) in the middle of a visit keeps the language.
final class LanguageChoiceReloadTests: XCTestCase {
    func testAReloadKeepsTheVisitorsLanguage() throws {
        let dir = NSTemporaryDirectory() + "lectern-lang-reload-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/lectern.toml"
        let site = """
        [[page]]
        title = "Welcome"
        content = "en.md"
        lang = "en"
        [[page]]
        title = "שלום"
        content = "he.md"
        lang = "he"
        """
        try Data(site.utf8).write(to: URL(fileURLWithPath: path))
        try Data("# Welcome\n\nOpen daily.\n".utf8).write(to: URL(fileURLWithPath: dir + "/en.md"))
        try Data("# שלום\n\nפתוח כל יום.\n".utf8).write(to: URL(fileURLWithPath: dir + "/he.md"))
        let runtime = KioskRuntime(config: try ConfigLoader.load(path: path), configPath: path, log: Logger(sink: { _ in }))
        runtime.resize(width: 800, height: 600, at: 0)
        let scene = try XCTUnwrap(runtime.scene)
        XCTAssertEqual(scene.siteLanguages.languages.map(\.tag), ["en", "he"], "lang read from the file")
        scene.chooseLanguage(1, at: 1)
        XCTAssertEqual(scene.currentPage, 1)
        try Data("# שלום\n\nפתוח כל יום מעשר.\n".utf8).write(to: URL(fileURLWithPath: dir + "/he.md"))
        guard case .applied = runtime.reload(at: 2) else { return XCTFail("reload") }
        let next = try XCTUnwrap(runtime.scene)
        XCTAssertFalse(next === scene, "a new scene")
        XCTAssertEqual(next.chosenLanguage, "he")
        XCTAssertEqual(next.visitor.language, "he")
        XCTAssertEqual(next.currentPage, 1)
    }
}
