#if canImport(Glibc)
import Glibc
#endif
import Measure
import Raster

/// The rasterizer's own cases.
public enum RasterBench {
    /// Keeps the buffers a case's body draws into alive as long as the body.
    final class Buffers {
        let frame: Bitmap, other: Bitmap
        init(_ w: Int, _ h: Int) throws {
            frame = try Bitmap(width: w, height: h)
            other = try Bitmap(width: w, height: h)
            other.canvas.fill(other.canvas.bounds, color: Color(red: 40, green: 40, blue: 48))
        }
    }

    public static var cases: [BenchCase] {
        [
            BenchCase(name: "fill.full") { w, h in
                let b = try Buffers(w, h)
                var flip = false
                return {
                    flip.toggle()
                    b.frame.canvas.fill(b.frame.canvas.bounds, color: flip ? .white : .black)
                }
            },
            BenchCase(name: "blend.overlay") { w, h in
                let b = try Buffers(w, h)
                return { b.frame.canvas.composite(b.other.canvas, alpha: 0.9, rect: b.frame.canvas.bounds) }
            },
            BenchCase(name: "shapes.dots") { w, h in
                // The affordance (60 × 96) at the right edge, dots mid-stretch.
                let b = try Buffers(w, h)
                let top = Double(h) / 2 - 48 + 0.37
                var phase = 0.0
                return {
                    phase = phase > 1 ? 0 : phase + 0.013
                    let canvas = b.frame.canvas
                    for i in 0..<3 {
                        let height = 8 + (96 - 8) * min(1, phase + Double(i) * 0.3)
                        let width = 8 - 4 * min(1, phase + Double(i) * 0.3)
                        let x = Double(w) - 60 + 20 * Double(i) + (8 - width) / 2 + 0.25
                        canvas.fillRoundedRect(x: x, y: top + (96 - height) / 2, width: width, height: height,
                                               radius: width / 2, color: .white)
                    }
                }
            },
            BenchCase(name: "scroll.move") { w, h in
                let b = try Buffers(w, h)
                return {
                    let canvas = b.frame.canvas
                    canvas.move(canvas.bounds, dx: 0, dy: -7)
                    canvas.fill(IntRect(x: 0, y: h - 7, width: w, height: 7), color: .white)
                }
            },
        ] + ImageBench.cases
    }
}
