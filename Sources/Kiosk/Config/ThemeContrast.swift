import Raster
import TextFile

/// WCAG 2.2 contrast of a theme, pair by pair: what `lectern check` reports and what
/// the tests hold the built-in themes to. Text must reach 4.5:1 (AA, 1.4.3) or 7:1 for
/// the high-contrast theme (AAA, 1.4.6); the affordance dots and the focus ring are
/// graphics, 3:1 (1.4.11).
public enum ThemeContrast {
    public enum Kind: Sendable, Equatable { case text, graphic }

    /// One pair of colours drawn on each other. `key` is the colour being judged,
    /// `against` the one it is drawn on (both `theme.…` keys, for file:line:key).
    public struct Pair: Sendable, Equatable {
        public var what: String
        public var key: String
        public var against: String
        public var kind: Kind
        public var ratio: Double
    }

    /// The menu's labels are white at 85 % over the overlay (MenuLayer), and the
    /// overlay itself is drawn at `overlayAlpha` over the page.
    static let menuLabelAlpha = 0.85

    /// Every pair the kiosk draws with this theme.
    public static func pairs(of theme: KioskConfig.Theme) -> [Pair] {
        let bg = theme.background
        let overlay = theme.overlay.mixed(over: bg, alpha: theme.overlayAlpha)
        let label = Color.white.mixed(over: theme.overlay, alpha: menuLabelAlpha).mixed(over: bg, alpha: theme.overlayAlpha)
        func pair(_ what: String, _ key: String, _ color: Color, on against: String, _ under: Color, _ kind: Kind) -> Pair {
            Pair(what: what, key: key, against: against, kind: kind, ratio: color.contrastRatio(with: under))
        }
        return [
            pair("body text", "text", theme.text, on: "background", bg, .text),
            pair("muted text (quotes, list numbers, alt text)", "muted", theme.muted, on: "background", bg, .text),
            pair("link text", "accent", theme.accent, on: "background", bg, .text),
            pair("menu labels", "overlay", label, on: "overlay_alpha", overlay, .text),
            pair("collapsed dots", "muted", theme.muted, on: "background", bg, .graphic),
            pair("expanded dots", "foreground", theme.foreground, on: "background", bg, .graphic),
            pair("armed dots and the focus ring", "accent", theme.accent, on: "background", bg, .graphic),
        ]
    }

    /// The least ratio each kind must reach.
    public static func threshold(_ kind: Kind, highContrast: Bool) -> Double {
        switch kind {
        case .text: return highContrast ? 7 : 4.5
        case .graphic: return 3
        }
    }

    /// The pairs below their threshold.
    public static func failures(of theme: KioskConfig.Theme, highContrast: Bool) -> [Pair] {
        pairs(of: theme).filter { $0.ratio < threshold($0.kind, highContrast: highContrast) }
    }

    /// Every pair of the configuration's two themes below its threshold, as errors at the
    /// line of the judged key (else the key it is drawn on, else the section; a default
    /// colour that fails has no line). `text`: the configuration file's text, for positions.
    public static func problems(in config: KioskConfig, text: String?, file: String) -> [ConfigError] {
        let root = text.flatMap { try? TOMLTree(parsing: $0) }?.root ?? []
        func table(_ entries: [TOMLTree.Entry], _ key: String) -> TOMLTree.Entry? { entries.first { $0.key == key } }
        let themeEntry = table(root, "theme")
        func position(section: String, keys: [String]) -> TOMLTree.Position? {
            var node = themeEntry
            if section != "theme", case let .table(entries)? = node?.node.value { node = table(entries, "high_contrast") }
            guard let node, case let .table(entries) = node.node.value else { return nil }
            for key in keys { if let entry = table(entries, key) { return entry.position } }
            return node.position
        }
        var errors: [ConfigError] = []
        for (section, theme, high) in [("theme", config.theme, false), ("theme.high_contrast", config.highContrastTheme, true)] {
            for pair in failures(of: theme, highContrast: high) {
                let at = position(section: section, keys: [pair.key, pair.against])
                let need = threshold(pair.kind, highContrast: high)
                let ratio = (pair.ratio * 100).rounded(.down) / 100
                let level = pair.kind == .graphic ? "graphics (WCAG 2.2 1.4.11)" : high ? "text in the high-contrast theme (WCAG 2.2 AAA, 1.4.6)" : "text (WCAG 2.2 AA, 1.4.3)"
                errors.append(ConfigError(file: file, line: at?.line, column: at?.column, key: "\(section).\(pair.key)",
                                          message: "\(pair.what): contrast \(ratio):1 against \(section).\(pair.against) is below the \(need.formatted1):1 needed for \(level); choose a darker or lighter colour"))
            }
        }
        return ConfigErrors(errors).errors
    }
}

private extension Double {
    var formatted1: String { self == rounded() ? String(Int(self)) : String(self) }
}
