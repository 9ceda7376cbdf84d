import Touch

/// Where the scene's touch sequence stands: the recogniser that turns touches into
/// gestures, the gestures of the last event (kept to reuse their storage), the axis the
/// pan under way is locked to, and whether the rest of the sequence is swallowed.
struct SceneGestures {
    var recognizer: GestureRecognizer
    /// What the recogniser made of the last touch event handled, or of the last `advance`.
    var last: [Gesture] = []
    /// The axis the pan under way committed to (nil: none, or it ended).
    var activeAxis: PanAxis?
    /// The touch sequence under way woke the display, left the attract page or toggled
    /// speech mode: it does nothing else until every finger lifts (`InteractionMode.swallowing`).
    var swallowing = false

    init(config: GestureConfig) {
        recognizer = GestureRecognizer(config: config)
        last.reserveCapacity(16)
    }

    /// Feeds a touch to the recogniser; `last` holds what it made of it.
    mutating func handle(_ event: TouchEvent) {
        last.removeAll(keepingCapacity: true)
        recognizer.handle(event, into: &last)
    }

    /// Moves the recogniser's timeouts to `time`; `last` holds what fired.
    mutating func advance(to time: Double) {
        last.removeAll(keepingCapacity: true)
        recognizer.advance(to: time, into: &last)
    }

    /// No finger is on the glass.
    var noFingerDown: Bool { recognizer.activeTouchCount == 0 }
}
