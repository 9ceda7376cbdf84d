import XCTest
@testable import Kiosk
import Typeset

/// The [text] keys of issue #18: measure, distance_cm, language; size now optional.
final class ReadingConfigTests: XCTestCase {
    private func parse(_ text: String) throws(ConfigErrors) -> KioskConfig {
        try ConfigLoader.parse(text + "\n[[page]]\ncontent = \"a.md\"\n", file: "k.toml", baseDirectory: ".")
    }

    private func error(_ text: String) -> ConfigError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            XCTAssertEqual(error.errors.count, 1, "\(error)")
            return error.errors.first
        }
    }

    func testDefaultsAndValues() throws {
        let defaults = try parse("")
        XCTAssertNil(defaults.text.size, "no size: derived from the panel and the distance")
        XCTAssertEqual(defaults.text.measure, 70)
        XCTAssertEqual(defaults.text.distanceCentimetres, 60)
        XCTAssertEqual(defaults.text.language, "en")
        let set = try parse("[text]\nsize = 24\nmeasure = 60\ndistance_cm = 150\nlanguage = \"de-CH\"")
        XCTAssertEqual(set.text.size, 24)
        XCTAssertEqual(set.text.measure, 60)
        XCTAssertEqual(set.text.distanceCentimetres, 150)
        XCTAssertEqual(set.text.language, "de-CH")
    }

    func testBadValuesNameTheKeyAndLine() {
        let measure = error("[text]\nmeasure = 5")
        XCTAssertEqual(measure?.key, "text.measure")
        XCTAssertEqual(measure?.line, 2)
        XCTAssertTrue(measure?.message.contains("20…200, or 0 for no limit") ?? false, "\(String(describing: measure))")
        XCTAssertEqual(try parse("[text]\nmeasure = 0").text.measure, 0, "no limit")
        XCTAssertEqual(error("[text]\nmeasure = 500")?.key, "text.measure")
        let distance = error("[text]\ndistance_cm = \"far\"")
        XCTAssertEqual(distance?.key, "text.distance_cm")
        XCTAssertTrue(distance?.message.contains("must be a number") ?? false)
        let language = error("[text]\nlanguage = \"English\"")
        XCTAssertEqual(language?.key, "text.language")
        XCTAssertTrue(language?.message.contains("not a language tag") ?? false, "\(String(describing: language))")
    }

    func testMisspelledKeysGetADidYouMean() {
        XCTAssertTrue(error("[text]\nmesure = 60")?.message.contains("did you mean 'measure'") ?? false)
        XCTAssertTrue(error("[text]\ndistance_mm = 600")?.message.contains("did you mean 'distance_cm'") ?? false)
        XCTAssertTrue(error("[text]\nlanguge = \"en\"")?.message.contains("did you mean 'language'") ?? false)
    }

    func testTheTemplateParsesToTheDefaults() throws {
        let config = try ConfigLoader.parse(ConfigTemplate.text, file: "lectern.toml", baseDirectory: ".")
        XCTAssertEqual(config.text, KioskConfig().text)
        XCTAssertTrue(ConfigTemplate.text.contains("distance_cm = 60"))
        XCTAssertTrue(ConfigTemplate.text.contains("measure = 70"))
    }

    /// A language without a dictionary: `check` warns (the page still shows, unhyphenated).
    func testCheckWarnsAboutMissingDictionaries() throws {
        let dir = NSTemporaryDirectory() + "lectern-hyphen-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pages = ["en.md": "Plain English.", "tlh.md": "---\nlang: tlh\n---\n\nQapla'.", "bad.md": "---\nlang: English\n---\n\nText."]
        for (name, text) in pages { try Data(text.utf8).write(to: URL(fileURLWithPath: "\(dir)/\(name)")) }
        var config = KioskConfig.builtIn
        config.pages = pages.keys.sorted().map { KioskConfig.Page(title: $0, source: .file(path: "\(dir)/\($0)")) }
        let reports = try ContentCheck.check(config: config)
        let byTitle = Dictionary(uniqueKeysWithValues: reports.map { ($0.title, $0) })
        XCTAssertEqual(byTitle["en.md"]?.hyphenation, [])
        XCTAssertTrue(byTitle["tlh.md"]?.hyphenation.first?.contains("no hyphenation dictionary for lang: in the front matter \"tlh\"") ?? false,
                      "\(byTitle["tlh.md"]?.hyphenation ?? [])")
        XCTAssertTrue(byTitle["tlh.md"]?.hyphenation.first?.contains("hyphen-tlh") ?? false)
        XCTAssertTrue(byTitle["bad.md"]?.hyphenation.first?.contains("is not a language tag") ?? false)
        XCTAssertTrue(reports.allSatisfy(\.isFine), "warnings, not failures")
        // The configured language counts for pages without their own.
        config.text.language = "nl"
        config.pages = config.pages.filter { $0.title == "en.md" }
        let dutch = try ContentCheck.check(config: config)
        XCTAssertTrue(dutch[0].hyphenation.first?.contains("the configured language \"nl\"") ?? false, "\(dutch[0].hyphenation)")
    }

    /// Arabic, Hebrew, Persian, Chinese, Japanese, Korean and Thai are not hyphenated:
    /// no dictionary to install (Debian has no hyphen-ar), so no warning for them.
    func testScriptsThatAreNotHyphenatedNeedNoDictionary() throws {
        let dir = NSTemporaryDirectory() + "lectern-hyphen-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var config = KioskConfig.builtIn
        config.pages = []
        for tag in ["ar", "he", "fa", "ur", "zh", "zh-Hant", "ja", "ko", "th"] {
            XCTAssertFalse(Hyphenator.isHyphenated(tag), tag)
            try Data("---\nlang: \(tag)\n---\n\nText.".utf8).write(to: URL(fileURLWithPath: "\(dir)/\(tag).md"))
            config.pages.append(KioskConfig.Page(title: tag, source: .file(path: "\(dir)/\(tag).md")))
        }
        for tag in ["en", "de", "sw", "ru", "sr-Latn", "el", "hi", "tlh"] { XCTAssertTrue(Hyphenator.isHyphenated(tag), tag) }
        let reports = try ContentCheck.check(config: config)
        XCTAssertEqual(reports.flatMap(\.hyphenation), [])
    }
}
