/// The places a visitor came from, most recent last: following a page link or choosing
/// a page in the menu leaves the place behind here, the back pull returns to it.
/// Per kiosk; idle-home (`goHome`) clears it. Bounded, as a kiosk runs for months: the
/// oldest places fall off.
public struct NavigationHistory: Sendable, Equatable {
    public struct Place: Sendable, Equatable {
        public var page: Int
        /// Vertical scroll offset (device px) the page was read at.
        public var offset: Double
        /// The place was left by opening a search result: back shows the search panel.
        public var toSearch = false
    }

    public static let capacity = 64
    public private(set) var places: [Place] = []

    public init() {}

    public var canGoBack: Bool { !places.isEmpty }

    mutating func push(_ place: Place) {
        if places.count >= Self.capacity { places.removeFirst(places.count - Self.capacity + 1) }
        places.append(place)
    }

    mutating func pop() -> Place? { places.popLast() }

    mutating func clear() { places.removeAll() }
}
