import CJPEGRows

/// JPEG through libjpeg-turbo's scanline API (`CJPEGRows`), one row at a time. A large
/// picture is decoded already shrunk: the decoder's DCT scaling (1/8 … 1) picks the
/// smallest size still at least twice as large as the output, and an exact area average,
/// fed row by row, takes it the rest of the way; the decoded size never exists whole.
///
/// A photo's EXIF orientation is honoured (`JPEGOrientation`): `plan` is asked for the
/// upright size, the stored pixels are decoded at the matching stored size and turned.
///
/// Warnings count as errors: a truncated or damaged file would otherwise show a grey
/// band, and an unattended kiosk is better served by `check` saying so.
///
/// libjpeg reads the compressed data through the pointer given to
/// `lectern_jpeg_rows_begin` until `lectern_jpeg_rows_end`, so every call happens inside
/// one `withUnsafeBytes` closure: the bytes stay alive for the whole decode.
enum JPEGDecoder {
    static func decode(_ data: [UInt8], plan: (Int, Int) throws -> (width: Int, height: Int)) throws -> Image {
        let orientation = JPEGOrientation.read(data)
        return try data.withUnsafeBytes { bytes -> Image in
            var jpeg = lectern_jpeg_rows()
            defer { lectern_jpeg_rows_end(&jpeg) }
            let (width, height) = try begin(&jpeg, bytes)
            let size: (width: Int, height: Int)
            if orientation.swapsAxes {
                let upright = try plan(height, width)
                size = (upright.height, upright.width)
            } else {
                size = try plan(width, height)
            }
            let rows = try RowReader(&jpeg, width: width, height: height, shownAs: size)
            defer { rows.release() }
            let stored: Bitmap
            if rows.width == size.width && rows.height == size.height {
                stored = try Bitmap(width: size.width, height: size.height)
                for y in 0..<size.height { try rows.read(&jpeg, into: stored.canvas.row(y)) }
            } else {
                stored = try AreaAverage(sourceWidth: rows.width, sourceHeight: rows.height, width: size.width, height: size.height)
                    .run { _ in try rows.next(&jpeg) }
            }
            return Image(bitmap: try orientation.apply(to: stored))
        }
    }

    /// The rows `sink` asks for of the picture as shown, straight from the decoder (shrunk
    /// by the same area average as `decode`, enlarged by the same bilinear filter as
    /// `Image.scaled`): a band of a tall picture costs the pixels of that band, and no row
    /// below the sink's last is decoded. `plan` as for `decode`, answering nil when the
    /// size shown is not one the rows give (larger than the file's own on one side and
    /// smaller on the other); a photo that must be turned (EXIF orientation) is not read
    /// either. Then the answer is false and the caller decodes the picture whole.
    static func decodeRows(_ data: [UInt8], plan: (Int, Int) throws -> (width: Int, height: Int)?,
                           sink makeSink: (Int, Int) throws -> BandSink) throws -> Bool {
        guard JPEGOrientation.read(data) == .upright else { return false }
        return try data.withUnsafeBytes { bytes -> Bool in
            var jpeg = lectern_jpeg_rows()
            defer { lectern_jpeg_rows_end(&jpeg) }
            let (width, height) = try begin(&jpeg, bytes)
            guard let size = try plan(width, height) else { return false }
            let sink = try makeSink(size.width, size.height)
            let wanted = sink.computing
            guard !wanted.isEmpty else { return true }
            let rows = try RowReader(&jpeg, width: width, height: height, shownAs: size)
            defer { rows.release() }
            if rows.width == size.width && rows.height == size.height {
                for y in 0..<wanted.upperBound {
                    guard y >= wanted.lowerBound else { _ = try rows.next(&jpeg); continue }
                    try rows.read(&jpeg, into: sink.row(y))
                    sink.finished(y)
                }
                return true
            }
            if size.width >= rows.width && size.height >= rows.height {
                // Opaque rows (CMYK converted): premultiplied already.
                try BilinearRows(sourceWidth: rows.width, sourceHeight: rows.height, width: size.width, height: size.height).run(read: { _, into in
                    if let into { try rows.read(&jpeg, into: into) } else { _ = try rows.next(&jpeg) }
                }, computing: wanted, into: sink.row, finished: sink.finished)
                return true
            }
            try AreaAverage(sourceWidth: rows.width, sourceHeight: rows.height, width: size.width, height: size.height)
                .run(rows: { _ in try rows.next(&jpeg) }, computing: wanted, into: sink.row, finished: sink.finished)
            return true
        }
    }

    /// Reads the header: the stored size.
    private static func begin(_ jpeg: inout lectern_jpeg_rows, _ bytes: UnsafeRawBufferPointer) throws -> (Int, Int) {
        guard lectern_jpeg_rows_begin(&jpeg, bytes.baseAddress, bytes.count) != 0 else {
            throw ImageError("not a valid JPEG: \(message(&jpeg))")
        }
        return (Int(jpeg.width), Int(jpeg.height))
    }

    /// The decoder started at the scale a shown size needs, and one row of scratch.
    private struct RowReader {
        /// The size rows come at.
        let width: Int, height: Int
        let cmyk: Bool
        private let scratch: UnsafeMutablePointer<UInt32>

        init(_ jpeg: inout lectern_jpeg_rows, width: Int, height: Int, shownAs size: (width: Int, height: Int)) throws {
            // At least twice the output: most JPEGs store colour at half resolution, and
            // decoding only just as large as the output would blur coloured edges.
            let scale = JPEGDecoder.scale(width: width, height: height, atLeast: (size.width * 2, size.height * 2))
            try check(lectern_jpeg_rows_start(&jpeg, UInt32(scale.eighths), 8), &jpeg)
            self.width = Int(jpeg.output_width)
            self.height = Int(jpeg.output_height)
            guard self.width == scale.width, self.height == scale.height else {
                throw ImageError("the JPEG decoder gave \(self.width)x\(self.height) where \(scale.width)x\(scale.height) was asked for")
            }
            cmyk = jpeg.cmyk != 0
            scratch = .allocate(capacity: max(self.width, 1))
        }

        func release() { scratch.deallocate() }

        /// The next row into `row` (`width` pixels), as BGRA with opaque alpha.
        func read(_ jpeg: inout lectern_jpeg_rows, into row: UnsafeMutablePointer<UInt32>) throws {
            try check(lectern_jpeg_rows_read_row(&jpeg, row), &jpeg)
            if cmyk { JPEGDecoder.convertCMYK(UnsafeMutableRawPointer(row), width: width) }
        }

        /// The next row in the scratch row, valid until the next call.
        func next(_ jpeg: inout lectern_jpeg_rows) throws -> UnsafeRawPointer {
            try read(&jpeg, into: scratch)
            return UnsafeRawPointer(scratch)
        }
    }

    /// The smallest size libjpeg can decode to (n/8 of the stored size, n = 1 … 7) that
    /// covers `target`; the stored size (8/8) when none smaller does.
    static func scale(width: Int, height: Int, atLeast target: (width: Int, height: Int)) -> (width: Int, height: Int, eighths: Int) {
        for n in 1...7 {
            // libjpeg's output size at n/8: rounded up (jdiv_round_up in jdmaster.c).
            let sw = (width * n + 7) / 8, sh = (height * n + 7) / 8
            if sw >= target.width && sh >= target.height { return (sw, sh, n) }
        }
        return (width, height, 8)
    }

    /// `scale`'s size.
    static func scaledSize(width: Int, height: Int, atLeast target: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let s = scale(width: width, height: height, atLeast: target)
        return (s.width, s.height)
    }

    /// CMYK as Adobe software writes it (inverted: 255 is no ink), which is what nearly
    /// every CMYK JPEG is, to opaque BGRA in place: R = C·K/255 and so on. No colour
    /// management.
    static func convertCMYK(_ row: UnsafeMutableRawPointer, width: Int) {
        let p = row.assumingMemoryBound(to: UInt8.self)
        for x in 0..<width {
            let c = UInt32(p[x * 4]), m = UInt32(p[x * 4 + 1]), yellow = UInt32(p[x * 4 + 2]), k = UInt32(p[x * 4 + 3])
            func ink(_ v: UInt32) -> UInt8 { UInt8((v * k + 127) / 255) }
            p[x * 4] = ink(yellow); p[x * 4 + 1] = ink(m); p[x * 4 + 2] = ink(c); p[x * 4 + 3] = 255
        }
    }

    /// Throws the corrupt-file error with libjpeg's message when a read step returned 0.
    private static func check(_ result: Int32, _ jpeg: inout lectern_jpeg_rows) throws {
        guard result != 0 else {
            throw ImageError("the JPEG data is corrupt or truncated (save it again from the original): \(message(&jpeg))")
        }
    }

    private static func message(_ jpeg: inout lectern_jpeg_rows) -> String {
        withUnsafeBytes(of: &jpeg.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
