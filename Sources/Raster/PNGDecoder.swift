import CPNGRows

/// PNG through libpng: any PNG it reads (grey, palette, 16-bit, interlaced, with or
/// without alpha) as BGRA, with the pixels libpng's simplified API gives for
/// `PNG_FORMAT_BGRA` (the same transforms, set up in `CPNGRows`).
///
/// A picture shown smaller than its natural size is decoded one row at a time straight
/// into the area average, so a 4000×4000 icon never exists at full size (64 MB); only
/// an interlaced (Adam7) PNG, whose rows arrive in seven passes, is decoded whole first.
///
/// libpng reads the compressed data through the pointer given to
/// `lectern_png_rows_begin` until `lectern_png_rows_end`, so every call happens inside
/// one `withUnsafeBytes` closure: the bytes stay alive for the whole decode.
enum PNGDecoder {
    /// `plan` sees the header's size before any pixel memory exists; it throws to stop
    /// (over the caps) or returns the output size, at most the natural size.
    static func decode(_ data: [UInt8], plan: (Int, Int) throws -> (width: Int, height: Int)) throws -> Image {
        try data.withUnsafeBytes { bytes -> Image in
            var png = lectern_png_rows()
            defer { lectern_png_rows_end(&png) }
            guard lectern_png_rows_begin(&png, bytes.baseAddress, bytes.count) != 0 else {
                throw ImageError("not a valid PNG: \(message(&png))")
            }
            let w = Int(png.width), h = Int(png.height)
            let size = try plan(w, h)
            try check(lectern_png_rows_start(&png), &png)
            let interlaced = png.interlaced != 0
            if size == (w, h) {
                let bitmap = try Bitmap(width: w, height: h)
                if interlaced {
                    try check(lectern_png_rows_read_image(&png, bitmap.base, bitmap.stride), &png)
                } else {
                    for y in 0..<h { try check(lectern_png_rows_read_row(&png, bitmap.canvas.row(y)), &png) }
                }
                premultiply(bitmap.canvas)
                return Image(bitmap: bitmap)
            }
            let average = AreaAverage(sourceWidth: w, sourceHeight: h, width: size.width, height: size.height)
            let stride = w * 4
            if interlaced {
                // The full-size pixels live only until they are averaged down.
                let full = UnsafeMutableRawPointer.allocate(byteCount: stride * h, alignment: 16)
                defer { full.deallocate() }
                try check(lectern_png_rows_read_image(&png, full, stride), &png)
                return Image(bitmap: try average.run(source: full, stride: stride))
            }
            let row = UnsafeMutableRawPointer.allocate(byteCount: stride, alignment: 16)
            defer { row.deallocate() }
            return Image(bitmap: try average.run { _ in
                try check(lectern_png_rows_read_row(&png, row), &png)
                return UnsafeRawPointer(row)
            })
        }
    }

    /// The rows `sink` asks for of the picture as shown, each straight from libpng (shrunk
    /// by the same area average as `decode`, enlarged by the same bilinear filter as
    /// `Image.scaled`): a band of a tall picture costs the pixels of that band, not of the
    /// picture. `plan` as for `decode`, answering nil when the size shown is not one the
    /// rows give (larger than the file's own on one side and smaller on the other): then
    /// nothing is read and the answer is false. Rows below the sink's last are not read.
    static func decodeRows(_ data: [UInt8], plan: (Int, Int) throws -> (width: Int, height: Int)?,
                           sink makeSink: (Int, Int) throws -> BandSink) throws -> Bool {
        try data.withUnsafeBytes { bytes -> Bool in
            var png = lectern_png_rows()
            defer { lectern_png_rows_end(&png) }
            guard lectern_png_rows_begin(&png, bytes.baseAddress, bytes.count) != 0 else {
                throw ImageError("not a valid PNG: \(message(&png))")
            }
            let w = Int(png.width), h = Int(png.height)
            guard let size = try plan(w, h) else { return false }
            let sink = try makeSink(size.width, size.height)
            let rows = sink.computing
            guard !rows.isEmpty else { return true }
            try check(lectern_png_rows_start(&png), &png)
            let stride = w * 4
            let interlaced = png.interlaced != 0
            // An interlaced picture's rows arrive in seven passes: it is read whole first.
            let full = interlaced ? UnsafeMutableRawPointer.allocate(byteCount: stride * h, alignment: 16) : nil
            let row = UnsafeMutableRawPointer.allocate(byteCount: stride, alignment: 16)
            defer { full?.deallocate(); row.deallocate() }
            if let full { try check(lectern_png_rows_read_image(&png, full, stride), &png) }
            func source(_ y: Int) throws -> UnsafeRawPointer {
                if let full { return UnsafeRawPointer(full + y * stride) }
                try check(lectern_png_rows_read_row(&png, row), &png)
                return UnsafeRawPointer(row)
            }
            if size == (w, h) {
                for y in 0..<rows.upperBound {
                    let pixels = try source(y)
                    guard y >= rows.lowerBound else { continue }
                    let line = sink.row(y)
                    line.update(from: pixels.assumingMemoryBound(to: UInt32.self), count: w)
                    premultiply(line, count: w)
                    sink.finished(y)
                }
                return true
            }
            if size.width >= w && size.height >= h {
                try BilinearRows(sourceWidth: w, sourceHeight: h, width: size.width, height: size.height).run(read: { y, into in
                    let pixels = try source(y)
                    guard let into else { return }
                    into.update(from: pixels.assumingMemoryBound(to: UInt32.self), count: w)
                    premultiply(into, count: w)
                }, computing: rows, into: sink.row, finished: sink.finished)
                return true
            }
            let average = AreaAverage(sourceWidth: w, sourceHeight: h, width: size.width, height: size.height)
            try average.run(rows: source, computing: rows, into: sink.row, finished: sink.finished)
            return true
        }
    }

    /// Throws the corrupt-file error with libpng's message when a read step returned 0.
    private static func check(_ result: Int32, _ png: inout lectern_png_rows) throws {
        guard result != 0 else {
            throw ImageError("the PNG data is corrupt or truncated (save it again from the original): \(message(&png))")
        }
    }

    private static func message(_ png: inout lectern_png_rows) -> String {
        withUnsafeBytes(of: &png.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return bytes.isEmpty ? "unknown libpng error" : String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Straight alpha to premultiplied, in place (opaque pixels are left as they are).
    static func premultiply(_ canvas: Canvas) {
        for y in 0..<canvas.height { premultiply(canvas.row(y), count: canvas.width) }
    }

    static func premultiply(_ line: UnsafeMutablePointer<UInt32>, count: Int) {
        for x in 0..<count {
            let p = line[x]
            let a = p >> 24
            if a == 255 { continue }
            // Scale the colour bytes by a/255 (the alpha byte stays as it is).
            let scaled = mixPixel(p, 0, a)
            line[x] = (scaled & 0x00FF_FFFF) | (a << 24)
        }
    }
}
