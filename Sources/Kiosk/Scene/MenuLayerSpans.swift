import Raster

/// Where the menu layer is not its plain overlay colour: per row, the runs of pixels the
/// ring items and labels cover. A fade step mixes the layer over the page at every pixel;
/// away from these runs the layer is one colour, so the mix there reads only the page
/// (`PixelDestination.mixColor`), and the layer itself is read only along the runs
/// (a few percent of the screen, where the colour mix over the ring's bounding box read
/// both everywhere inside it). Both kernels give the same bytes for an overlay-coloured
/// layer pixel, so the split does not show.
struct MenuLayerSpans {
    /// Runs closer than this (px) are merged: a short gap costs less mixed from the layer
    /// than a second kernel call.
    static let mergeGap = 16
    /// Per row y, the runs are `runs[rowStart[y] ..< rowStart[y + 1]]`, sorted, as
    /// half-open x ranges.
    private(set) var rowStart: [Int32] = []
    private(set) var runs: [(from: Int32, to: Int32)] = []

    init() {}

    /// Scans `layer` inside `box` for pixels whose colour (RGB) differs from `overlay`.
    init(layer: Canvas, overlay: Color, box: IntRect) {
        let background = overlay.argb & 0xFF_FFFF
        let box = box.intersection(layer.bounds)
        rowStart = [Int32](repeating: 0, count: layer.height + 1)
        for y in 0..<layer.height {
            rowStart[y] = Int32(runs.count)
            guard y >= box.minY && y < box.maxY else { continue }
            let row = layer.row(y)
            var x = box.minX
            while x < box.maxX {
                while x < box.maxX && row[x] & 0xFF_FFFF == background { x += 1 }
                guard x < box.maxX else { break }
                let start = x
                while x < box.maxX && row[x] & 0xFF_FFFF != background { x += 1 }
                if let last = runs.last, runs.count > Int(rowStart[y]), start - Int(last.to) < Self.mergeGap {
                    runs[runs.count - 1].to = Int32(x)
                } else {
                    runs.append((Int32(start), Int32(x)))
                }
            }
        }
        rowStart[layer.height] = Int32(runs.count)
    }

    /// The overlay colour and opacity as the colour mix takes them (opaque; 0–255).
    static func mixPixel(_ overlay: Color) -> UInt32 { overlay.argb | 0xFF00_0000 }
    static func mixAlpha(_ alpha: Int) -> UInt32 { UInt32(max(0, min(255, alpha))) }

    /// Pixels inside the runs (for tests and the docs' figures).
    var area: Int { runs.reduce(0) { $0 + Int($1.to - $1.from) } }

    /// dst = a · layer + (1 − a) · page over `rect`, `alpha` in 1/255 steps: along the runs
    /// from the layer, elsewhere from the overlay colour. The layer's top-left pixel is at
    /// `origin` in dst's and page's coordinates (the runs are the layer's); outside the
    /// layer everything is the overlay colour. A write-only `dst` (scan-out memory) is
    /// written once, in order, and never read (whoever handed it out fences).
    func compose(layer: Canvas, at origin: (x: Int, y: Int) = (0, 0), overlay: Color, over page: Canvas, into dst: PixelDestination,
                 alpha: Int, rect: IntRect) {
        let r = rect.intersection(dst.bounds).intersection(page.bounds)
        guard !r.isEmpty else { return }
        let word = Self.mixPixel(overlay), a = Self.mixAlpha(alpha)
        func color(_ y: Int, _ from: Int, _ to: Int) {
            dst.mixColor(y: y, from: from, to: to, color: word, alpha: a, over: page)
        }
        func mix(_ y: Int, _ from: Int, _ to: Int) {
            dst.mix(y: y, from: from, to: to, layer: layer, layerX: origin.x, layerY: origin.y, alpha: a, over: page)
        }
        let placed = layer.bounds.offsetBy(dx: origin.x, dy: origin.y)
        for y in r.minY..<r.maxY {
            var x = r.minX
            let ly = y - origin.y
            if ly >= 0, ly + 1 < rowStart.count {
                for i in Int(rowStart[ly])..<Int(rowStart[ly + 1]) {
                    let from = max(Int(runs[i].from) + origin.x, r.minX), to = min(Int(runs[i].to) + origin.x, r.maxX)
                    guard from < to else { continue }
                    color(y, x, from)
                    mix(y, from, to)
                    x = to
                }
            } else if rowStart.isEmpty, y >= placed.minY, y < placed.maxY {
                // No scan for this layer (it was not built from it): mix from the layer throughout.
                let from = max(x, placed.minX), to = min(r.maxX, placed.maxX)
                if from < to {
                    color(y, x, from)
                    mix(y, from, to)
                    x = to
                }
            }
            color(y, x, r.maxX)
        }
    }
}
