import XCTest
@testable import Typeset

final class ShapingTests: XCTestCase {
    func testKerningPairMovesTheSecondGlyph() throws {
        let typesetter = try Fonts.pinned()
        let kerned = typesetter.shape("AV")
        let apart = typesetter.shape("A")
        XCTAssertEqual(kerned.count, 2)
        // DejaVu Sans kerns A–V: A's advance before V is less than on its own.
        XCTAssertLessThan(kerned[0].advance, apart[0].advance - 0.5)
    }

    func testCombiningMarkStaysInItsCluster() throws {
        let glyphs = try Fonts.pinned().shape("e\u{301}x")
        XCTAssertEqual(glyphs.first?.cluster, 0)
        XCTAssertEqual(glyphs.last?.cluster, 2)
        XCTAssertTrue(glyphs.dropLast().allSatisfy { $0.cluster == 0 }, "the accent belongs to e's cluster")
    }

    func testRunsSplitByCoveringFont() throws {
        let typesetter = try Fonts.pinned()
        let glyphs = typesetter.shape("Go 在")
        let faces = glyphs.map { typesetter.store.faces[Int($0.face)].path }
        XCTAssertEqual(faces.first, Fonts.dejaVu)
        XCTAssertEqual(faces.last, Fonts.droid)
        XCTAssertTrue(glyphs.allSatisfy { $0.glyph != 0 }, "no .notdef (tofu) glyphs")
    }

    func testFallbackFindsCJKFontThroughFontconfig() throws {
        let style = TextStyle(fontPaths: [Fonts.dejaVu], boldFontPath: nil, italicFontPath: nil, boldItalicFontPath: nil,
                              monospaceFontPath: nil, size: 20, useSystemFallback: true)
        let typesetter = try Typesetter(style: style)
        let path = try XCTUnwrap(typesetter.fontPath(for: "在"))
        XCTAssertNotEqual(path, Fonts.dejaVu)
        let glyph = try XCTUnwrap(typesetter.shape("在").first)
        XCTAssertNotEqual(glyph.glyph, 0, "the fallback font has a real glyph")
        XCTAssertTrue(typesetter.missingCharacters(in: "在触摸屏").isEmpty)
    }

    func testWithoutFallbackCJKIsReportedMissing() throws {
        let typesetter = try Typesetter(style: .pinned([Fonts.dejaVu], size: 20))
        let missing = typesetter.missingCharacters(in: "ab 在在 c")
        XCTAssertEqual(missing.map(\.scalar), ["在"])
        XCTAssertEqual(missing.first?.count, 2)
    }

    func testMissingFontFileErrorNamesIt() {
        XCTAssertThrowsError(try Typesetter(style: .pinned(["/nonexistent/Font.ttf"], size: 20))) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/Font.ttf"), "\(error)")
        }
    }

    func testSynthesisedBoldIsWiderInk() throws {
        // No bold file configured: strong text is emboldened outlines of the regular face.
        let typesetter = try Fonts.pinned()
        let regular = try XCTUnwrap(typesetter.shape("H").first)
        let bold = try XCTUnwrap(typesetter.shape("H", variant: .bold).first)
        let store = typesetter.store
        let thin = try XCTUnwrap(store.faces[Int(regular.face)].rasterize(glyph: regular.glyph, subpixel: 0))
        let thick = try XCTUnwrap(store.faces[Int(bold.face)].rasterize(glyph: bold.glyph, subpixel: 0))
        XCTAssertGreaterThan(thick.pixels.reduce(0) { $0 + Int($1) }, thin.pixels.reduce(0) { $0 + Int($1) } * 11 / 10)
    }
}
