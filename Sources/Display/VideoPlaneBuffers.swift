import LoopCore
import Raster

/// The overlay plane a playing clip is scanned out from, and its two NV12 buffers: the
/// compositor writes a frame into the one the plane does not show, and the commit that
/// shows it makes it the front. Buffers of another size replace both; the old ones are
/// destroyed once a flip completed without them on the plane.
struct VideoPlaneBuffers {
    /// The CRTC's overlay plane that scans out NV12 (nil: none, or `[display]
    /// video_plane = false`).
    var plane: OverlayPlane?
    /// No more pictures after a commit of the plane failed; it can still be turned off.
    private(set) var refused = false
    private(set) var buffers: [NV12Buffer] = []
    /// The buffer written next (not on the plane).
    private(set) var back = 0
    /// What the plane shows (nil: off).
    private(set) var shown: PlaneCommit?
    /// Buffers replaced while one of them may still be on the plane.
    private var retired: [NV12Buffer] = []

    /// The back buffer as a `width`×`height` picture, made (both buffers) at that size when
    /// the buffers have another.
    mutating func picture(width: Int, height: Int, device: KMSDevice) throws -> NV12Picture {
        if buffers.first?.width != width || buffers.first?.height != height {
            retired += buffers
            buffers = []
            for _ in 0..<2 { buffers.append(try device.createNV12Buffer(width: width, height: height)) }
            back = 0
        }
        let buffer = buffers[back]
        return NV12Picture(width: width, height: height, luma: buffer.pixels, lumaPitch: buffer.pitch,
                           chroma: buffer.pixels + buffer.chromaOffset, chromaPitch: buffer.pitch)
    }

    /// What a commit sets on the plane for `change` (nil: no plane to set).
    func commit(for change: ComposedFrame.PlaneChange) -> PlaneCommit? {
        guard let plane else { return nil }
        switch change {
        case .off:
            return shown == nil ? nil : .off(plane.id)
        case let .show(source, destination, written):
            guard !refused, !buffers.isEmpty else { return nil }
            let index = written ? back : 1 - back
            return PlaneCommit(plane: plane.id, framebuffer: buffers[index].framebuffer, source: source, destination: destination)
        }
    }

    /// `commit` was queued: a written buffer is the front now.
    mutating func committed(_ commit: PlaneCommit, _ change: ComposedFrame.PlaneChange) {
        if case .show(_, _, true) = change { back = 1 - back }
        shown = commit.isOff ? nil : commit
    }

    /// The driver refused a commit of the plane: no more pictures on it.
    mutating func refuse() { refused = true }

    /// Whether the plane may take pictures.
    var offers: Bool { plane != nil && !refused }

    /// A flip completed: buffers replaced and no longer on the plane go.
    mutating func flipCompleted(device: KMSDevice) {
        retired.removeAll { buffer in
            guard buffer.framebuffer != shown?.framebuffer else { return false }
            device.destroyNV12Buffer(buffer)
            return true
        }
    }

    /// The plane is forgotten with the output (new buffers, shutdown): the CRTC's planes
    /// go with its modeset.
    mutating func release(on device: KMSDevice) {
        for buffer in buffers + retired { device.destroyNV12Buffer(buffer) }
        buffers = []; retired = []; shown = nil; back = 0; refused = false; plane = nil
    }
}
