import Touch
import Typeset

/// Two-finger pinch on the page: the text size follows the fingers and the page reflows
/// when they lift, keeping the paragraph that was under them where the fingers are.
/// A pinch begins only from browsing (`applyBrowsing`): not over the menu or the link
/// card, and never while the touch that woke a blank display lasts. Once begun, it is
/// the scene's mode (`InteractionMode.pinching`) until one of the fingers lifts.
extension KioskScene {
    /// The zoom the pages are laid out at (the content's; 1 for scenes without text).
    public var committedZoom: Double { content.textZoom }

    /// Two fingers on the page began a pinch at midpoint (x, y).
    func beginPinch(x: Double, y: Double, at time: Double) {
        // The fingers hold the page: no scroll or pull goes on under a pinch.
        releaseDrags(at: time)
        vertical.stop(at: time)
        let layoutY = y - Self.marginTop * scale + vertical.offset(at: time)
        textZoom.pinch = TextZoom.Pinch(startX: x, startY: y, startZoom: committedZoom,
                                        anchor: content.readingAnchor(page: currentPage, width: textWidth, atY: layoutY), x: x, y: y)
    }

    /// The pinch's mode: its own gestures move it, end it or undo it; the pinch recogniser
    /// makes no other gesture while two fingers pinch.
    func applyPinching(_ gesture: Gesture) {
        switch gesture {
        case let .pinchChanged(pinchScale, x, y, _):
            textZoom.pinch?.scale = pinchScale
            textZoom.pinch?.x = x
            textZoom.pinch?.y = y
        case let .pinchEnded(pinchScale, x, y, time):
            guard var pinch = textZoom.pinch else { return }
            pinch.scale = pinchScale
            pinch.x = x
            pinch.y = y
            textZoom.pinch = nil
            let before = committedZoom
            commitZoom(pinch.zoom, keeping: pinch.anchor, atScreenY: y, at: time)
            // PDF sheets zoom without reflowing: they also move sideways and, at the same
            // zoom, up and down with the fingers (a two-finger pan across a zoomed sheet).
            if content.panSheets(page: currentPage, width: textWidth, startX: pinch.startX - textLeft, startZoom: pinch.startZoom, x: x - textLeft) {
                if committedZoom == before, let anchor = pinch.anchor, let at = content.readingPosition(of: anchor, page: currentPage, width: textWidth) {
                    vertical.jump(to: at + Self.marginTop * scale - y)
                }
                contentGeneration += 1
            }
        case .pinchCancelled:
            textZoom.pinch = nil
        case .touchDown, .panBegan, .panChanged, .panEnded, .panCancelled, .tap, .threeFingerTap, .pinchBegan, .allUp:
            break
        }
    }

    /// Lays the pages out at `zoom` (as the content rounds it) and scrolls so `anchor`
    /// sits at screen y `screenY`. Nothing changes when the size does not.
    func commitZoom(_ zoom: Double, keeping anchor: ReadingAnchor?, atScreenY screenY: Double, at time: Double) {
        let before = committedZoom
        let effective = content.setTextZoom(zoom, range: TextZoom.range)
        guard effective != before else { return }
        contentGeneration += 1
        vertical = KineticScroller(viewport: height, contentLength: pageLength(of: currentPage))
        if let anchor, let y = content.readingPosition(of: anchor, page: currentPage, width: textWidth) {
            vertical.jump(to: y + Self.marginTop * scale - screenY)
        }
    }

    /// Back to the default size (idle going home); the caller shows the page anew.
    func resetTextZoom(at time: Double) {
        textZoom.pinch = nil
        guard committedZoom != 1 else { return }
        content.setTextZoom(1, range: TextZoom.range)
        contentGeneration += 1
    }
}
