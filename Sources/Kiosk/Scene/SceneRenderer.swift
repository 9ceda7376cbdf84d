import Frames
import Raster

/// The scene's renderer: describes the `KioskScene` at a frame's time as a
/// `FrameDescription` (page, scroll, pull, dots, pressed link, overlays and their alpha)
/// and makes the `ScenePainter` for that frame, which the compositor asks for the layers
/// it needs: the page layer inside a clip, the overlays (the menu layer, the link card)
/// over a page it is handed, a whole pinch frame. The drawing is done here, each function
/// handed the frame it draws, with what it keeps between frames (the menu layer, the
/// pinch's snapshot). How a frame reaches the screen (moving a scan-out window, copying,
/// writing straight into scan-out memory) is the compositor's choice, in the loop.
public final class SceneRenderer {
    public let scene: KioskScene
    /// The scene's content (`KioskScene.content`, a `let`: the two cannot part), kept here
    /// for the drawing calls.
    public let content: PageContent
    let icons: IconCache

    /// The frame last described, to tell whether the scene has moved on since (`isStale`);
    /// never what is drawn: each painter draws the frame it was made for.
    private var lastDescribed: FrameState?
    /// The ring's items and labels, kept only around them and only while the menu shows.
    let menuLayer = MenuLayer()
    /// The link card's face and compose (LinkCard/), and the page with the card when the
    /// menu fades over it too.
    lazy var linkCard = LinkCardRenderer(config: scene.config)
    /// The search panel's layer (Search/), kept only while the panel shows.
    lazy var searchPanel = SearchPanelRenderer(config: scene.config)
    var cardUnderMenu: Bitmap?
    /// The page as it was when the current pinch began (SceneRenderer+Pinch.swift).
    var pinchSnapshot: (key: PinchFrame.SnapshotKey, bitmap: Bitmap)?
    /// The clips' captions, set once each (Clips/CaptionPainter.swift).
    lazy var captions = CaptionPainter(config: scene.config)

    public init(scene: KioskScene) {
        self.scene = scene
        self.content = scene.content
        self.icons = IconCache(pages: scene.config.pages, scale: scene.scale)
    }

    /// A frame as the renderer sees it: the description the compositor compares, and what
    /// drawing it needs beyond that.
    struct FrameState: Equatable {
        let description: FrameDescription
        let dots: DotDraws
        /// The pressed link's id on the page (-1: none).
        let pressedLink: Int
        /// A pinch in progress: the page drawn scaled (nil otherwise).
        let pinch: PinchFrame?
        /// The clips' pictures on the page (Clips/SceneRenderer+Clips.swift).
        let clips: [ClipDraw]
        /// The animated pictures' frames (Clips/SceneRenderer+Clips.swift).
        let pictures: [PictureDraw]
        /// The search panel over the page (nil: not shown; Search/SceneRenderer+Search.swift).
        let panel: SearchPanelFrame?

        var page: Int { description.page.page }
        var scrollY: Int { description.scrollY }
        var pullX: Int { description.shiftX }
        var menuAlpha: Int { description.overlays.key.menuAlpha }
        var cardAlpha: Int { description.overlays.key.cardAlpha }
    }

    /// Describes the frame for `time` and makes the painter that draws it. Frees what a
    /// frame no longer needs (the menu layer once the menu is gone, the pinch's snapshot
    /// once the pinch ends).
    public func frame(at time: Double) -> ScenePainter {
        let now = state(at: time)
        lastDescribed = now
        // The changed part is handed to the compositor once, in this frame.
        repaintPending = .zero
        if now.menuAlpha == 0 || now.description.content == .blank { menuLayer.release() }
        if now.cardAlpha == 0 || now.menuAlpha == 0 { cardUnderMenu = nil }
        if now.pinch == nil { pinchSnapshot = nil }
        if now.panel == nil { searchPanel.release() }
        return ScenePainter(state: now, renderer: self)
    }

    /// Whether any frame was described for drawing yet.
    public var hasDrawn: Bool { lastDescribed != nil }

    /// The page's pixels changed without the scene knowing (a PDF sheet rendered in the
    /// background): the next frame's page key differs, so it is drawn from scratch.
    public func invalidate() {
        lastDescribed = nil
        redraws += 1
    }
    private var redraws = 0

    /// Part of the page changed without a new key (pictures decoded off the loop arrived
    /// where a frame left the background): `rects` in layout coordinates of the current
    /// page. The next frame draws them again, and nothing else that was not moving.
    public func repaint(_ rects: [IntRect]) {
        guard !rects.isEmpty else { return }
        for rect in rects { repaintPending = repaintPending.union(rect) }
        repaintGeneration += 1
    }
    private var repaintGeneration = 0
    /// Layout coordinates; on screen in the next frame described for drawing.
    private var repaintPending = IntRect.zero

    /// Whether the frame last drawn differs from what the scene looks like at `time`.
    /// An animation that ends between two frames (a fade reaching 0 while the loop
    /// waited for a flip) still owes the screen its final frame: the loop keeps asking
    /// for frames while this is true, not only while the scene animates.
    public func isStale(at time: Double) -> Bool {
        guard let lastDescribed else { return true }
        return state(at: time) != lastDescribed
    }

    func state(at time: Double) -> FrameState {
        let theme = scene.config.theme
        let pullX = Int(scene.horizontal.offset(at: time).rounded())
        let dots = DotDraws.pulls(scene, pullX: pullX, at: time)
        let key = FrameDescription.PageKey(generation: scene.contentGeneration &+ redraws << 32, page: scene.currentPage,
                                           width: Int(scene.width), height: Int(scene.height))
        let scrollY = Int(scene.vertical.offset(at: time).rounded())
        let panel = searchPanelFrame()
        let overlays = FrameDescription.OverlayKey(menuAlpha: Int((scene.menu.opacity(at: time) * theme.overlayAlpha * 255).rounded()),
                                                   cardAlpha: Int((scene.links.card.opacity(at: time) * 255).rounded()),
                                                   cardGeneration: scene.links.card.generation, panel: panel?.key ?? 0)
        let pressed = pressedLink()
        let pinch = PinchFrame(scene.textZoom.pinch)
        var decorations = Decorations()
        dots.addDecorations(to: &decorations)
        let box = pressedBox(pressed, page: key.page, pullX: pullX, scrollY: scrollY)
        if !box.isEmpty { decorations.append(box, tag: pressed) }
        addFocusDecoration(to: &decorations, pullX: pullX, scrollY: scrollY)
        addSearchHighlight(to: &decorations, page: key.page, pullX: pullX, scrollY: scrollY)
        let clips = pinch == nil ? clipDraws(at: time) : []
        for clip in clips { clip.addDecorations(to: &decorations, bar: clipBar) }
        let pictures = pinch == nil ? pictureDraws(at: time) : []
        for picture in pictures { decorations.append(picture.rect, tag: picture.tag) }
        let content: FrameDescription.Content
        if scene.idle.isBlanked {
            content = .blank
        } else if let pinch, overlays.isEmpty {
            var h = Hasher()
            h.combine(pinch.factor); h.combine(pinch.x); h.combine(pinch.y); h.combine(pinch.startX); h.combine(pinch.startY)
            h.combine(scrollY)
            content = .whole(key: h.finalize())
        } else {
            content = .page
        }
        let description = FrameDescription(content: content, page: key, scrollY: scrollY, shiftX: pullX, decorations: decorations,
                                           overlays: .init(key: overlays, direct: overlays.cardAlpha == 0),
                                           video: planeClip(clips)?.video, repaint: repaint(scrollY: scrollY, pullX: pullX))
        return FrameState(description: description, dots: dots, pressedLink: pressed, pinch: pinch, clips: clips, pictures: pictures, panel: panel)
    }

    /// The part changed since the last frame described, on screen (as `drawPage` places
    /// the layout).
    private func repaint(scrollY: Int, pullX: Int) -> PageRepaint {
        guard !repaintPending.isEmpty else { return PageRepaint(generation: repaintGeneration) }
        let originX = Int(scene.textLeft.rounded()) - pullX
        let originY = Int((KioskScene.marginTop * scene.scale).rounded()) - scrollY
        return PageRepaint(generation: repaintGeneration, box: repaintPending.offsetBy(dx: originX, dy: originY))
    }

    // MARK: Drawing (through ScenePainter)

    /// Background, pressed link, text and dots of `state` inside `clip` (screen
    /// coordinates). `shiftX`: the canvas holds the screen from that column on (a strip
    /// drawn apart). `overBackground`: `clip` holds the theme's background already (filled
    /// on another core), so the background is not filled again.
    func drawPage(_ target: Canvas, clip: IntRect, state: FrameState, shiftX: Int = 0, overBackground: Bool = false) {
        var c = target
        c.clip = clip.offsetBy(dx: -shiftX, dy: 0)
        let origin = pageOrigin(state), originX = origin.x - shiftX, originY = origin.y
        let onPage = onPage(clip, state: state)
        var page = target
        page.clip = onPage.offsetBy(dx: -shiftX, dy: 0)
        if !overBackground {
            fillBackground(c, except: content.opaqueCover(page: state.page, width: scene.textWidth, originX: originX, originY: originY, clip: page.clip))
        }
        if !onPage.isEmpty {
            drawFocusRing(page, clip: onPage, state: state, shiftX: shiftX)
            drawSearchHighlight(page, clip: onPage, state: state, shiftX: shiftX)
            drawPressedLink(page, clip: onPage, state: state, shiftX: shiftX)
            content.draw(page: state.page, width: scene.textWidth, into: page, originX: originX, originY: originY, clip: page.clip,
                         tableOffsets: scene.tablePans.offsets(page: state.page))
            drawPictures(state.pictures, into: target, clip: onPage, shiftX: shiftX)
            drawClips(state.clips, into: target, clip: onPage, shiftX: shiftX)
        }
        state.dots.draw(into: c, clip: clip, shiftX: shiftX)
    }

    /// The theme's background when `drawPage` fills all of `clip` with it (shiftX 0): no
    /// opaque picture covers any of it now. A picture that arrives before the band is
    /// drawn is drawn over the fill; one let go by then is not drawn, and the fill is there.
    func plainBackground(clip: IntRect, state: FrameState) -> Color? {
        let onPage = onPage(clip, state: state), origin = pageOrigin(state)
        let cover = onPage.isEmpty ? [] : content.opaqueCover(page: state.page, width: scene.textWidth, originX: origin.x, originY: origin.y, clip: onPage)
        return cover.isEmpty ? scene.config.theme.background : nil
    }

    /// Whether the page of `state` inside `clip` may be drawn in several clips (the
    /// compositor's bands) at no more cost than whole.
    func drawsInParts(clip: IntRect, state: FrameState) -> Bool {
        let origin = pageOrigin(state)
        return content.drawsInParts(page: state.page, width: scene.textWidth, originX: origin.x, originY: origin.y, clip: clip)
    }

    /// Where the page of `state` is drawn from on the screen: the text's left edge moved by
    /// the pull, its top by the scroll.
    private func pageOrigin(_ state: FrameState) -> (x: Int, y: Int) {
        (Int(scene.textLeft.rounded()) - state.pullX, Int((KioskScene.marginTop * scene.scale).rounded()) - state.scrollY)
    }

    /// The part of `clip` on the page. The page ends at its right edge (screen x width −
    /// pullX): beyond it a pull shows the background and the dots only, which the
    /// compositor may fill without drawing (`ScenePainter.colorBeyondPageEdge`). A glyph or
    /// table running past the edge stays cut there, as it is at rest.
    private func onPage(_ clip: IntRect, state: FrameState) -> IntRect {
        let edge = Int(scene.width.rounded()) - state.pullX
        return clip.intersection(IntRect(x: clip.minX, y: clip.minY, width: max(0, edge - clip.minX), height: clip.height))
    }

    /// The theme's background over the clip, except where opaque pictures will be drawn
    /// whole (a photograph's pixels would only overwrite it: on a page that opens with
    /// one, the fill was a tenth of the frame).
    private func fillBackground(_ c: Canvas, except cover: [IntRect]) {
        let background = scene.config.theme.background
        guard !cover.isEmpty else { return c.fill(c.clip, color: background) }
        var pieces = [c.clip]
        for hole in cover {
            var outside: [IntRect] = []
            for piece in pieces { piece.forEachPiece(outside: hole) { outside.append($0) } }
            pieces = outside
        }
        for piece in pieces { c.fill(piece, color: background) }
    }

    /// A whole frame for `time` drawn from scratch into `canvas`, as a reference for the
    /// frames the compositor makes (tests), and for one-off pictures.
    public func renderWhole(into canvas: Canvas, at time: Double) {
        frame(at: time).drawFromScratch(into: canvas)
    }

    /// Bytes held for the menu (its layer, the page with the link card under it): 0
    /// whenever the menu is hidden.
    var menuBitmapBytes: Int { menuLayer.byteCount + (cardUnderMenu.map { $0.stride * $0.height } ?? 0) }
}
