/// Collects one raw touch per calibration target: the landing point of a single-finger
/// touch, taken when it lifts (a touch with a second finger is ignored, so a palm or a
/// slip can be redone). Touches are in px of the native (unrotated) panel, read with the
/// calibration matrix reset to identity; points are normalised to 0…1 for the fit.
public struct CalibrationSession: Sendable {
    public let targets: [(x: Double, y: Double)]
    public let width: Double
    public let height: Double
    public private(set) var raw: [(x: Double, y: Double)] = []
    private var candidate: (slot: Int, x: Double, y: Double)?
    private var fingersDown = 0
    private var spoiled = false

    public init(width: Int, height: Int, targets: [(x: Double, y: Double)] = CalibrationFit.targets) {
        self.targets = targets
        self.width = Double(max(1, width))
        self.height = Double(max(1, height))
    }

    /// The target to touch next, normalised, or nil when all are done.
    public var currentTarget: (x: Double, y: Double)? { raw.count < targets.count ? targets[raw.count] : nil }
    public var isDone: Bool { currentTarget == nil }

    /// Returns true when the event completed a target.
    public mutating func handle(_ event: TouchEvent) -> Bool {
        switch event {
        case let .down(slot, x, y, _):
            fingersDown += 1
            if fingersDown == 1 { candidate = (slot, x, y); spoiled = false } else { spoiled = true }
        case .move:
            break
        case let .up(slot, _):
            fingersDown = max(0, fingersDown - 1)
            if fingersDown == 0, !spoiled, let c = candidate, c.slot == slot, !isDone {
                raw.append((c.x / width, c.y / height))
                candidate = nil
                return true
            }
            if fingersDown == 0 { candidate = nil }
        case .cancel:
            fingersDown = 0
            candidate = nil
        }
        return false
    }

    public func fit() throws(CalibrationFitError) -> CalibrationMatrix {
        try CalibrationFit.fit(raw: raw, targets: Array(targets.prefix(raw.count)))
    }
}
