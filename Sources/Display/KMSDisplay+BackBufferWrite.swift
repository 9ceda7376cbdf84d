import Raster

extension KMSDisplay {
    /// What the frame being presented wrote straight into the back buffer, which the
    /// present then copies nothing over (`commit`, KMSDisplay+ScanoutSurface.swift).
    enum BackBufferWrite {
        /// Nothing: the present copies the frame's damage from the shadow.
        case none
        /// The whole window (a fade frame, a pull drawn whole: `directFrame`).
        case whole
        /// A sideways pull shown by moving the window: what was written, in buffer
        /// coordinates (for DirtyFB).
        case sideways(Region)
    }
}
