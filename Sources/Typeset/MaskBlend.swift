import Raster

// Typeset's own blending of 8-bit coverage masks and solid rectangles into a canvas.
// Raster's drawing operations were not available when this module was written
// (see the report); these loops are small, clipped, and private to Typeset.
extension Canvas {
    /// Blends `color` into the canvas with per-pixel coverage from `mask`, clipped.
    func blendMask(_ mask: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, x: Int, y: Int, color: Color) {
        let area = IntRect(x: x, y: y, width: width, height: height).intersection(clip)
        guard !area.isEmpty, color.alpha > 0 else { return }
        let src = color.argb & 0xFF_FFFF
        let srcRB = src & 0xFF00FF, srcG = src & 0x00FF00
        let opacity = UInt32(color.alpha) + UInt32(color.alpha >> 7)  // 0...256
        for row in area.minY..<area.maxY {
            let dst = self.row(row)
            let coverage = mask + (row - y) * stride + (area.minX - x)
            for i in 0..<area.width {
                let c = UInt32(coverage[i])
                if c == 0 { continue }
                var a = c + (c >> 7)  // 0...256
                if opacity != 256 { a = (a * opacity) >> 8 }
                let p = area.minX + i
                if a == 256 {
                    dst[p] = 0xFF00_0000 | src
                    continue
                }
                let d = dst[p]
                let rb = ((srcRB &* a) &+ ((d & 0xFF00FF) &* (256 - a))) >> 8 & 0xFF00FF
                let g = ((srcG &* a) &+ ((d & 0x00FF00) &* (256 - a))) >> 8 & 0x00FF00
                dst[p] = 0xFF00_0000 | rb | g
            }
        }
    }

    /// Fills `rect` (clipped) with `color`, blended by its alpha.
    func fillBlended(_ rect: IntRect, color: Color) {
        let area = rect.intersection(clip)
        guard !area.isEmpty else { return }
        var coverage = [UInt8](repeating: 255, count: area.width)
        coverage.withUnsafeMutableBufferPointer { line in
            for row in area.minY..<area.maxY {
                blendMask(line.baseAddress!, width: area.width, height: 1, stride: area.width, x: area.minX, y: row, color: color)
            }
        }
    }
}
