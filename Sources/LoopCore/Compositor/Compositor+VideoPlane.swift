import Frames
import Raster

/// A playing clip on the display's YUV plane: the picture is written at its own size into
/// the plane's buffer (the display scales it) and the page layer is composed as if the
/// clip's frames did not change (its box's decoration keeps one tag), so a new clip frame
/// is a plane update alone: no damage to the page, no colour conversion on the CPU.
/// `VideoPlaneChoice` decides; every other frame turns the plane off with the picture
/// drawn into the page in the same frame.
extension Compositor {
    /// The tag a clip's box has in the page layer while the plane shows the clip: never a
    /// frame's, so the frame that turns the plane off always draws the picture into the
    /// page (a tag kept from the frame before would be a freed picture's identity, which
    /// the next picture may reuse). Putting a clip on the plane draws its box once.
    static let pictureOnPlaneTag = 0x5950_4C41_4E45

    /// Makes the painter's frame the frame on screen: chooses the path, draws what changed
    /// into `canvas` (the shadow's window), the window the display offers to move to, or
    /// its back scan-out buffer, sets the YUV plane, and answers the frame for the loop to
    /// present.
    public func compose(_ painter: FramePainter, canvas: Canvas, scanout: ScanoutSurface?) -> ComposedFrame {
        if let video = VideoPlaneChoice.candidate(painter.frame, bounds: canvas.bounds), let scanout,
           let written = writePicture(video, painter: painter, scanout: scanout) {
            var composed = composePage(PageUnderPlane(painter: painter, box: video.box), canvas: canvas, scanout: scanout)
            composed.plane = videoPlane.show(video, written: written)
            return composed
        }
        var composed = composePage(painter, canvas: canvas, scanout: scanout)
        composed.plane = videoPlane.turnOff()
        return composed
    }

    /// Writes the clip's frame into the plane's buffer where it needs it: true when
    /// written, false when the plane's picture stands; nil when the plane cannot show it.
    private func writePicture(_ video: VideoPicture, painter: FramePainter, scanout: ScanoutSurface) -> Bool? {
        guard let target = scanout.videoPlane(width: video.width, height: video.height) else { return nil }
        guard videoPlane.needsWrite(video) else { return false }
        return painter.writeVideo(into: target) ? true : nil
    }
}

/// The painter's frame with the clip's box as the page holds it under the plane: one tag
/// whatever frame plays, and no `video`.
struct PageUnderPlane: FramePainter {
    let painter: FramePainter
    let frame: FrameDescription

    init(painter: FramePainter, box: IntRect) {
        self.painter = painter
        var frame = painter.frame
        frame.decorations = frame.decorations.retagging(box, as: Compositor.pictureOnPlaneTag)
        frame.video = nil
        self.frame = frame
    }

    func drawPage(clip: IntRect, into canvas: Canvas, shiftX: Int) { painter.drawPage(clip: clip, into: canvas, shiftX: shiftX) }
    func drawsInBands(clip: IntRect) -> Bool { painter.drawsInBands(clip: clip) }
    var colorBeyondPageEdge: Color? { painter.colorBeyondPageEdge }
    func drawWhole(into canvas: Canvas) { painter.drawWhole(into: canvas) }
    func composeOverlays(over page: Canvas, into destination: PixelDestination, region: Region) {
        painter.composeOverlays(over: page, into: destination, region: region)
    }
    func writeVideo(into target: NV12Picture) -> Bool { false }
}
