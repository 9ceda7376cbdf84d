import Raster

/// A pinch frame as the renderer sees it: how much larger than at the pinch's start the
/// page is drawn, and around which points (whole px, so frames that look the same are
/// equal and not drawn twice).
struct PinchFrame: Equatable {
    /// The scale in 1/1024 steps.
    let factor: Int
    let startX: Int, startY: Int
    let x: Int, y: Int

    /// What the snapshot of the page at the pinch's start depends on.
    struct SnapshotKey: Equatable {
        let startX: Int, startY: Int
        let generation: Int, page: Int, scrollY: Int, width: Int, height: Int
    }

    init?(_ pinch: TextZoom.Pinch?) {
        guard let pinch else { return nil }
        factor = Int((pinch.factor * 1024).rounded())
        startX = Int(pinch.startX.rounded()); startY = Int(pinch.startY.rounded())
        x = Int(pinch.x.rounded()); y = Int(pinch.y.rounded())
    }
}

extension SceneRenderer {
    /// While fingers pinch: the page as laid out when the pinch began, scaled about the
    /// fingers' first midpoint and moved with them. No layout, no glyphs: one scaling
    /// pass over the screen (pixman), so every frame of the gesture costs the same; the
    /// text is laid out again once, when the fingers lift (KioskScene+Pinch.swift).
    func renderPinch(_ pinch: PinchFrame, into canvas: Canvas, state: FrameState) {
        let key = PinchFrame.SnapshotKey(startX: pinch.startX, startY: pinch.startY, generation: state.description.page.generation,
                                         page: state.page, scrollY: state.scrollY, width: canvas.width, height: canvas.height)
        if pinchSnapshot?.key != key {
            // The frame on screen may be a scan-out window or hold a fade: draw the page anew.
            let bitmap = pinchSnapshot.flatMap { $0.bitmap.width == canvas.width && $0.bitmap.height == canvas.height ? $0.bitmap : nil }
                ?? (try? Bitmap(width: canvas.width, height: canvas.height))
            guard let bitmap else { return }
            drawPage(bitmap.canvas, clip: bitmap.canvas.bounds, state: state)
            pinchSnapshot = (key, bitmap)
        }
        guard let snapshot = pinchSnapshot?.bitmap else { return }
        canvas.drawScaled(snapshot.canvas, factor: Double(pinch.factor) / 1024,
                          sourceX: Double(pinch.startX), sourceY: Double(pinch.startY),
                          toX: Double(pinch.x), toY: Double(pinch.y), background: scene.config.theme.background)
    }
}
