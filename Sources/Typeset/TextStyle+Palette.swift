import Raster

extension TextStyle {
    /// The colours a layout draws with, indexed by `PaletteColor`'s raw value.
    var palette: [Color] {
        [textColor, mutedColor, accentColor, codeBackground] + Callout.allCases.map(calloutColor)
    }

    /// Behind code: the configured colour, else 7 % of the text colour over the
    /// background: a light grey on a light theme, a lighter slate on a dark one, and in
    /// both the text keeps nearly all its contrast (at most a few percent less).
    var codeBackground: Color {
        codeBackgroundColor ?? textColor.mixed(over: backgroundColor, alpha: 0.07)
    }

    /// An alert's GitHub hue, moved towards the text colour until it reads at WCAG AA
    /// (4.5:1) on this background, so a dark theme still gets readable labels.
    func calloutColor(_ callout: Callout) -> Color {
        Contrast.readable(callout.hue, on: backgroundColor, towards: textColor)
    }
}
