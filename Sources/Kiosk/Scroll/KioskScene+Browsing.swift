import Touch

/// Browsing, the page's mode (`InteractionMode.browsing`): a finger catches the page, a
/// vertical pan scrolls it, a horizontal one pulls for the menu (right edge), back (left
/// edge), or pans a wide table or a zoomed PDF sheet; a tap follows a link; three fingers
/// bring the menu; two fingers apart or together begin a pinch.
extension KioskScene {
    func applyBrowsing(_ gesture: Gesture) {
        switch gesture {
        case let .touchDown(x, y, time):
            tablePans.down = (x, y)
            // A finger on the glass catches a fling or a bounce where it is.
            vertical.beginDrag(at: time)
            horizontal.beginDrag(at: time)
            pressLink(atX: x, y: y, at: time)
        case let .panBegan(axis, _, _, time):
            releaseLink()  // a drag that starts on a link scrolls
            gestures.activeAxis = axis
            if axis == .horizontal, beginTablePan() {
                horizontal.endDrag(velocity: 0, at: time)
                vertical.endDrag(velocity: 0, at: time)
                return
            }
            if axis == .vertical {
                horizontal.endDrag(velocity: 0, at: time)
            } else {
                vertical.endDrag(velocity: 0, at: time)
                beginSheetPan()
            }
        case let .panChanged(axis, dx, dy, time):
            guard gestures.activeAxis == axis else { return }
            if tablePans.isPanning { dragTablePan(dx: dx); return }
            if axis == .horizontal, dragSheetPan(dx: dx) {
                if horizontal.isDragging { horizontal.endDrag(velocity: 0, at: time) }
                return
            }
            if axis == .vertical {
                vertical.drag(translation: dy, at: time)
            } else {
                horizontal.drag(translation: dx, at: time)
                affordance.setProgress(pullProgress(at: time), at: time)
                links.back.setProgress(backProgress(at: time), at: time)
            }
        case let .panEnded(axis, dx, dy, vx, vy, time):
            guard gestures.activeAxis == axis else { return }
            gestures.activeAxis = nil
            if tablePans.isPanning { dragTablePan(dx: dx); tablePans.end(); return }
            if axis == .horizontal, dragSheetPan(dx: dx) { endSheetPan(); return }
            endSheetPan()
            if axis == .vertical {
                vertical.drag(translation: dy, at: time)
                vertical.endDrag(velocity: vy, at: time)
            } else {
                horizontal.drag(translation: dx, at: time)
                let armed = pullProgress(at: time) >= 1
                let back = backProgress(at: time) >= 1
                horizontal.endDrag(velocity: armed || back ? 0 : vx, at: time)
                affordance.setProgress(0, at: time)
                links.back.setProgress(0, at: time)
                if armed { present(at: time) }
                if back { goBack(at: time) }
            }
        case let .tap(x, y, time):
            releaseDrags(at: time)
            if toggleClip(atX: x, y: y, at: time) { return }
            followLink(atX: x, y: y, at: time)
        case let .threeFingerTap(_, _, time):
            toggleMenu(at: time)
        case let .pinchBegan(x, y, time):
            beginPinch(x: x, y: y, at: time)
        case .pinchChanged, .pinchEnded, .pinchCancelled, .panCancelled, .allUp:
            break  // no pinch is under way (that is `.pinching`); the ends are the router's
        }
    }
}
