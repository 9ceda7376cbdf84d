/// What the scene keeps for links, each fact in one place: where the visitor came from
/// (`history`), the link under a finger that has not moved (`pressed`), the QR card (the
/// one owner of its visibility) and the back pull's affordance. Lives in
/// `KioskScene.links`; the behaviour is in KioskScene+Links.swift.
public struct LinkState {
    public internal(set) var history = NavigationHistory()
    public internal(set) var card = LinkCard()
    /// The back pull's dots: the same spring dots as pull-for-menu, mirrored at the left edge.
    public internal(set) var back: PullAffordance
    public internal(set) var pressed: PressedLink?
    /// Physical density of the panel: hit areas are made at least `minimumHitMillimetres`.
    public internal(set) var pixelsPerMillimetre: Double

    /// A finger is about 10 mm wide; 9 mm is the least a touch target should be
    /// (Microsoft's and Android's guidelines: 7–10 mm).
    public static let minimumHitMillimetres = 9.0

    public struct PressedLink: Sendable, Equatable {
        public var page: Int
        public var id: Int
    }

    init(scale: Double, pixelsPerMillimetre: Double) {
        back = PullAffordance(width: 60 * scale, height: 96 * scale, dotWidth: 8 * scale)
        self.pixelsPerMillimetre = pixelsPerMillimetre
    }

    public var minimumHitSize: Double { Self.minimumHitMillimetres * pixelsPerMillimetre }

    func isAnimating(at time: Double) -> Bool { back.isAnimating(at: time) || card.isAnimating(at: time) }

    /// Idle-home: no history, no card, nothing pressed.
    mutating func reset(at time: Double) {
        history.clear()
        card.hideImmediately(at: time)
        pressed = nil
        back = PullAffordance(width: back.width, height: back.height, dotWidth: back.dotWidth)
    }
}
