import Foundation
import Raster

/// A video clip a page shows, as its source wrote it: `![caption](clip.mp4)` in Markdown
/// (a file a clip by its extension, or by its first bytes for other names) or
/// `<video src poster autoplay loop muted title>` in an HTML block.
public struct ClipSource: Sendable, Equatable {
    /// The clip's path as written (relative to the page).
    public var path: String
    /// A picture shown until the clip plays (the clip's first frame when nil).
    public var poster: String?
    /// The caption or title: what speech mode says and what stands in when it cannot play.
    public var caption: String
    public var autoplay = false
    public var loops = false
    /// Plays without sound even where `[clips] sound` allows it: the HTML `muted`
    /// attribute. A Markdown clip has no attributes: it plays only when tapped, so it
    /// is not muted (a visitor asked for it).
    public var muted = false

    public init(path: String, poster: String? = nil, caption: String, autoplay: Bool = false, loops: Bool = false, muted: Bool = false) {
        self.path = path
        self.poster = poster
        self.caption = caption
        self.autoplay = autoplay
        self.loops = loops
        self.muted = muted
    }

    /// `<video src poster autoplay loop muted title>` (or its first `<source src>`); nil without a source.
    init?(video node: HTMLNode) {
        var src = HTMLParser.attribute(node, "src") ?? ""
        var child = HTMLParser.children(node)
        while src.isEmpty, let current = child {
            if HTMLParser.isElement(current), HTMLParser.name(current) == "source" { src = HTMLParser.attribute(current, "src") ?? "" }
            child = HTMLParser.next(current)
        }
        guard !src.isEmpty else { return nil }
        self.init(path: src, poster: HTMLParser.attribute(node, "poster").flatMap { $0.isEmpty ? nil : $0 },
                  caption: HTMLParser.attribute(node, "title") ?? HTMLParser.attribute(node, "aria-label") ?? "",
                  autoplay: HTMLParser.attribute(node, "autoplay") != nil, loops: HTMLParser.attribute(node, "loop") != nil,
                  muted: HTMLParser.attribute(node, "muted") != nil)
    }

    /// Extensions of the containers people save clips in.
    static let extensions: Set<String> = ["mp4", "m4v", "mkv", "webm", "mov"]

    public static func hasClipExtension(_ path: String) -> Bool {
        extensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// Whether the file `path` names is a clip by its first bytes (an MP4/QuickTime `ftyp`
    /// box of a video brand, or Matroska's EBML header), whatever its name says.
    static func sniffsAsClip(_ path: String, relativeTo base: String?) -> Bool {
        guard let file = ImageLoader.resolve(path, relativeTo: base),
              let handle = FileHandle(forReadingAtPath: file) else { return false }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 12)) ?? Data())
        return sniff(head)
    }

    /// A clip's first bytes: Matroska/WebM (EBML) or an ISO media file whose brand is not
    /// a still picture's (HEIF and AVIF pictures share the `ftyp` box).
    static func sniff(_ head: [UInt8]) -> Bool {
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return true }
        guard head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) else { return false }
        return ImageFormat.isoStillBrand(head) == nil
    }
}

extension Document {
    /// Block pictures whose file is a clip by its content (a clip saved under another
    /// name) become clip blocks: by extension they were recognised when read.
    mutating func recognizeClips() {
        for index in blocks.indices {
            guard case let .image(path, alt) = blocks[index].kind, ClipSource.sniffsAsClip(path, relativeTo: baseDirectory) else { continue }
            blocks[index].kind = .clip(ClipSource(path: path, caption: alt))
        }
    }
}

extension Document {
    /// Whether any block is a clip (the kiosk skips clip playback on pages with none).
    public var hasClips: Bool {
        blocks.contains { if case .clip = $0.kind { return true } else { return false } }
    }
}
