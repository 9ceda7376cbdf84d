/// One contact on the glass in one frame, in device units.
public struct Contact: Sendable, Equatable {
    /// Stable for the contact's life (kernel slot + tracking ID, or assigned by matching).
    public var identity: Int
    public var x: Int
    public var y: Int
}

/// Turns the kernel's event stream into frames of contacts with stable identities, for
/// both multitouch protocols:
/// - **B** (slots): ABS_MT_SLOT selects a slot, ABS_MT_TRACKING_ID starts (>= 0) or
///   ends (-1) its contact; values persist between frames, only changes are sent.
/// - **A** (anonymous): every frame lists all contacts, each closed by SYN_MT_REPORT,
///   with no identity. Contacts are matched to the previous frame's by nearest
///   neighbour, as mtdev does for libinput, so a finger keeps its identity.
/// - Single touch (no MT axes at all): ABS_X/ABS_Y while BTN_TOUCH is down.
/// Frames end at SYN_REPORT; `frame` is called with the time and the contacts then.
public struct ContactTracker {
    public enum ProtocolKind: Sendable, Equatable { case slots, anonymous, singleTouch }

    public let kind: ProtocolKind
    // Protocol B
    private var slot = 0
    private var slots: [Int: (trackingID: Int, x: Int?, y: Int?)] = [:]
    private var lastX: [Int: Int] = [:], lastY: [Int: Int] = [:] // a slot's values outlive its contact
    // Protocol A
    private var pendingX: Int?, pendingY: Int?
    private var reported: [(x: Int, y: Int)] = []
    private var previous: [Contact] = []
    private var nextIdentity = 1
    // Single touch
    private var touching = false
    private var singleX: Int?, singleY: Int?

    public init(kind: ProtocolKind) { self.kind = kind }

    /// Which protocol a recording speaks: anonymous if it has any SYN_MT_REPORT.
    public static func kind(of recording: Recording) -> ProtocolKind {
        if recording.events.contains(where: { $0.type == EvdevCode.evSyn && $0.code == EvdevCode.synMTReport }) { return .anonymous }
        if recording.device.isMultitouch || recording.events.contains(where: { $0.type == EvdevCode.evAbs && $0.code == EvdevCode.absMTTrackingID }) {
            return .slots
        }
        return .singleTouch
    }

    /// Feed one event; returns the contacts when it ends a frame (SYN_REPORT).
    public mutating func feed(_ event: RecordedEvent) -> [Contact]? {
        let value = Int(event.value)
        switch (event.type, event.code) {
        case (EvdevCode.evSyn, EvdevCode.synReport):
            return endFrame()
        case (EvdevCode.evSyn, EvdevCode.synMTReport):
            if let x = pendingX, let y = pendingY { reported.append((x, y)) }
            pendingX = nil; pendingY = nil
        case (EvdevCode.evAbs, EvdevCode.absMTSlot):
            slot = value
        case (EvdevCode.evAbs, EvdevCode.absMTTrackingID) where kind == .slots:
            if value < 0 {
                slots[slot] = nil
            } else {
                slots[slot] = (value, lastX[slot], lastY[slot])
            }
        case (EvdevCode.evAbs, EvdevCode.absMTPositionX):
            if kind == .anonymous { pendingX = value } else { lastX[slot] = value; slots[slot]?.x = value }
        case (EvdevCode.evAbs, EvdevCode.absMTPositionY):
            if kind == .anonymous { pendingY = value } else { lastY[slot] = value; slots[slot]?.y = value }
        case (EvdevCode.evAbs, EvdevCode.absX) where kind == .singleTouch:
            singleX = value
        case (EvdevCode.evAbs, EvdevCode.absY) where kind == .singleTouch:
            singleY = value
        case (EvdevCode.evKey, EvdevCode.btnTouch) where kind == .singleTouch:
            touching = value != 0
        default:
            break
        }
        return nil
    }

    private mutating func endFrame() -> [Contact] {
        switch kind {
        case .slots:
            // A contact is reported once its position is known (a new slot's first frame may
            // omit a coordinate equal to the slot's last value, which `lastX/Y` keeps).
            return slots.keys.sorted().compactMap { s in
                guard let c = slots[s], let x = c.x, let y = c.y else { return nil }
                return Contact(identity: s << 20 | (c.trackingID & 0xFFFFF), x: x, y: y)
            }
        case .singleTouch:
            guard touching, let x = singleX, let y = singleY else { return [] }
            return [Contact(identity: 0, x: x, y: y)]
        case .anonymous:
            let now = matchToPrevious(reported)
            reported.removeAll()
            pendingX = nil; pendingY = nil
            previous = now
            return now
        }
    }

    /// Nearest-neighbour matching: the closest (previous, new) pairs are joined first,
    /// each contact at most once; new contacts left over get fresh identities, previous
    /// ones left over have lifted. mtdev finds the assignment with the least total
    /// distance; the greedy pairing equals it unless two fingers cross within one frame.
    private mutating func matchToPrevious(_ points: [(x: Int, y: Int)]) -> [Contact] {
        var pairs: [(distance: Int, old: Int, new: Int)] = []
        for (i, old) in previous.enumerated() {
            for (j, p) in points.enumerated() {
                let dx = old.x - p.x, dy = old.y - p.y
                pairs.append((dx * dx + dy * dy, i, j))
            }
        }
        pairs.sort { ($0.distance, $0.old, $0.new) < ($1.distance, $1.old, $1.new) }
        var identities = [Int?](repeating: nil, count: points.count)
        var oldUsed = [Bool](repeating: false, count: previous.count)
        for pair in pairs where !oldUsed[pair.old] && identities[pair.new] == nil {
            oldUsed[pair.old] = true
            identities[pair.new] = previous[pair.old].identity
        }
        return points.enumerated().map { j, p in
            let identity: Int
            if let known = identities[j] {
                identity = known
            } else {
                identity = nextIdentity
                nextIdentity += 1
            }
            return Contact(identity: identity, x: p.x, y: p.y)
        }
    }
}
