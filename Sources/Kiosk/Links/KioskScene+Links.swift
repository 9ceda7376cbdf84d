/// Links on the page: pressing one, following it (a page, a heading, or the QR card for
/// a web link), and going back. State is in `links` (`LinkState`); browsing's gestures
/// (Scroll/KioskScene+Browsing.swift) call in here.
extension KioskScene {
    /// How far a followed page moves into place (logical px): enough to see it arrive.
    static let arrivalShift = 64.0

    /// The layout's top-left on screen at `time`: the same (rounded) origin
    /// `SceneRenderer.drawPage` draws the text at.
    func pageOrigin(at time: Double) -> (x: Int, y: Int) {
        (Int(textLeft.rounded()) - Int(horizontal.offset(at: time).rounded()),
         Int((Self.marginTop * scale).rounded()) - Int(vertical.offset(at: time).rounded()))
    }

    /// The id of the link under screen point (x, y) on the current page.
    public func link(atX x: Double, y: Double, at time: Double) -> Int? {
        let origin = pageOrigin(at: time)
        return content.link(page: currentPage, width: textWidth, atX: x - Double(origin.x), y: y - Double(origin.y),
                            minimumSize: links.minimumHitSize)
    }

    /// A finger landed: the link under it, if any, shows pressed until it lifts or pans.
    func pressLink(atX x: Double, y: Double, at time: Double) {
        links.pressed = link(atX: x, y: y, at: time).map { LinkState.PressedLink(page: currentPage, id: $0) }
    }

    func releaseLink() { links.pressed = nil }

    /// A tap on the page: follow the link under it, if any.
    func followLink(atX x: Double, y: Double, at time: Double) {
        guard let id = link(atX: x, y: y, at: time) else { return }
        follow(linkID: id, at: time)
    }

    /// Follow link `id` of the page shown (a tap on it, or a double tap in speech mode).
    func follow(linkID id: Int, at time: Double) {
        guard let link = content.link(page: currentPage, width: textWidth, id: id) else { return }
        switch LinkDestination.resolve(link.target, from: currentPage, pages: config.pages) {
        case let .page(page, anchor):
            navigate(to: page, anchor: anchor, at: time)
        case let .web(address):
            vertical.stop(at: time)  // as the menu: nothing scrolls under the card
            links.card.present(WebLink(address: address, text: link.text), at: time)
        case let .nowhere(reason):
            Log.warning("page \(currentPage + 1) (\(config.pages[currentPage].title)): link \(link.target) leads nowhere: \(reason)")
        }
    }

    /// Remember where the visitor is before taking them elsewhere.
    func leavePlace(at time: Double) {
        links.history.push(.init(page: currentPage, offset: vertical.offset(at: time)))
    }

    /// Show page `page` at the heading `anchor` (its top when none or not found),
    /// remembering the place left.
    public func navigate(to page: Int, anchor: String?, at time: Double) {
        guard (0..<pageCount).contains(page) else { return }
        let target = anchor.flatMap { content.anchorTop(page: page, width: textWidth, slug: $0) } ?? 0
        leavePlace(at: time)
        travel(to: page, offset: target, forward: true, at: time)
    }

    /// Back to the last place left (the back pull released armed).
    public func goBack(at time: Double) {
        guard let place = links.history.pop() else { return }
        if place.toSearch { return returnToSearch(at: time) }
        travel(to: place.page, offset: place.offset, forward: false, at: time)
    }

    /// The short transition: on the same page a glide to the offset; to another page, the
    /// page shown already moving into place, rising when going forward and settling
    /// down when going back.
    private func travel(to page: Int, offset: Double, forward: Bool, at time: Double) {
        if page == currentPage {
            vertical.glide(from: vertical.offset(at: time), to: offset, at: time)
            return
        }
        show(page: page, at: time)
        let shift = Self.arrivalShift * scale
        vertical.glide(from: min(max(offset, 0), vertical.maxOffset) + (forward ? -shift : shift), to: offset, at: time)
    }
}
