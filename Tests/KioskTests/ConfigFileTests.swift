import Foundation
import Raster
import XCTest
@testable import Kiosk

/// Configuration files as integrators write them: any TOML 1.0 spelling, any line ends,
/// and every problem of a file reported at once with its line, column and key.
final class ConfigFileTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-config-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("pages"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        for file in ["pages/welcome.md", "pages/map.txt", "icons.png", "fonts/NotAFont.ttf"] {
            try Data("x".utf8).write(to: directory.appendingPathComponent(file))
        }
        // The loader opens fonts with FreeType: a real one (the default, from install-deps).
        try FileManager.default.copyItem(atPath: KioskConfig().text.fonts[0], toPath: directory.appendingPathComponent("fonts/Body.ttf").path)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }

    private func errors(_ text: String) -> [ConfigError] {
        do {
            _ = try ConfigLoader.load(path: try write("bad.toml", text))
            XCTFail("expected errors")
            return []
        } catch let error as ConfigErrors {
            return error.errors
        } catch {
            XCTFail("\(error)")
            return []
        }
    }

    let plain = """
    [display]
    rotation = 90
    scale = 1.5
    dpi = 160
    [theme]
    background = "#ffffff"
    accent = "#00ff00"
    overlay_alpha = 0.8
    [text]
    fonts = ["fonts/Body.ttf"]
    size = 22
    [[page]]
    title = "Welcome"
    content = "pages/welcome.md"
    icon = "icons.png"
    [[page]]
    content = "pages/map.txt"
    [idle]
    home_after = 60
    blank_after = 0
    """

    /// The same settings with an inline table, dotted and quoted keys, literal and
    /// multi-line strings, a \u escape, a multi-line array, hex and signed integers, a
    /// float written as an exponent, an integer where a float is expected, comments, and
    /// (in the test) a BOM and CRLF line ends.
    let fancy = """
    # Written on Windows, in the other spellings TOML allows.
    display = { rotation = 0x5A, scale = 1.5, dpi = 1_60 }
    theme.background = 'ffffff'
    theme."accent" = "#00FF00"
    theme.overlay_alpha = 8e-1

    [text]
    fonts = [
      'fonts/Body.ttf',   # the body font
    ]
    size = 22.0

    [[page]]
    "title" = \"\"\"
    Welcome\"\"\"
    content = 'pages/welcome.md'
    icon = "icons\\u002Epng"

    [[page]]
    content = "pages/map.txt"

    [idle]
    home_after = +60
    blank_after = 0
    """

    func testEverySpellingLoadsTheSameConfiguration() throws {
        let plainPath = try write("plain.toml", plain)
        let crlf = fancy.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)) }.joined(separator: "\r\n")
        let fancyPath = try write("fancy.toml", [0xEF, 0xBB, 0xBF] + Array(crlf.utf8))
        var a = try ConfigLoader.load(path: plainPath)
        var b = try ConfigLoader.load(path: fancyPath)
        a.sourcePath = nil; b.sourcePath = nil
        XCTAssertEqual(b.display.rotation, .r90, "0x5A")
        XCTAssertEqual(a, b)
        XCTAssertEqual(b.theme.accent, Color(red: 0, green: 255, blue: 0))
        XCTAssertEqual(b.text.fonts, [directory.appendingPathComponent("fonts/Body.ttf").path])
        XCTAssertEqual(b.pages.map(\.title), ["Welcome", "map"])
    }

    func testLoneCRFileLoads() throws {
        let path = try write("cr.toml", plain.replacingOccurrences(of: "\n", with: "\r"))
        XCTAssertEqual(try ConfigLoader.load(path: path).display.dpi, 160)
    }

    func testAllErrorsOfAFileAtOnceInFileOrder() {
        let found = errors("""
        [display]
        rotation = 45
        dpi = 1979-05-27
        [theme]
        backgrund = "#fff000"
        accent = "red"
        [text]
        fonts = ["fonts/Body.ttf", "fonts/Missing.ttf", 3]
        [[page]]
        content = "pages/none.md"
        icon = "icons.png"
        [[page]]
        title = "no content"
        [idle]
        home_after = -1
        [colours]
        x = 1
        """)
        let summary = found.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.key ?? "-")" }
        XCTAssertEqual(summary, [
            "2:12 display.rotation", "3:7 display.dpi", "5:1 theme.backgrund", "6:10 theme.accent",
            "8:28 text.fonts", "8:49 text.fonts", "10:11 page.content", "12:1 page.content",
            "15:14 idle.home_after", "16:2 colours",
        ])
        XCTAssertTrue(found[1].message.contains("must be a number, not a date"), found[1].message)
        XCTAssertTrue(found[2].message.contains("did you mean 'background'"), found[2].message)
        XCTAssertTrue(found[4].message.contains("font file") && found[4].message.contains("Missing.ttf does not exist"), found[4].message)
        XCTAssertTrue(found[5].message.contains("only strings, found an integer"), found[5].message)
        XCTAssertTrue(found[8].message.contains("-1 is out of range"), found[8].message)
        XCTAssertTrue(found[9].message.contains("unknown section [colours]"), found[9].message)
        for error in found { XCTAssertTrue(error.description.hasPrefix(error.file + ":\(error.line!):\(error.column!): "), error.description) }
    }

    func testMissingFontIsOneErrorWithItsKeyAndLine() {
        let found = errors(plain.replacingOccurrences(of: "fonts/Body.ttf", with: "fonts/Gone.ttf"))
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.key, "text.fonts")
        XCTAssertEqual(found.first?.line, 10)
        XCTAssertTrue(found.first?.description.contains("bad.toml:10:10: text.fonts: font file") ?? false, "\(found)")
    }

    func testFileThatIsNotAFont() {
        let found = errors(plain.replacingOccurrences(of: "fonts/Body.ttf", with: "fonts/NotAFont.ttf"))
        XCTAssertEqual(found.map(\.key), ["text.fonts"])
        XCTAssertEqual(found.first?.line, 10)
        XCTAssertTrue(found.first?.message.contains("is not a font") ?? false, "\(found)")
    }

    func testTypesAcrossTOML() {
        XCTAssertEqual(errors("[display]\nrotation = 90.0\n[[page]]\ncontent='pages/map.txt'").first?.message, "must be a whole number, not a number")
        XCTAssertEqual(errors("[theme]\naccent = 07:32:00\n[[page]]\ncontent='pages/map.txt'").first?.message, "must be a string in quotes, not a time of day")
        XCTAssertEqual(errors("[idle]\nhome_after = nan\n[[page]]\ncontent='pages/map.txt'").first?.message.contains("out of range"), true)
        XCTAssertEqual(errors("[idle]\nhome_after = inf\n[[page]]\ncontent='pages/map.txt'").first?.message.contains("out of range"), true)
        XCTAssertEqual(errors("[text]\nfonts = 'a.ttf'\n[[page]]\ncontent='pages/map.txt'").first?.message.contains("must be an array of strings"), true)
    }

    func testSectionShapes() {
        XCTAssertTrue(errors("[page]\ncontent = 'pages/map.txt'").first?.message.contains("[[page]] (double brackets)") ?? false)
        XCTAssertTrue(errors("[[display]]\nrotation = 0\n[[page]]\ncontent='pages/map.txt'").first?.message.contains("single brackets") ?? false)
        let topLevel = errors("rotation = 0\n[[page]]\ncontent='pages/map.txt'")
        XCTAssertEqual(topLevel.first?.line, 1)
        XCTAssertTrue(topLevel.first?.message.contains("inside a section") ?? false)
        let nested = errors("[theme.dark]\naccent = '#000000'\n[[page]]\ncontent='pages/map.txt'")
        XCTAssertEqual(nested.first?.key, "theme.dark")
        XCTAssertEqual(nested.first?.line, 1)
        let quoted = errors("[theme]\n\"accent.dark\" = '#000000'\n[[page]]\ncontent='pages/map.txt'")
        XCTAssertEqual(quoted.first?.key, "theme.\"accent.dark\"", "a key with a dot is quoted, not shown as a path")
        XCTAssertEqual(quoted.first?.column, 1)
    }

    func testSizeCapAndInvalidUTF8AreNamed() throws {
        let big = try write("big.toml", String(repeating: "# padding\n", count: 110_000))
        XCTAssertThrowsError(try ConfigLoader.load(path: big)) { error in
            XCTAssertTrue("\(error)".contains("1 MB"), "\(error)")
        }
        let latin1 = try write("latin1.toml", Array("[[page]]\ncontent = 'pages/map.txt'\ntitle = 'caf".utf8) + [0xE9] + Array("'\n".utf8))
        XCTAssertThrowsError(try ConfigLoader.load(path: latin1)) { error in
            let errors = (error as? ConfigErrors)?.errors ?? []
            XCTAssertEqual(errors.map(\.line), [3])
            XCTAssertEqual(errors.first?.column, 13)
            XCTAssertTrue("\(error)".contains("not UTF-8"), "\(error)")
        }
    }

    /// A site of 1,100 pages: about 2,200 '[' in the headers, and far more dots in its
    /// file names and titles, which nest nothing (the guard once counted them all).
    func testA1100PageConfigurationLoads() throws {
        var text = "# A museum's kiosk: one page per object.\n[display]\nscale = 1.5\n"
        for n in 1...1100 {
            let file = String(format: "pages/object-%04d.v2.md", n)
            try Data("# Object \(n)\n".utf8).write(to: directory.appendingPathComponent(file))
            text += "\n[[page]]\ntitle = \"Room \(n / 100).\(n % 100): object no. \(n)…\"\ncontent = \"\(file)\"\n"
        }
        let config = try ConfigLoader.load(path: try write("site.toml", text))
        XCTAssertEqual(config.pages.count, 1100)
        XCTAssertEqual(config.pages.last?.title, "Room 11.0: object no. 1100…")
    }

    /// Rulers of dots in comments are how people decorate configurations.
    func testDottedRulerCommentsLoad() throws {
        let ruler = "# " + String(repeating: ".", count: 76) + "\n"
        var text = ""
        for section in ["display", "theme", "text", "idle"] {
            text += ruler + String(repeating: ruler, count: 15) + "[\(section)]\n"
        }
        text += "[[page]]\ncontent = \"pages/welcome.md\"  # ....... the first page .......\n"
        XCTAssertEqual(text.components(separatedBy: ruler).count - 1, 64)
        XCTAssertEqual(try ConfigLoader.load(path: try write("rulers.toml", text)).pages.count, 1)
    }

    /// TOML 1.0 forbids a bare CR (a line end is LF or CRLF) and a second BOM. Both were
    /// read as if fine: the CR ended the comment, and the rest of its line became a key.
    func testBareCRInACommentIsRefusedWithItsLine() throws {
        let text = "[display]\n# rotate the screen\rrotation = 90\ndpi = 160\n[[page]]\ncontent = \"pages/welcome.md\"\n"
        let path = try write("cr-comment.toml", text)
        do {
            _ = try ConfigLoader.load(path: path)
            XCTFail("a bare CR was accepted")
        } catch {
            XCTAssertEqual(error.errors.count, 1)
            XCTAssertEqual(error.errors.first?.line, 2)
            XCTAssertTrue(error.description.contains("cr-comment.toml:2"), error.description)
            XCTAssertTrue(error.description.contains("carriage return"), error.description)
        }
        // CRLF and (old Mac) CR-only files are still read: those CRs are line ends.
        XCTAssertEqual(try ConfigLoader.load(path: try write("crlf.toml", text.replacingOccurrences(of: "\r", with: "\r\n")
            .replacingOccurrences(of: "\n", with: "\r\n").replacingOccurrences(of: "\r\r\n", with: "\r\n"))).display.rotation, .r90)
    }

    func testASecondBOMIsRefusedWithItsLine() throws {
        let text = Array("[[page]]\ncontent = \"pages/welcome.md\"\n".utf8)
        XCTAssertEqual(try ConfigLoader.load(path: try write("one-bom.toml", [0xEF, 0xBB, 0xBF] + text)).pages.count, 1)
        let path = try write("two-boms.toml", [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + text)
        do {
            _ = try ConfigLoader.load(path: path)
            XCTFail("a double BOM was accepted")
        } catch {
            XCTAssertEqual(error.errors.first?.line, 1)
            XCTAssertTrue(error.description.contains("two-boms.toml:1"), error.description)
            XCTAssertTrue(error.description.contains("byte-order mark"), error.description)
        }
    }
}
