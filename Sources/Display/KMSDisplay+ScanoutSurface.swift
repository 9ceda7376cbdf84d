import LoopCore
import Raster

/// Scrolling by scan-out offset and direct frames: what `KMSDisplay` offers the
/// compositor beyond the shadow canvas (see `ScanoutSurface`, `PanWindow`). The offers
/// change nothing; presenting the composed frame takes them up (`commit`).
extension KMSDisplay: ScanoutSurface {
    /// What the frame being presented wrote straight into the back buffer, which the
    /// present then copies nothing over (`commit`).
    enum BackBufferWrite {
        /// Nothing: the present copies the frame's damage from the shadow.
        case none
        /// The whole window (a fade frame, a pull drawn whole: `directFrame`).
        case whole
        /// A sideways pull shown by moving the window: what was written, in buffer
        /// coordinates (for DirtyFB).
        case sideways(Region)
    }

    /// The window `dy` rows up the shadow (the picture `dy` rows lower); when it would
    /// leave the shadow, the picture is first moved to the far end (a re-centre: one move
    /// in the shadow, one full copy into each buffer, once per half screen of travel).
    public func panWindow(by dy: Int) -> WindowPan? {
        guard output != nil, hasMaster, !flipPending, scanout.isComplete, let shadow, let next = window.destination(for: dy),
              let moved = try? shadow.canvas.subCanvas(IntRect(x: 0, y: next.top, width: shadow.width, height: window.screenHeight))
        else { return nil }
        return WindowPan(dy: dy, window: moved, top: next.top, recentredTo: next.relocateTo, shadow: shadow.canvas,
                         picture: window.rect(width: shadow.width))
    }

    /// The back buffer's window, to be written whole by the compositor (a fade frame, a
    /// pull): presented as `.direct`, nothing is copied into it. Unrotated only (frames
    /// are drawn in logical pixels).
    public func directFrame() -> WriteOnlyCanvas? {
        guard output != nil, hasMaster, !flipPending, rotation == .r0, scanout.isComplete,
              let canvas = bufferWindow(scanout.backBuffer, left: 0) else { return nil }
        return WriteOnlyCanvas(canvas)
    }

    /// Whether the window can move `shift` columns into the room right of the page: the
    /// buffers have room that far and are scanned out from the window, by a method that
    /// moves it with a flip.
    public func canPanSideways(to shift: Int) -> Bool {
        guard output != nil, hasMaster, !flipPending, rotation == .r0, scanout.isComplete, window.scansOutWindow,
              let shadow, shift >= 0, shift <= window.sideRoom, shift + shadow.width <= scanout.backBuffer.width else { return false }
        // virtio-gpu's legacy path would move the window by a modeset per frame.
        return window.method == .offsetFramebuffers || presenter.path == .atomic
    }

    /// Takes up what the compositor chose, as the frame is presented: the window moved
    /// up or down (a scroll), or sideways with the pull's strip written into the back
    /// buffer. Answers what was written straight into the back buffer, which the present
    /// copies nothing over.
    func commit(_ choice: ComposedFrame.Scanout, shadow: Bitmap) -> BackBufferWrite {
        switch choice {
        case .copy:
            window.left = 0
            return .none
        case let .pan(pan):
            if let row = pan.recentredTo {
                window.top = row
                damageEverything()
                counts.recentres += 1
            }
            window.left = 0
            window.top = pan.top
            if !window.scansOutWindow { damageEverything() }
            counts.pans += 1
            return .none
        case .direct:
            window.left = 0
            return .whole
        case let .sideways(pull):
            return .sideways(panSideways(pull, shadow: shadow))
        }
    }

    /// A sideways pull by moving the window `pull.shift` columns into the room right of
    /// the page: the back buffer first gets what it lacks of the page (the shadow holds
    /// the page unshifted), then the pull's drawn part from its pixels and, where the
    /// strip beyond the edge is one colour, that colour where the buffer lacks it. What
    /// the drawn part covers of the page's columns is owed back to that buffer for its
    /// next frame. Returns what was written, in buffer coordinates.
    private func panSideways(_ pull: ComposedFrame.SidewaysPull, shadow: Bitmap) -> Region {
        let shift = pull.shift
        window.left = shift
        var written = scanout.fill(scanout.back, with: Region(), from: shadow.canvas, rotation: rotation,
                                   window: window.bufferRect(width: shadow.width))
        guard let screen = bufferWindow(scanout.backBuffer, left: shift) else { return written }
        let toBuffer = (dx: shift, dy: window.bufferTop)
        if let pixels = pull.pixels, !pull.drawn.isEmpty {
            WriteOnlyCanvas(screen).copyRows(from: pixels, sourceX: pull.drawn.x - pull.strip.x, sourceY: pull.drawn.y, to: pull.drawn)
            let inBuffer = pull.drawn.offsetBy(dx: toBuffer.dx, dy: toBuffer.dy)
            scanout.backOwes(Region(inBuffer.intersection(IntRect(x: 0, y: 0, width: shadow.width, height: shadow.height))))
            written.add(inBuffer)
        }
        if let color = pull.plain, shift > 0 {
            // The room the window shows: buffer columns from the page's edge on.
            let band = IntRect(x: shadow.width, y: window.bufferTop, width: shift, height: window.screenHeight)
            let buffer = scanout.backBuffer
            guard let all = try? Canvas(base: buffer.pixels, width: buffer.width, height: buffer.height, stride: buffer.pitch)
            else { return written }
            let whole = WriteOnlyCanvas(all)
            scanout.sideRooms[scanout.back].write(band: band, color: color, drawn: pull.drawn.offsetBy(dx: toBuffer.dx, dy: toBuffer.dy)) {
                whole.fill($0, color: color)
                written.add($0)
            }
        }
        return written
    }

    /// What the panel shows now, for a snapshot: the buffer presented last (frames
    /// composed straight into it, a menu fade, a pull, never reach the shadow), read
    /// once from write-combined memory, which is slow but only a signal asks for it.
    /// A rotated panel's buffer holds physical pixels: then the shadow.
    public var shownCanvas: Canvas? {
        guard output != nil, hasMaster, rotation == .r0, scanout.isComplete, counts.presented > 0 else { return canvas }
        return bufferWindow(scanout.frontBuffer, left: window.shown.left, top: window.scansOutWindow ? window.shown.top : 0) ?? canvas
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
            let framebuffer = try offsetFramebuffers.framebuffer(over: buffer, index: i, onScreen: i != scanout.back,
                                                                 rows: window.top, columns: window.left,
                                                                 width: output?.mode.width ?? buffer.width,
                                                                 height: window.screenHeight, device: device)
            return (framebuffer, 0, 0)
        }
    }

    /// The driver refused to show the window: from now on the window is copied into the
    /// buffers' first rows (it still moves in the shadow).
    func stopPanning(_ why: String) {
        log.info("scrolling by scan-out offset (\(window.method.rawValue)) failed on \(device.path): \(why); copying instead")
        window.method = .copy
        window.left = 0
        presenter.owesModeset()
        offsetFramebuffers.removeAll(device: device)
        damageEverything()
    }
}
