import Kiosk
import Raster

/// A grid of frame thumbnails, each with its time underneath.
struct ContactSheet {
    let columns: Int
    let thumbnailWidth: Int
    let thumbnailHeight: Int
    let frameWidth: Int
    let frameHeight: Int
    private var thumbnails: [(Bitmap, String)] = []
    static let labelHeight = 22
    static let gap = 8

    init(columns: Int, thumbnailWidth: Int, frameWidth: Int, frameHeight: Int) {
        self.columns = columns
        self.thumbnailWidth = thumbnailWidth
        self.thumbnailHeight = max(1, thumbnailWidth * frameHeight / frameWidth)
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
    }

    private var content: TypesetContent?

    /// Box-filter the frame down to a thumbnail (averaging every source pixel).
    mutating func add(_ frame: Canvas, label: String, content: TypesetContent) throws {
        self.content = content
        let thumb = try Bitmap(width: thumbnailWidth, height: thumbnailHeight)
        let t = thumb.canvas
        for ty in 0..<thumbnailHeight {
            let y0 = ty * frameHeight / thumbnailHeight, y1 = max(y0 + 1, (ty + 1) * frameHeight / thumbnailHeight)
            let out = t.row(ty)
            for tx in 0..<thumbnailWidth {
                let x0 = tx * frameWidth / thumbnailWidth, x1 = max(x0 + 1, (tx + 1) * frameWidth / thumbnailWidth)
                var r = 0, g = 0, b = 0
                for y in y0..<y1 {
                    let row = frame.row(y)
                    for x in x0..<x1 {
                        let p = row[x]
                        r += Int((p >> 16) & 0xFF); g += Int((p >> 8) & 0xFF); b += Int(p & 0xFF)
                    }
                }
                let n = (y1 - y0) * (x1 - x0)
                out[tx] = 0xFF00_0000 | UInt32(r / n) << 16 | UInt32(g / n) << 8 | UInt32(b / n)
            }
        }
        thumbnails.append((thumb, label))
    }

    func render() throws -> Bitmap {
        let rows = max(1, (thumbnails.count + columns - 1) / columns)
        let cellW = thumbnailWidth + Self.gap, cellH = thumbnailHeight + Self.labelHeight + Self.gap
        let sheet = try Bitmap(width: columns * cellW + Self.gap, height: rows * cellH + Self.gap)
        let c = sheet.canvas
        c.fill(c.bounds, color: Color(red: 0x30, green: 0x30, blue: 0x30))
        for (i, (thumb, label)) in thumbnails.enumerated() {
            let x = Self.gap + (i % columns) * cellW, y = Self.gap + (i / columns) * cellH
            c.blit(thumb.canvas, from: thumb.canvas.bounds, toX: x, y: y)
            content?.drawLabel(label, size: 14, color: .white, centerX: x + thumbnailWidth / 2,
                               centerY: y + thumbnailHeight + Self.labelHeight / 2, into: c)
        }
        return sheet
    }
}
