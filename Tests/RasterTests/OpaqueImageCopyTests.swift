import XCTest
@testable import Raster

/// An opaque picture (every pixel's alpha 255, found when it is made) is drawn by copying
/// its rows: the same pixels as OVER, clipped at every edge; one translucent pixel sends
/// the picture back to the mixing path.
final class OpaqueImageCopyTests: XCTestCase {
    func testAnOpaquePictureIsItsRowsCopiedWhereverItIsClipped() throws {
        let picture = try Bitmap(width: 13, height: 9)
        for y in 0..<9 { for x in 0..<13 { picture.canvas.row(y)[x] = 0xFF00_0000 | UInt32(x * 19) << 16 | UInt32(y * 27) << 8 | UInt32(x ^ y) } }
        let image = Image(bitmap: picture)
        XCTAssertTrue(image.isOpaque)
        for (x, y) in [(2, 3), (-4, -2), (25, 14), (10, -5)] {
            let b = try makeBitmap(30, 20, Color(red: 9, green: 9, blue: 9))
            b.canvas.drawImage(image, x: x, y: y)
            var wrong = 0
            for py in 0..<20 {
                for px in 0..<30 {
                    let inside = (x..<x + 13).contains(px) && (y..<y + 9).contains(py)
                    let want: UInt32 = inside ? picture.canvas.row(py - y)[px - x] : 0xFF09_0909
                    if b.canvas.row(py)[px] != want { wrong += 1 }
                }
            }
            XCTAssertEqual(wrong, 0, "picture at (\(x), \(y)): pixels other than the picture's or the background")
        }
        picture.canvas.row(4)[6] = 0x8040_2010  // premultiplied, half transparent
        let translucent = Image(bitmap: picture)
        XCTAssertFalse(translucent.isOpaque)
        let b = try makeBitmap(30, 20, Color(red: 9, green: 9, blue: 9))
        b.canvas.drawImage(translucent, x: 0, y: 0)
        XCTAssertNotEqual(b.canvas.row(4)[6], 0x8040_2010, "a translucent pixel is mixed over the background, not copied")
        XCTAssertEqual(b.canvas.row(4)[6] >> 24, 0xFF, "the result is opaque")
    }
}
