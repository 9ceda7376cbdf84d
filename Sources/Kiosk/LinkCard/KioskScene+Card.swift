import Touch

/// The link card's mode (`InteractionMode.card`; `LinkCard` owns whether it shows): modal,
/// as its doc says: a tap outside it closes it, three fingers bring the menu in its
/// place, and nothing else acts; a pinch on it leaves the page under it as it is.
extension KioskScene {
    func applyOnCard(_ gesture: Gesture) {
        switch gesture {
        case let .tap(x, y, time):
            cardTapped(atX: x, y: y, at: time)
        case let .threeFingerTap(_, _, time):
            toggleMenu(at: time)
        case .touchDown, .panBegan, .panChanged, .panEnded, .pinchBegan, .pinchChanged, .pinchEnded,
             .pinchCancelled, .panCancelled, .allUp:
            break
        }
    }

    /// A tap while the card is up: outside it, the card goes.
    func cardTapped(atX x: Double, y: Double, at time: Double) {
        let card = LinkCardLayout(width: width, height: height, scale: scale).card
        if !card.contains(x: Int(x.rounded(.down)), y: Int(y.rounded(.down))) { links.card.dismiss(at: time) }
    }
}
