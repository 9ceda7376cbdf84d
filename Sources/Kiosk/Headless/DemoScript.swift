/// The built-in demo: scrolling, the pull affordance, the menu and a page switch,
/// written for any screen size (coordinates are fractions of it).
public enum DemoScript {
    public static func text(width: Int, height: Int, pageCount: Int, scale: Double) -> String {
        let w = Double(width), h = Double(height)
        func f(_ v: Double) -> String { String(Int(v.rounded())) }
        let ring = RingLayout(width: w, height: h, count: pageCount, scale: scale)
        let second = ring.center(of: min(1, pageCount - 1))
        // Pull distances (finger px) for 40 % and for 2.4× the affordance width.
        let partial = RubberBandDistance.finger(forResisted: 0.4 * 60 * scale, dimension: w)
        return """
        # Lectern's built-in demo (\(width)x\(height)).
        0.400 capture first-frame
        0.500 drag 0 \(f(w / 2)) \(f(h * 0.8)) \(f(w / 2)) \(f(h * 0.3)) 0.15     # fling up
        1.200 capture flinging
        2.600 hold-drag 0 \(f(w / 2)) \(f(h * 0.3)) \(f(w / 2)) \(f(h * 0.9)) 0.4 0.2   # drag back down, rest, lift
        3.600 hold-drag 0 \(f(w * 0.7)) \(f(h / 2)) \(f(w * 0.7 - partial)) \(f(h / 2)) 0.35 0.6   # a slow pull: one dot
        4.300 capture pull-one-dot
        5.000 hold-drag 0 \(f(w * 0.75)) \(f(h / 2)) \(f(w * 0.75 - 0.25 * w)) \(f(h / 2)) 0.4 0.5   # pull past the threshold
        5.700 capture pull-armed
        6.300 capture menu-open
        6.800 tap 1 \(f(second.x)) \(f(second.y))            # the second page
        7.300 capture second-page
        7.800 tap 3 \(f(w / 2)) \(f(h / 2))                  # three-finger tap: menu
        8.300 capture three-finger-menu
        8.800 tap 3 \(f(w / 2)) \(f(h / 2))                  # and hide it again
        9.400 wait
        """
    }
}

/// Inverse rubber band, for writing scripts that reach a given resisted offset.
enum RubberBandDistance {
    static func finger(forResisted b: Double, dimension d: Double, coefficient c: Double = 0.55) -> Double {
        d / c * (1 / (1 - b / d) - 1)
    }
}
