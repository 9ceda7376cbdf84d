/// Thresholds for gesture recognition. Distances are in device pixels (the panel's
/// pixels are square, so rotation does not change them); build one for a real panel
/// with `forPanel(pixelsPerMillimetre:)` so that the slop is a physical distance.
public struct GestureConfig: Sendable, Equatable {
    /// Where `panChanged` / `panEnded` translations are measured from.
    public enum PanOrigin: Sendable, Equatable {
        /// From where the finger was when it crossed the slop: the content starts moving
        /// from zero, with no jump, and then trails the finger by the slop (Android's
        /// ScrollView, Flutter's `DragStartBehavior.start`). The default.
        case slopCrossing
        /// From where the finger first touched: the content jumps by the slop when the
        /// pan begins, then sits exactly under the finger.
        case down
    }

    /// Slop, in millimetres, used when the panel's size is known. Within the 1.3–2 mm
    /// that feels like a phone (Android's 8 dp, iOS's 10 pt): small enough that scrolling starts promptly, big enough that a finger
    /// pressing down (which rolls ~1 mm) still taps.
    public static let slopMillimetres = 1.6
    /// Settled travel allowed in a three-finger tap. A tapping hand rolls its fingers
    /// together; the real N-Trig three-finger tap (Tests/TouchRecordingTests) settles
    /// within 0.6 mm, the two- and four-finger ones within 1.1 mm. libinput allows
    /// 1.3 mm on touchpads, Android's touch slop is 8 dp (1.3 mm at 160 dpi); 2 mm keeps
    /// their order of size with room for a hand, far below a drag.
    public static let tapSlopMillimetres = 2.0
    /// Travel from the landing point, jitter included. Panels report the first and last
    /// contact of a finger off-centre while its contact area grows and shrinks: the
    /// N-Trig tap jumps 1.6 mm after landing and 1.9 mm before lifting (2.5 mm in all).
    /// 4 mm covers both with room, and a 5 mm drag is still no tap.
    public static let tapJitterSlopMillimetres = 4.0
    /// A 21.5" 1920×1080 panel is ~4 px/mm; used when no size is known.
    public static let defaultPixelsPerMillimetre = 4.0

    /// Movement (px, Euclidean, from the down point) beyond which a finger is moving:
    /// a single finger starts a pan; any finger fails a tap or three-finger tap.
    public var slop: Double
    /// Travel (px) a finger of a three-finger tap may make once it has settled, not
    /// counting its first report (landing) and its last (lift-off). See `tapSlopMillimetres`.
    public var tapSlop: Double
    /// Travel (px) from the landing point, jitter included, beyond which no finger taps.
    public var tapJitterSlop: Double
    /// Change in the distance between two fingers (px) that makes a pinch, if their
    /// midpoint moved less. Three times the slop (4.8 mm): two fingers pressing down or
    /// starting a drag spread or close a little by themselves. Android's
    /// ScaleGestureDetector takes twice its touch slop; at twice Lectern's (3.2 mm) the
    /// real 3M two-finger drag (Tests/TouchRecordingTests), whose fingers close 3.2 mm as
    /// the hand sets off, passed for a pinch. Real pinches change by centimetres.
    public var pinchSlop: Double
    /// A contact that lifts and lands again within this many seconds, within
    /// `tapJitterSlop` of where it lifted, is the same finger dropping out, not a new one.
    public var contactDropoutWindow: Double
    /// Where pan translations are measured from.
    public var panOrigin: PanOrigin
    /// A single-finger tap lifts within this many seconds of touching.
    public var tapMaximumDuration: Double
    /// All three fingers of a three-finger tap land within this many seconds of the first.
    public var threeFingerLandingWindow: Double
    /// The last of the three lifts within this many seconds of the first landing; a
    /// 300 ms hold is not a tap.
    public var threeFingerMaximumDuration: Double

    public init(
        slop: Double = GestureConfig.slopMillimetres * GestureConfig.defaultPixelsPerMillimetre,
        tapSlop: Double? = nil,
        tapJitterSlop: Double? = nil,
        pinchSlop: Double? = nil,
        contactDropoutWindow: Double = 0.04,
        panOrigin: PanOrigin = .slopCrossing,
        tapMaximumDuration: Double = 0.5,
        threeFingerLandingWindow: Double = 0.12,
        threeFingerMaximumDuration: Double = 0.28
    ) {
        self.slop = slop
        self.tapSlop = tapSlop ?? slop * GestureConfig.tapSlopMillimetres / GestureConfig.slopMillimetres
        self.tapJitterSlop = tapJitterSlop ?? slop * GestureConfig.tapJitterSlopMillimetres / GestureConfig.slopMillimetres
        self.pinchSlop = pinchSlop ?? slop * 3
        self.contactDropoutWindow = contactDropoutWindow
        self.panOrigin = panOrigin
        self.tapMaximumDuration = tapMaximumDuration
        self.threeFingerLandingWindow = threeFingerLandingWindow
        self.threeFingerMaximumDuration = threeFingerMaximumDuration
    }

    /// Defaults with the slop converted from millimetres for a panel of this density
    /// (e.g. width in px / `libinput_device_get_size` width in mm). A non-positive or
    /// non-finite density falls back to the default density.
    public static func forPanel(pixelsPerMillimetre: Double) -> GestureConfig {
        let density = pixelsPerMillimetre.isFinite && pixelsPerMillimetre > 0
            ? pixelsPerMillimetre : defaultPixelsPerMillimetre
        return GestureConfig(slop: slopMillimetres * density)
    }
}
