/// The logical (rotated) screen size the kiosk is laid out for, in device px. The
/// display's geometry owns the size; the loop hands it down with each frame and
/// `KioskScene.resize` takes it up when it differs. One reference, shared by the scene
/// and the content that lays out at the screen's width (PDF sheets at
/// `pdf_width = "screen"`), so neither keeps a copy that a resize could leave stale.
public final class ScreenSize {
    public fileprivate(set) var width: Double
    public fileprivate(set) var height: Double

    public init(width: Int, height: Int) {
        self.width = Double(width)
        self.height = Double(height)
    }
}

extension KioskScene {
    /// Lays the scene out for a screen of `width` × `height` (the canvas the loop handed
    /// differs from the one it was laid out for).
    public func resize(width: Int, height: Int, at time: Double) {
        screen.width = Double(width)
        screen.height = Double(height)
        horizontal = KineticScroller(viewport: self.width, contentLength: self.width)
        vertical.setGeometry(viewport: self.height, contentLength: pageLength(of: currentPage), at: time)
        contentGeneration += 1
    }
}
