extension OutputChoice {
    /// The panel's pixels per millimetre from the connector's physical size (EDID), nil
    /// when it reports none or one no panel has: projectors and some TVs report 0, or
    /// an aspect ratio such as 16×9 "mm" (EDID allows that), which would give 100+ px/mm.
    public var pixelsPerMillimetre: Double? {
        guard connector.widthMillimetres > 0, connector.heightMillimetres > 0 else { return nil }
        let horizontal = Double(mode.width) / Double(connector.widthMillimetres)
        let vertical = Double(mode.height) / Double(connector.heightMillimetres)
        // 20–1000 dpi; pixels about square (a size in cm rounds each side on its own).
        guard (0.8...40).contains(horizontal), abs(horizontal / vertical - 1) < 0.15 else { return nil }
        return (horizontal + vertical) / 2
    }
}
