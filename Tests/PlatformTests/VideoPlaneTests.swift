import Display
import Frames
import Logging
import LoopCore
import PlatformEmbedded
import Raster
import XCTest

/// A playing clip on a display's YUV overlay plane, through the real compositor and
/// `KMSDisplay` over the memory device: frames advance on the plane alone, anything over
/// or around the clip brings it back into the page, and a device without the plane keeps
/// the software path.
final class VideoPlaneTests: XCTestCase {
    var lines: [String] = []
    static let box = IntRect(x: 16, y: 8, width: 32, height: 24)
    static let page = Color(red: 40, green: 40, blue: 40)

    /// A page with one clip: the software path fills the clip's box with a colour of the
    /// frame's number; the plane gets luma 10 × the number, neutral chroma.
    struct ClipPage: FramePainter {
        let frame: FrameDescription
        let clipFrame: Int
        let box: IntRect

        init(clipFrame: Int, playing: Bool = true, menuAlpha: Int = 0, box: IntRect = VideoPlaneTests.box, shiftX: Int = 0,
             ring: IntRect? = nil) {
            self.clipFrame = clipFrame
            self.box = box
            var decorations = Decorations()
            decorations.append(box, tag: clipFrame)
            if let ring { decorations.append(ring, tag: 1) }
            let video = playing ? VideoPicture(box: box, width: 16, height: 12, source: IntRect(x: 0, y: 0, width: 16, height: 12), tag: clipFrame) : nil
            frame = FrameDescription(content: .page, page: .init(generation: 1, page: 0, width: 64, height: 48), scrollY: 0, shiftX: shiftX,
                                     decorations: decorations, overlays: .init(key: .init(menuAlpha: menuAlpha), direct: true), video: video)
        }

        static func software(_ n: Int) -> Color { Color(red: UInt8(n * 20), green: 200, blue: 0) }

        func drawPage(clip: IntRect, into canvas: Canvas, shiftX: Int) {
            canvas.fill(clip, color: VideoPlaneTests.page)
            canvas.fill(box.intersection(clip), color: Self.software(clipFrame))
        }
        func drawWhole(into canvas: Canvas) {}
        /// An overlay at the frame's alpha that mixes nothing in: the page shows through.
        func composeOverlays(over page: Canvas, into destination: PixelDestination, region: Region) {
            for r in region.rects {
                for y in r.minY..<r.maxY { destination.mixColor(y: y, from: r.minX, to: r.maxX, color: 0, alpha: 0, over: page) }
            }
        }
        func writeVideo(into target: NV12Picture) -> Bool {
            guard frame.video != nil else { return false }
            for y in 0..<target.height { (target.luma + y * target.lumaPitch).initializeMemory(as: UInt8.self, repeating: UInt8(clipFrame * 10), count: target.width) }
            for y in 0..<target.height / 2 { (target.chroma + y * target.chromaPitch).initializeMemory(as: UInt8.self, repeating: 128, count: target.width) }
            return true
        }
    }

    func makeDisplay(overlay: Bool = true) throws -> (KMSDisplay, MemoryKMSDevice) {
        let mode = DisplayMode(width: 64, height: 48, refresh: 60, preferred: true)
        let device = MemoryKMSDevice.recordingCard(connectors: [connector(5, "HDMI-A-1", modes: [mode])])
        device.driverName = "vc4"
        device.atomicSupported = true
        if overlay { device.overlay = MemoryOverlayPlane() }
        let display = KMSDisplay(device: device, log: Logger { [unowned self] in lines.append($0) })
        return (display, device)
    }

    /// Composes and presents `painter`'s frame, and completes its flip.
    @discardableResult
    func show(_ painter: FramePainter, on display: KMSDisplay, with compositor: Compositor) throws -> ComposedFrame {
        let composed = compositor.compose(painter, canvas: try XCTUnwrap(display.canvas), scanout: display)
        if composed.changesScreen { _ = try display.present(composed) }
        _ = try display.handleReadable()
        return composed
    }

    /// The page's pixel at the clip's centre, as RGB.
    func centre(_ device: MemoryKMSDevice) -> UInt32? {
        device.screenPixel(x: Self.box.x + Self.box.width / 2, y: Self.box.y + Self.box.height / 2).map { $0 & 0xFF_FFFF }
    }

    func rgb(_ n: Int) -> UInt32 { ClipPage.software(n).argb & 0xFF_FFFF }

    func testFramesAdvanceOnThePlaneWithoutDamagingThePage() throws {
        let (display, device) = try makeDisplay()
        try display.start()
        XCTAssertTrue(lines.contains { $0.contains("overlay plane 77 (NV12)") }, "\(lines)")
        let compositor = Compositor()
        try show(ClipPage(clipFrame: 1), on: display, with: compositor)
        XCTAssertNil(device.overlay?.shown, "the first frame is a legacy modeset: the clip in the page")
        XCTAssertEqual(centre(device), rgb(1))

        let onPlane = try show(ClipPage(clipFrame: 2), on: display, with: compositor)
        let shown = try XCTUnwrap(device.overlay?.shown)
        XCTAssertEqual(shown.destination, Self.box, "the display scales 16x12 to the clip's box")
        XCTAssertEqual(shown.source, IntRect(x: 0, y: 0, width: 16, height: 12))
        XCTAssertEqual(device.overlay?.sample(x: 20, y: 10)?.y, 20)
        XCTAssertTrue(device.calls.last!.hasPrefix("plane 77 fb"), "with the page's commit: \(device.calls.suffix(2))")
        XCTAssertEqual(onPlane.plane, .show(source: shown.source, destination: Self.box, written: true))

        let atomicsBefore = device.calls.filter { $0.hasPrefix("atomic") }.count
        for n in 3...6 {
            let composed = try show(ClipPage(clipFrame: n), on: display, with: compositor)
            XCTAssertTrue(composed.damage.isEmpty, "frame \(n): nothing in the page changes")
            XCTAssertEqual(device.overlay?.sample(x: Self.box.maxX - 1, y: Self.box.maxY - 1)?.y, UInt8(n * 10))
            XCTAssertEqual(device.overlay?.sample(x: 20, y: 10)?.u, 128)
        }
        XCTAssertEqual(device.calls.filter { $0.hasPrefix("atomic") }.count, atomicsBefore, "no commit of the primary plane")
        XCTAssertEqual(device.overlay?.planeOnlyCommits, 4)
        XCTAssertEqual(display.counts.planeFrames, 4)
        XCTAssertEqual(device.overlay?.bufferCount, 2, "two NV12 buffers, written in turn")
        XCTAssertNil(device.overlay?.sample(x: 0, y: 0), "the plane covers the clip's box only")
    }

    func testAnOverlayTurnsThePlaneOffAndThePictureIsDrawnIntoThePage() throws {
        let (display, device) = try makeDisplay()
        try display.start()
        let compositor = Compositor()
        try show(ClipPage(clipFrame: 1), on: display, with: compositor)
        try show(ClipPage(clipFrame: 2), on: display, with: compositor)
        try show(ClipPage(clipFrame: 3), on: display, with: compositor)
        XCTAssertNotNil(device.overlay?.shown)
        let composed = try show(ClipPage(clipFrame: 4, menuAlpha: 80), on: display, with: compositor)
        XCTAssertEqual(composed.plane, .off)
        XCTAssertNil(device.overlay?.shown, "off in the same commit as the page")
        XCTAssertEqual(centre(device), rgb(4), "the software picture under the menu")
        // The menu gone, the clip goes back to the plane.
        try show(ClipPage(clipFrame: 5), on: display, with: compositor)
        XCTAssertEqual(device.overlay?.sample(x: 20, y: 10)?.y, 50)
    }

    func testAPausedClipOrOnePartlyOffScreenIsDrawnIntoThePage() throws {
        let (display, device) = try makeDisplay()
        try display.start()
        let compositor = Compositor()
        try show(ClipPage(clipFrame: 1), on: display, with: compositor)
        try show(ClipPage(clipFrame: 2), on: display, with: compositor)
        XCTAssertNotNil(device.overlay?.shown)
        try show(ClipPage(clipFrame: 2, playing: false), on: display, with: compositor)
        XCTAssertNil(device.overlay?.shown, "paused: the plane is off")
        XCTAssertEqual(centre(device), rgb(2))
        try show(ClipPage(clipFrame: 3), on: display, with: compositor)
        XCTAssertNotNil(device.overlay?.shown)
        let below = IntRect(x: 16, y: 30, width: 32, height: 24)
        try show(ClipPage(clipFrame: 4, box: below), on: display, with: compositor)
        XCTAssertNil(device.overlay?.shown, "partly below the screen: the plane is off")
        XCTAssertEqual(device.screenPixel(x: 30, y: 40).map { $0 & 0xFF_FFFF }, rgb(4))
    }

    func testAPullOrARingOverThePictureTurnsThePlaneOff() throws {
        let (display, device) = try makeDisplay()
        try display.start()
        let compositor = Compositor()
        try show(ClipPage(clipFrame: 1), on: display, with: compositor)
        try show(ClipPage(clipFrame: 2), on: display, with: compositor)
        XCTAssertNotNil(device.overlay?.shown)
        try show(ClipPage(clipFrame: 3, shiftX: 4), on: display, with: compositor)
        XCTAssertNil(device.overlay?.shown, "a sideways pull moves the page under the clip: the plane is off")
        try show(ClipPage(clipFrame: 4), on: display, with: compositor)
        XCTAssertNotNil(device.overlay?.shown)
        // Speech mode's focus ring round the clip is drawn with the page: the plane would hide it.
        try show(ClipPage(clipFrame: 5, ring: Self.box.insetBy(dx: -2, dy: -2)), on: display, with: compositor)
        XCTAssertNil(device.overlay?.shown, "a ring over the picture: the plane is off")
        XCTAssertEqual(centre(device), rgb(5))
    }

    func testADeviceWithoutThePlaneDrawsEveryFrameIntoThePage() throws {
        let (display, device) = try makeDisplay(overlay: false)
        try display.start()
        let compositor = Compositor()
        for n in 1...4 {
            let composed = try show(ClipPage(clipFrame: n), on: display, with: compositor)
            XCTAssertNil(composed.plane)
            XCTAssertEqual(centre(device), rgb(n))
            if n > 1 { XCTAssertEqual(composed.damage.bounds, Self.box.insetBy(dx: -1, dy: -1), "frame \(n): the clip's box alone") }
        }
        XCTAssertFalse(device.calls.contains { $0.contains("plane") || $0.contains("NV12") }, "\(device.calls)")
        XCTAssertEqual(display.counts.planeFrames, 0)
    }

    func testVideoPlaneOffInTheConfigurationKeepsTheSoftwarePath() throws {
        let (display, device) = try makeDisplay()
        display.tuning.videoPlane = false
        try display.start()
        let compositor = Compositor()
        for n in 1...3 { try show(ClipPage(clipFrame: n), on: display, with: compositor) }
        XCTAssertNil(device.overlay?.shown)
        XCTAssertEqual(device.overlay?.bufferCount, 0)
        XCTAssertEqual(centre(device), rgb(3))
    }

    func testARefusedPlaneCommitOwesARedrawWithTheClipInThePage() throws {
        let (display, device) = try makeDisplay()
        try display.start()
        let compositor = Compositor()
        try show(ClipPage(clipFrame: 1), on: display, with: compositor)
        try show(ClipPage(clipFrame: 2), on: display, with: compositor)
        device.atomicError = .invalidArgument
        let composed = compositor.compose(ClipPage(clipFrame: 3), canvas: try XCTUnwrap(display.canvas), scanout: display)
        XCTAssertEqual(try display.present(composed), .redrawOwed)
        XCTAssertTrue(lines.contains { $0.contains("refused a picture") }, "\(lines)")
        device.atomicError = nil
        compositor.reset()
        let redrawn = try show(ClipPage(clipFrame: 4), on: display, with: compositor)
        XCTAssertEqual(redrawn.plane, .off, "the plane is turned off once")
        XCTAssertNil(device.overlay?.shown)
        XCTAssertEqual(centre(device), rgb(4))
    }
}
