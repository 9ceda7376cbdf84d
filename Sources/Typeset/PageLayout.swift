import Raster

/// A laid-out page: positioned glyphs grouped in lines sorted by y, plus rectangles
/// (quote bars, rules, table rules, underlines, strikethrough) and images (pictures and
/// task boxes). Made once per (document, width, style); drawing a
/// scrolled window finds the visible lines by binary search and draws only those.
///
/// Not `Sendable`: it shares the typesetter's fonts and glyph cache, which belong to
/// the thread that draws.
public final class PageLayout {
    public let width: Int
    /// Total content height in px, bottom margin included.
    public let height: Int
    let lines: [Line]
    let glyphs: [PlacedGlyph]
    let rects: [PlacedRect]
    let images: [PlacedImage]
    /// Where each block of the document landed, in document order (PageLayout+Anchor.swift).
    let blocks: [BlockExtent]
    /// The page's video clips, each where its poster or first frame is drawn (Clips/).
    public internal(set) var clips: [PlacedClip] = []
    /// The page's animated pictures (GIF, WebP), where their first frames are drawn; those
    /// in wide tables (which pan apart) stay still.
    public let animations: [PlacedAnimation]
    /// Whether any picture read from a file is animated, wherever it sits: true at every
    /// width or at none (the files are the same), so a page answers it once.
    public let hasAnimatedPictures: Bool
    /// The body column's x-range (the measure, centred): where text blocks' lines lie.
    var bodyColumn: Range<Int>?
    let palette: [Color]
    /// The page's links with their boxes, and its headings' tops by slug (Links/).
    public let links: [LaidOutLink]
    let anchors: [String: Int]
    /// Tables wider than the content column, which pan sideways (PageLayout+WideTables.swift).
    public let wideTables: [WideTable]
    /// The tallest rectangle and image: how far above a band one may start and still reach it.
    private let tallestRect: Int
    private let tallestImage: Int
    private let store: FontStore
    /// Where the pictures read from files keep their pixels while drawn.
    private let pictures: DecodedPictures
    /// The font chains the page was set with: they keep its faces open while it lives.
    private let chains: [FontChain]
    /// How far ink may reach above or below a line box (tall marks, big headings).
    private let overhang: Int

    struct Line {
        var top: Int32
        var bottom: Int32
        var baseline: Int32
        var glyphStart: Int32
        var glyphEnd: Int32
        /// The wide table (`wideTables`) this line belongs to, -1 for none.
        var pan: Int16 = -1
    }

    struct PlacedGlyph {
        var x: Float
        var glyph: UInt32
        var face: Int32
        var dy: Int16
        var color: PaletteColor
    }

    struct PlacedRect: PlacedOnPage {
        var rect: IntRect
        var color: PaletteColor
        var pan: Int16 = -1
    }

    init(width: Int, height: Int, lines: [Line], glyphs: [PlacedGlyph], rects: [PlacedRect], images: [PlacedImage],
         palette: [Color], store: FontStore, pictures: DecodedPictures = .shared, overhang: Int, links: [LaidOutLink] = [], anchors: [String: Int] = [:],
         blocks: [BlockExtent] = [], chains: [FontChain] = [], wideTables: [WideTable] = []) {
        self.width = width; self.height = height; self.lines = lines; self.glyphs = glyphs; self.blocks = blocks
        self.chains = chains
        // Sorted by top (stable: drawing order kept among equals) so a draw finds the
        // visible ones by binary search, not by looking at every underline of the page.
        self.rects = PageLayout.sortedByTop(rects)
        self.images = PageLayout.sortedByTop(images)
        animations = self.images.compactMap { image in
            guard image.pan < 0, let picture = image.file, picture.isAnimated else { return nil }
            return PlacedAnimation(rect: image.rect, picture: picture)
        }
        hasAnimatedPictures = images.contains { $0.file?.isAnimated ?? false }
        tallestRect = rects.map(\.rect.height).max() ?? 0
        tallestImage = images.map(\.rect.height).max() ?? 0
        self.palette = palette; self.store = store; self.pictures = pictures; self.overhang = overhang
        self.links = links; self.anchors = anchors
        self.wideTables = wideTables
    }

    public var lineCount: Int { lines.count }

    /// Indices of the lines whose box, widened by the ink overhang, meets the band
    /// [top, bottom) in layout coordinates. Binary search: cost independent of page length.
    public func lines(between top: Int, and bottom: Int) -> Range<Int> {
        let low = top - overhang, high = bottom + overhang
        var lo = 0, hi = lines.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(lines[mid].bottom) <= low { lo = mid + 1 } else { hi = mid }
        }
        var end = lo
        while end < lines.count, Int(lines[end].top) < high { end += 1 }
        return lo..<end
    }

    /// The parts of `clip` (canvas coordinates, the layout's top-left at originX, originY)
    /// that opaque pictures cover whole when the page is drawn: the caller need not fill
    /// the background there, as the pictures are drawn over it. Pictures in wide tables
    /// are left out (they move with their table).
    public func opaqueCover(originX: Int, originY: Int, clip: IntRect) -> [IntRect] {
        guard !images.isEmpty else { return [] }
        let band = clip.offsetBy(dx: -originX, dy: -originY)
        var cover: [IntRect] = []
        for image in PageLayout.meeting(band, in: images, tallest: tallestImage) where image.pan < 0 && image.isOpaque {
            // A picture the draw will not draw (not decoded yet, in background mode) shows the background.
            if let picture = image.file, !pictures.willDraw(picture, rows: (band.minY - image.rect.minY)..<(band.maxY - image.rect.minY)) {
                continue
            }
            // Where `draw` puts it: the picture's own size at the rectangle's corner.
            let drawn = IntRect(x: image.rect.minX + originX, y: image.rect.minY + originY,
                                width: image.width, height: image.height).intersection(clip)
            if !drawn.isEmpty { cover.append(drawn) }
        }
        return cover
    }

    /// Whether the part of the page inside `clip` (canvas coordinates) draws the same at
    /// the same cost in several clips, one after another, as in one: false where a
    /// picture held in bands meets it (each draw keeps only the bands it needs, so the
    /// next clip would decode the picture from its top again).
    public func drawsInParts(originX: Int, originY: Int, clip: IntRect) -> Bool {
        let band = clip.offsetBy(dx: -originX, dy: -originY)
        for image in PageLayout.meeting(band, in: images, tallest: tallestImage) where image.rect.intersects(band) || image.pan >= 0 {
            if case let .file(picture) = image.pixels, picture.bandCount > 1 { return false }
        }
        return true
    }

    /// Draws the part of the page inside `clip` (canvas coordinates); the layout's
    /// top-left lands at (originX, originY), negative when scrolled. `tableOffsets[i]`
    /// pans wide table i sideways (0 … its `maxOffset`). `onScreen`: the canvas rows on screen,
    /// whose pictures at and beyond its edges are decoded ahead of a scroll and kept
    /// (`DecodedPictures`' background mode). Returns the range of lines drawn.
    @discardableResult
    public func draw(into canvas: Canvas, originX: Int, originY: Int, clip: IntRect, tableOffsets: [Int] = [],
                     onScreen: RowsOnScreen? = nil) -> Range<Int> {
        var target = canvas
        target.clip = clip.intersection(canvas.clip)
        let visible = target.clip
        guard !visible.isEmpty else { return 0..<0 }
        let band = visible.offsetBy(dx: -originX, dy: -originY)
        // A wide table's items move by its offset and are cut at its window.
        let panned = wideTables.indices.map { i in
            (dx: -wideTables[i].shift(forOffset: i < tableOffsets.count ? tableOffsets[i] : 0),
             clip: visible.intersection(wideTables[i].window.offsetBy(dx: originX, dy: originY)))
        }
        func windowed(_ pan: Int16) -> (Canvas, Int) {
            guard pan >= 0, Int(pan) < panned.count else { return (target, 0) }
            var window = target
            window.clip = panned[Int(pan)].clip
            return (window, panned[Int(pan)].dx)
        }
        for placed in PageLayout.meeting(band, in: rects, tallest: tallestRect) where placed.rect.intersects(band) || placed.pan >= 0 {
            let (into, dx) = windowed(placed.pan)
            into.fill(placed.rect.offsetBy(dx: originX + dx, dy: originY), color: palette[Int(placed.color.rawValue)])
        }
        var files: [(picture: FilePicture, rows: Range<Int>)] = [], placed: [(into: Canvas, x: Int, y: Int)] = []
        for image in PageLayout.meeting(band, in: images, tallest: tallestImage) where image.rect.intersects(band) || image.pan >= 0 {
            let (into, dx) = windowed(image.pan)
            let x = image.rect.minX + originX + dx, y = image.rect.minY + originY
            switch image.pixels {
            case let .kept(kept): into.drawImage(kept, x: x, y: y)
            case let .file(picture):
                // The picture's rows in the band: a tall one is held in bands of rows.
                files.append((picture, (band.minY - image.rect.minY)..<(band.maxY - image.rect.minY)))
                placed.append((into, x, y))
            }
        }
        // Every draw asks, pictures or none: a draw is when the others may be let go.
        let ahead = onScreen?.offsetBy(-originY).edges.flatMap(picturesMeeting(rows:)) ?? []
        pictures.draw(files, ahead: ahead) { index, band in
            let at = placed[index]
            at.into.drawImage(band.image, x: at.x, y: at.y + band.top)
        }
        let range = lines(between: band.minY, and: band.maxY)
        let cache = store.glyphCache, tints = cache.tints
        // Locals, not `self.`: read inside the per-glyph closure, a property of `self`
        // cost a retain and release of `self` per glyph.
        let palette = self.palette, faces = store.faces
        // Per face, once per draw rather than per glyph: scaled bitmaps (colour emoji)
        // have no outline to shift, so one mask each.
        let shifts = faces.map { $0.bitmapScale == 1 }
        // Glyphs further than this from the clip horizontally cannot reach it: skipped
        // before the cache lookup (a narrow strip, e.g. the edge a pull uncovers, is cheap).
        let reachMinX = Float(visible.minX - overhang), reachMaxX = Float(visible.maxX + overhang)
        for line in lines[range] {
            let baseline = originY + Int(line.baseline)
            let (target, dx) = windowed(line.pan)
            let visible = target.clip
            for glyph in glyphs[Int(line.glyphStart)..<Int(line.glyphEnd)] {
                let penX = Float(originX + dx) + glyph.x
                guard penX > reachMinX, penX < reachMaxX else { continue }
                let whole = penX.rounded(.down)
                let face = Int(glyph.face)
                let subpixel = shifts[face] ? Int((penX - whole) * 4) & 3 : 0
                let key = GlyphCache.Key(face: face, glyph: glyph.glyph, subpixel: subpixel)
                // The mask is lent for the draw (no retain per glyph); the cache keeps it.
                cache.withMask(for: key, render: { faces[face].rasterize(glyph: glyph.glyph, subpixel: subpixel, tints: tints) }) { mask in
                    guard mask.width > 0 else { return }
                    let x = Int(whole) + mask.left
                    let y = baseline - Int(glyph.dy) - mask.top
                    // Skip masks wholly outside the clip before touching their bytes.
                    guard x < visible.maxX, y < visible.maxY, x + mask.width > visible.minX, y + mask.height > visible.minY else { return }
                    if mask.isColor {  // (a Bool first: loading the optional image cost a retain per glyph)
                        if let color = mask.color { target.drawImage(color, x: x, y: y) }
                        return
                    }
                    target.drawMask(mask.coverage, width: mask.width, height: mask.height, stride: mask.width,
                                    x: x, y: y, color: palette[Int(glyph.color.rawValue)], tint: mask.tint)
                }
            }
        }
        return range
    }

    /// Where `rows` of pictures read from files (their own rows, by `ObjectIdentifier` of
    /// the `FilePicture`: what `DecodedPictures` says arrived) are on the page, in layout
    /// coordinates.
    public func rects(showing rows: [ObjectIdentifier: [Range<Int>]]) -> [IntRect] {
        guard !rows.isEmpty else { return [] }
        var rects: [IntRect] = []
        for image in images {
            guard let picture = image.file, let pieces = rows[ObjectIdentifier(picture)] else { continue }
            for piece in pieces {
                // Where `draw` puts it: the picture's own size at the rectangle's corner.
                let shown = piece.clamped(to: 0..<image.height)
                guard !shown.isEmpty else { continue }
                rects.append(IntRect(x: image.rect.minX, y: image.rect.minY + shown.lowerBound, width: image.width, height: shown.count))
            }
        }
        return rects
    }

    /// The pictures read from files that meet layout rows `rows`, each with its own rows there.
    private func picturesMeeting(rows: Range<Int>) -> [(picture: FilePicture, rows: Range<Int>)] {
        guard !rows.isEmpty else { return [] }
        let band = IntRect(x: 0, y: rows.lowerBound, width: 1, height: rows.count)
        return PageLayout.meeting(band, in: images, tallest: tallestImage).compactMap { image in
            guard let picture = image.file, image.rect.maxY > rows.lowerBound else { return nil }
            return (picture, rows.lowerBound - image.rect.minY..<rows.upperBound - image.rect.minY)
        }
    }

    private static func sortedByTop<T: PlacedOnPage>(_ items: [T]) -> [T] {
        items.enumerated().sorted { ($0.element.rect.minY, $0.offset) < ($1.element.rect.minY, $1.offset) }.map(\.element)
    }

    /// The items (sorted by top) whose top lies in [band.minY - tallest, band.maxY): a
    /// superset of those meeting the band, found by binary search.
    /// (Through the protocol, specialised per type: a key path here was projected by the
    /// runtime at every step of the search, a tenth of a scroll frame's page draw.)
    private static func meeting<T: PlacedOnPage>(_ band: IntRect, in items: [T], tallest: Int) -> ArraySlice<T> {
        let low = band.minY - tallest
        var lo = 0, hi = items.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if items[mid].rect.minY < low { lo = mid + 1 } else { hi = mid }
        }
        var end = lo
        while end < items.count, items[end].rect.minY < band.maxY { end += 1 }
        return items[lo..<end]
    }
}

/// What the layout places at a rectangle of the page, found by `PageLayout.meeting`.
protocol PlacedOnPage {
    var rect: IntRect { get }
}

extension PlacedImage: PlacedOnPage {}
