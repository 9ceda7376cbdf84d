import LoopCore
import Geometry

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

    /// A reloaded configuration asks for another rotation or mode: choose the output
    /// again and allocate new buffers; the next present is a full modeset. Returns the
    /// new logical size, or nil when there is no output to apply it to yet (it applies
    /// when one appears). When it fails (a mode the panel does not offer, buffers it
    /// cannot allocate) the display goes back to the rotation and mode it had, buffers
    /// made anew for them, and throws: `geometry`, the canvas and the scan-out copy then
    /// agree, and the loop makes touch input for that geometry.
    public func reconfigure(rotation: Rotation, requestedMode: (width: Int, height: Int)?) throws -> (width: Int, height: Int)? {
        let sameMode = self.requestedMode.map { [$0.width, $0.height] } == requestedMode.map { [$0.width, $0.height] }
        guard rotation != self.rotation || !sameMode else { return logicalSize }
        let previous = (rotation: self.rotation, mode: self.requestedMode)
        self.rotation = rotation
        self.requestedMode = requestedMode
        guard output != nil, hasMaster else { return nil }
        // A pending flip still scans out one of the old buffers: the modeset that follows
        // replaces it, so dropping the pending state here is safe.
        presenter.owesModeset()
        do {
            guard try start() else { return nil }
        } catch {
            // Left as it was, the new rotation would be copied out of a shadow laid out
            // for the old one (the output choice fails before any buffer is made).
            self.rotation = previous.rotation
            self.requestedMode = previous.mode
            do { try start() } catch { log.info("display \(device.path): cannot go back to the previous mode: \(error)") }
            throw error
        }
        return logicalSize
    }
}
