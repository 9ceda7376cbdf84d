import Raster

/// Draws a `KioskScene` at a frame's time into a canvas (the shadow buffer), touching
/// only what changed since the previous frame and reporting it as damage.
///
/// - Scrolling moves the pixels already drawn (or the display's scan-out window) and
///   draws only the exposed strip.
/// - The dots redraw only their own boxes.
/// - While the menu shows, the frame is the page with the menu layer (overlay colour and
///   ring items, drawn once) composited over it as one group at fade × overlay_alpha,
///   straight into the scan-out buffer with the page left in the shadow, or, where the
///   display does not allow that, from a bitmap holding the page into the shadow.
public final class SceneRenderer {
    public let scene: KioskScene
    public let content: PageContent
    private let icons: IconCache

    private(set) var last: FrameState?
    /// The page under an overlay when frames cannot go straight to the scan-out buffer.
    var pageBitmap: Bitmap?
    /// Where the page of the last frame (without overlays) is held: the shadow, the bitmap
    /// above, or nowhere (blanked, pinched, never drawn: draw it whole).
    enum PageHome { case shadow, bitmap }
    private var pageHome: PageHome?
    /// Scratch for a direct pull's uncovered strip (SceneRenderer+DirectPull.swift).
    var pullStrip: Bitmap?
    /// The ring's items and labels, kept only around them and only while the menu shows.
    private let menuLayer = MenuLayer()
    /// Scratch regions kept between frames so a frame allocates nothing for them.
    private var pageDamage = Region()
    /// The last frame went straight into the scan-out buffer: the screen does not show
    /// the shadow (the canvas), and the next frame presented from it is presented whole.
    private(set) var shadowStale = false
    /// A pull is being shown straight from the shadow (`SceneRenderer+DirectPull.swift`):
    /// the shadow holds the page as this state describes (not pulled, no dots), while the
    /// screen shows `last`.
    var pullBase: FrameState?
    private var stale = Region()
    /// The link card's face and compose (LinkCard/), and the page with the card when the
    /// menu fades over it too.
    private lazy var linkCard = LinkCardRenderer(config: scene.config)
    private var cardUnderMenu: Bitmap?
    /// The page as it was when the current pinch began (SceneRenderer+Pinch.swift).
    var pinchSnapshot: (key: PinchFrame.SnapshotKey, bitmap: Bitmap)?

    public init(scene: KioskScene, content: PageContent) {
        self.scene = scene
        self.content = content
        self.icons = IconCache(pages: scene.config.pages, scale: scene.scale)
    }

    /// Forget the previous frame: the next one is drawn in full.
    public func invalidate() { last = nil; pullBase = nil }

    /// Whether the frame on screen differs from what the scene looks like at `time`.
    /// An animation that ends between two frames (a fade reaching 0 while the loop
    /// waited for a flip) still owes the screen its final frame: the loop keeps asking
    /// for frames while this is true, not only while the scene animates.
    public func isStale(at time: Double) -> Bool {
        guard let last else { return true }
        return state(at: time) != last
    }

    struct DotDraw: Equatable {
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
        var color = Color.clear
        var bounds: IntRect { IntRect.enclosing(x: x, y: y, width: width, height: height) }
    }

    /// The affordance's dots in a frame: none, or all of them, stored inline so that
    /// describing a frame allocates nothing.
    struct DotDraws: Equatable {
        private var items = InlineArray<3, DotDraw>(repeating: DotDraw())
        private(set) var count = 0

        init() {}
        mutating func append(_ dot: DotDraw) { items[count] = dot; count += 1 }
        var isEmpty: Bool { count == 0 }

        static func == (a: DotDraws, b: DotDraws) -> Bool {
            guard a.count == b.count else { return false }
            for i in 0..<a.count where a.items[i] != b.items[i] { return false }
            return true
        }

        func forEach(_ body: (DotDraw) -> Void) { for i in 0..<count { body(items[i]) } }
    }

    struct FrameState: Equatable {
        let generation: Int
        let width: Int, height: Int
        let page: Int
        let scrollY: Int
        let pullX: Int
        let dots: DotDraws
        /// Menu layer alpha in 1/255 steps (0: no menu).
        let menuAlpha: Int
        let blanked: Bool
        /// The link card's alpha in 1/255 steps (0: none) and which card it is.
        let cardAlpha: Int
        let cardGeneration: Int
        /// The pressed link's id on the page (-1: none).
        let pressedLink: Int
        /// The page is under an overlay (the menu, the link card) and composed with it.
        var layered: Bool { menuAlpha > 0 || cardAlpha > 0 }
        /// A pinch in progress: the page drawn scaled (nil otherwise).
        let pinch: PinchFrame?
    }

    func state(at time: Double) -> FrameState {
        let theme = scene.config.theme
        let pullX = Int(scene.horizontal.offset(at: time).rounded())
        var dots = DotDraws()
        if let back = backDots(pullX: pullX, at: time) {
            dots = back
        } else if scene.affordance.isVisible(at: time) || pullX > 0 {
            let boxX = scene.width - Double(pullX)
            let boxY = (scene.height - scene.affordance.height) / 2
            for i in 0..<PullAffordance.dotCount {
                let d = scene.affordance.dot(i, at: time)
                let color: Color
                switch d.tone {
                case .accent: color = theme.accent
                case .foreground: color = theme.foreground
                case .muted: color = theme.muted
                }
                dots.append(DotDraw(x: boxX + d.x, y: boxY + d.y, width: d.width, height: d.height, color: color))
            }
        }
        let menuAlpha = Int((scene.menu.opacity(at: time) * theme.overlayAlpha * 255).rounded())
        return FrameState(generation: scene.contentGeneration, width: Int(scene.width), height: Int(scene.height),
                          page: scene.currentPage, scrollY: Int(scene.vertical.offset(at: time).rounded()),
                          pullX: pullX, dots: dots, menuAlpha: menuAlpha, blanked: scene.isBlanked,
                          cardAlpha: Int((scene.links.card.opacity(at: time) * 255).rounded()),
                          cardGeneration: scene.links.card.generation, pressedLink: pressedLink(),
                          pinch: PinchFrame(scene.textZoom.pinch))
    }

    /// Draw the frame for `time` into `canvas` (the scene's size), adding what changed to
    /// `damage`. With `scanout` (the display's `ScanoutSurface`): a vertical scroll moves
    /// the scan-out window instead of the pixels where the display pans, drawing only the
    /// uncovered strip, and a fade step is composed straight into the scan-out buffer.
    /// Returns the canvas the frame ends in (the moved window, else `canvas` itself).
    @discardableResult
    public func render(into canvas: Canvas, at time: Double, damage: inout Region, scanout: ScanoutSurface? = nil) -> Canvas {
        var canvas = canvas
        let now = state(at: time)
        let full = canvas.bounds
        if now.menuAlpha == 0 || now.blanked { menuLayer.release() }
        if now.blanked {
            if last?.blanked != true || shadowStale { canvas.fill(full, color: .black); damage.add(full) }
            shadowStale = false
            pullBase = nil
            pageHome = nil
            last = now
            return canvas
        }
        let layered = now.layered
        if let pinch = now.pinch, !layered {
            renderPinch(pinch, into: canvas, state: now, damage: &damage)
            shadowStale = false
            pageHome = nil
            last = now
            return canvas
        }
        pinchSnapshot = nil
        if !layered, directPull(canvas, now: now, scanout: scanout) {
            damage.add(full)
            last = now
            return canvas
        }
        var target = canvas
        var home = PageHome.shadow
        // A frame under the menu alone goes straight into the scan-out buffer where the
        // display allows: then no composed frame is ever written to the shadow, and the
        // shadow itself holds the page under the menu (no 8 MiB copy of it at 1080p).
        // Otherwise (the link card, a rotated panel, no scan-out access) the page is drawn
        // into a bitmap of its own for as long as the overlay shows.
        var direct: Canvas?
        if layered {
            if pageHome == .shadow, now.cardAlpha == 0, let last, last == now, pullBase == nil {
                return canvas  // nothing changed: the screen shows this frame already
            }
            if pageHome != .bitmap, now.cardAlpha == 0, let scanoutCanvas = scanout?.directFrame() {
                direct = scanoutCanvas
            } else {
                if pageBitmap == nil || pageBitmap!.width != canvas.width || pageBitmap!.height != canvas.height {
                    pageBitmap = try? Bitmap(width: canvas.width, height: canvas.height)
                }
                home = .bitmap
                target = pageBitmap?.canvas ?? canvas
            }
        } else {
            pageBitmap = nil
        }

        pageDamage.removeAll()
        // The page where it is held (`pageHome`) is the last frame's, or the unpulled page
        // under a direct pull: move it and draw what changed, or draw it whole.
        if pageHome == home, let last = pullBase ?? last, last.pinch == nil, last.generation == now.generation, last.width == now.width, last.height == now.height,
           last.page == now.page, last.blanked == now.blanked {
            // The page (and the affordance beyond its edge) moved by (dx, dy) device px.
            let dx = last.pullX - now.pullX, dy = last.scrollY - now.scrollY
            if dx == 0, dy != 0, !layered, abs(dy) < full.height, let panned = scanout?.pan(by: dy) {
                // The display moved its scan-out window: only the uncovered strip and the
                // dots are new (the same pixels `move` would leave stale).
                canvas = panned
                target = panned
                uncovered(target, dx: 0, dy: dy, last: last, now: now)
                pageDamage.add(stale)
            } else if dx != 0 || dy != 0 {
                move(target, dx: dx, dy: dy, last: last, now: now)
                pageDamage.add(full)
            } else if last.dots != now.dots {
                var box = IntRect.zero
                last.dots.forEach { box = box.union($0.bounds) }
                now.dots.forEach { box = box.union($0.bounds) }
                box = box.insetBy(dx: -1, dy: -1).intersection(full)
                drawPage(target, clip: box, state: now)
                pageDamage.add(box)
            }
            let pressed = pressedChange(from: last, to: now).intersection(full)
            if !pressed.isEmpty {
                drawPage(target, clip: pressed, state: now)
                pageDamage.add(pressed)
            }
        } else {
            drawPage(target, clip: full, state: now)
            pageDamage.add(full)
        }

        if layered {
            var composeRegion = pageDamage
            let fading = last?.menuAlpha != now.menuAlpha || last?.cardAlpha != now.cardAlpha || last?.cardGeneration != now.cardGeneration
            if fading || shadowStale || direct != nil || composeRegion.isEmpty && last == nil { composeRegion = Region(full) }
            // The link card over the page; when the menu shows too (one of them fading
            // out), the menu goes over the page-with-card in a second pass.
            var base = target
            if now.cardAlpha > 0 {
                var into = canvas
                if now.menuAlpha > 0 {
                    if cardUnderMenu?.width != canvas.width || cardUnderMenu?.height != canvas.height {
                        cardUnderMenu = try? Bitmap(width: canvas.width, height: canvas.height)
                    }
                    into = cardUnderMenu?.canvas ?? canvas
                }
                let card = LinkCardLayout(width: scene.width, height: scene.height, scale: scene.scale)
                for rect in composeRegion.rects {
                    linkCard.compose(scene.links.card, layout: card, over: target, into: into, alpha: now.cardAlpha, rect: rect)
                }
                base = into
            } else {
                cardUnderMenu = nil
            }
            let layer = now.menuAlpha > 0
                ? menuLayer.canvas(scene: scene, content: content, icons: icons, width: canvas.width, height: canvas.height) : nil
            // Straight into the scan-out buffer (write only, one pass, every pixel), or into
            // the shadow from the page's own bitmap.
            let destination = direct ?? canvas
            let overlay = scene.config.theme.overlay
            for rect in composeRegion.rects where now.menuAlpha > 0 {
                guard let layer else { destination.blit(base, from: rect, toX: rect.x, y: rect.y); continue }
                // The layer is the plain overlay colour but along the ring items' and
                // labels' runs: elsewhere a colour mix reads only the page (with the card).
                menuLayer.compose(layer, overlay: overlay, over: base, into: destination, alpha: now.menuAlpha,
                                  rect: rect, streaming: direct != nil)
            }
            if direct != nil { DirectCompose.finish() }
            shadowStale = direct != nil
            damage.add(composeRegion)
        } else {
            damage.add(pageDamage)
            if shadowStale { damage.add(full) }
            shadowStale = false
        }
        // The screen showed a pull the shadow did not hold: all of it changes.
        if pullBase != nil { damage.add(full); pullBase = nil }
        pageHome = home
        last = now
        return canvas
    }

    // MARK: Page

    /// Scrolling and pulling: move the pixels already drawn and draw only what they
    /// uncover, plus the dots (which animate on their own while they move).
    private func move(_ target: Canvas, dx: Int, dy: Int, last: FrameState, now: FrameState) {
        let w = target.width, h = target.height
        guard abs(dx) < w, abs(dy) < h else {
            drawPage(target, clip: target.bounds, state: now)
            return
        }
        target.move(target.bounds, dx: dx, dy: dy)
        uncovered(target, dx: dx, dy: dy, last: last, now: now)
    }

    /// After the page's pixels moved by (dx, dy): draws what they uncovered and where
    /// the dots were and are, and leaves those rectangles in `stale`.
    private func uncovered(_ target: Canvas, dx: Int, dy: Int, last: FrameState, now: FrameState) {
        let w = target.width, h = target.height
        stale.removeAll()
        if dx > 0 { stale.add(IntRect(x: 0, y: 0, width: dx, height: h)) }
        if dx < 0 { stale.add(IntRect(x: w + dx, y: 0, width: -dx, height: h)) }
        if dy > 0 { stale.add(IntRect(x: 0, y: 0, width: w, height: dy)) }
        if dy < 0 { stale.add(IntRect(x: 0, y: h + dy, width: w, height: -dy)) }
        last.dots.forEach { stale.add($0.bounds.offsetBy(dx: dx, dy: dy).insetBy(dx: -1, dy: -1)) }
        now.dots.forEach { stale.add($0.bounds.insetBy(dx: -1, dy: -1)) }
        stale = stale.clipped(to: target.bounds)
        for rect in stale.rects {
            drawPage(target, clip: rect, state: now)
        }
    }

    /// Background, text and dots inside `clip` (screen coordinates). `shiftX`: the
    /// target holds the screen from that column on (a strip drawn apart), so screen x
    /// lands at x − shiftX.
    func drawPage(_ target: Canvas, clip: IntRect, state: FrameState, shiftX: Int = 0) {
        var c = target
        c.clip = clip.offsetBy(dx: -shiftX, dy: 0)
        c.fill(c.clip, color: scene.config.theme.background)
        drawPressedLink(c, clip: clip, state: state, shiftX: shiftX)
        let originX = Int(scene.textLeft.rounded()) - state.pullX - shiftX
        let originY = Int((KioskScene.marginTop * scene.scale).rounded()) - state.scrollY
        content.draw(page: state.page, width: scene.textWidth, into: c, originX: originX, originY: originY, clip: c.clip)
        state.dots.forEach { d in
            guard d.bounds.intersects(clip) else { return }
            c.fillRoundedRect(x: d.x - Double(shiftX), y: d.y, width: d.width, height: d.height, radius: min(d.width, d.height) / 2,
                              color: d.color)
        }
    }

    /// Bytes held for the menu (its layer, the page with the link card under it): 0
    /// whenever the menu is hidden.
    var menuBitmapBytes: Int { menuLayer.byteCount + (cardUnderMenu.map { $0.stride * $0.height } ?? 0) }
}
