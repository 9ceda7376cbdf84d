/// The attract screen (`[idle] attract = "Title"`): when the idle timer goes home, and
/// when the kiosk starts, the page with that title is shown as an invitation to touch.
/// The first touch on it brings the first page's top and does nothing else (the visitor
/// did not aim at anything on the invitation). Nothing moves on it: an idle kiosk on the
/// attract page costs no CPU, as on any other page.
extension KioskScene {
    /// Shows the attract page, if the configuration names one.
    func showAttract(at time: Double) {
        guard let index = config.idle.attractIndex(in: config.pages) else { return }
        show(page: index, at: time)
        idle.attracting = true
    }

    /// A touch on the attract page (or one that woke the display over it): home, and
    /// the rest of that touch sequence is swallowed by the caller.
    func leaveAttract(at time: Double) {
        idle.attracting = false
        menu.hideImmediately(at: time)
        show(page: 0, at: time)
    }

    /// A reload rebuilt the kiosk while it showed the attract page: the new one shows
    /// the new configuration's attract page (or stays where `carryOver` put it).
    public func resumeAttract(at time: Double) {
        showAttract(at: time)
    }
}
