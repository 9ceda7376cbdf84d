/// The framebuffers made over the scan-out buffers at the window's offset (bochs scans
/// out from a framebuffer's offset, not from a source row, `PanMethod.offsetFramebuffers`):
/// per buffer the one last made, the one made over the buffer on screen for the frame
/// being presented (a scroll shown again from it), and the one that replaced there until
/// the flip away from it completes. Makes and removes them on the device; a framebuffer
/// on screen is never removed.
struct OffsetFramebuffers {
    typealias Made = (rows: Int, columns: Int, framebuffer: UInt32)
    /// Per buffer, the offset framebuffer last made over it.
    private var made: [Made?] = [nil, nil]
    /// Made over the buffer on screen for the frame being presented: it replaces that
    /// buffer's own once shown (`commitFront`).
    private var front: (index: Int, made: Made)?
    /// Replaced while on screen: removed once the flip away from it completes.
    private var retired: UInt32?

    /// The framebuffer showing buffer `index` from row `rows`, column `columns`: the one
    /// made for that offset, or a new one. `onScreen`: the buffer is the one shown now.
    mutating func framebuffer(over buffer: DumbBuffer, index: Int, onScreen: Bool, rows: Int, columns: Int,
                              width: Int, height: Int, device: KMSDevice) throws -> UInt32 {
        if let m = made[index], m.rows == rows, m.columns == columns { return m.framebuffer }
        let framebuffer = try device.addFramebuffer(over: buffer, rows: rows, columns: columns, width: width, height: height)
        // The buffer's previous offset framebuffer is not on screen when the other
        // buffer is. When this one is, the new one replaces it only once shown.
        if onScreen {
            front = (index, (rows, columns, framebuffer))
        } else {
            if let old = made[index] { device.removeFramebuffer(old.framebuffer) }
            made[index] = (rows, columns, framebuffer)
        }
        return framebuffer
    }

    /// The frame shown from the buffer on screen was presented: its new framebuffer is
    /// that buffer's, the old one retires.
    mutating func commitFront(device: KMSDevice) {
        guard let (i, new) = front else { return }
        front = nil
        removeRetired(device: device)
        retired = made[i]?.framebuffer
        made[i] = new
    }

    /// The present failed: the framebuffer made for it was never shown.
    mutating func abandonFront(device: KMSDevice) {
        guard let (_, new) = front else { return }
        front = nil
        device.removeFramebuffer(new.framebuffer)
    }

    /// The flip away from the retired framebuffer completed (or a modeset replaced it).
    mutating func removeRetired(device: KMSDevice) {
        if let retired { device.removeFramebuffer(retired) }
        retired = nil
    }

    /// Every offset framebuffer goes (new buffers, panning stopped, exit).
    mutating func removeAll(device: KMSDevice) {
        for case let m? in made { device.removeFramebuffer(m.framebuffer) }
        made = [nil, nil]
        removeRetired(device: device)
    }
}
