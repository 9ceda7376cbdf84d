/// Caps checked against a clip's stream header before a decoder is opened, and the
/// memory the decoded-frame queue may hold. A small file can claim an 8K or 1,000 fps
/// stream; a kiosk board decodes neither in real time, and an 8K frame alone is 50 MB.
public enum ClipLimits {
    /// Longest side decoded: 4096 px (DCI 4K; UHD 3840×2160 fits).
    public static let maxSide = 4096
    /// Largest frame decoded: 4096×2304 = 9.4 megapixels (UHD is 8.3).
    public static let maxPixels = 4096 * 2304
    /// Highest frame rate played: 120 fps (a 60 Hz panel shows at most 60 of them).
    public static let maxFrameRate = 120.0
    /// Decoded pictures waiting in the queue, in bytes: 32 MiB. That is 8 frames of
    /// 1080p 4:2:0 (3.1 MB each, the frame cap), 2 of UHD 4:2:0 (12.4 MB each, the floor).
    /// The decoder's own reference frames (libavcodec: a few per stream) come on top.
    public static let queueBytes = 32 << 20
    /// Frames the queue holds at most and at least, whatever their size.
    public static let queueFrames = 2...8

    /// Frames the queue holds for pictures of `frameBytes` bytes each.
    public static func queueCapacity(frameBytes: Int) -> Int {
        let fit = frameBytes > 0 ? queueBytes / frameBytes : queueFrames.upperBound
        return min(max(fit, queueFrames.lowerBound), queueFrames.upperBound)
    }

    /// Why a `width`×`height` stream at `frameRate` fps will not be played, or nil.
    static func refusal(width: Int, height: Int, frameRate: Double?) -> String? {
        guard width > 0, height > 0 else { return "the stream gives a size of \(width)×\(height) pixels: the file is corrupt" }
        if width > maxSide || height > maxSide || width * height > maxPixels {
            return "\(width)×\(height) pixels is over Lectern's cap of \(maxSide) px a side and 4096×2304 pixels: "
                + "encode the clip at the size it is shown at (1920×1080 fills a full HD panel)"
        }
        if let frameRate, frameRate > maxFrameRate {
            return "\(Int(frameRate.rounded())) frames a second is over Lectern's cap of \(Int(maxFrameRate)): "
                + "encode the clip at 60 fps or less"
        }
        return nil
    }
}
