import LoopCore
import Raster

/// Presenting a frame: the one place the display changes what it shows. What the
/// compositor chose is taken up first (the window moved, a buffer written straight into),
/// then which buffer the frame goes into (the back one, or the one on screen for a scroll
/// whose new rows it does not show), what is copied into it from the shadow, the call
/// that shows it, and what each refusal from the driver means.
extension KMSDisplay {
    public func present(_ frame: ComposedFrame) throws -> PresentOutcome {
        guard let output, let shadow, windowCanvas != nil, hasMaster, !flipPending, scanout.isComplete else { return .skipped }
        // A clip's next frame on the video plane: the page's buffers stay as they are.
        if let change = frame.plane, frame.damage.isEmpty, case .copy = frame.scanout { return presentPlane(change) }
        let plane = frame.plane.flatMap { video.commit(for: $0) }
        let backWritten = commit(frame.scanout, shadow: shadow)
        // The window's canvas after the commit (a scroll moved it).
        guard let windowCanvas else { return .skipped }
        let damage = frame.damage
        if case .whole = backWritten { counts.directFrames += 1 }
        // Damage is kept in buffer rows: the shadow's where the window is scanned out,
        // the window's where it is copied. A sideways pull brought the back buffer up to
        // date and wrote its strip already; every other frame shows the page's columns.
        // A scroll whose new rows all lie outside what the buffer on screen shows goes
        // into that buffer and is shown from it again (`showsAgain`).
        var index = scanout.back
        let copied: Region
        var sideways = false
        switch backWritten {
        case let .sideways(written):
            copied = written
            sideways = true
        case .whole:
            copied = scanout.backWrittenWhole(window.bufferRect(width: shadow.width))
        case .none:
            let inBuffer = damage.offsetBy(dx: 0, dy: window.bufferTop)
            if showsAgain(inBuffer) { index = 1 - scanout.back }
            copied = scanout.fill(index, with: inBuffer, from: window.scansOutWindow ? shadow.canvas : windowCanvas, rotation: rotation,
                                  window: window.bufferRect(width: shadow.width))
        }
        let buffer = scanout.buffers[index]
        let outcome: PresentOutcome
        do {
            let (framebuffer, x, y) = try framebufferShowingWindow(of: buffer, index: index)
            let origin = window.method == .offsetFramebuffers ? (x: window.left, y: window.top) : (x: 0, y: 0)
            // A framebuffer made over the buffer on screen replaces its old one only once
            // shown: until then the old one is what the panel scans out.
            defer { offsetFramebuffers.abandonFront(device: device) }
            outcome = try presenter.show(buffer, framebuffer: framebuffer, origin: origin, x: x, y: y, copied: copied, plane: plane, output: output,
                                         rotation: rotation, logicalSize: (shadow.width, window.scansOutWindow ? shadow.height : window.screenHeight),
                                         device: device, log: log)
            offsetFramebuffers.commitFront(device: device)
        } catch let error as Errno where error == .permissionDenied || error == .notPermitted {
            // Someone else is master (VT switch without notice): stop until it returns.
            loseMaster()
            log.info("lost DRM master on \(device.path) (\(error)); drawing stops until the VT comes back")
            return .skipped
        } catch let error as Errno where error == .noMemory && buffersCanShrink {
            // The driver could not hold both buffers in its scan-out memory when showing
            // one (bochs pins them in 16 MiB of video memory): smaller ones, and the whole
            // frame drawn again (what went straight into the old buffers is gone).
            return shrinkBuffers("\(error)") ? .redrawOwed : .skipped
        } catch let error as Errno where window.scansOutWindow && (error == .invalidArgument || error == .notSupported || error == .noSpace) {
            // The driver would not show the window (an offset framebuffer or a CRTC y it
            // refuses): go back to copying and draw the frame again that way.
            stopPanning("\(error)")
            return .redrawOwed
        } catch {
            // EBUSY and friends: the frame is in the buffer already; try again next
            // frame rather than ending the kiosk. Logged once per distinct error.
            let text = "\(error)"
            if text != lastPresentError { log.info("present failed on \(device.path): \(text)"); lastPresentError = text }
            return .skipped
        }
        lastPresentError = nil
        if let plane, let change = frame.plane {
            // Not atomic after all (the commit fell back to legacy flips): the plane stays off.
            if presenter.path == .atomic { video.committed(plane, change) } else { video.refuse() }
        }
        window.shown = (window.left, window.top)
        if sideways { counts.sidewaysPans += 1 }
        if index == scanout.back { scanout.swap() } else { counts.frontPans += 1 }
        if outcome == .shown { offsetFramebuffers.removeRetired(device: device) }
        counts.presented += 1
        return outcome
    }

    /// Whether a scroll frame can go into the buffer on screen and be shown from it at
    /// the new window: everything that buffer would be written (this frame's damage and
    /// what it lacks, buffer rows) lies outside the rows it shows, so the panel never
    /// scans out a row being written. Then each strip is copied once, not once into each
    /// buffer. Only where the window is scanned out, not mid-pull, and where showing the
    /// same buffer at a new window is a flip (atomic, or bochs' offset framebuffers).
    func showsAgain(_ damage: Region) -> Bool {
        guard tuning.scrollFront, window.scansOutWindow, counts.presented > 0, presenter.state == .showing,
              window.shown.left == 0, window.left == 0, window.top != window.shown.top,
              window.method == .offsetFramebuffers || presenter.path == .atomic, let shadow else { return false }
        let shown = IntRect(x: 0, y: window.shown.top, width: shadow.width, height: window.screenHeight)
        return !damage.intersects(shown) && !scanout.pending[1 - scanout.back].intersects(shown)
    }
}
