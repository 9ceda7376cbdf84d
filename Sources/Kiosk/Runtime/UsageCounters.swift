import Touch

/// How the kiosk is used, as counts only: nothing about any person (no positions, no
/// times of day, no sequences), so the figures can leave the machine. Fed by
/// `KioskRuntime`; read by the metrics file (`lectern_…` in Prometheus' text format).
public struct UsageCounters: Equatable, Sendable {
    /// Fingers put down on the glass.
    public var touches = 0
    /// Gestures recognised, by kind: tap, pan_vertical, pan_horizontal,
    /// three_finger_tap, pinch.
    public var gestures: [String: Int] = [:]
    /// A visitor brought this page on screen (ring, link, back): by page title. The page
    /// shown at start, after idle and after a reload is not a view.
    public var views: [String: Int] = [:]
    /// Seconds a visitor spent with each page: the time between touches on it, each gap
    /// counted up to `readingGapCap` (a visitor who walked away stops counting).
    public var readingSeconds: [String: Double] = [:]
    public var linkCardsOpened = 0
    public var menuOpens = 0
    /// For features not built yet (issue #25 lists them): they stay 0 until they land.
    public var languageChoices: [String: Int] = [:]
    public var speechSessions = 0
    /// Video clips' frames shown, and dropped because the loop was late for them.
    public var clipFramesShown = 0
    public var clipFramesDropped = 0
    /// Searches in the search panel, and those that found nothing; never the words. A
    /// search is a query (the field not empty) the visitor finished: opened a result from,
    /// pressed return on, or left (closing the panel, the menu, the idle reset); the same
    /// text finished twice counts once.
    public var searches = 0
    public var searchesWithNoResult = 0

    public static let readingGapCap = 30.0

    public init() {}

    /// The kinds counted, so that a kind never seen is still written (as 0).
    public static let gestureKinds = ["tap", "pan_vertical", "pan_horizontal", "three_finger_tap", "pinch"]

    public mutating func record(_ gesture: Gesture) {
        switch gesture {
        case .tap: gestures["tap", default: 0] += 1
        case let .panBegan(axis, _, _, _): gestures[axis == .vertical ? "pan_vertical" : "pan_horizontal", default: 0] += 1
        case .threeFingerTap: gestures["three_finger_tap", default: 0] += 1
        case .pinchBegan: gestures["pinch", default: 0] += 1
        default: break
        }
    }

    /// Time on `page` from `since` to `now`, the gap capped.
    public mutating func read(_ page: String, from since: Double, to now: Double) {
        readingSeconds[page, default: 0] += min(max(0, now - since), Self.readingGapCap)
    }
}
