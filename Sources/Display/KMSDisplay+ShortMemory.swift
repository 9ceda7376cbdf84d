/// When the driver's scan-out memory cannot hold both buffers: some drivers place dumb
/// buffers in a fixed video memory and only fail when a flip pins them there (bochs:
/// 16 MiB; ENOMEM from the modeset or flip, never from the allocation). Rather than fail
/// every frame, the display steps down, keeping the shadow: first buffers without the
/// room beside the page (pulls are then written whole), then screen-sized ones (scrolling
/// copies the window); each step asks the loop to draw everything again.
extension KMSDisplay {
    /// Whether smaller buffers are left to try.
    var buffersCanShrink: Bool {
        guard let output, let buffer = scanout.buffers.first else { return false }
        return buffer.width > output.mode.width || buffer.height > output.mode.height
    }

    /// Replaces the buffers by the next smaller kind; every pixel of them is owed a copy
    /// from the shadow and the next present is a modeset. False (logged) when even those
    /// cannot be had: the display then shows nothing until a hotplug or reconfigure.
    func shrinkBuffers(_ why: String) -> Bool {
        do {
            try replaceBuffers(why)
            return true
        } catch {
            log.info("cannot allocate smaller buffers on \(device.path) (\(error)); nothing is shown until the display is set up again")
            return false
        }
    }

    private func replaceBuffers(_ why: String) throws {
        guard let output, let shadow, let buffer = scanout.buffers.first else { return }
        offsetFramebuffers.removeAll(device: device)
        let width = output.mode.width
        if buffer.width > width {
            log.info("scan-out memory short on \(device.path) (\(why)): buffers without room beside the page; pulls rewrite the screen")
            window.sideRoom = 0
            try scanout.allocate(on: device, width: width, height: buffer.height, logicalBounds: shadow.canvas.bounds)
        } else {
            log.info("scan-out memory short on \(device.path) (\(why)): screen-sized buffers; scrolling copies the window")
            window.method = .copy
            try scanout.allocate(on: device, width: width, height: output.mode.height, logicalBounds: shadow.canvas.bounds)
        }
        window.left = 0
        counts.presented = 0
        presenter.owesModeset()
        damageEverything()
    }
}
