import Raster

/// A link as laid out: where it goes, what it says, and the boxes it covers, one per
/// line it spans (its x-range on that line by the line's top and bottom, layout px).
/// The kiosk hit-tests a tap against these and draws the pressed state over them.
public struct LaidOutLink: Sendable, Equatable {
    /// The destination exactly as written in the source (`other.md#x`, `https://…`).
    public let target: String
    public internal(set) var text: String
    public internal(set) var rects: [IntRect]

    /// A link laid out elsewhere (a PDF page's links, from poppler).
    public init(target: String, text: String, rects: [IntRect]) {
        self.target = target; self.text = text; self.rects = rects
    }
}

/// What a `LayoutBuilder` learns about links and headings while it places text.
struct LinkRecorder {
    private(set) var links: [LaidOutLink] = []
    /// The top (layout px) of each heading, by its GitHub-style slug.
    private(set) var anchors: [String: Int] = [:]
    private var slugger = HeadingSlugger()
    /// Piece of a link on one line. Lines still move after they are placed (a table row
    /// aligns its cells' baselines and sorts its lines), so a piece names its first glyph
    /// and the boxes are made from the lines' final places in `finish`.
    struct Piece {
        var glyph: Int
        var x0: Double, x1: Double
        var link: Int32
    }
    private(set) var pieces: [Piece] = []
    /// The link the previous inline belonged to: the runs of one link (`[a **b**](u)`
    /// is two runs) share one id, so pressing it lights up all of it.
    private var previousTarget: String?

    /// The id of the link `inline` belongs to, -1 if it is not in a link.
    mutating func id(for inline: Inline) -> Int32 {
        guard inline.style.contains(.link), let target = inline.url else {
            previousTarget = nil
            return -1
        }
        if target == previousTarget, let last = links.indices.last {
            links[last].text += inline.text
            return Int32(last)
        }
        previousTarget = target
        links.append(LaidOutLink(target: target, text: inline.text, rects: []))
        return Int32(links.count - 1)
    }

    mutating func startParagraph() { previousTarget = nil }

    mutating func add(_ piece: Piece) { pieces.append(piece) }

    /// Call for every heading, in document order (duplicate slugs count from the first).
    mutating func anchorHeading(_ text: String, top: Int) {
        let slug = slugger.slug(text)
        if anchors[slug] == nil { anchors[slug] = top }
    }

    /// The links with their boxes on the lines as finally placed.
    func finish(lines: [PageLayout.Line]) -> [LaidOutLink] {
        guard !pieces.isEmpty else { return links }
        // Lines by first glyph (table rows reorder them by y): a piece's line is the
        // last one starting at or before its glyph.
        let order = lines.indices.filter { lines[$0].glyphEnd > lines[$0].glyphStart }
            .sorted { lines[$0].glyphStart < lines[$1].glyphStart }
        var result = links
        for piece in pieces {
            var lo = 0, hi = order.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if Int(lines[order[mid]].glyphStart) <= piece.glyph { lo = mid + 1 } else { hi = mid }
            }
            guard lo > 0 else { continue }
            let line = lines[order[lo - 1]]
            guard piece.glyph < Int(line.glyphEnd) else { continue }
            let x0 = Int(piece.x0.rounded(.down)), x1 = Int(piece.x1.rounded(.up))
            guard x1 > x0 else { continue }
            result[Int(piece.link)].rects.append(IntRect(x: x0, y: Int(line.top), width: x1 - x0, height: Int(line.bottom - line.top)))
        }
        return result
    }
}

/// Follows the glyphs of one line as they are placed and cuts them into link pieces.
struct LinkRun {
    private var open: (link: Int32, x0: Double, glyph: Int)?

    /// The glyph at index `glyph`, placed at `pen`, belongs to `link` (-1: none).
    mutating func step(link: Int32, pen: Double, glyph: Int, into recorder: inout LinkRecorder) {
        guard link != (open?.link ?? -1) else { return }
        close(at: pen, into: &recorder)
        if link >= 0 { open = (link, pen, glyph) }
    }

    /// The line ends at `pen` (trailing white space excluded).
    mutating func close(at pen: Double, into recorder: inout LinkRecorder) {
        guard let piece = open else { return }
        open = nil
        if pen > piece.x0 { recorder.add(.init(glyph: piece.glyph, x0: piece.x0, x1: pen, link: piece.link)) }
    }
}

extension LayoutBuilder {
    /// A paragraph's inlines as attributed text, each link's runs tagged with its id.
    mutating func paragraphText(_ inlines: [Inline], base: TextAttributes) -> ParagraphText {
        var text = ParagraphText()
        linkRecorder.startParagraph()
        for inline in inlines {
            var attributes = self.attributes(of: inline.style, base: base)
            attributes.link = linkRecorder.id(for: inline)
            text.append(inline.text, attributes)
        }
        return text
    }

    /// Adds a block; a heading also leaves its anchor (the top of its first line).
    mutating func addAnchoring(_ block: Block) {
        let first = lines.count
        add(block)
        guard case .heading = block.kind else { return }
        linkRecorder.anchorHeading(block.anchorText, top: first < lines.count ? Int(lines[first].top) : Int(y))
    }
}

extension PageLayout {
    /// The link whose box, grown to at least `minimumSize` px each way about its centre
    /// (a finger is wider than a small line of text), contains (x, y) in layout px; the
    /// nearest centre wins where grown boxes overlap.
    public func link(atX x: Double, y: Double, minimumSize: Double) -> Int? {
        LaidOutLink.index(in: links, atX: x, y: y, minimumSize: minimumSize)
    }

    /// The top (layout px) of the heading whose GitHub-style slug is `slug`.
    public func anchorTop(_ slug: String) -> Int? { anchors[slug] }
}

extension LaidOutLink {
    /// The index of the link in `links` under (x, y), each box grown to at least
    /// `minimumSize` px: the nearest by line first, then across.
    public static func index(in links: [LaidOutLink], atX x: Double, y: Double, minimumSize: Double) -> Int? {
        var best: (index: Int, distance: Double)?
        for (index, link) in links.enumerated() {
            for rect in link.rects {
                let cx = Double(rect.minX) + Double(rect.width) / 2, cy = Double(rect.minY) + Double(rect.height) / 2
                let halfW = max(Double(rect.width), minimumSize) / 2, halfH = max(Double(rect.height), minimumSize) / 2
                guard abs(x - cx) <= halfW, abs(y - cy) <= halfH else { continue }
                // Vertical distance first: lines are closer than words, and a finger aims at a line.
                let distance = abs(y - cy) * 4 + max(0, abs(x - cx) - Double(rect.width) / 2)
                if best == nil || distance < best!.distance { best = (index, distance) }
            }
        }
        return best?.index
    }
}
