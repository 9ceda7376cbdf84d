import Raster

/// The menu as a layer: the overlay colour with the ring's items and labels on it,
/// drawn once per screen size, selected page and content, and composited over the page
/// at the fade's alpha.
///
/// Only the rectangle around the items and labels is kept (`box`, 1.6 MiB at 1920×1080
/// with four items): everywhere else the layer is the plain overlay colour, which the
/// renderer mixes in without reading a layer (`spans`). And it is kept only while the
/// menu shows (`release`): a full-screen layer was 7.9 MiB at 1920×1080, held from the
/// first time the menu opened until the kiosk stopped.
final class MenuLayer {
    private struct Key: Equatable { let width: Int, height: Int, selected: Int, generation: Int, language: String? }

    /// One ring item: where it is and what it shows.
    struct Item {
        let index: Int
        let center: (x: Double, y: Double)
        let selected: Bool
        let icon: Image?
        /// The letter drawn when there is no icon.
        let letter: String?
        let labelCenterY: Int
    }

    private var bitmap: Bitmap?
    private var key: Key?
    /// Where the layer sits on the screen: every pixel that is not the plain overlay.
    private(set) var box = IntRect.zero
    /// Inside the box, per row, the runs that are not the plain overlay (box coordinates).
    private(set) var spans = MenuLayerSpans()

    /// Bytes held (0 once released).
    var byteCount: Int { bitmap.map { $0.stride * $0.height } ?? 0 }

    /// The layer for the scene as it is now (drawn again if what it shows changed), its
    /// pixels covering `box`; nil when its memory cannot be had (the renderer then shows
    /// the page under the plain overlay).
    func canvas(scene: KioskScene, content: PageContent, icons: IconCache, width: Int, height: Int) -> Canvas? {
        let key = Key(width: width, height: height, selected: scene.currentPage, generation: scene.contentGeneration,
                      language: scene.chosenLanguage)
        if self.key == key, let bitmap { return bitmap.canvas }
        self.key = nil
        let items = self.items(scene: scene, icons: icons)
        let box = Self.box(items: items, scene: scene, content: content, screen: IntRect(x: 0, y: 0, width: width, height: height))
        if bitmap?.width != box.width || bitmap?.height != box.height {
            bitmap = nil  // the old one goes before the new one is allocated
            bitmap = box.isEmpty ? nil : try? Bitmap(width: box.width, height: box.height)
        }
        guard let bitmap else { self.box = .zero; return nil }
        self.box = box
        Self.draw(items, scene: scene, content: content, into: bitmap.canvas, originX: box.x, originY: box.y)
        spans = MenuLayerSpans(layer: bitmap.canvas, overlay: scene.config.theme.overlay, box: bitmap.canvas.bounds)
        self.key = key
        return bitmap.canvas
    }

    /// Frees the layer (the menu is hidden); the next `canvas` draws it again.
    func release() {
        bitmap = nil
        key = nil
        box = .zero
        spans = MenuLayerSpans()
    }

    /// dst = a · layer + (1 − a) · page over `rect` (screen coordinates), the layer being
    /// the plain overlay outside `box`.
    func compose(_ layer: Canvas, overlay: Color, over page: Canvas, into dst: PixelDestination, alpha: Int, rect: IntRect) {
        spans.compose(layer: layer, at: (box.x, box.y), overlay: overlay, over: page, into: dst, alpha: alpha, rect: rect)
    }

    func items(scene: KioskScene, icons: IconCache) -> [Item] {
        let ring = scene.ring
        let diameter = Int((2 * ring.itemRadius).rounded())
        return scene.ringPages.enumerated().map { position, i in
            let page = scene.config.pages[i]
            let c = ring.center(of: position)
            let selected = i == scene.currentPage
            let icon = icons.image(page: i, selected: selected, size: diameter)
            return Item(index: i, center: c, selected: selected, icon: icon,
                        letter: icon == nil ? (page.title.first.map { String($0).uppercased() } ?? "•") : nil,
                        labelCenterY: Int((c.y + ring.itemRadius + 18 * scene.scale).rounded()))
        }
    }

    /// The items' circles with room for the selection ring, their letters and labels,
    /// and a pixel of margin, on the screen.
    private static func box(items: [Item], scene: KioskScene, content: PageContent, screen: IntRect) -> IntRect {
        let reach = scene.ring.itemRadius + 5 * scene.scale
        var box = IntRect.zero
        for item in items {
            let c = item.center
            box = box.union(IntRect.enclosing(x: c.x - reach, y: c.y - reach, width: 2 * reach, height: 2 * reach))
            if let letter = item.letter {
                box = box.union(content.labelBounds(letter, size: 40 * scene.scale, centerX: Int(c.x.rounded()), centerY: Int(c.y.rounded())))
            }
            let title = scene.config.pages[item.index].title
            box = box.union(content.labelBounds(title, size: 16 * scene.scale, centerX: Int(c.x.rounded()), centerY: item.labelCenterY))
        }
        for (pill, language) in zip(scene.languageBar?.pills ?? [], scene.siteLanguages.languages) {
            box = box.union(IntRect.enclosing(x: pill.x, y: pill.y, width: pill.width, height: pill.height))
            box = box.union(content.labelBounds(language.name, size: LanguageBarLayout.labelSize * scene.scale,
                                                centerX: Int(pill.centerX.rounded()), centerY: Int(pill.centerY.rounded())))
        }
        let switches = scene.menuSwitches
        for item in switches.items {
            let c = switches.center(of: item), reach = switches.radius + scene.scale
            box = box.union(IntRect.enclosing(x: c.x - reach, y: c.y - reach, width: 2 * reach, height: 2 * reach))
            if let glyph = switchGlyph(item) {
                box = box.union(content.labelBounds(glyph, size: switchGlyphSize(scene), centerX: Int(c.x.rounded()), centerY: Int(c.y.rounded())))
            }
        }
        return box.insetBy(dx: -1, dy: -1).intersection(screen)
    }

    /// Draws the layer's part whose top-left screen pixel is (originX, originY) into
    /// `canvas`: every position moves by whole pixels, so the pixels are those of the
    /// whole-screen layer (`MenuLayerTests`).
    static func draw(_ items: [Item], scene: KioskScene, content: PageContent, into canvas: Canvas, originX: Int, originY: Int) {
        let theme = scene.config.theme
        canvas.fill(canvas.bounds, color: theme.overlay)
        let r = scene.ring.itemRadius
        let light = Color.white.mixed(over: theme.overlay, alpha: 0.16)
        let labelColor = Color.white.mixed(over: theme.overlay, alpha: 0.85)
        let diameter = Int((2 * r).rounded())
        let ox = Double(originX), oy = Double(originY)
        for item in items {
            let c = (x: item.center.x - ox, y: item.center.y - oy)
            let x = Int((item.center.x - r).rounded()) - originX, y = Int((item.center.y - r).rounded()) - originY
            if let image = item.icon {
                if item.selected && scene.config.pages[item.index].iconSelected == nil {
                    canvas.fillCircle(centerX: c.x, centerY: c.y, radius: r + 4 * scene.scale, color: theme.accent)
                }
                // Centred in the item: a non-square or small icon is not stretched.
                canvas.drawImage(image, x: x + (diameter - image.width) / 2, y: y + (diameter - image.height) / 2)
            } else {
                canvas.fillCircle(centerX: c.x, centerY: c.y, radius: r, color: item.selected ? theme.accent : light)
                content.drawLabel(item.letter ?? "•", size: 40 * scene.scale, color: .white,
                                  centerX: Int(item.center.x.rounded()) - originX, centerY: Int(item.center.y.rounded()) - originY, into: canvas)
            }
            content.drawLabel(scene.config.pages[item.index].title, size: 16 * scene.scale, color: labelColor,
                              centerX: Int(item.center.x.rounded()) - originX, centerY: item.labelCenterY - originY, into: canvas)
        }
        // The visitor's switches in the ring's middle: the accent when switched on.
        let switches = scene.menuSwitches, choices = scene.visitor
        for item in switches.items {
            let c = switches.center(of: item)
            let on = item == .contrast ? choices.theme == .highContrast : item == .textSize && choices.textStep != .normal
            let fill = on ? theme.accent : light
            canvas.fillCircle(centerX: c.x - ox, centerY: c.y - oy, radius: switches.radius, color: fill)
            if let glyph = switchGlyph(item) {
                content.drawLabel(glyph, size: switchGlyphSize(scene), color: .white,
                                  centerX: Int(c.x.rounded()) - originX, centerY: Int(c.y.rounded()) - originY, into: canvas)
            } else {
                drawMagnifier(MagnifierShape(centerX: c.x - ox, centerY: c.y - oy, size: switchGlyphSize(scene)),
                              color: .white, background: fill, into: canvas)
            }
        }
        drawLanguageBar(scene: scene, content: content, into: canvas, originX: originX, originY: originY, light: light)
    }

    /// The language pills: each language named in itself, the chosen one in the accent.
    private static func drawLanguageBar(scene: KioskScene, content: PageContent, into canvas: Canvas,
                                        originX: Int, originY: Int, light: Color) {
        guard let bar = scene.languageBar else { return }
        let chosen = scene.siteLanguages.index(of: scene.chosenLanguage)
        for (i, (pill, language)) in zip(bar.pills, scene.siteLanguages.languages).enumerated() {
            canvas.fillRoundedRect(x: pill.x - Double(originX), y: pill.y - Double(originY), width: pill.width, height: pill.height,
                                   radius: pill.height / 2, color: i == chosen ? scene.config.theme.accent : light)
            content.drawLabel(language.name, size: LanguageBarLayout.labelSize * scene.scale, color: .white,
                              centerX: Int(pill.centerX.rounded()) - originX, centerY: Int(pill.centerY.rounded()) - originY, into: canvas)
        }
    }

    /// The text a switch shows: a half-filled circle for contrast, "Aa" for the text size.
    /// Search has none: its magnifier is drawn (`drawMagnifier`), because the character
    /// (U+2315) is in few fonts — not in DejaVu Sans — and a kiosk without one showed an
    /// empty box and asked fontconfig at the first menu.
    static func switchGlyph(_ item: MenuSwitch) -> String? {
        switch item {
        case .contrast: return "\u{25D0}"
        case .textSize: return "Aa"
        case .search: return nil
        }
    }

    /// The search switch's magnifier in a square of `size` around the switch's centre: a
    /// lens up and to the left, its handle down to the right.
    struct MagnifierShape {
        var lensX: Double, lensY: Double, lensRadius: Double, stroke: Double
        var handleEnd: (x: Double, y: Double)
        init(centerX: Double, centerY: Double, size: Double) {
            lensX = centerX - 0.1 * size
            lensY = centerY - 0.1 * size
            lensRadius = 0.28 * size
            stroke = max(1.5, 0.1 * size)
            handleEnd = (centerX + 0.36 * size, centerY + 0.36 * size)
        }
    }

    static func drawMagnifier(_ shape: MagnifierShape, color: Color, background: Color, into canvas: Canvas) {
        let outer = shape.lensRadius + shape.stroke / 2, inner = shape.lensRadius - shape.stroke / 2
        canvas.fillCircle(centerX: shape.lensX, centerY: shape.lensY, radius: outer, color: color)
        canvas.fillCircle(centerX: shape.lensX, centerY: shape.lensY, radius: inner, color: background)
        let rim = outer / 2.0.squareRoot()
        canvas.strokeLine(x0: shape.lensX + rim, y0: shape.lensY + rim, x1: shape.handleEnd.x, y1: shape.handleEnd.y,
                          width: 1.3 * shape.stroke, color: color)
    }
    static func switchGlyphSize(_ scene: KioskScene) -> Double { 24 * scene.scale }
}
