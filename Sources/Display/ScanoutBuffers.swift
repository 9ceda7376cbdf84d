import Raster
import Geometry

/// The scan-out side of the display: two dumb buffers, the damage each has not yet
/// received, and which one is drawn next. A buffer that missed frames (it was on
/// screen while the other was drawn) gets their damage copied too, so neither ever
/// needs a full copy after the first.
///
/// Dumb buffers are write-combined memory: everything here only writes them.
struct ScanoutBuffers {
    private(set) var buffers: [DumbBuffer] = []
    /// Damage not yet copied into each buffer (logical coordinates).
    private(set) var pending: [Region] = []
    /// Index of the buffer drawn next (not on screen).
    private(set) var back = 0
    /// What each buffer's room right of the page holds (sideways pulls).
    var sideRooms: [SideRoomFill] = []

    var isComplete: Bool { buffers.count == 2 }
    var backBuffer: DumbBuffer { buffers[back] }
    /// The buffer presented last (on screen, or queued to be).
    var frontBuffer: DumbBuffer { buffers[1 - back] }

    /// Two buffers for `mode`, all of both marked for a copy.
    mutating func allocate(on device: KMSDevice, width: Int, height: Int, logicalBounds: IntRect) throws {
        release(on: device)
        for _ in 0..<2 { buffers.append(try device.createDumbBuffer(width: width, height: height)) }
        sideRooms = buffers.map { _ in SideRoomFill() }
        back = 0
        damageEverything(logicalBounds)
    }

    mutating func release(on device: KMSDevice) {
        for b in buffers { device.destroyDumbBuffer(b) }
        buffers.removeAll()
        pending.removeAll()
        sideRooms.removeAll()
        back = 0
    }

    /// Every pixel of every buffer needs a copy (new buffers, or the display came back).
    mutating func damageEverything(_ bounds: IntRect) {
        pending = buffers.map { _ in Region(bounds) }
        for i in sideRooms.indices { sideRooms[i].reset() }
    }

    /// Adds a frame's damage to every buffer, copies what buffer `index` (the back one,
    /// or the front one for a frame shown from it again) lacks from the shadow, and
    /// returns that region (for DirtyFB). With `window`, only what it lacks there: rows outside the window are never shown
    /// before a scroll uncovers them, and then they are drawn and damaged anew (a buffer
    /// that missed a fling's strips would otherwise copy them all, most off screen).
    mutating func fill(_ index: Int, with damage: Region, from shadow: Canvas, rotation: Rotation,
                       window: IntRect? = nil) -> Region {
        for i in pending.indices { pending[i].add(damage) }
        let copied = window.map { pending[index].clipped(to: $0) } ?? pending[index]
        let buffer = buffers[index]
        ScanoutCopy.copy(copied, from: shadow, to: buffer.pixels, pitch: buffer.pitch, rotation: rotation)
        pending[index].removeAll()
        return copied
    }

    /// The back buffer was written whole (a direct frame over `rect`, the window): it
    /// lacks nothing, the other lacks all of it. Returns what changed (for DirtyFB).
    mutating func backWrittenWhole(_ rect: IntRect) -> Region {
        for i in pending.indices { pending[i] = Region(rect) }
        pending[back].removeAll()
        return Region(rect)
    }

    /// The back buffer was written over `region` with something the shadow does not hold
    /// (a sideways pull's strip): it owes a copy there, the other buffer nothing new.
    mutating func backOwes(_ region: Region) { pending[back].add(region) }

    /// The back buffer is now on screen (or queued): draw into the other one next.
    mutating func swap() { back = 1 - back }
}
