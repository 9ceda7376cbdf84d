import Touch

/// The dark display's mode (`InteractionMode.asleep`; `IdleState.isBlanked`, set by idle
/// blanking and the opening hours): the first touch only wakes the display (out of hours
/// only with `wake_on_touch`), and the rest of its sequence is swallowed either way: the
/// visitor could not see what they touched.
extension KioskScene {
    func applyAsleep(_ gesture: Gesture) {
        guard case let .touchDown(_, _, time) = gesture else { return }
        if !idle.isScheduledOff || config.display.wakeOnTouch {
            idle.isBlanked = false
            idle.poweredOnAt = time
            if idle.attracting { leaveAttract(at: time) }
        }
        gestures.swallowing = true
    }

    /// The attract page's mode (`InteractionMode.attract`): the touch brings the first
    /// page and the rest of its sequence is swallowed (Idle/KioskScene+Attract.swift).
    func applyAttract(_ gesture: Gesture) {
        guard case let .touchDown(_, _, time) = gesture else { return }
        leaveAttract(at: time)
        gestures.swallowing = true
    }
}
