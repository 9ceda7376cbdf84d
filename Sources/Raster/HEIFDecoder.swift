import CHeif
import CLibraryLoader

/// HEIF (HEVC inside, as phones save photos) and AVIF (AV1 inside) through libheif, with
/// the decoders Debian builds into it (libde265 for HEVC, dav1d or libaom for AV1). The
/// primary picture is shown; its size, from the file's header boxes, meets the caps before
/// anything is decoded, and libheif itself is told the same longest side.
///
/// libheif reads the file in place (`read_from_memory_without_copy`), so every call
/// happens inside one `withUnsafeBytes` closure.
enum HEIFDecoder {
    /// libheif, loaded when the first HEIF or AVIF picture is decoded (`CLibraryLoader`): a
    /// kiosk showing none never maps it or its codecs. nil once loaded, or why it cannot be.
    static let libraryMissing: String? = lectern_heif_load().map { String(cString: $0) }

    static func decode(_ data: [UInt8], format: ImageFormat, plan: (Int, Int) throws -> (width: Int, height: Int)) throws -> Image {
        if let missing = libraryMissing { throw ImageError("the \(format.rawValue) picture cannot be decoded: \(missing)") }
        guard let context = heif_context_alloc() else { throw ImageError("cannot start the \(format.rawValue) decoder (out of memory)") }
        defer { heif_context_free(context) }
        heif_context_set_maximum_image_size_limit(context, Int32(ImageLimits.maxSide))
        return try data.withUnsafeBytes { bytes -> Image in
            try check(heif_context_read_from_memory_without_copy(context, bytes.baseAddress, bytes.count, nil), format)
            var handle: OpaquePointer?
            try check(heif_context_get_primary_image_handle(context, &handle), format)
            guard let handle else { throw ImageError("the \(format.rawValue) file has no primary picture: save it again") }
            defer { heif_image_handle_release(handle) }
            let width = Int(heif_image_handle_get_width(handle)), height = Int(heif_image_handle_get_height(handle))
            // The caps, before anything is decoded (the plan is asked again for the
            // decoded size, which a rotation in the file may have turned).
            _ = try plan(width, height)
            var decoded: OpaquePointer?
            try check(heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil), format)
            guard let decoded else { throw ImageError("the \(format.rawValue) decoder returned no picture: save it again") }
            defer { heif_image_release(decoded) }
            var stride: Int32 = 0
            let outWidth = Int(heif_image_get_width(decoded, heif_channel_interleaved))
            let outHeight = Int(heif_image_get_height(decoded, heif_channel_interleaved))
            guard let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride),
                  outWidth > 0, outHeight > 0, outWidth * outHeight <= ImageLimits.maxPixels else {
                throw ImageError("the \(format.rawValue) decoder returned no pixels: the file is corrupt")
            }
            let premultiplied = heif_image_handle_is_premultiplied_alpha(handle) != 0
            let shown = try plan(outWidth, outHeight)
            /// Row y of the decoded RGBA plane, as BGRA.
            func convert(_ y: Int, into row: UnsafeMutablePointer<UInt32>) {
                let source = plane + y * Int(stride)
                for x in 0..<outWidth {
                    let r = UInt32(source[x * 4]), g = UInt32(source[x * 4 + 1]), b = UInt32(source[x * 4 + 2])
                    row[x] = UInt32(source[x * 4 + 3]) << 24 | r << 16 | g << 8 | b
                }
            }
            // Shown smaller: averaged down row by row, so the decoded plane is the only
            // full-size copy (a premultiplied file, rare, takes the whole-picture path).
            if shown != (outWidth, outHeight), !premultiplied {
                let row = UnsafeMutablePointer<UInt32>.allocate(capacity: outWidth)
                defer { row.deallocate() }
                let average = AreaAverage(sourceWidth: outWidth, sourceHeight: outHeight, width: shown.width, height: shown.height)
                return Image(bitmap: try average.run { y in
                    convert(y, into: row)
                    return UnsafeRawPointer(row)
                })
            }
            let bitmap = try Bitmap(width: outWidth, height: outHeight)
            let canvas = bitmap.canvas
            for y in 0..<outHeight { convert(y, into: canvas.row(y)) }
            if !premultiplied { PNGDecoder.premultiply(canvas) }
            return Image(bitmap: bitmap)
        }
    }

    private static func check(_ error: heif_error, _ format: ImageFormat) throws {
        guard error.code != heif_error_Ok else { return }
        let reason = error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
        switch error.code {
        case heif_error_Unsupported_feature, heif_error_Unsupported_filetype:
            throw ImageError("the \(format.rawValue) picture uses what this libheif cannot decode (\(reason)): save it as JPEG, PNG or an ordinary \(format.rawValue)")
        case heif_error_Memory_allocation_error:
            throw ImageError("out of memory decoding the \(format.rawValue) picture (\(reason))")
        default:
            throw ImageError("the \(format.rawValue) data is corrupt or truncated (\(reason)): save it again from the original")
        }
    }
}
