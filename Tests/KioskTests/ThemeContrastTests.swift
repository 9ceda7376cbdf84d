import XCTest
import Raster
@testable import Kiosk

final class ThemeContrastTests: XCTestCase {
    /// Figures from WCAG's own understanding documents and well-known pairs.
    func testRatiosMatchWCAG() {
        XCTAssertEqual(Color.black.contrastRatio(with: .white), 21, accuracy: 1e-9)
        XCTAssertEqual(Color.white.contrastRatio(with: .white), 1, accuracy: 1e-9)
        // #767676 on white is the classic "just AA" grey: 4.54:1.
        XCTAssertEqual(Color(hex: "#767676")!.contrastRatio(with: .white), 4.54, accuracy: 0.01)
        // The figure for the old muted grey on the default background.
        XCTAssertEqual(Color(hex: "#9a9a9a")!.contrastRatio(with: Color(hex: "#f7f4ee")!), 2.56, accuracy: 0.01)
        // Symmetric.
        let a = Color(hex: "#d0342c")!, b = Color(hex: "#f7f4ee")!
        XCTAssertEqual(a.contrastRatio(with: b), b.contrastRatio(with: a))
    }

    func testDefaultThemeMeetsAA() {
        let theme = KioskConfig().theme
        XCTAssertEqual(ThemeContrast.failures(of: theme, highContrast: false), [])
        for pair in ThemeContrast.pairs(of: theme) {
            XCTAssertGreaterThanOrEqual(pair.ratio, pair.kind == .text ? 4.5 : 3, pair.what)
        }
        XCTAssertEqual(ThemeContrast.problems(in: .builtIn, text: nil, file: "x"), [])
    }

    func testHighContrastThemeReachesSevenForEveryTextPair() {
        let pairs = ThemeContrast.pairs(of: KioskConfig.Theme.highContrast)
        XCTAssertEqual(pairs.filter { $0.kind == .text }.count, 4)
        for pair in pairs where pair.kind == .text { XCTAssertGreaterThanOrEqual(pair.ratio, 7, pair.what) }
        XCTAssertEqual(ThemeContrast.failures(of: .highContrast, highContrast: true), [])
    }

    func testLowContrastIsReportedWithFileLineAndKey() throws {
        let text = """
        [theme]
        background = "#ffffff"
        muted = "#aaaaaa"

        [theme.high_contrast]
        text = "#555555"

        [[page]]
        content = "a.md"
        """
        let config = try ConfigLoader.parse(text, file: "k.toml", baseDirectory: ".")
        XCTAssertEqual(config.highContrastTheme.text, Color(hex: "#555555"))
        XCTAssertEqual(config.highContrastTheme.background, Color(hex: "#ffffff"), "unset keys keep the high-contrast defaults")
        let problems = ThemeContrast.problems(in: config, text: text, file: "k.toml")
        let lines = problems.map(\.description)
        // #aaaaaa on white is 2.32:1: below 4.5 for text and below 3 for the dots.
        XCTAssertTrue(lines.contains { $0.hasPrefix("k.toml:3:1: theme.muted: muted text") && $0.contains("2.32:1") && $0.contains("4.5:1") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("k.toml:3:1: theme.muted: collapsed dots") && $0.contains("3:1") }, "\(lines)")
        // #555555 on white is 7.46:1: it passes 7, so it must not be reported.
        XCTAssertFalse(lines.contains { $0.contains("theme.high_contrast.text") }, "\(lines)")
        XCTAssertEqual(problems.count, 2, "\(lines)")
    }

    func testHighContrastBelowSevenIsReported() throws {
        let text = """
        [theme.high_contrast]
        accent = "#d0342c"
        [[page]]
        content = "a.md"
        """
        let config = try ConfigLoader.parse(text, file: "k.toml", baseDirectory: ".")
        let lines = ThemeContrast.problems(in: config, text: text, file: "k.toml").map(\.description)
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines[0].hasPrefix("k.toml:2:1: theme.high_contrast.accent: link text"), lines[0])
        XCTAssertTrue(lines[0].contains("7:1"), lines[0])
    }

    func testUnknownKeyInHighContrastIsAnError() {
        XCTAssertThrowsError(try ConfigLoader.parse("[theme.high_contrast]\nmutted = \"#000000\"\n[[page]]\ncontent = \"a.md\"", file: "k.toml", baseDirectory: ".")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("k.toml:2:1: theme.high_contrast.mutted"), text)
            XCTAssertTrue(text.contains("did you mean 'muted'"), text)
        }
    }

    func testVisitorChoicesResetAndTheme() {
        var config = KioskConfig()
        config.highContrastTheme.background = Color(hex: "#fffff0")!
        var choices = VisitorChoices()
        XCTAssertEqual(choices.theme(in: config), config.theme)
        choices.theme = .highContrast
        choices.textStep = choices.textStep.next
        choices.language = "he"
        XCTAssertEqual(choices.theme(in: config).background, Color(hex: "#fffff0"))
        XCTAssertEqual(choices.textStep, .larger)
        XCTAssertEqual(TextStep.largest.next, .normal)
        choices.reset()
        XCTAssertEqual(choices, VisitorChoices())
    }
}
