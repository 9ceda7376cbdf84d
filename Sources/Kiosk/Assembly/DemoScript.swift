import Spring

/// The built-in demo: scrolling, the pull affordance, the menu and a page switch, then
/// the back pull and links (a web link's QR card, a page link), written for any screen
/// size (coordinates are fractions of it; `links` says where the first page's links are).
public enum DemoScript {
    public static func text(width: Int, height: Int, pageCount: Int, scale: Double, links: DemoLinks? = nil) -> String {
        let w = Double(width), h = Double(height)
        func f(_ v: Double) -> String { String(Int(v.rounded())) }
        let ring = RingLayout(width: w, height: h, count: pageCount, scale: scale)
        let last = ring.center(of: pageCount - 1)           // the long handbook page
        let second = ring.center(of: min(1, pageCount - 1))
        // Pull distance (finger px) for 40 % of the affordance's width.
        let partial = RubberBand.unresisted(0.4 * 60 * scale, dimension: w)
        return """
        # Lectern's built-in demo (\(width)x\(height)).
        0.300 capture first-frame
        0.500 tap 3 \(f(w / 2)) \(f(h / 2))                  # three-finger tap: the menu
        0.900 capture menu
        1.100 tap 1 \(f(last.x)) \(f(last.y))                # open the last page
        1.600 drag 0 \(f(w / 2)) \(f(h * 0.8)) \(f(w / 2)) \(f(h * 0.3)) 0.15     # fling up
        2.000 capture flinging
        3.800 hold-drag 0 \(f(w / 2)) \(f(h * 0.3)) \(f(w / 2)) \(f(h * 0.7)) 0.4 0.2   # drag back a little, rest, lift
        4.800 hold-drag 0 \(f(w * 0.7)) \(f(h / 2)) \(f(w * 0.7 - partial)) \(f(h / 2)) 0.35 0.6   # a slow pull: one dot
        5.500 capture pull-one-dot
        6.200 hold-drag 0 \(f(w * 0.75)) \(f(h / 2)) \(f(w * 0.5)) \(f(h / 2)) 0.4 0.5   # pull past the threshold
        6.900 capture pull-armed
        7.500 capture menu-open
        8.000 tap 1 \(f(second.x)) \(f(second.y))            # the second page
        8.500 capture second-page
        9.000 tap 3 \(f(w / 2)) \(f(h / 2))                  # three-finger tap: menu
        9.500 capture three-finger-menu
        10.000 tap 3 \(f(w / 2)) \(f(h / 2))                 # and hide it again
        10.600 wait
        """ + (links.map { linkSteps($0, width: w, height: h, scale: scale) } ?? "")
    }

    /// Back twice (the menu left two places behind), then the first page's links.
    static func linkSteps(_ links: DemoLinks, width w: Double, height h: Double, scale: Double) -> String {
        func f(_ v: Double) -> String { String(Int(v.rounded())) }
        let back = RubberBand.unresisted(1.5 * 60 * scale, dimension: w)  // the back pull at 150 %
        return """

        10.800 hold-drag 0 \(f(w * 0.2)) \(f(h / 2)) \(f(w * 0.2 + back)) \(f(h / 2)) 0.4 0.5   # pull right: back
        11.500 capture back-pull-armed
        12.400 capture back
        12.600 hold-drag 0 \(f(w * 0.2)) \(f(h / 2)) \(f(w * 0.2 + back)) \(f(h / 2)) 0.3 0.2   # and back to the first page
        13.800 tap 1 \(f(links.web.x)) \(f(links.web.y))      # a web link
        13.830 capture link-pressed
        14.400 capture link-card
        15.000 tap 1 \(f(w * 0.04)) \(f(h * 0.05))             # outside the card: it goes
        15.600 tap 1 \(f(links.page.x)) \(f(links.page.y))    # a page link
        16.400 capture link-followed
        17.000 wait
        """
    }
}
