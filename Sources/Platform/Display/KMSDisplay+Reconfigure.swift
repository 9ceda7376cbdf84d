import Touch

/// What the loop asks of the display when a reload changes how it is driven.
extension KMSDisplay {
    /// The chosen output's mode, the rotation, and the connector's density (EDID).
    public var geometry: DisplayGeometry? {
        output.map { DisplayGeometry(nativeWidth: $0.mode.width, nativeHeight: $0.mode.height, rotation: rotation,
                                     pixelsPerMillimetre: $0.pixelsPerMillimetre) }
    }

    public func reconfigure(rotation: Rotation, mode: (width: Int, height: Int)?) throws {
        _ = try reconfigure(rotation: rotation, requestedMode: mode)
    }
}
