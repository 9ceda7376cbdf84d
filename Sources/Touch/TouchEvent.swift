/// One touch report, after calibration and rotation, in device pixels of the rotated
/// (logical) screen, timestamped in seconds on a monotonic clock (libinput's µs / 1e6,
/// or a script's time). Slots are libinput's / the kernel's multitouch slots.
public enum TouchEvent: Sendable, Equatable {
    case down(slot: Int, x: Double, y: Double, time: Double)
    case move(slot: Int, x: Double, y: Double, time: Double)
    case up(slot: Int, time: Double)
    /// The whole touch sequence was cancelled (device removed, TOUCH_CANCEL): every
    /// finger is gone and no gesture may complete.
    case cancel(time: Double)

    public var time: Double {
        switch self {
        case let .down(_, _, _, t), let .move(_, _, _, t), let .up(_, t), let .cancel(t): return t
        }
    }
}
