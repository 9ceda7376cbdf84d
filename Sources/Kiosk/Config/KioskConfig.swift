import Touch
import Raster

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
    }

    public struct Theme: Sendable, Equatable {
        public var background = Color(hex: "#f7f4ee")!
        public var text = Color(hex: "#222222")!
        public var muted = Color(hex: "#9a9a9a")!
        public var foreground = Color(hex: "#111111")!
        public var accent = Color(hex: "#d0342c")!
        public var overlay = Color(hex: "#15181c")!
        public var overlayAlpha = 0.9
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

        public init(title: String, source: Source, icon: String? = nil, iconSelected: String? = nil) {
            self.title = title; self.source = source; self.icon = icon; self.iconSelected = iconSelected
        }
    }

    public struct Idle: Sendable, Equatable {
        /// Seconds without touch before returning to the first page's top (0 = never).
        public var homeAfter: Double = 120
        /// Seconds without touch before the display is blanked (0 = never).
        public var blankAfter: Double = 600
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

    public var display = Display()
    public var theme = Theme()
    public var text = Text()
    public var pages: [Page] = []
    public var idle = Idle()
    public var watch = Watch()
    public var metrics = Metrics()
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
