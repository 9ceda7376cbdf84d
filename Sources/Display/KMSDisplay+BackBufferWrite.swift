import Raster

extension KMSDisplay {
    /// What the renderer wrote straight into the back buffer for the coming frame, which
    /// the present then copies nothing over. One value, so that anything that ends the
    /// frame (a pan, the panel going dark, new buffers) forgets it in one place.
    enum BackBufferWrite {
        /// Nothing: the present copies the frame's damage from the shadow.
        case none
        /// The whole window (a fade frame, a pull drawn whole: `directFrame`).
        case whole
        /// A sideways pull shown by moving the window (`panSideways`): what it wrote,
        /// in buffer coordinates (for DirtyFB).
        case sideways(Region)
    }
}
