/// A web or contact link handed to the visitor.
public struct WebLink: Sendable, Equatable {
    /// The address as written in the page (`https://…`, `mailto:…`, `tel:…`).
    public var address: String
    /// The link's text on the page.
    public var text: String
}

/// The one owner of "is the link card visible": the card shows a web link's QR code
/// over the page, fading in and out exactly as the menu does (`MenuFade`). Modal while
/// presented: only a tap outside it (or a three-finger tap) does anything.
public struct LinkCard: Sendable {
    public private(set) var link: WebLink?
    /// Bumped for every card presented: its layer is drawn again.
    public private(set) var generation = 0
    private var fade = MenuFade()

    public init() {}

    public var isPresented: Bool { fade.isPresented }
    public func opacity(at time: Double) -> Double { fade.opacity(at: time) }
    public func isAnimating(at time: Double) -> Bool { fade.isAnimating(at: time) }

    mutating func present(_ link: WebLink, at time: Double) {
        self.link = link
        generation += 1
        fade.setPresented(true, at: time)
    }

    mutating func dismiss(at time: Double) { fade.setPresented(false, at: time) }

    mutating func hideImmediately(at time: Double) { fade.hideImmediately(at: time) }
}
