import CFFmpeg
import Foundation

/// A clip's captions: the cues of a WebVTT file read by libavformat's WebVTT demuxer
/// (each cue a subtitle packet: its start and duration, its text). The caption shown is
/// a function of the clip's time (`text(at:)`), so it belongs to the frame's description.
/// Cue settings (position, alignment) are not applied: every caption sits at the clip's
/// foot, centred, on a backdrop.
public struct ClipCaptions: Sendable, Equatable {
    public struct Cue: Sendable, Equatable {
        /// Seconds from the clip's first frame.
        public let start: Double
        public let end: Double
        /// The cue's text without its markup (`<b>`, `<v Name>`, timestamps), entities
        /// decoded; lines as the file breaks them.
        public let text: String

        public init(start: Double, end: Double, text: String) {
            self.start = start
            self.end = end
            self.text = text
        }
    }

    /// In the order of their start.
    public let cues: [Cue]
    /// The file they were read from.
    public let path: String

    public init(path: String, cues: [Cue]) {
        self.path = path
        self.cues = cues.sorted { $0.start < $1.start }
    }

    /// Largest caption file read: 1 MiB (a feature film's captions are about 100 KB).
    public static let maxBytes = 1 << 20
    /// Most cues kept.
    public static let maxCues = 20_000

    /// The text shown at clip time `time` (cues that overlap are shown together, one
    /// under the other), nil between cues.
    public func text(at time: Double) -> String? {
        let shown = cues.filter { $0.start <= time && time < $0.end }.map(\.text)
        return shown.isEmpty ? nil : shown.joined(separator: "\n")
    }

    /// Every cue's text once, in order: what speech mode says before the clip plays.
    public var transcript: [String] {
        var said: [String] = []
        for cue in cues where said.last != cue.text { said.append(cue.text) }
        return said
    }

    /// Reads the WebVTT file at `path`. The error names the file and says what to do.
    public static func read(path: String) throws(ClipError) -> ClipCaptions {
        if let failure = ClipFile.librariesMissing { throw ClipError("\(path): \(failure)") }
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw ClipError("\(path): the captions file cannot be read: check that it exists and Lectern may read it")
        }
        guard bytes.count <= maxBytes else {
            throw ClipError("\(path): the captions file is \(bytes.count) bytes, over Lectern's cap of \(maxBytes): split the clip or shorten its captions")
        }
        try probeIsWebVTT(bytes, path: path)
        guard let webvtt = av_find_input_format("webvtt") else {
            throw ClipError("\(path): this FFmpeg reads no WebVTT: install Debian's libavformat")
        }
        var opening: UnsafeMutablePointer<AVFormatContext>?
        let opened = avformat_open_input(&opening, path, webvtt, nil)
        guard opened >= 0, let context = opening else {
            throw ClipError("\(path): the captions do not read as WebVTT (\(ClipFile.message(opened))): check the file against the WebVTT format (a line WEBVTT, then cues 'start --> end' and their text)")
        }
        defer { avformat_close_input(&opening) }
        guard context.pointee.nb_streams > 0, let stream = context.pointee.streams[0] else {
            throw ClipError("\(path): the captions file holds no cue")
        }
        let timeBase = av_q2d(stream.pointee.time_base)
        guard let packet = av_packet_alloc() else { throw ClipError("\(path): out of memory reading the captions") }
        defer {
            var freed: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&freed)
        }
        var cues: [Cue] = []
        while cues.count < maxCues, av_read_frame(context, packet) >= 0 {
            defer { av_packet_unref(packet) }
            let pts = packet.pointee.pts
            guard pts != lectern_av_nopts_value(), packet.pointee.duration > 0 else { continue }
            let payload = packet.pointee.data.map { String(decoding: UnsafeBufferPointer(start: $0, count: Int(packet.pointee.size)), as: UTF8.self) } ?? ""
            let text = CueText.plain(payload)
            guard !text.isEmpty else { continue }
            let start = Double(pts) * timeBase
            cues.append(Cue(start: start, end: start + Double(packet.pointee.duration) * timeBase, text: text))
        }
        guard !cues.isEmpty else {
            throw ClipError("\(path): the captions file holds no cue that reads: each cue is a line 'hh:mm:ss.mmm --> hh:mm:ss.mmm' and its text below; check the first cue's times")
        }
        return ClipCaptions(path: path, cues: cues)
    }

    /// libavformat's own judgement of the bytes, without the file's name (a `.vtt` name
    /// alone would pass): a file that does not begin as WebVTT is refused.
    private static func probeIsWebVTT(_ bytes: Data, path: String) throws(ClipError) {
        var buffer = [UInt8](bytes.prefix(64 << 10))
        let count = buffer.count
        buffer += [UInt8](repeating: 0, count: Int(AVPROBE_PADDING_SIZE))
        let name: String? = buffer.withUnsafeMutableBufferPointer { room in
            var probe = AVProbeData()
            probe.buf = room.baseAddress
            probe.buf_size = Int32(count)
            probe.filename = nil
            var score: Int32 = 0
            return av_probe_input_format2(&probe, 1, &score).map { String(cString: $0.pointee.name) }
        }
        guard name == "webvtt" else {
            throw ClipError("\(path): not a WebVTT file (it must begin with the line WEBVTT): save the captions as WebVTT")
        }
    }
}

/// A cue's payload as shown: the WebVTT demuxer leaves the cue's markup in place (class,
/// voice, bold, italic, underline, ruby, timestamp tags) and the character references;
/// the tags are dropped and the references decoded. Only the markup inside one cue's
/// text: the file's structure is the library's.
enum CueText {
    static func plain(_ payload: String) -> String {
        var out = ""
        var inTag = false
        for character in payload {
            if inTag {
                if character == ">" { inTag = false }
            } else if character == "<" {
                inTag = true
            } else {
                out.append(character)
            }
        }
        for (reference, character) in references { out = out.replacingOccurrences(of: reference, with: character) }
        let lines = out.split(separator: "\n", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The character references WebVTT names (`&amp;` last, so `&amp;lt;` stays `&lt;`).
    private static let references: [(String, String)] = [
        ("&lt;", "<"), ("&gt;", ">"), ("&nbsp;", "\u{00A0}"), ("&lrm;", "\u{200E}"), ("&rlm;", "\u{200F}"), ("&amp;", "&"),
    ]
}

extension ClipCaptions {
    /// The captions file beside the clip at `clip` for a visitor reading `language` (a
    /// BCP 47 tag): `clip.<language>.vtt`, then `clip.<its primary subtag>.vtt` ("de-CH" →
    /// "de"), then `clip.vtt`; nil when none is there.
    public static func file(beside clip: String, language: String?) -> String? {
        let base = (clip as NSString).deletingPathExtension
        var tags: [String] = []
        if let language, !language.isEmpty {
            tags.append(language)
            if let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first, primary.count < language.count {
                tags.append(String(primary))
            }
        }
        let candidates = tags.map { "\(base).\($0).vtt" } + ["\(base).vtt"]
        return candidates.first { FileManager.default.isReadableFile(atPath: $0) }
    }

    /// Every captions file beside the clip at `clip` (`clip.vtt` and each `clip.<tag>.vtt`),
    /// sorted: what `lectern check` reads.
    public static func files(beside clip: String) -> [String] {
        let directory = (clip as NSString).deletingLastPathComponent
        let base = ((clip as NSString).lastPathComponent as NSString).deletingPathExtension
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
        return names.filter { name in
            guard name.hasSuffix(".vtt"), name.hasPrefix(base + ".") else { return false }
            let middle = name.dropFirst(base.count + 1).dropLast(4)
            return middle.isEmpty || !middle.contains(".")
        }.sorted().map { directory.isEmpty ? $0 : "\(directory)/\($0)" }
    }
}
