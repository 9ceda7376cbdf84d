import Foundation
import Raster

/// The rasterizer's kernels at frame size: the baseline memcpy, a full fill, the
/// overlay composite at 0.9, the three stretched affordance dots, and a scroll step.
final class RasterCases {
    let width: Int, height: Int
    private let frame: Bitmap
    private let layer: Bitmap
    private let source: UnsafeMutableRawPointer
    private let bytes: Int
    private var k = 0

    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        frame = try Bitmap(width: width, height: height)
        layer = try Bitmap(width: width, height: height)
        layer.canvas.fill(layer.canvas.bounds, color: Color(red: 0x15, green: 0x18, blue: 0x1c))
        frame.canvas.fill(frame.canvas.bounds, color: Color(red: 0xf7, green: 0xf4, blue: 0xee))
        bytes = frame.stride * height
        source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        source.initializeMemory(as: UInt8.self, repeating: 0x5A, count: bytes)
    }

    deinit { source.deallocate() }

    var cases: [(String, () -> Void)] {
        let canvas = frame.canvas
        return [
            ("memcpy", { memcpy(canvas.base, self.source, self.bytes) }),
            ("fill.full", { self.k += 1; canvas.fill(canvas.bounds, color: Color(argb: 0xFF00_0000 | UInt32(self.k & 0xFF))) }),
            ("blend.overlay", { canvas.composite(self.layer.canvas, alpha: 0.9, rect: canvas.bounds) }),
            ("shapes.dots", {
                self.k += 1
                let phase = Double(self.k % 40) / 40
                for i in 0..<3 {
                    let w = 8 - 4 * phase, h = 8 + 88 * phase
                    canvas.fillRoundedRect(x: Double(canvas.width - 60 + 20 * i) + phase * 3.3, y: Double(canvas.height) / 2 - h / 2,
                                           width: w, height: h, radius: min(w, h) / 2, color: Color(red: 0xd0, green: 0x34, blue: 0x2c))
                }
            }),
            ("scroll.move", {
                canvas.move(canvas.bounds, dx: 0, dy: -7)
                canvas.fill(IntRect(x: 0, y: canvas.height - 7, width: canvas.width, height: 7), color: .white)
            }),
        ]
    }
}
