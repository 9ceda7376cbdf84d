import Raster

/// One frame as the scene describes it: what the screen should show at a moment, in terms
/// the compositor can compare with the frame before it. The scene never says *how* the
/// frame reaches the screen (moving a scan-out window, copying, composing straight into
/// scan-out memory): the compositor decides that from two descriptions and the surfaces
/// the display offers, and asks the painter to draw only what it cannot reuse.
///
/// A frame is a page layer (content scrolled by `scrollY`, shifted left by `shiftX`, with
/// small decorations drawn into it: the pull's dots, a pressed link, speech mode's focus
/// ring) and optionally overlays composed over it at an alpha (the menu, the link card,
/// the search panel).
/// Two special frames: blank (the panel dark) and scaled (a pinch: the painter draws the
/// whole frame).
public struct FrameDescription: Equatable, Sendable {
    public enum Content: Equatable, Sendable {
        /// The page layer with overlays, if any.
        case page
        /// The panel is dark: the frame is black.
        case blank
        /// The painter draws every pixel itself (a pinch frame); `key` changes with what it
        /// shows, so equal keys need no new frame.
        case whole(key: Int)
    }

    /// Everything that decides the page layer's pixels apart from scroll, shift and
    /// decorations: a frame with another key is drawn from scratch.
    public struct PageKey: Equatable, Sendable {
        public var generation: Int
        public var page: Int
        public var width: Int
        public var height: Int
        public init(generation: Int, page: Int, width: Int, height: Int) {
            self.generation = generation; self.page = page; self.width = width; self.height = height
        }
    }

    /// The overlays over the page: their alpha (0: none) and a key that changes whenever
    /// their pixels or alphas change.
    public struct Overlays: Equatable, Sendable {
        public var key: OverlayKey
        /// The overlays may be composed straight into write-only scan-out memory: they read
        /// nothing but the page and their own layers (the menu); false when composing them
        /// needs a cached copy of the page (the link card).
        public var direct: Bool
        public init(key: OverlayKey, direct: Bool) { self.key = key; self.direct = direct }
        public var isEmpty: Bool { key.isEmpty }
    }

    /// The overlays' alphas (1/255 steps), which card and which search panel: equal keys
    /// are equal pixels.
    public struct OverlayKey: Equatable, Sendable {
        public var menuAlpha: Int
        public var cardAlpha: Int
        public var cardGeneration: Int
        /// The search panel, opaque over the whole screen (0: none); changes with its pixels.
        public var panel: Int
        public init(menuAlpha: Int = 0, cardAlpha: Int = 0, cardGeneration: Int = 0, panel: Int = 0) {
            self.menuAlpha = menuAlpha; self.cardAlpha = cardAlpha; self.cardGeneration = cardGeneration; self.panel = panel
        }
        public var isEmpty: Bool { menuAlpha == 0 && cardAlpha == 0 && panel == 0 }
    }

    public var content: Content
    public var page: PageKey
    /// The page's vertical scroll in device px (its top row on screen is this row).
    public var scrollY: Int
    /// The page shifted left by this many px (the sideways pull; negative: right).
    public var shiftX: Int
    /// Small things drawn with the page where they are; redrawn wherever they change.
    public var decorations: Decorations
    public var overlays: Overlays
    /// A playing clip's picture the display may scan out from a YUV plane instead of the
    /// page (nil: none that could, e.g. paused or captioned). Its box is one of
    /// `decorations`, so the software path draws it like any other.
    public var video: VideoPicture?
    /// Part of the page whose pixels changed without a new page key (a picture decoded
    /// off the loop arrived): drawn again when its generation differs from the frame held.
    public var repaint: PageRepaint

    public init(content: Content, page: PageKey, scrollY: Int, shiftX: Int, decorations: Decorations, overlays: Overlays,
                video: VideoPicture? = nil, repaint: PageRepaint = PageRepaint()) {
        self.content = content; self.page = page; self.scrollY = scrollY; self.shiftX = shiftX
        self.decorations = decorations; self.overlays = overlays; self.video = video; self.repaint = repaint
    }

    public var isLayered: Bool { content == .page && !overlays.isEmpty }
    public var isPlainPage: Bool { content == .page && overlays.isEmpty }

    /// The same page at the same scroll, with no part of it changed since (a pull may
    /// start from it).
    public func samePage(as other: FrameDescription) -> Bool {
        page == other.page && scrollY == other.scrollY && content == .page && other.content == .page
            && repaint.generation == other.repaint.generation
    }

    /// This frame with the page unshifted and no decorations (what the shadow holds under
    /// a pull drawn straight to the screen).
    public var unshifted: FrameDescription {
        FrameDescription(content: .page, page: page, scrollY: scrollY, shiftX: 0, decorations: Decorations(),
                         overlays: Overlays(key: OverlayKey(), direct: true), repaint: PageRepaint(generation: repaint.generation))
    }
}

/// Part of a page drawn again although its key is the same: its pixels changed (a
/// picture decoded off the loop arrived where a frame had left the page's background).
/// `generation` counts such changes; `box` (screen coordinates of the frame it is in) is
/// what changed since the generation before, and is empty in the frames after the one that
/// carried it. A compositor holding a frame of another generation draws `box` again; one
/// holding nothing of this page draws it all anyway.
public struct PageRepaint: Equatable, Sendable {
    public var generation: Int
    public var box: IntRect

    public init(generation: Int = 0, box: IntRect = .zero) {
        self.generation = generation; self.box = box
    }
}

/// The decorations of a frame, stored inline so that describing a frame allocates
/// nothing: each is a box on the screen and a tag that changes whenever what is drawn in
/// the box changes (position inside it, size, colour).
public struct Decorations: Equatable, Sendable {
    public static let capacity = 12
    private var boxes = InlineArray<12, IntRect>(repeating: .zero)
    private var tags = InlineArray<12, Int>(repeating: 0)
    public private(set) var count = 0

    public init() {}

    /// Adds a box (ignored beyond `capacity`: the painter's decorations are the three
    /// pull dots, a pressed link, speech mode's focus ring, the search hit, the picture
    /// and progress bar of a clip on screen (two clips without a pressed link) and up to
    /// three animated pictures).
    public mutating func append(_ box: IntRect, tag: Int) {
        guard count < Self.capacity else { return }
        boxes[count] = box; tags[count] = tag; count += 1
    }

    public var isEmpty: Bool { count == 0 }

    /// These decorations with `tag` for every box equal to `box`: what the page layer holds
    /// while a clip's picture is scanned out from a plane above it (its frames change
    /// nothing in the page).
    public func retagging(_ box: IntRect, as tag: Int) -> Decorations {
        var copy = self
        for i in 0..<count where boxes[i] == box { copy.tags[i] = tag }
        return copy
    }

    public func forEach(_ body: (IntRect) -> Void) { for i in 0..<count { body(boxes[i]) } }

    /// Each box that differs from `base`'s at its place (box or tag), and `base`'s box
    /// there: what must be drawn again when only the decorations changed. Every box of
    /// both when their counts differ.
    public func forEachChange(since base: Decorations, _ body: (IntRect) -> Void) {
        guard count == base.count else {
            base.forEach(body)
            forEach(body)
            return
        }
        for i in 0..<count where boxes[i] != base.boxes[i] || tags[i] != base.tags[i] {
            body(base.boxes[i])
            if boxes[i] != base.boxes[i] { body(boxes[i]) }
        }
    }

    /// Whether a box other than `box` itself overlaps it (something drawn over a clip's
    /// picture: a focus ring, a pressed link, a search hit).
    public func overlap(_ box: IntRect) -> Bool {
        for i in 0..<count where boxes[i] != box && boxes[i].intersects(box) { return true }
        return false
    }

    /// Whether any box (with a pixel of margin) reaches into `rect`.
    public func intersect(_ rect: IntRect) -> Bool {
        for i in 0..<count where boxes[i].insetBy(dx: -1, dy: -1).intersects(rect) { return true }
        return false
    }

    /// The bounding box of every box (a pixel of margin), or zero.
    public var bounds: IntRect {
        var box = IntRect.zero
        forEach { box = box.union($0) }
        return box.isEmpty ? box : box.insetBy(dx: -1, dy: -1)
    }

    public static func == (a: Decorations, b: Decorations) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count where a.boxes[i] != b.boxes[i] || a.tags[i] != b.tags[i] { return false }
        return true
    }
}

/// A playing clip's picture as a YUV plane would show it: `box` on screen (a decoration's
/// box), scaled from `source` (a crop of the decoded picture, in its pixels) of a picture
/// `width`×`height`; `tag` changes with each decoded frame.
public struct VideoPicture: Equatable, Sendable {
    public var box: IntRect
    public var width: Int
    public var height: Int
    public var source: IntRect
    public var tag: Int

    public init(box: IntRect, width: Int, height: Int, source: IntRect, tag: Int) {
        self.box = box; self.width = width; self.height = height; self.source = source; self.tag = tag
    }
}
