import Touch

/// What a touch does now. Derived, never stored: each case reads the one owner of its
/// fact, so the mode cannot disagree with what the screen shows. The order of the cases
/// is the order they win in when several facts hold at once (`KioskScene.mode`).
public enum InteractionMode: Sendable, Equatable {
    /// Speech mode is on (`SpeechMode.isOn`): touches go to `SpeechTouchInput`
    /// (Speech/KioskScene+Speech.swift); no sighted gesture acts.
    case speech
    /// Two fingers are resizing the text (`TextZoom.pinch`, Pinch/): only the pinch's own
    /// gestures act until it ends, even if the opening hours darken the display under it
    /// (the fingers hold the page until they lift).
    case pinching
    /// The display is dark (`IdleState.isBlanked`, Idle/): a touch wakes it when it may, and the rest
    /// of its sequence is swallowed.
    case asleep
    /// The touch sequence under way woke the display, left the attract page or toggled
    /// speech mode (`SceneGestures.swallowing`): nothing acts until every finger lifts.
    case swallowing
    /// The attract page is shown (`IdleState.attracting`, Idle/): the next touch brings the first
    /// page and does nothing else.
    case attract
    /// The link card is up (`LinkCard.isPresented`, LinkCard/): a tap outside closes it.
    case card
    /// The search panel is up (`SearchSession.isPresented`, Search/): the keyboard takes
    /// the touches, a result opens its page; three fingers bring the menu in its place.
    case search
    /// The menu is up (`MenuFade.isPresented`, Menu/): taps choose a page, a language or
    /// a switch; the page under it takes no pan, link tap or pinch.
    case menu
    /// The page (Scroll/): scrolls, the pulls, links, wide tables, a pinch beginning.
    case browsing
}

/// The touch path's one router: each recognised gesture goes to the handler of the mode
/// the scene is in, in the folder that names the mode. Only the end of a sequence (every
/// finger up, a pan cancelled) is handled alike in every mode: what the fingers held is
/// let go whatever the mode.
extension KioskScene {
    public var mode: InteractionMode {
        if speech?.isOn == true { return .speech }
        if textZoom.pinch != nil { return .pinching }
        if idle.isBlanked { return .asleep }
        if gestures.swallowing { return .swallowing }
        if idle.attracting { return .attract }
        if links.card.isPresented { return .card }
        if searchSession.isPresented { return .search }
        if menu.isPresented { return .menu }
        return .browsing
    }

    /// The menu or the link card is up: the page under it takes no pans, link taps or
    /// pinches, and speech mode's focus ring is not drawn over it.
    var isModal: Bool { menu.isPresented || links.card.isPresented || searchSession.isPresented }

    func apply(_ gestures: [Gesture]) {
        for gesture in gestures {
            // Speech mode's touches are its own (`handleSpeech`): the sighted gestures are
            // recognised, so the recogniser's sequence stays whole, but neither applied nor
            // reported.
            guard mode != .speech else { return }
            apply(gesture)
            onGesture?(gesture)
        }
    }

    func apply(_ gesture: Gesture) {
        switch gesture {
        case let .allUp(time):
            endSequence(at: time)
            return
        case let .panCancelled(time):
            cancelPans(at: time)
            return
        default:
            break
        }
        switch mode {
        case .speech, .swallowing: break
        case .pinching: applyPinching(gesture)
        case .asleep: applyAsleep(gesture)
        case .attract: applyAttract(gesture)
        case .card: applyOnCard(gesture)
        case .search: applyInSearch(gesture)
        case .menu: applyInMenu(gesture)
        case .browsing: applyBrowsing(gesture)
        }
    }

    /// Every finger lifted: a swallowed sequence is over (and leaves nothing behind);
    /// otherwise whatever was caught settles.
    private func endSequence(at time: Double) {
        releaseLink()
        if gestures.swallowing {
            gestures.swallowing = false
            return
        }
        gestures.activeAxis = nil
        releaseDrags(at: time)
    }

    /// A second finger landed on a pan (or the touches were cancelled): the pulls let go,
    /// the page settles, no link stays pressed.
    private func cancelPans(at time: Double) {
        gestures.activeAxis = nil
        tablePans.end()
        endSheetPan()
        releaseDrags(at: time)
        affordance.setProgress(0, at: time)
        links.back.setProgress(0, at: time)
        releaseLink()
    }

    /// Fingers gone without a pan: whatever was caught settles (springs back if past an edge).
    func releaseDrags(at time: Double) {
        if vertical.isDragging { vertical.endDrag(velocity: 0, at: time) }
        if horizontal.isDragging { horizontal.endDrag(velocity: 0, at: time) }
    }
}
