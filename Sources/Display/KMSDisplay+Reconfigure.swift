import LoopCore
import Geometry

/// What the loop asks of the display when a reload changes how it is driven.
extension KMSDisplay {
    /// The chosen output's mode, the rotation, and the connector's density (EDID).
    public var geometry: DisplayGeometry? {
        output.map { DisplayGeometry(nativeWidth: $0.mode.width, nativeHeight: $0.mode.height, rotation: rotation,
                                     pixelsPerMillimetre: $0.pixelsPerMillimetre) }
    }

    /// A reloaded configuration asks for a rotation and mode: where they differ from the
    /// display's, choose the output again and allocate new buffers; the next present is a
    /// full modeset (true). False: the display has them already. With no output yet they
    /// apply when one appears. When it fails (a mode the panel does not offer, buffers it
    /// cannot allocate) the display goes back to the rotation and mode it had, buffers
    /// made anew for them, and throws: `geometry`, the canvas and the scan-out copy then
    /// agree, the loop makes touch input for that geometry, and the same request asks again.
    @discardableResult
    public func reconfigure(rotation: Rotation, mode requestedMode: (width: Int, height: Int)?) throws -> Bool {
        let sameMode = self.requestedMode.map { [$0.width, $0.height] } == requestedMode.map { [$0.width, $0.height] }
        guard rotation != self.rotation || !sameMode else { return false }
        let previous = (rotation: self.rotation, mode: self.requestedMode)
        self.rotation = rotation
        self.requestedMode = requestedMode
        guard output != nil, hasMaster else { return true }
        // A pending flip still scans out one of the old buffers: the modeset that follows
        // replaces it, so dropping the pending state here is safe.
        presenter.owesModeset()
        do {
            try start()
        } catch {
            // Left as it was, the new rotation would be copied out of a shadow laid out
            // for the old one (the output choice fails before any buffer is made).
            self.rotation = previous.rotation
            self.requestedMode = previous.mode
            do { try start() } catch { log.info("display \(device.path): cannot go back to the previous mode: \(error)") }
            throw error
        }
        return true
    }
}
