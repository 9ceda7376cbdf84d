import CFFmpeg
import Raster

/// What a clip is and whether it plays, for layout and `lectern check`, read on the
/// caller's thread: the container's header and the first picture decoded.
public enum ClipProbe {
    /// The clip's container, codec, size, duration and rate; `refusal` says why it will
    /// not play (over the caps, no decoder, no picture decodes). Throws for a file that
    /// is missing, not media, or without video.
    public static func probe(path: String) throws(ClipError) -> ClipInfo {
        let file = try ClipFile(path: path)
        guard file.info.refusal == nil else { return file.info }
        do {
            _ = try firstFrame(of: file)
            return file.info
        } catch {
            return file.info.refused(error.description)
        }
    }

    /// The clip's first picture, scaled to `width`×`height` (its poster when it has no
    /// other). Throws when the clip does not play.
    public static func firstFrame(path: String, width: Int, height: Int) throws(ClipError) -> Image {
        let file = try ClipFile(path: path)
        if let refusal = file.info.refusal { throw ClipError(refusal) }
        return try picture(try firstFrame(of: file), path: path, width: width, height: height)
    }

    /// What layout needs, from one opening of the file: the clip's facts and, when
    /// `shownSize` answers a size for them, its first picture scaled to it (nil: the
    /// page has a poster of its own, and the stream is only probed). A clip whose first
    /// picture does not decode comes back refused.
    public static func layout(path: String, shownSize: (ClipInfo) -> (width: Int, height: Int)?) throws(ClipError) -> (info: ClipInfo, firstFrame: Image?) {
        let file = try ClipFile(path: path)
        guard file.info.refusal == nil, let size = shownSize(file.info) else { return (file.info, nil) }
        do {
            let frame = try firstFrame(of: file)
            return (file.info, try picture(frame, path: path, width: size.width, height: size.height))
        } catch {
            return (file.info.refused(error.description), nil)
        }
    }

    private static func picture(_ frame: DecodedFrame, path: String, width: Int, height: Int) throws(ClipError) -> Image {
        let bitmap: Bitmap
        do { bitmap = try Bitmap(width: width, height: height) } catch {
            throw ClipError("\(path): the first frame cannot be shown at \(width)×\(height): \(error)")
        }
        try FrameConverter().draw(frame, in: bitmap.canvas.bounds, on: bitmap.canvas)
        return Image(bitmap: bitmap)
    }

    private static func firstFrame(of file: ClipFile) throws(ClipError) -> DecodedFrame {
        guard let scratch = av_frame_alloc() else { throw ClipError("\(file.path): out of memory decoding the clip") }
        var owned: UnsafeMutablePointer<AVFrame>? = scratch
        defer { av_frame_free(&owned) }
        guard try file.nextFrame(into: scratch), let frame = DecodedFrame(takingFrom: scratch, time: 0) else {
            throw ClipError("\(file.path): the \(file.info.codec) stream holds no picture that decodes: the file is corrupt or cut short; export the clip again")
        }
        return frame
    }
}

extension ClipInfo {
    func refused(_ reason: String) -> ClipInfo {
        ClipInfo(path: path, container: container, codec: codec, width: width, height: height,
                 duration: duration, frameRate: frameRate, pixelFormat: pixelFormat, refusal: reason)
    }
}
