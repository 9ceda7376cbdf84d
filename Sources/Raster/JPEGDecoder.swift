import CTurboJPEG

/// JPEG through libjpeg-turbo's TurboJPEG API. A large picture is decoded already
/// shrunk: the decoder's DCT scaling (1/8 … 1) picks the smallest size still at least
/// twice as large as the output, and an exact area average takes it the rest of the way.
///
/// A photo's EXIF orientation is honoured (`JPEGOrientation`): `plan` is asked for the
/// upright size, the stored pixels are decoded at the matching stored size and turned.
///
/// Warnings count as errors: a truncated or damaged file would otherwise show a grey
/// band, and an unattended kiosk is better served by `check` saying so.
enum JPEGDecoder {
    static func decode(_ data: [UInt8], plan: (Int, Int) throws -> (width: Int, height: Int)) throws -> Image {
        guard let handle = tjInitDecompress() else { throw ImageError("cannot start the JPEG decoder (out of memory)") }
        defer { tjDestroy(handle) }
        func failure(_ what: String) -> ImageError {
            ImageError("\(what): \(String(cString: tjGetErrorStr2(handle)))")
        }
        return try data.withUnsafeBufferPointer { bytes -> Image in
            var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
            guard tjDecompressHeader3(handle, bytes.baseAddress, UInt(bytes.count), &w, &h, &subsampling, &colorspace) == 0 else {
                throw failure("not a valid JPEG")
            }
            let width = Int(w), height = Int(h)
            let orientation = JPEGOrientation.read(data)
            let size: (width: Int, height: Int)
            if orientation.swapsAxes {
                let upright = try plan(height, width)
                size = (upright.height, upright.width)
            } else {
                size = try plan(width, height)
            }
            // At least twice the output: most JPEGs store colour at half resolution, and
            // decoding only just as large as the output would blur coloured edges.
            let decoded = scaledSize(width: width, height: height, atLeast: (size.width * 2, size.height * 2))
            // CMYK and YCCK JPEGs decode only to CMYK; they are converted here.
            let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
            let format = cmyk ? TJPF_CMYK : TJPF_BGRA
            func decompress(into buffer: UnsafeMutableRawPointer, stride: Int) throws {
                let result = tjDecompress2(handle, bytes.baseAddress, UInt(bytes.count), buffer.assumingMemoryBound(to: UInt8.self),
                                           Int32(decoded.width), Int32(stride), Int32(decoded.height), format.rawValue, 0)
                guard result == 0 else { throw failure("the JPEG data is corrupt or truncated (save it again from the original)") }
                if cmyk { convertCMYK(buffer, stride: stride, width: decoded.width, height: decoded.height) }
            }
            if decoded == size {
                let bitmap = try Bitmap(width: size.width, height: size.height)
                try decompress(into: bitmap.base, stride: bitmap.stride)
                return Image(bitmap: try orientation.apply(to: bitmap))
            }
            let stride = decoded.width * 4
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: stride * decoded.height, alignment: 16)
            defer { buffer.deallocate() }
            try decompress(into: buffer, stride: stride)
            let shrunk = try AreaAverage(sourceWidth: decoded.width, sourceHeight: decoded.height,
                                         width: size.width, height: size.height).run(source: buffer, stride: stride)
            return Image(bitmap: try orientation.apply(to: shrunk))
        }
    }

    /// The smallest size TurboJPEG can decode to that covers `target`; the natural size
    /// when none smaller does.
    static func scaledSize(width: Int, height: Int, atLeast target: (width: Int, height: Int)) -> (width: Int, height: Int) {
        var count: Int32 = 0
        var best = (width: width, height: height)
        guard let factors = tjGetScalingFactors(&count) else { return best }
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) where factor.num < factor.denom {
            let num = Int(factor.num), denom = Int(factor.denom)
            // TJSCALED(): a C macro, so written out here.
            let sw = (width * num + denom - 1) / denom, sh = (height * num + denom - 1) / denom
            if sw >= target.width, sh >= target.height, sw * sh < best.width * best.height { best = (sw, sh) }
        }
        return best
    }

    /// CMYK as Adobe software writes it (inverted: 255 is no ink), which is what nearly
    /// every CMYK JPEG is, to opaque BGRA: R = C·K/255 and so on. No colour management.
    private static func convertCMYK(_ buffer: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int) {
        for y in 0..<height {
            let p = (buffer + y * stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let c = UInt32(p[x * 4]), m = UInt32(p[x * 4 + 1]), yellow = UInt32(p[x * 4 + 2]), k = UInt32(p[x * 4 + 3])
                func ink(_ v: UInt32) -> UInt8 { UInt8((v * k + 127) / 255) }
                p[x * 4] = ink(yellow); p[x * 4 + 1] = ink(m); p[x * 4 + 2] = ink(c); p[x * 4 + 3] = 255
            }
        }
    }
}
