import Geometry
import XCTest
import Raster
@testable import Display

final class ScanoutCopyTests: XCTestCase {
    static let sentinel: UInt32 = 0xDEAD_BEEF

    /// A logical shadow whose pixel at (x, y) is y * 16 + x + 1.
    func patternedShadow(width: Int, height: Int) throws -> Bitmap {
        let b = try Bitmap(width: width, height: height)
        for y in 0..<height { for x in 0..<width { b.canvas.row(y)[x] = UInt32(y * 16 + x + 1) } }
        return b
    }

    func withDestination(width: Int, height: Int, pitch: Int, _ body: (UnsafeMutableRawPointer) throws -> Void) rethrows {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: pitch * height, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt32.self, repeating: Self.sentinel, count: pitch * height / 4)
        try body(memory)
    }

    func load(_ d: UnsafeMutableRawPointer, pitch: Int, _ x: Int, _ y: Int) -> UInt32 {
        (d + y * pitch + x * 4).load(as: UInt32.self)
    }

    func testDamagedRowsOnlyUsingPitchAndPaddingUntouched() throws {
        let shadow = try patternedShadow(width: 8, height: 4)
        let pitch = 8 * 4 + 24   // six pixels of padding per row
        withDestination(width: 8, height: 4, pitch: pitch) { d in
            var damage = Region(IntRect(x: 2, y: 1, width: 3, height: 2))
            damage.add(IntRect(x: 7, y: 3, width: 1, height: 1))
            ScanoutCopy.copy(damage, from: shadow.canvas, to: d, pitch: pitch, rotation: .r0)
            for y in 0..<4 {
                for x in 0..<(pitch / 4) {
                    let inside = (x >= 2 && x < 5 && y >= 1 && y < 3) || (x == 7 && y == 3)
                    XCTAssertEqual(load(d, pitch: pitch, x, y), inside ? UInt32(y * 16 + x + 1) : Self.sentinel, "(\(x), \(y))")
                }
            }
        }
    }

    func testRotatedCornersAndEveryPixel() throws {
        let (w, h) = (4, 3)
        let shadow = try patternedShadow(width: w, height: h)
        // Logical (0, 0) is 1; where it lands for each rotation (clockwise convention).
        let expectedTopLeftLanding: [Rotation: (Int, Int)] = [.r0: (0, 0), .r90: (2, 0), .r180: (3, 2), .r270: (0, 3)]
        for rotation in Rotation.allCases {
            let physW = rotation.swapsAxes ? h : w, physH = rotation.swapsAxes ? w : h
            let pitch = physW * 4 + 8
            withDestination(width: physW, height: physH, pitch: pitch) { d in
                ScanoutCopy.copy(Region(shadow.canvas.bounds), from: shadow.canvas, to: d, pitch: pitch, rotation: rotation)
                let corner = expectedTopLeftLanding[rotation]!
                XCTAssertEqual(load(d, pitch: pitch, corner.0, corner.1), 1, "\(rotation) top-left")
                for y in 0..<h {
                    for x in 0..<w {
                        let p = rotation.physicalPoint(x: x, y: y, logicalWidth: w, logicalHeight: h)
                        XCTAssertEqual(load(d, pitch: pitch, p.x, p.y), UInt32(y * 16 + x + 1), "\(rotation) (\(x), \(y))")
                    }
                }
                for y in 0..<physH { XCTAssertEqual(load(d, pitch: pitch, physW, y), Self.sentinel, "\(rotation) padding") }
            }
        }
        // The last logical pixel (bottom-right) for r90 lands bottom-left.
        XCTAssertTrue(Rotation.r90.physicalPoint(x: 3, y: 2, logicalWidth: 4, logicalHeight: 3) == (0, 3))
    }

    func testRotatedPartialRectTouchesOnlyItsPhysicalRect() throws {
        let (w, h) = (6, 4)
        let shadow = try patternedShadow(width: w, height: h)
        let rect = IntRect(x: 1, y: 1, width: 3, height: 2)
        for rotation in Rotation.allCases {
            let physW = rotation.swapsAxes ? h : w, physH = rotation.swapsAxes ? w : h
            let pitch = physW * 4 + 4
            withDestination(width: physW, height: physH, pitch: pitch) { d in
                ScanoutCopy.copy(Region(rect), from: shadow.canvas, to: d, pitch: pitch, rotation: rotation)
                let physRect = rotation.physicalRect(rect, logicalWidth: w, logicalHeight: h)
                var written = 0
                for y in 0..<physH { for x in 0..<physW where load(d, pitch: pitch, x, y) != Self.sentinel {
                    written += 1
                    XCTAssertTrue(physRect.contains(x: x, y: y), "\(rotation) wrote outside at (\(x), \(y))")
                } }
                XCTAssertEqual(written, rect.area, "\(rotation)")
            }
        }
    }
}
