@testable import Display
import Raster
import XCTest

/// The room right of the page in one scan-out buffer, written as a pull asks: whatever
/// the pull's widths and the dots' places from frame to frame, after each frame every
/// pixel of the room the window shows is the colour, except the dots drawn this frame;
/// and a frame writes far less than the room once the room is filled.
final class SideRoomFillTests: XCTestCase {
    let pageWidth = 40, roomWidth = 24, rows = 30, top = 5

    func testTheRoomShowsTheColourAndTheDotsAfterEveryFrame() {
        var buffer = [[UInt32]](repeating: [UInt32](repeating: 0xBAD, count: pageWidth + roomWidth + 12), count: top + rows + 15)
        var room = SideRoomFill()
        let background = Color(argb: 0xFF20_3040)
        var generator = SystemRandomNumberGenerator()
        var written = 0, frames = 0
        for frame in 0..<400 {
            let shift = Int.random(in: 1...roomWidth, using: &generator)
            let band = IntRect(x: pageWidth, y: top, width: shift, height: rows)
            // The dots: a box near the page's edge, partly left of it sometimes.
            let dots = IntRect(x: pageWidth + shift - Int.random(in: 2...12, using: &generator), y: top + Int.random(in: 0...20, using: &generator),
                               width: Int.random(in: 1...10, using: &generator), height: Int.random(in: 1...10, using: &generator))
            let dotColour = UInt32(0x1000 + frame)
            for y in dots.minY..<dots.maxY { for x in dots.minX..<dots.maxX { buffer[y][x] = dotColour } }
            // Every few frames the theme's colour stays; once it changes.
            let colour = frame == 200 ? Color(argb: 0xFF40_3020) : (frame > 200 ? Color(argb: 0xFF40_3020) : background)
            room.write(band: band, color: colour, drawn: dots) { piece in
                XCTAssertTrue(band.contains(piece), "writes stay in the room the window shows")
                XCTAssertFalse(piece.intersects(dots), "never over this frame's dots")
                for y in piece.minY..<piece.maxY { for x in piece.minX..<piece.maxX { buffer[y][x] = colour.argb } }
                written += piece.area
            }
            frames += 1
            for y in band.minY..<band.maxY {
                for x in band.minX..<band.maxX where !dots.contains(IntRect(x: x, y: y, width: 1, height: 1)) {
                    XCTAssertEqual(buffer[y][x], colour.argb, "frame \(frame), pixel (\(x), \(y)) of a \(shift)-px room")
                    if buffer[y][x] != colour.argb { return }
                }
            }
        }
        // A whole room each frame would be 400 × ~12.5 × 30 px.
        XCTAssertLessThan(written, frames * (roomWidth / 2) * rows / 3, "most frames write only what the room lacks")
    }

    func testARowChangeOrAResetForgetsWhatTheRoomHeld() {
        var room = SideRoomFill()
        let colour = Color(argb: 0xFF00_0000)
        var area = 0
        room.write(band: IntRect(x: 10, y: 0, width: 8, height: 10), color: colour, drawn: .zero) { area += $0.area }
        XCTAssertEqual(area, 80)
        area = 0
        room.write(band: IntRect(x: 10, y: 0, width: 8, height: 10), color: colour, drawn: .zero) { area += $0.area }
        XCTAssertEqual(area, 0, "already the colour")
        room.write(band: IntRect(x: 10, y: 4, width: 8, height: 10), color: colour, drawn: .zero) { area += $0.area }
        XCTAssertEqual(area, 80, "the window moved down: other rows")
        area = 0
        room.reset()
        room.write(band: IntRect(x: 10, y: 4, width: 8, height: 10), color: colour, drawn: .zero) { area += $0.area }
        XCTAssertEqual(area, 80, "new buffers hold nothing known")
    }
}
