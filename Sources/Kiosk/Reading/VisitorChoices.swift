/// Which theme the visitor chose from the menu.
public enum ThemeChoice: Sendable, Equatable {
    case standard
    /// `[theme.high_contrast]`: every text pair ≥ 7:1.
    case highContrast
}

/// The visitor's larger-text step from the menu: the body size is multiplied by
/// `factor` (on top of a pinch, which stays the visitor's own fine adjustment).
public enum TextStep: Int, Sendable, Equatable, CaseIterable {
    case normal = 0, larger = 1, largest = 2

    public var factor: Double { [1.0, 1.3, 1.6][rawValue] }

    /// The next step, wrapping to `.normal` after `.largest` (one menu item cycles).
    public var next: TextStep { TextStep(rawValue: (rawValue + 1) % TextStep.allCases.count)! }
}

/// What one visitor switched on for themselves: high contrast, larger text, the language.
/// Held in ONE place (`KioskScene.visitor`; a reload or a switch hands it to the new
/// scene, so the visitor keeps it) and reset when the kiosk goes home at idle, so that the
/// next visitor finds the kiosk as configured. (Speech mode is `SpeechMode.isOn`, which
/// the idle reset ends too.)
public struct VisitorChoices: Sendable, Equatable {
    public var theme: ThemeChoice = .standard
    public var textStep: TextStep = .normal
    /// The language chosen in the menu (`SiteLanguages`); nil: the site's default.
    public var language: String? = nil

    public init() {}

    /// The idle reset: back to the configured kiosk.
    public mutating func reset() { self = VisitorChoices() }

    /// The theme to draw with.
    public func theme(in config: KioskConfig) -> KioskConfig.Theme {
        theme == .highContrast ? config.highContrastTheme : config.theme
    }
}

extension VisitorChoices {
    /// The configuration the kiosk is assembled with for this visitor: the file's, with
    /// the chosen theme (the text step is the assembly's `textFactor`).
    public func applied(to config: KioskConfig) -> KioskConfig {
        var chosen = config
        chosen.theme = theme(in: config)
        return chosen
    }

    /// Whether anything differs from the kiosk as configured (the idle reset then
    /// assembles the kiosk again).
    public var isDefault: Bool { self == VisitorChoices() }
}
