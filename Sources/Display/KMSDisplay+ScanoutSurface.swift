import LoopCore
import Raster

/// Scrolling by scan-out offset and direct frames: what `KMSDisplay` offers the
/// compositor beyond the shadow canvas (see `ScanoutSurface`, `PanWindow`).
extension KMSDisplay: ScanoutSurface {
    /// Moves the window `dy` rows up the shadow (the picture `dy` rows lower); when it
    /// would leave it, the picture is first copied to the far end (a re-centre: one move
    /// in the shadow, one full copy into each buffer, once per half screen of travel).
    /// Where the window is not scanned out, every buffer then lacks all of it.
    public func pan(by dy: Int) -> Canvas? {
        guard output != nil, hasMaster, !flipPending, let next = window.destination(for: dy) else { return nil }
        if let row = next.relocateTo {
            moveWindow(to: row)
            damageEverything()
            recentres += 1
        }
        backWritten = .none
        window.left = 0
        window.top = next.top
        if !window.scansOutWindow { damageEverything() }
        pans += 1
        updateWindowCanvas()
        return windowCanvas
    }

    /// The back buffer's window, to be written whole by the compositor (a fade frame, a pull):
    /// the present that follows copies nothing into it. Unrotated only (frames are
    /// drawn in logical pixels).
    public func directFrame() -> WriteOnlyCanvas? {
        guard output != nil, hasMaster, !flipPending, rotation == .r0, scanout.isComplete else { return nil }
        window.left = 0
        backWritten = .none
        guard let canvas = bufferWindow(scanout.backBuffer, left: 0) else { return nil }
        backWritten = .whole
        return WriteOnlyCanvas(canvas)
    }

    /// A sideways pull by moving the window `shift` columns into the room right of the
    /// page: the back buffer first gets what it lacks of the page (the shadow holds the
    /// page unshifted), then the caller writes `strip` (window coordinates: what lies
    /// beyond the page's edge, and the decorations) into the returned window. What the
    /// strip covers of the page's columns is owed back to that buffer for its next frame.
    public func panSideways(to shift: Int, writing strip: IntRect) -> WriteOnlyCanvas? {
        guard output != nil, hasMaster, !flipPending, rotation == .r0, scanout.isComplete, window.scansOutWindow,
              let shadow, shift >= 0, shift <= window.sideRoom,
              // virtio-gpu's legacy path would move the window by a modeset per frame.
              window.method == .offsetFramebuffers || presenter.path == .atomic,
              let canvas = bufferWindow(scanout.backBuffer, left: shift) else { return nil }
        backWritten = .none
        window.left = shift
        var written = scanout.fill(scanout.back, with: Region(), from: shadow.canvas, rotation: rotation,
                                   window: window.bufferRect(width: shadow.width))
        let inBuffer = strip.offsetBy(dx: shift, dy: window.bufferTop)
        scanout.backOwes(Region(inBuffer.intersection(IntRect(x: 0, y: 0, width: shadow.width, height: shadow.height))))
        written.add(inBuffer)
        backWritten = .sideways(written)
        return WriteOnlyCanvas(canvas)
    }

    /// What the panel shows now, for a snapshot: the buffer presented last (frames
    /// composed straight into it, a menu fade, a pull, never reach the shadow), read
    /// once from write-combined memory, which is slow but only a signal asks for it.
    /// A rotated panel's buffer holds physical pixels: then the shadow.
    public var shownCanvas: Canvas? {
        guard output != nil, hasMaster, rotation == .r0, scanout.isComplete, presented > 0 else { return canvas }
        return bufferWindow(scanout.frontBuffer, left: shownLeft, top: window.scansOutWindow ? shownTop : 0) ?? canvas
    }

    /// The window's rows of a scan-out buffer from column `left` (and row `top`; the
    /// window's by default), as logical pixels (unrotated only).
    private func bufferWindow(_ buffer: DumbBuffer, left: Int, top: Int? = nil) -> Canvas? {
        guard let shadow, left >= 0, left + shadow.width <= buffer.width else { return nil }
        return try? Canvas(base: buffer.pixels + (top ?? window.bufferTop) * buffer.pitch + left * 4, width: shadow.width,
                           height: window.screenHeight, stride: buffer.pitch)
    }

    // MARK: Showing the window

    /// The framebuffer, and the CRTC's (or plane's source) x and y, that show the window
    /// from `buffer` (number `index`).
    func framebufferShowingWindow(of buffer: DumbBuffer, index i: Int) throws -> (UInt32, x: Int, y: Int) {
        switch window.method {
        case .copy: return (buffer.framebuffer, 0, 0)
        case .sourceY: return (buffer.framebuffer, window.left, window.top)
        case .offsetFramebuffers:
            if let made = window.offsetFramebuffers[i], made.rows == window.top, made.columns == window.left {
                return (made.framebuffer, 0, 0)
            }
            let width = output?.mode.width ?? buffer.width
            let framebuffer = try device.addFramebuffer(over: buffer, rows: window.top, columns: window.left, width: width,
                                                        height: window.screenHeight)
            // The buffer's previous offset framebuffer is not on screen when the other
            // buffer is. When this one is (a scroll shown again from it), the new one
            // replaces it only once shown, and it goes once the flip away from it completes.
            if i == scanout.back {
                if let old = window.offsetFramebuffers[i] { device.removeFramebuffer(old.framebuffer) }
                window.offsetFramebuffers[i] = (window.top, window.left, framebuffer)
            } else {
                frontFramebuffer = (i, (window.top, window.left, framebuffer))
            }
            return (framebuffer, 0, 0)
        }
    }

    /// The frame shown from the buffer on screen was presented: its new framebuffer is
    /// that buffer's, the old one retires.
    func commitFrontFramebuffer() {
        guard let (i, made) = frontFramebuffer else { return }
        frontFramebuffer = nil
        removeRetiredFramebuffer()
        retiredFramebuffer = window.offsetFramebuffers[i]?.framebuffer
        window.offsetFramebuffers[i] = made
    }

    /// The present failed: the framebuffer made for it was never shown.
    func abandonFrontFramebuffer() {
        guard let (_, made) = frontFramebuffer else { return }
        frontFramebuffer = nil
        device.removeFramebuffer(made.framebuffer)
    }

    func removeOffsetFramebuffers() {
        for case let made? in window.offsetFramebuffers { device.removeFramebuffer(made.framebuffer) }
        window.offsetFramebuffers = [nil, nil]
        removeRetiredFramebuffer()
    }

    func removeRetiredFramebuffer() {
        if let retired = retiredFramebuffer { device.removeFramebuffer(retired) }
        retiredFramebuffer = nil
    }

    /// The driver refused to show the window: from now on the window is copied into the
    /// buffers' first rows (it still moves in the shadow).
    func stopPanning(_ why: String) {
        log.info("scrolling by scan-out offset (\(window.method.rawValue)) failed on \(device.path): \(why); copying instead")
        window.method = .copy
        window.left = 0
        presenter.owesModeset()
        removeOffsetFramebuffers()
        updateWindowCanvas()
        damageEverything()
    }

    /// Copies the window's rows in the shadow to start at `row` (one memmove).
    func moveWindow(to row: Int) {
        guard let shadow, row != window.top else { return }
        let c = shadow.canvas
        (c.base + row * c.stride).copyMemory(from: c.base + window.top * c.stride, byteCount: window.screenHeight * c.stride)
        window.top = row
    }
}
