import Touch

/// What the loop asks of the display when a reload changes how it is driven.
extension KMSDisplay {
    public var nativeSize: (width: Int, height: Int)? {
        output.map { ($0.mode.width, $0.mode.height) }
    }

    public func reconfigure(rotation: Rotation, mode: (width: Int, height: Int)?) throws {
        _ = try reconfigure(rotation: rotation, requestedMode: mode)
    }
}
