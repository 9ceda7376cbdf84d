import Foundation
import Raster
import XCTest
@testable import Kiosk

/// The page's background is not filled under opaque pictures (they are drawn over it
/// whole): a frame drawn over any old pixels comes out the same, and only pictures
/// without transparency count. Pictures from Tests/Images (ImageMagick-made).
final class OpaqueCoverTests: XCTestCase {
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Images").standardizedFileURL.path

    func testOnlyPicturesWithoutTransparencyAreOpaque() throws {
        XCTAssertTrue(try Image(contentsOfFile: Self.images + "/icon-512.jpg").isOpaque, "a JPEG")
        XCTAssertTrue(try Image(contentsOfFile: Self.images + "/gray-gradient.png").isOpaque, "a PNG without alpha")
        XCTAssertFalse(try Image(contentsOfFile: Self.images + "/gray-alpha16.png").isOpaque, "a PNG with alpha")
        XCTAssertFalse(try Image(contentsOfFile: Self.images + "/gray2-trns.png").isOpaque, "a PNG with a transparent colour (tRNS)")
    }

    /// A page of text with a JPEG (opaque) and a PNG with alpha, at 800 × 1200, and what
    /// its opaque pictures cover.
    private func picturesPage() throws -> (assembly: KioskAssembly, cover: [IntRect]) {
        var config = KioskConfig()
        config.text.size = 20
        config.pages = [.init(title: "Pictures", source: .builtIn(markdown: """
            # Pictures

            Some text above the photograph.

            ![A photograph](\(Self.images)/icon-512.jpg)

            ![With alpha](\(Self.images)/gray-alpha16.png)

            And text below.
            """))]
        let assembly = try KioskAssembly(config: config, width: 800, height: 1200)
        let scene = assembly.scene
        let cover = assembly.content.opaqueCover(page: 0, width: scene.textWidth, originX: Int(scene.textLeft.rounded()),
                                                 originY: Int((KioskScene.marginTop * scene.scale).rounded()),
                                                 clip: IntRect(x: 0, y: 0, width: 800, height: 1200))
        return (assembly, cover)
    }

    func testAFrameOverOldPixelsIsTheSameAsOverBlack() throws {
        let (assembly, cover) = try picturesPage()
        let scene = assembly.scene
        XCTAssertEqual(cover.count, 1, "the JPEG covers its rectangle; the PNG with alpha does not")
        XCTAssertGreaterThan(cover.first?.area ?? 0, 100_000)

        let overBlack = try Bitmap(width: 800, height: 1200), overOld = try Bitmap(width: 800, height: 1200)
        overOld.canvas.fill(overOld.canvas.bounds, color: Color(red: 255, green: 0, blue: 255))
        for bitmap in [overBlack, overOld] { SceneRenderer(scene: scene).renderWhole(into: bitmap.canvas, at: 0) }
        XCTAssertEqual(differing(overBlack.canvas, overOld.canvas), 0, "every pixel is written: a picture's or the background's")
    }

    /// The painter says its background fills a band whole (so the compositor may have it
    /// filled on the streaming thread) only where no opaque picture covers part of it (the
    /// PNG with alpha is drawn over the fill).
    func testTheBackgroundFillsWholeOnlyTheBandsNoPictureCovers() throws {
        let (assembly, cover) = try picturesPage()
        let scene = assembly.scene
        let photo = try XCTUnwrap(cover.first)
        let painter = SceneRenderer(scene: scene).frame(at: 0)
        var plain = 0, covered = 0
        for top in stride(from: 0, to: 1200, by: 50) {
            let band = IntRect(x: 0, y: top, width: 800, height: 50)
            let background = painter.pageBackground(clip: band)
            if band.intersection(photo).isEmpty {
                XCTAssertEqual(background, scene.config.theme.background, "rows \(top)..<\(top + 50): nothing covers them")
                plain += 1
            } else {
                XCTAssertNil(background, "rows \(top)..<\(top + 50): the photograph covers part of them")
                covered += 1
            }
        }
        XCTAssertGreaterThan(covered, 3)
        XCTAssertGreaterThan(plain, 3)
    }

    private func differing(_ a: Canvas, _ b: Canvas) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { count += 1 }
        }
        return count
    }
}

/// PDF sheets cover their rectangles whole (poppler's pixels, or a placeholder while
/// loading): the background is filled only between and beside them.
final class PDFSheetCoverTests: PDFTestCase {
    func testAPDFPageOverOldPixelsIsTheSameAsOverBlackLoadingAndShown() throws {
        let (assembly, player) = try makePlayer(pdfConfig())
        let pdf = try XCTUnwrap(assembly.content.pdf)
        let scene = assembly.scene
        func drawnAlike(_ state: String) throws {
            let overBlack = try Bitmap(width: width, height: height), overOld = try Bitmap(width: width, height: height)
            overOld.canvas.fill(overOld.canvas.bounds, color: Color(red: 255, green: 0, blue: 255))
            for bitmap in [overBlack, overOld] { SceneRenderer(scene: scene).renderWhole(into: bitmap.canvas, at: player.time) }
            var differing = 0
            for y in 0..<height { for x in 0..<width where overBlack.canvas.pixel(x: x, y: y) != overOld.canvas.pixel(x: x, y: y) { differing += 1 } }
            XCTAssertEqual(differing, 0, "\(state): every pixel is written")
            let origin = scene.pageOrigin(at: player.time)
            let cover = assembly.content.opaqueCover(page: 0, width: scene.textWidth, originX: origin.x, originY: origin.y,
                                                     clip: IntRect(x: 0, y: 0, width: width, height: height))
            XCTAssertGreaterThan(cover.reduce(0) { $0 + $1.area }, width * height / 3, "\(state): the sheet covers much of the screen")
        }
        try drawnAlike("loading")
        settle(player, at: 0.1)
        XCTAssertGreaterThan(pdf.imageBytes, 0, "a sheet is shown")
        try drawnAlike("shown")
        // The gap between sheets 1 and 2 in the middle of the screen: filled, not covered.
        let second = try XCTUnwrap(pdf.sheetTop(page: 0, width: scene.textWidth, sheet: 2))
        scene.vertical.jump(to: second + KioskScene.marginTop * scene.scale - Double(height / 2))
        player.render(at: 0.5)
        settle(player, at: 0.6)
        try drawnAlike("between sheets")
    }
}
