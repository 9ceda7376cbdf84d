import CGIF

/// GIF through giflib's record-by-record API, which reads the file up to the first
/// frame and no further: DGifSlurp would hold every frame of an animation in memory
/// (a thousand 1000×1000 frames are a gigabyte) to show one. Of an animated GIF this is
/// the first frame, placed on the logical screen the file declares (transparent around
/// it), with the transparent index of the graphic control block before it: the page's
/// still picture; `GIFAnimation` plays the frames.
///
/// Why giflib and not FFmpeg (linked for clips): this is a still picture decoded from
/// bytes in memory inside `Raster`, which FFmpeg's GIF decoder reaches only through a
/// demuxer over a custom I/O context, and `Raster` sits below `Video`; giflib reads from
/// a callback over the bytes and gives the first frame's rows and colour map directly.
enum GIFDecoder {
    /// The unread part of the file, handed to giflib's read callback.
    private struct Input {
        let base: UnsafePointer<UInt8>
        let count: Int
        var offset = 0
    }

    static func decode(_ data: [UInt8], plan: (Int, Int) throws -> (width: Int, height: Int)) throws -> Image {
        try data.withUnsafeBufferPointer { bytes -> Image in
            guard let base = bytes.baseAddress else { throw ImageError("the GIF is empty") }
            var input = Input(base: base, count: bytes.count)
            return try withUnsafeMutablePointer(to: &input) { inputPointer -> Image in
                var code: Int32 = 0
                guard let gif = DGifOpen(inputPointer, read, &code) else { throw failure(code) }
                defer { DGifCloseFile(gif, &code) }
                let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
                let shown = try plan(width, height)
                return try firstFrame(gif, width: width, height: height, shown: shown)
            }
        }
    }

    /// giflib's input callback: copies up to `count` unread bytes, answering how many.
    private static let read: InputFunc = { gif, buffer, count in
        guard let gif, let buffer, let user = gif.pointee.UserData else { return 0 }
        let input = user.assumingMemoryBound(to: Input.self)
        let n = max(0, min(Int(count), input.pointee.count - input.pointee.offset))
        buffer.update(from: input.pointee.base + input.pointee.offset, count: n)
        input.pointee.offset += n
        return Int32(n)
    }

    private static func firstFrame(_ gif: UnsafeMutablePointer<GifFileType>, width: Int, height: Int,
                                   shown: (width: Int, height: Int)) throws -> Image {
        var transparent = Int(NO_TRANSPARENT_COLOR)
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw failure(gif.pointee.Error) }
            switch record {
            case EXTENSION_RECORD_TYPE:
                var function: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &function, &block) == GIF_OK else { throw failure(gif.pointee.Error) }
                if function == GRAPHICS_EXT_FUNC_CODE, let block {
                    var control = GraphicsControlBlock()
                    if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK { transparent = Int(control.TransparentColor) }
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw failure(gif.pointee.Error) }
                }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { throw failure(gif.pointee.Error) }
                let image = try frame(gif, width: width, height: height, shown: shown, transparent: transparent)
                // Anything but the trailer after the first frame (the next frame's control
                // block or descriptor) makes an animation.
                var next = UNDEFINED_RECORD_TYPE
                if DGifGetRecordType(gif, &next) == GIF_OK, next == EXTENSION_RECORD_TYPE || next == IMAGE_DESC_RECORD_TYPE {
                    image.facts = .animated(.gif)
                }
                return image
            case TERMINATE_RECORD_TYPE:
                throw ImageError("the GIF has no picture in it (it ends before its first frame): save it again from the original")
            default:
                continue
            }
        }
    }

    /// The frame whose descriptor was just read, on a `width`×`height` transparent screen,
    /// at the `shown` size. A frame that fills the screen, its rows in order (the usual
    /// case), is averaged down as its rows arrive, as a PNG is: it never exists at full size.
    private static func frame(_ gif: UnsafeMutablePointer<GifFileType>, width: Int, height: Int,
                              shown: (width: Int, height: Int), transparent: Int) throws -> Image {
        let desc = gif.pointee.Image
        let frameWidth = Int(desc.Width), frameHeight = Int(desc.Height)
        let left = Int(desc.Left), top = Int(desc.Top)
        guard frameWidth > 0, frameHeight > 0, frameWidth * frameHeight <= ImageLimits.maxPixels else {
            throw ImageError("the GIF's first frame claims \(frameWidth)×\(frameHeight) pixels: the file is corrupt")
        }
        guard let map = desc.ColorMap ?? gif.pointee.SColorMap else {
            throw ImageError("the GIF has no colour table for its first frame: the file is corrupt")
        }
        let colors = UnsafeBufferPointer(start: map.pointee.Colors, count: Int(map.pointee.ColorCount))
        let palette: [UInt32] = (0..<256).map { index in
            guard index < colors.count, index != transparent else { return 0 }
            let c = colors[index]
            return 0xFF00_0000 | UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue)
        }
        if shown != (width, height), !desc.Interlace, left == 0, top == 0, frameWidth == width, frameHeight == height {
            var line = [GifPixelType](repeating: 0, count: width)
            let row = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
            defer { row.deallocate() }
            // Palette colours are opaque or wholly transparent: straight and premultiplied alike.
            return Image(bitmap: try AreaAverage(sourceWidth: width, sourceHeight: height, width: shown.width, height: shown.height).run { _ in
                guard DGifGetLine(gif, &line, Int32(width)) == GIF_OK else { throw failure(gif.pointee.Error) }
                for x in 0..<width { row[x] = palette[Int(line[x])] }
                return UnsafeRawPointer(row)
            })
        }
        // Interlaced rows arrive in four passes: every 8th from 0, every 8th from 4,
        // every 4th from 2, every 2nd from 1.
        var order: [Int] = []
        if desc.Interlace {
            for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] { order += Array(stride(from: start, to: frameHeight, by: step)) }
        } else {
            order = Array(0..<frameHeight)
        }
        let bitmap = try Bitmap(width: width, height: height)
        let canvas = bitmap.canvas
        var line = [GifPixelType](repeating: 0, count: frameWidth)
        for y in order {
            guard DGifGetLine(gif, &line, Int32(frameWidth)) == GIF_OK else { throw failure(gif.pointee.Error) }
            let screenY = top + y
            // A frame may reach past the screen (or lie wholly outside it): clipped.
            guard screenY < height, left < width else { continue }
            let row = canvas.row(screenY)
            for x in 0..<min(frameWidth, width - left) { row[left + x] = palette[Int(line[x])] }
        }
        return Image(bitmap: bitmap)
    }

    private static func failure(_ code: Int32) -> ImageError {
        // giflib reports a file cut short by what it missed (a descriptor, a line): one message.
        let reason = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        return ImageError("the GIF data is corrupt or truncated (\(reason)): save it again from the original")
    }
}
