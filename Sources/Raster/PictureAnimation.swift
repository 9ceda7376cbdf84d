/// An animated GIF or WebP read one frame at a time and scaled to the size it is shown
/// at: what the page's player takes frames from. Pure decoding, no clock: each `next()`
/// is the following frame and how long it shows; at the end of a pass it starts again
/// while the file's loop count allows.
///
/// Memory held while it plays: the format decoder's canvas at the file's size (giflib:
/// one canvas, plus the rectangle of a frame that disposes to "previous"; libwebp: its
/// canvas and the previous one), and the frames handed out at the shown size (the player
/// keeps the one on screen and the next). The canvas is capped at `maxCanvasPixels`, so
/// one animation holds at most 2 × 8 MiB of canvas plus two shown frames.
public final class PictureAnimation {
    /// A frame: the picture at the shown size (premultiplied), and its duration in seconds.
    public struct Frame {
        public let image: Image
        public let duration: Double
        /// Which frame of its pass (0 first).
        public let index: Int
    }

    /// Largest canvas animated, in pixels: 2²¹, a 1920×1080 screen fits. A larger
    /// animated picture is shown still (its first frame), with a message.
    public static let maxCanvasPixels = 1 << 21
    /// Frames in one pass at most: a longer animation starts again after this many (a
    /// message says so). 10,000 frames are over a minute and a half at the fastest rate.
    public static let maxFramesPerPass = 10_000
    /// Browsers show a frame whose delay is 10 ms or less (0 included) for 100 ms: files
    /// made for them count on it.
    public static let shortestDelay = 0.011
    public static let clampedDelay = 0.1

    public let format: ImageFormat
    /// The size frames are handed out at.
    public let width: Int
    public let height: Int
    /// Passes in all: 0 forever (GIF without a NETSCAPE loop block: 1; with count n > 0: n + 1,
    /// as browsers; WebP: its `loop_count`).
    public var passes: Int { frames.passes }
    /// Passes finished so far.
    public private(set) var passesDone = 0
    /// What went wrong after the first frame (data cut short or corrupt; too many frames):
    /// the frames before it play on. Nil when nothing did.
    public private(set) var problem: String?
    private let frames: AnimationFrames
    private var index = 0
    /// Every pass was played: `next()` answers nil from then on.
    public private(set) var isOver = false

    /// Opens `path` to hand out frames at `width`×`height`. Throws with the path when the
    /// file is not an animated GIF or WebP Lectern animates (corrupt, over the caps).
    public convenience init(contentsOfFile path: String, width: Int, height: Int) throws {
        do {
            let bytes = try FileBytes.read(path, limit: ImageLimits.maxFileBytes)
            try self.init(data: bytes, width: width, height: height)
        } catch let error as ImageError {
            throw ImageError("\(path): \(error.description)")
        }
    }

    public init(data: [UInt8], width: Int, height: Int) throws {
        guard width > 0, height > 0 else { throw ImageError("an animated picture cannot be shown at \(width)×\(height) px") }
        self.width = width
        self.height = height
        switch ImageFormat.detect(data) {
        case .gif: format = .gif; frames = try GIFAnimation(data)
        case .webp: format = .webp; frames = try WebPAnimation(data)
        default: throw ImageError("only GIF and WebP pictures are animated")
        }
    }

    /// The most bytes this animation holds while it plays: two canvases at the file's size
    /// (libwebp's and the one before it; giflib's and a "previous" frame's rectangle) and
    /// two frames at the shown size (on screen and next).
    public var heldBytes: Int { Self.heldBytes(canvasWidth: frames.canvasWidth, canvasHeight: frames.canvasHeight, width: width, height: height) }

    public static func heldBytes(canvasWidth: Int, canvasHeight: Int, width: Int, height: Int) -> Int {
        2 * canvasWidth * canvasHeight * 4 + 2 * width * height * 4
    }

    /// The limit message for a canvas over `maxCanvasPixels`.
    static func overCap(_ format: ImageFormat, width: Int, height: Int) -> ImageError {
        ImageError("the animated \(format.rawValue)'s canvas is \(width)×\(height) px, over the \(maxCanvasPixels) pixels "
            + "Lectern animates: it is shown still; scale it down to the size it is shown at (ffmpeg -vf scale=…) to see it move")
    }

    /// The next frame: the following one of this pass, else the first of the next pass
    /// while the loop count allows; nil when the animation is over. A pass cut short by
    /// bad data ends there (`problem` says why); a first frame that does not decode throws.
    public func next() throws -> Frame? {
        guard !isOver else { return nil }
        for _ in 0..<2 {
            var composed: ComposedCanvas?
            if index >= Self.maxFramesPerPass {
                problem = problem ?? "the animated \(format.rawValue) has more than \(Self.maxFramesPerPass) frames: "
                    + "it starts again after that many; shorten it"
            } else {
                do { composed = try frames.next() } catch {
                    guard index > 0 else { throw error }
                    problem = problem ?? "\(error) (its first \(index) frames play)"
                }
            }
            if let composed {
                let image = try scaled(composed)
                let duration = composed.duration < Self.shortestDelay ? Self.clampedDelay : composed.duration
                defer { index += 1 }
                return Frame(image: image, duration: duration, index: index)
            }
            guard index > 0 else { throw ImageError("the animated \(format.rawValue) has no frame") }
            passesDone += 1
            if passes != 0, passesDone >= passes {
                isOver = true
                return nil
            }
            try frames.rewind()
            index = 0
        }
        return nil
    }

    /// The composed canvas at the shown size, premultiplied.
    private func scaled(_ composed: ComposedCanvas) throws -> Image {
        let cw = frames.canvasWidth, ch = frames.canvasHeight
        if width <= cw, height <= ch, (width, height) != (cw, ch) {
            return Image(bitmap: try AreaAverage(sourceWidth: cw, sourceHeight: ch, width: width, height: height)
                .run(source: composed.pixels, stride: composed.stride))
        }
        let bitmap = try Bitmap(width: cw, height: ch)
        for y in 0..<ch {
            (bitmap.base + y * bitmap.stride).copyMemory(from: composed.pixels + y * composed.stride, byteCount: cw * 4)
        }
        PNGDecoder.premultiply(bitmap.canvas)
        let image = Image(bitmap: bitmap)
        return (width, height) == (cw, ch) ? image : try image.scaled(width: width, height: height)
    }
}
