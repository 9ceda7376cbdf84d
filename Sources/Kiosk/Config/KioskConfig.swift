import Geometry
import Raster
import Typeset

/// Everything an integrator can set, with the design's defaults. Built by
/// `ConfigLoader` from a TOML file, or `KioskConfig.builtIn` when there is none.
public struct KioskConfig: Sendable, Equatable {
    public struct Display: Sendable, Equatable {
        /// 0, 90, 180 or 270: applied once, to rendering and touch alike.
        public var rotation: Rotation = .r0
        /// Logical px → device px. Nil: derived from the panel's physical size when known.
        public var scale: Double? = nil
        /// Pixels per inch where the panel's size is unknown (headless runs).
        public var dpi: Double = 96
        /// A mode to force, nil for the connector's preferred one.
        public var mode: PixelSize? = nil
        /// Opening hours (`on`, `off`, `[display.schedule]`); nil: no schedule, on always.
        public var schedule: DisplaySchedule? = nil
        /// Whether a touch while the schedule has the display off wakes it.
        public var wakeOnTouch = true
        /// Seconds without touch before a display woken out of hours goes off again;
        /// nil: the idle `blank_after` (or 600 s when idle blanking is off).
        public var wakeFor: Double? = nil
        /// Whether the opening hours also switch a TV over HDMI-CEC, and through which
        /// adapter (`[display] cec`).
        public var cec: CECChoice = .automatic
        /// Where the display leaves what the driver offers (`pan`, `side_pan`,
        /// `scroll_front`, `atomic`): read at start.
        public var scanout = ScanoutTuning()
    }

    /// `[display] cec`: true (the first `/dev/cecN` that is not a TV's own), false, or a
    /// device path.
    public enum CECChoice: Sendable, Equatable {
        case off
        case automatic
        case device(String)
    }

    public struct Theme: Sendable, Equatable {
        public var background = Color(hex: "#f7f4ee")!
        public var text = Color(hex: "#222222")!
        /// Quotes, list numbers, alt text and the collapsed dots: 4.85:1 on the background
        /// (WCAG 2.2 AA asks 4.5:1 for text; the earlier #9a9a9a was 2.56:1).
        public var muted = Color(hex: "#6b6b6b")!
        public var foreground = Color(hex: "#111111")!
        public var accent = Color(hex: "#d0342c")!
        public var overlay = Color(hex: "#15181c")!
        public var overlayAlpha = 0.9
        /// Behind code; nil: a tint mixed from `text` and `background` (TextStyle+Palette).
        public var codeBackground: Color? = nil

        public init() {}

        /// `[theme.high_contrast]`'s defaults: every text pair ≥ 7:1 (WCAG 2.2 AAA).
        public static var highContrast: Theme {
            var theme = Theme()
            theme.background = Color(hex: "#ffffff")!
            theme.text = Color(hex: "#000000")!
            theme.muted = Color(hex: "#3d3d3d")!      // 10.9:1
            theme.foreground = Color(hex: "#000000")!
            theme.accent = Color(hex: "#a00000")!     // 8.4:1
            theme.overlay = Color(hex: "#000000")!
            theme.overlayAlpha = 0.95
            return theme
        }
    }

    public struct Text: Sendable, Equatable {
        public var fonts: [String] = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
        /// Body text size in logical px, when set; nil: derived from the panel's physical
        /// size and `distanceCentimetres` (ReadingSize).
        public var size: Double? = nil
        /// The longest body line, in characters of the body font (45–75 read comfortably);
        /// 0: no limit, body lines run from margin to margin.
        public var measure: Double = 70
        /// How far the reader's eyes are from the screen, for the derived text size.
        /// A touchscreen is read within arm's reach; see ReadingSize.
        public var distanceCentimetres: Double = 60
        /// Language of pages without a `lang:` in their front matter: it picks the
        /// hyphenation dictionary (/usr/share/hyphen/hyph_<language>.dic).
        public var language: String = "en"
    }

    public struct Page: Sendable, Equatable {
        public enum Source: Sendable, Equatable {
            case file(path: String)
            /// Built-in demo content: Markdown text.
            case builtIn(markdown: String)
        }
        public var title: String
        public var source: Source
        public var icon: String? = nil
        public var iconSelected: String? = nil
        /// How wide a PDF page's sheets are shown (`pdf_width`).
        public var pdfWidth: PDFWidth = .reading

        public enum PDFWidth: String, Sendable, Equatable {
            /// The text area between the side margins.
            case reading
            /// Edge to edge (landscape sheets, floor plans).
            case screen
        }

        /// The content is a PDF document (by its name): shown through poppler (`PDFContent`).
        public var isPDF: Bool {
            if case let .file(path) = source { return path.lowercased().hasSuffix(".pdf") }
            return false
        }
        /// The page's language (`lang`, a BCP 47 tag such as "he"): for a language menu,
        /// and the page's layout when its front matter names none. Nil: not given.
        public var language: String? = nil
        /// The page's direction (`dir`); nil: from its text and language.
        public var direction: TextDirection? = nil

        public init(title: String, source: Source, icon: String? = nil, iconSelected: String? = nil) {
            self.title = title; self.source = source; self.icon = icon; self.iconSelected = iconSelected
        }
    }

    public struct Idle: Sendable, Equatable {
        /// Seconds without touch before returning to the first page's top (0 = never).
        public var homeAfter: Double = 120
        /// Seconds without touch before the display is blanked (0 = never).
        public var blankAfter: Double = 600
        /// The title of the page shown as an invitation to touch when `homeAfter` runs out
        /// (the attract screen), instead of the first page; nil: the first page.
        public var attract: String?
        /// A clip shown instead of an attract page (`attract = "loop.mp4"`: a value with a
        /// clip's extension), resolved against the configuration's directory: it loops full
        /// screen, muted, over the first page, until a touch.
        public var attractClip: String?
        /// Index in `pages` of the attract page.
        public func attractIndex(in pages: [Page]) -> Int? { attract.flatMap { t in pages.firstIndex { $0.title == t } } }
    }

    /// How long a touch out of hours keeps the display on (`[display] wake_for`).
    public var outOfHoursWake: Double { display.wakeFor ?? (idle.blankAfter > 0 ? idle.blankAfter : 600) }

    /// `[speech]`: speech mode (docs/accessibility.md).
    public struct Speech: Sendable, Equatable {
        /// Whether speech mode may start at all (by the gesture or the headphone jack).
        public var enabled = true
        /// The gesture that turns speech mode on and off: "two_finger_hold" or "none"
        /// (then only the headphone jack does).
        public var gesture = "two_finger_hold"
        /// Whether plugging headphones in turns speech mode on.
        public var headphoneJack = true
        /// ALSA device name (`aplay -L`), "default" for the system's default.
        public var device = "default"
        /// 0…1 of full scale, applied to the samples.
        public var volume = 0.8
        /// espeak-ng words per minute.
        public var rate = 165
    }

    /// Content that updates itself: the configuration and every file the site uses are
    /// watched (inotify); a change is checked as `lectern check` does once it settles.
    public struct Watch: Sendable, Equatable {
        public var enabled = true
        /// Seconds without a further change (and since the newest file's mtime) before
        /// the new site is checked and shown.
        public var settle: Double = 1
    }

    /// Health and usage counters in Prometheus' text format, for node_exporter's
    /// textfile collector (Debian's directory by default).
    public struct Metrics: Sendable, Equatable {
        public var enabled = true
        public var path = "/var/lib/prometheus/node-exporter/lectern.prom"
    }

    /// Video clips' sound: off unless the site asks. It plays on `[speech] device`, the
    /// one place the sound card is named.
    public struct Clips: Sendable, Equatable {
        public var sound = false
    }

    public var display = Display()
    public var theme = Theme()
    /// The theme a visitor switches on from the menu (`ThemeChoice.highContrast`).
    public var highContrastTheme = Theme.highContrast
    public var text = Text()
    public var pages: [Page] = []
    public var idle = Idle()
    public var speech = Speech()
    public var watch = Watch()
    public var metrics = Metrics()
    public var clips = Clips()
    /// Where the config came from (for messages), nil for the built-in one.
    public var sourcePath: String? = nil

    public init() {}

    /// The configuration used when none is given: three demo pages written for Lectern.
    public static var builtIn: KioskConfig {
        var config = KioskConfig()
        config.pages = DemoPages.all.map { Page(title: $0.title, source: .builtIn(markdown: $0.markdown)) }
        return config
    }
}
