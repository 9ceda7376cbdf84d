import Frames
import Raster

/// The overlays over the page: the link card, the search panel, the menu fading.
extension SceneRenderer {
    /// The overlays of `now`: the link card over the page; when the menu shows too (one of
    /// them fading out), the menu goes over the page-with-card in a second pass. The menu
    /// layer is mixed in rows straight into the destination (write-only scan-out memory or
    /// the shadow).
    func composeOverlays(_ now: FrameState, over page: Canvas, into destination: PixelDestination, region: Region) {
        var base = page
        if let panel = now.panel {
            // Opaque over the whole screen: the page under it is not read.
            let bounds = destination.bounds
            guard let layer = searchPanel.canvas(panel, scene: scene, content: content, width: bounds.width, height: bounds.height)
            else { return }
            if now.menuAlpha == 0 {
                for rect in region.rects { destination.copy(from: layer, rect: rect) }
                return
            }
            base = layer
        } else if now.cardAlpha > 0 {
            guard case let .cached(shadow) = destination else { return }  // the card reads what it writes
            var into = shadow
            if now.menuAlpha > 0 {
                if cardUnderMenu?.width != shadow.width || cardUnderMenu?.height != shadow.height {
                    cardUnderMenu = try? Bitmap(width: shadow.width, height: shadow.height)
                }
                into = cardUnderMenu?.canvas ?? shadow
            }
            let card = LinkCardLayout(width: scene.width, height: scene.height, scale: scene.scale)
            for rect in region.rects {
                linkCard.compose(scene.links.card, layout: card, over: page, into: into, alpha: now.cardAlpha, rect: rect)
            }
            base = into
        }
        guard now.menuAlpha > 0 else { return }
        let bounds = destination.bounds
        let layer = menuLayer.canvas(scene: scene, content: content, icons: icons, width: bounds.width, height: bounds.height)
        let overlay = scene.config.theme.overlay
        for rect in region.rects {
            // The layer is the plain overlay colour but along the ring items' and labels'
            // runs: elsewhere a colour mix reads only the page (with the card). Without its
            // memory the page shows under nothing.
            guard let layer else { destination.copy(from: base, rect: rect); continue }
            menuLayer.compose(layer, overlay: overlay, over: base, into: destination, alpha: now.menuAlpha, rect: rect)
        }
    }

    /// Where the overlays of `now` are the menu's plain colour mixed over the page: all but
    /// the menu layer's box (the rows above and below it, and its rows' sides), when the
    /// menu fades over the page alone (no card, no search panel). The box's sides are cut
    /// at 16-pixel columns: a row's 64-byte lines then belong to the box or to a side,
    /// never to both, so two cores mixing them never write parts of one line. Makes the
    /// layer if it is not made yet, as the compose after it would.
    func plainOverlay(_ now: FrameState, width: Int, height: Int) -> PlainOverlay? {
        guard now.menuAlpha > 0, now.cardAlpha == 0, now.panel == nil,
              menuLayer.canvas(scene: scene, content: content, icons: icons, width: width, height: height) != nil else { return nil }
        let screen = IntRect(x: 0, y: 0, width: width, height: height)
        let box = menuLayer.box.intersection(screen)
        var areas: [IntRect]
        if box.isEmpty {
            areas = [screen]
        } else {
            let left = box.minX & ~15, right = min(width, (box.maxX + 15) & ~15)
            areas = [IntRect(x: 0, y: 0, width: width, height: box.minY),
                     IntRect(x: 0, y: box.minY, width: left, height: box.height),
                     IntRect(x: right, y: box.minY, width: width - right, height: box.height),
                     IntRect(x: 0, y: box.maxY, width: width, height: height - box.maxY)]
            areas.removeAll { $0.isEmpty }
        }
        return PlainOverlay(pixel: MenuLayerSpans.mixPixel(scene.config.theme.overlay), alpha: MenuLayerSpans.mixAlpha(now.menuAlpha), areas: areas)
    }
}
