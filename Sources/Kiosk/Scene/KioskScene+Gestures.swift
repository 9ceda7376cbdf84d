import Spring
import Touch

/// What each recognised gesture does to the scene: the touch path's one switch, apart
/// from the scene's state and timing (KioskScene.swift).
extension KioskScene {
    func apply(_ gesture: Gesture) {
        switch gesture {
        case let .touchDown(x, y, time):
            if isBlanked {
                // The first touch only wakes the display (out of hours only when
                // `wake_on_touch`); it does nothing else either way.
                if !isScheduledOff || config.display.wakeOnTouch {
                    isBlanked = false
                    poweredOnAt = time
                    if attracting { leaveAttract(at: time) }
                }
                swallowingSequence = true
                return
            }
            if attracting, !swallowingSequence {
                leaveAttract(at: time)
                swallowingSequence = true
                return
            }
            guard !swallowingSequence, !isModal else { return }
            tablePans.down = (x, y)
            // A finger on the glass catches a fling or a bounce where it is.
            vertical.beginDrag(at: time)
            horizontal.beginDrag(at: time)
            pressLink(atX: x, y: y, at: time)
        case let .panBegan(axis, _, _, time):
            guard !swallowingSequence, !isModal else { return }
            releaseLink()  // a drag that starts on a link scrolls
            activeAxis = axis
            if axis == .horizontal, beginTablePan() {
                horizontal.endDrag(velocity: 0, at: time)
                vertical.endDrag(velocity: 0, at: time)
                return
            }
            if axis == .vertical {
                horizontal.endDrag(velocity: 0, at: time)
            } else {
                vertical.endDrag(velocity: 0, at: time)
            }
        case let .panChanged(axis, dx, dy, time):
            guard !swallowingSequence, !isModal, activeAxis == axis else { return }
            if tablePans.isPanning { dragTablePan(dx: dx); return }
            if axis == .vertical {
                vertical.drag(translation: dy, at: time)
            } else {
                horizontal.drag(translation: dx, at: time)
                affordance.setProgress(pullProgress(at: time), at: time)
                links.back.setProgress(backProgress(at: time), at: time)
            }
        case let .panEnded(axis, dx, dy, vx, vy, time):
            guard !swallowingSequence, !isModal, activeAxis == axis else { return }
            activeAxis = nil
            if tablePans.isPanning { dragTablePan(dx: dx); tablePans.end(); return }
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
        case let .panCancelled(time):
            activeAxis = nil
            tablePans.end()
            releaseDrags(at: time)
            affordance.setProgress(0, at: time)
            links.back.setProgress(0, at: time)
            releaseLink()
        case let .tap(x, y, time):
            guard !swallowingSequence else { return }
            if links.card.isPresented {
                cardTapped(atX: x, y: y, at: time)
            } else if menu.isPresented {
                if let language = languageBar?.item(atX: x, y: y) {
                    chooseLanguage(language, at: time)  // the menu stays, showing that language's pages
                    return
                }
                if let item = menuSwitches.item(atX: x, y: y) {
                    onVisitorSwitch?(item, time)  // the menu stays: the visitor sees the change
                } else if let item = ring.item(atX: x, y: y), let page = page(ofRingItem: item) {
                    leavePlace(at: time)
                    show(page: page, at: time)
                    menu.setPresented(false, at: time)
                } else {
                    menu.setPresented(false, at: time)
                }
            } else {
                releaseDrags(at: time)
                followLink(atX: x, y: y, at: time)
            }
        case let .threeFingerTap(_, _, time):
            guard !swallowingSequence else { return }
            releaseLink()
            links.card.dismiss(at: time)  // the menu replaces the card
            if menu.isPresented {
                menu.setPresented(false, at: time)
            } else {
                present(at: time)
            }
        case .pinchBegan, .pinchChanged, .pinchEnded, .pinchCancelled:
            applyPinch(gesture)
        case let .allUp(time):
            releaseLink()
            if swallowingSequence {
                swallowingSequence = false
                return
            }
            activeAxis = nil
            releaseDrags(at: time)
        }
    }
}
