/// Exact area-averaging downscale: each output pixel is the mean of the source area
/// under it, partial source pixels weighted by how much of them it covers. Averaged in
/// premultiplied space, so transparent pixels lend no colour to their neighbours.
///
/// The source is read one row at a time, in order, so a decoder hands rows over as it
/// decodes them (`PNGDecoder`): memory beyond the output is one source row (as bytes
/// and as floats) and two output rows of floats, whatever the source's height.
struct AreaAverage {
    /// Which source columns feed an output column and how much (weights sum to 1).
    private struct Taps {
        var first: [Int] = [], count: [Int] = [], offset: [Int] = []
        var weights: [Float] = []

        /// In units where a source pixel is `dst` long and an output pixel `src` long,
        /// both lengths are integers and every overlap is exact.
        init(src: Int, dst: Int) {
            for o in 0..<dst {
                let lo = o * src, hi = (o + 1) * src
                let i0 = lo / dst, i1 = (hi + dst - 1) / dst
                first.append(i0); count.append(i1 - i0); offset.append(weights.count)
                for i in i0..<i1 {
                    let overlap = min(hi, (i + 1) * dst) - max(lo, i * dst)
                    weights.append(Float(overlap) / Float(src))
                }
            }
        }
    }

    let sourceWidth: Int, sourceHeight: Int
    let width: Int, height: Int

    /// Output `width`×`height` must not be larger than the source on either side.
    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        precondition(width <= sourceWidth && height <= sourceHeight && width > 0 && height > 0)
        self.sourceWidth = sourceWidth; self.sourceHeight = sourceHeight
        self.width = width; self.height = height
    }

    /// Downscales 8-bit BGRA pixels with straight (not premultiplied) alpha, as the
    /// decoders write them, into premultiplied ARGB32 words.
    func run(source: UnsafeRawPointer, stride: Int) throws -> Bitmap {
        try run { y in source + y * stride }
    }

    /// As `run(source:stride:)`, with the source rows asked for one at a time, top to
    /// bottom: `nextRow(y)` returns row y (`sourceWidth` × 4 bytes), which need only stay
    /// valid until the next call. An error it throws ends the run.
    func run(rows nextRow: (Int) throws -> UnsafeRawPointer) throws -> Bitmap {
        let out = try Bitmap(width: width, height: height)
        try run(rows: nextRow, computing: 0..<height) { o in
            (out.base + o * out.stride).assumingMemoryBound(to: UInt32.self)
        }
        return out
    }

    /// Output rows `computing` only (a band of a tall picture), each stored where
    /// `destination(o)` says, then `finished(o)` told. The same arithmetic as the whole
    /// run, so a band's pixels are the whole picture's. Source rows that feed only rows
    /// above the band are asked for (a decoder must read them) but not averaged; none
    /// below the band's last row is asked for.
    func run(rows nextRow: (Int) throws -> UnsafeRawPointer, computing: Range<Int>,
             into destination: (Int) -> UnsafeMutablePointer<UInt32>, finished: (Int) -> Void = { _ in }) throws {
        let computing = computing.clamped(to: 0..<height)
        guard !computing.isEmpty else { return }
        let taps = Taps(src: sourceWidth, dst: width)
        let premultiplied = UnsafeMutablePointer<Float>.allocate(capacity: sourceWidth * 4)
        let across = UnsafeMutablePointer<Float>.allocate(capacity: width * 4)
        let sum = UnsafeMutablePointer<Float>.allocate(capacity: width * 4)
        defer { premultiplied.deallocate(); across.deallocate(); sum.deallocate() }
        sum.initialize(repeating: 0, count: width * 4)

        var o = 0
        for y in 0..<sourceHeight {
            let source = try nextRow(y)
            // The last output row source row y feeds; above the band, it is only read.
            let lastFed = ((y + 1) * height - 1) / sourceHeight
            if lastFed < computing.lowerBound {
                o = (y + 1) * height / sourceHeight
                continue
            }
            let row = source.assumingMemoryBound(to: UInt8.self)
            for x in 0..<sourceWidth {
                let a = Float(row[x * 4 + 3])
                let k = a / 255
                premultiplied[x * 4] = Float(row[x * 4]) * k
                premultiplied[x * 4 + 1] = Float(row[x * 4 + 1]) * k
                premultiplied[x * 4 + 2] = Float(row[x * 4 + 2]) * k
                premultiplied[x * 4 + 3] = a
            }
            taps.weights.withUnsafeBufferPointer { weights in
                for ox in 0..<width {
                    var b: Float = 0, g: Float = 0, r: Float = 0, a: Float = 0
                    let first = taps.first[ox], base = taps.offset[ox]
                    for t in 0..<taps.count[ox] {
                        let w = weights[base + t], p = premultiplied + (first + t) * 4
                        b += p[0] * w; g += p[1] * w; r += p[2] * w; a += p[3] * w
                    }
                    across[ox * 4] = b; across[ox * 4 + 1] = g; across[ox * 4 + 2] = r; across[ox * 4 + 3] = a
                }
            }
            // Source row y spans [y·height, (y+1)·height); output row o spans
            // [o·sourceHeight, (o+1)·sourceHeight): add the overlap, emit finished rows.
            var position = y * height
            let end = (y + 1) * height
            while position < end {
                let outputEnd = (o + 1) * sourceHeight
                let overlap = min(end, outputEnd) - position
                let kept = computing.contains(o)
                if kept {
                    let w = Float(overlap) / Float(sourceHeight)
                    for i in 0..<width * 4 { sum[i] += across[i] * w }
                }
                position += overlap
                if position == outputEnd {
                    if kept {
                        Self.store(sum, into: destination(o), count: width)
                        finished(o)
                        sum.update(repeating: 0, count: width * 4)
                    }
                    o += 1
                    if o >= computing.upperBound { return }
                }
            }
        }
    }

    private static func store(_ sum: UnsafeMutablePointer<Float>, into row: UnsafeMutablePointer<UInt32>, count: Int) {
        for x in 0..<count {
            let a = min(255, max(0, (sum[x * 4 + 3] + 0.5).rounded(.down)))
            // Rounding may lift a colour a hair above its alpha; premultiplied needs c ≤ a.
            func channel(_ v: Float) -> UInt32 { UInt32(min(a, max(0, (v + 0.5).rounded(.down)))) }
            row[x] = UInt32(a) << 24 | channel(sum[x * 4 + 2]) << 16 | channel(sum[x * 4 + 1]) << 8 | channel(sum[x * 4])
        }
    }
}
