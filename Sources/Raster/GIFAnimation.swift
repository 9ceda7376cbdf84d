import CGIF

/// An animated GIF's frames through giflib's record-by-record API, one at a time,
/// composed as browsers compose them (GIF89a §23): the canvas starts transparent; each
/// frame draws its rectangle of the palette, its transparent index leaving what is under
/// it; before the next frame its disposal method clears the rectangle (2), puts back
/// what was under it (3), or leaves it (0, 1). Held: the canvas, and for a frame that
/// disposes to "previous" the rectangle it covers.
final class GIFAnimation: AnimationFrames {
    private struct Input {
        let base: UnsafeRawPointer
        let count: Int
        var offset = 0
    }

    let canvasWidth: Int
    let canvasHeight: Int
    private(set) var passes = 1
    /// The file's bytes, owned here: giflib reads them through `input` for as long as it is open.
    private let bytes: UnsafeMutableRawBufferPointer
    private let input: UnsafeMutablePointer<Input>
    private var gif: UnsafeMutablePointer<GifFileType>?
    /// Premultiplied ARGB32 words (palette colours are opaque or wholly transparent, so
    /// the same bytes as straight BGRA).
    private let canvas: UnsafeMutablePointer<UInt32>
    /// The frame last drawn: its rectangle and disposal, applied before the next one.
    private var disposal: (rect: IntRect, method: Int32, saved: [UInt32]?)?

    init(_ data: [UInt8]) throws {
        let owned = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 8)
        data.withUnsafeBytes { source in owned.copyMemory(from: source) }
        bytes = owned
        input = UnsafeMutablePointer<Input>.allocate(capacity: 1)
        input.initialize(to: Input(base: UnsafeRawPointer(bytes.baseAddress!), count: data.count))
        var code: Int32 = 0
        guard let gif = DGifOpen(input, Self.read, &code) else {
            input.deallocate(); bytes.deallocate()
            throw Self.failure(code)
        }
        self.gif = gif
        canvasWidth = Int(gif.pointee.SWidth)
        canvasHeight = Int(gif.pointee.SHeight)
        guard canvasWidth > 0, canvasHeight > 0, canvasWidth * canvasHeight <= PictureAnimation.maxCanvasPixels else {
            DGifCloseFile(gif, &code)
            input.deallocate(); bytes.deallocate()
            throw PictureAnimation.overCap(.gif, width: canvasWidth, height: canvasHeight)
        }
        canvas = UnsafeMutablePointer<UInt32>.allocate(capacity: canvasWidth * canvasHeight)
        canvas.initialize(repeating: 0, count: canvasWidth * canvasHeight)
    }

    deinit {
        var code: Int32 = 0
        if let gif { DGifCloseFile(gif, &code) }
        canvas.deallocate()
        input.deallocate()
        bytes.deallocate()
    }

    private static let read: InputFunc = { gif, buffer, count in
        guard let gif, let buffer, let user = gif.pointee.UserData else { return 0 }
        let input = user.assumingMemoryBound(to: Input.self)
        let n = max(0, min(Int(count), input.pointee.count - input.pointee.offset))
        buffer.update(from: (input.pointee.base + input.pointee.offset).assumingMemoryBound(to: UInt8.self), count: n)
        input.pointee.offset += n
        return Int32(n)
    }

    func rewind() throws {
        var code: Int32 = 0
        if let gif { DGifCloseFile(gif, &code) }
        gif = nil
        input.pointee.offset = 0
        guard let reopened = DGifOpen(input, Self.read, &code) else { throw Self.failure(code) }
        gif = reopened
        canvas.update(repeating: 0, count: canvasWidth * canvasHeight)
        disposal = nil
    }

    func next() throws -> ComposedCanvas? {
        guard let gif else { return nil }
        var delay = 0, transparent = Int(NO_TRANSPARENT_COLOR), method = Int32(DISPOSAL_UNSPECIFIED)
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw Self.failure(gif.pointee.Error) }
            switch record {
            case EXTENSION_RECORD_TYPE:
                var function: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &function, &block) == GIF_OK else { throw Self.failure(gif.pointee.Error) }
                var netscape = false
                if function == GRAPHICS_EXT_FUNC_CODE, let block {
                    var control = GraphicsControlBlock()
                    if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK {
                        transparent = Int(control.TransparentColor)
                        delay = Int(control.DelayTime)
                        method = control.DisposalMode
                    }
                } else if function == APPLICATION_EXT_FUNC_CODE, let block, block[0] >= 11 {
                    netscape = String(decoding: UnsafeBufferPointer(start: block + 1, count: 11), as: UTF8.self) == "NETSCAPE2.0"
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw Self.failure(gif.pointee.Error) }
                    // The loop sub-block: 1, then the count (little-endian); 0 loops
                    // forever, n > 0 plays n more times after the first, as browsers do.
                    if netscape, let sub = block, sub[0] >= 3, sub[1] == 1 {
                        let count = Int(sub[2]) | Int(sub[3]) << 8
                        passes = count == 0 ? 0 : count + 1
                        netscape = false
                    }
                }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { throw Self.failure(gif.pointee.Error) }
                try draw(gif, transparent: transparent, method: method)
                return ComposedCanvas(pixels: UnsafeRawPointer(canvas), stride: canvasWidth * 4, duration: Double(delay) / 100)
            case TERMINATE_RECORD_TYPE:
                return nil
            default:
                continue
            }
        }
    }

    /// Applies the last frame's disposal, then draws the frame whose descriptor was just read.
    private func draw(_ gif: UnsafeMutablePointer<GifFileType>, transparent: Int, method: Int32) throws {
        let desc = gif.pointee.Image
        let frameWidth = Int(desc.Width), frameHeight = Int(desc.Height)
        // A frame larger than the canvas cap four times over is refused: only its part on the
        // canvas shows, and reading it costs the loop's time.
        guard frameWidth > 0, frameHeight > 0, frameWidth * frameHeight <= 4 * PictureAnimation.maxCanvasPixels else {
            throw ImageError("a frame of the GIF claims \(frameWidth)×\(frameHeight) pixels: the file is corrupt")
        }
        guard let map = desc.ColorMap ?? gif.pointee.SColorMap else {
            throw ImageError("a frame of the GIF has no colour table: the file is corrupt")
        }
        if let last = disposal {
            switch last.method {
            case Int32(DISPOSE_BACKGROUND): fill(last.rect, with: nil)
            case Int32(DISPOSE_PREVIOUS): fill(last.rect, with: last.saved)
            default: break
            }
        }
        // The part of the frame on the canvas (a frame may reach past it, or lie outside).
        let rect = IntRect(x: Int(desc.Left), y: Int(desc.Top), width: frameWidth, height: frameHeight)
            .intersection(IntRect(x: 0, y: 0, width: canvasWidth, height: canvasHeight))
        disposal = (rect, method, method == Int32(DISPOSE_PREVIOUS) ? copy(rect) : nil)
        let colors = UnsafeBufferPointer(start: map.pointee.Colors, count: Int(map.pointee.ColorCount))
        var palette = [UInt32](repeating: 0, count: 256)
        for index in 0..<min(colors.count, 256) {
            let c = colors[index]
            palette[index] = 0xFF00_0000 | UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue)
        }
        var order: [Int] = []
        if desc.Interlace {
            for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] { order += Array(stride(from: start, to: frameHeight, by: step)) }
        } else {
            order = Array(0..<frameHeight)
        }
        var line = [GifPixelType](repeating: 0, count: frameWidth)
        let left = Int(desc.Left), top = Int(desc.Top)
        for y in order {
            guard DGifGetLine(gif, &line, Int32(frameWidth)) == GIF_OK else { throw Self.failure(gif.pointee.Error) }
            let canvasY = top + y
            guard canvasY >= rect.minY, canvasY < rect.maxY else { continue }
            let row = canvas + canvasY * canvasWidth
            for x in max(0, -left)..<(rect.maxX - left) where x < frameWidth {
                let index = Int(line[x])
                if index != transparent { row[left + x] = palette[index] }
            }
        }
    }

    private func copy(_ rect: IntRect) -> [UInt32] {
        var saved: [UInt32] = []
        saved.reserveCapacity(rect.width * rect.height)
        for y in rect.minY..<rect.maxY {
            let row = canvas + y * canvasWidth
            for x in rect.minX..<rect.maxX { saved.append(row[x]) }
        }
        return saved
    }

    /// `rect` made transparent (`saved` nil) or given back the words `copy` saved.
    private func fill(_ rect: IntRect, with saved: [UInt32]?) {
        var i = 0
        for y in rect.minY..<rect.maxY {
            let row = canvas + y * canvasWidth
            for x in rect.minX..<rect.maxX {
                row[x] = saved?[i] ?? 0
                i += 1
            }
        }
    }

    private static func failure(_ code: Int32) -> ImageError {
        let reason = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        return ImageError("the GIF data is corrupt or truncated (\(reason)): save it again from the original")
    }
}
