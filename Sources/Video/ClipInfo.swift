/// What `ClipProbe` learnt of a clip: its container and video stream, and whether
/// Lectern will play it (`refusal` says why not). What `lectern check` lists.
public struct ClipInfo: Equatable, Sendable {
    public let path: String
    /// The demuxer's short name ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm").
    public let container: String
    /// The video codec's short name ("h264", "hevc", "vp9", "av1").
    public let codec: String
    public let width: Int
    public let height: Int
    /// Seconds, when the container says.
    public let duration: Double?
    /// Frames a second, when the stream says.
    public let frameRate: Double?
    /// The decoded picture format ("yuv420p", "yuv420p10le").
    public let pixelFormat: String
    /// Why the clip will not play (names the file and codec), nil when it will.
    public let refusal: String?

    public var willPlay: Bool { refusal == nil }

    /// One line for `lectern check`: container, codec, size, duration, rate, verdict.
    public var summary: String {
        facts + ", " + (refusal.map { "will not play: \($0)" } ?? "plays")
    }

    /// Container, codec, size, duration and rate.
    public var facts: String {
        var parts = ["\(container)", "\(codec) \(width)×\(height)"]
        if let duration { parts.append(Self.clock(duration)) }
        if let frameRate { parts.append("\((frameRate * 100).rounded() / 100) fps") }
        return parts.joined(separator: ", ")
    }

    /// h:mm:ss.s or m:ss.s.
    static func clock(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        let h = tenths / 36_000, m = tenths / 600 % 60, s = tenths / 10 % 60, t = tenths % 10
        let mmss = (h > 0 && m < 10 ? "0" : "") + "\(m):" + (s < 10 ? "0" : "") + "\(s).\(t)"
        return h > 0 ? "\(h):\(mmss)" : mmss
    }
}
