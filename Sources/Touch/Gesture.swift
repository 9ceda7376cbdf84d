/// The axis a pan committed to when it passed the slop. A drag never changes axis.
public enum PanAxis: Sendable, Equatable {
    case horizontal, vertical
}

/// What the recogniser reports, in device pixels of the logical (rotated) screen and
/// seconds on the touch clock (the events' own times: there is no other clock).
public enum Gesture: Sendable, Equatable {
    /// The first finger of a sequence touched: the kiosk stops a running fling here.
    case touchDown(x: Double, y: Double, time: Double)
    /// One finger moved beyond the slop. `x`, `y` is where it first touched.
    case panBegan(axis: PanAxis, x: Double, y: Double, time: Double)
    /// Translation so far (see `GestureConfig.panOrigin` for where it is measured from).
    /// Both deltas are reported; a consumer honouring the axis lock uses only `axis`'s.
    case panChanged(axis: PanAxis, dx: Double, dy: Double, time: Double)
    /// The panning finger lifted. `vx`, `vy` (px/s) come from the velocity tracker and
    /// are zero when the finger rested more than 40 ms before lifting.
    case panEnded(axis: PanAxis, dx: Double, dy: Double, vx: Double, vy: Double, time: Double)
    /// The pan stopped without a release: device gone, TOUCH_CANCEL, or more fingers
    /// landed (a multi-finger gesture is not a pan). The consumer should settle as if
    /// released with zero velocity.
    case panCancelled(time: Double)
    /// One finger, the only one of its sequence, down and up quickly without moving
    /// beyond the slop.
    case tap(x: Double, y: Double, time: Double)
    /// Three fingers landed close together in time and lifted soon, none moved; `x`, `y`
    /// is the centroid of where they landed.
    case threeFingerTap(x: Double, y: Double, time: Double)
    /// The last finger lifted (or the sequence was cancelled): nothing is touching.
    case allUp(time: Double)
    /// Two fingers, the only two of their sequence, spread or closed by more than
    /// `GestureConfig.pinchSlop` before their midpoint moved as far (PinchRecognizer).
    /// `x`, `y`: the midpoint between them.
    case pinchBegan(x: Double, y: Double, time: Double)
    /// `scale`: the fingers' distance now over their distance when the pinch began;
    /// `x`, `y`: the midpoint now.
    case pinchChanged(scale: Double, x: Double, y: Double, time: Double)
    /// One of the two lifted: the pinch is over at this scale and midpoint.
    case pinchEnded(scale: Double, x: Double, y: Double, time: Double)
    /// A third finger landed or the touches were cancelled: undo the pinch.
    case pinchCancelled(time: Double)

    public var time: Double {
        switch self {
        case let .touchDown(_, _, t), let .panBegan(_, _, _, t), let .panChanged(_, _, _, t),
             let .panEnded(_, _, _, _, _, t), let .panCancelled(t), let .tap(_, _, t),
             let .threeFingerTap(_, _, t), let .allUp(t),
             let .pinchBegan(_, _, t), let .pinchChanged(_, _, _, t), let .pinchEnded(_, _, _, t), let .pinchCancelled(t):
            return t
        }
    }
}
