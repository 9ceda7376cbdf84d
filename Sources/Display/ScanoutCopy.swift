import CRasterKernels
import Raster
import Geometry

/// The panel rotation (`Geometry.Rotation`, one convention for touch and pixels: the
/// logical picture is turned clockwise by the angle) as the scan-out copy needs it.
/// With `r90` logical (x, y) lands at physical (H - 1 - y, x), H the logical height.
extension Rotation {
    public init?(degrees: Int) { self.init(rawValue: degrees) }

    /// The logical size for a physical (mode) size.
    public func logicalSize(physicalWidth w: Int, physicalHeight h: Int) -> (width: Int, height: Int) {
        swapsAxes ? (h, w) : (w, h)
    }

    /// Where logical pixel (x, y) lands physically, for a logical size `w`×`h`.
    public func physicalPoint(x: Int, y: Int, logicalWidth w: Int, logicalHeight h: Int) -> (x: Int, y: Int) {
        let native = swapsAxes ? (h, w) : (w, h)
        return nativePixel(logicalX: x, logicalY: y, nativeWidth: native.0, nativeHeight: native.1)
    }

    /// The physical rectangle covered by logical `rect` (logical size `w`×`h`).
    public func physicalRect(_ r: IntRect, logicalWidth w: Int, logicalHeight h: Int) -> IntRect {
        switch self {
        case .r0: return r
        case .r90: return IntRect(x: h - r.maxY, y: r.x, width: r.height, height: r.width)
        case .r180: return IntRect(x: w - r.maxX, y: h - r.maxY, width: r.width, height: r.height)
        case .r270: return IntRect(x: r.y, y: w - r.maxX, width: r.height, height: r.width)
        }
    }
}

/// Copies damaged parts of the shadow canvas (logical) into scan-out memory
/// (physical, with its own pitch), turning them by the panel rotation on the way.
/// It only WRITES the destination, row by row in address order (dumb buffers are
/// write-combined: reads are very slow, sequential writes are fast).
public enum ScanoutCopy {
    public static func copy(_ region: Region, from shadow: Canvas, to destination: UnsafeMutableRawPointer, pitch: Int,
                            rotation: Rotation) {
        let bounds = shadow.bounds
        for rect in region.rects {
            copy(rect.intersection(bounds), from: shadow, to: destination, pitch: pitch, rotation: rotation)
        }
    }

    public static func copy(_ rect: IntRect, from shadow: Canvas, to destination: UnsafeMutableRawPointer, pitch: Int,
                            rotation: Rotation) {
        guard !rect.isEmpty else { return }
        let w = shadow.width, h = shadow.height
        let phys = rotation.physicalRect(rect, logicalWidth: w, logicalHeight: h)
        if rotation == .r0 {
            // A row copy with streaming stores (the scan-out buffer is only written).
            cshim_raster_stream_copy_rows((destination + rect.y * pitch + rect.x * 4).assumingMemoryBound(to: UInt8.self), pitch,
                                          UnsafeRawPointer(shadow.row(rect.y) + rect.x).assumingMemoryBound(to: UInt8.self),
                                          shadow.stride, rect.width * 4, rect.height)
            return
        }
        let strideWords = shadow.stride / 4
        // Source step (in pixels) for one physical pixel to the right.
        let step: Int
        switch rotation {
        case .r0: step = 1
        case .r90: step = -strideWords   // logical y decreases as physical x grows
        case .r180: step = -1
        case .r270: step = strideWords   // logical y increases as physical x grows
        }
        let source = shadow.base.assumingMemoryBound(to: UInt32.self)
        for py in phys.minY..<phys.maxY {
            // The logical pixel behind physical (phys.x, py).
            let lx: Int, ly: Int
            switch rotation {
            case .r0: lx = phys.x; ly = py
            case .r90: lx = py; ly = h - 1 - phys.x
            case .r180: lx = w - 1 - phys.x; ly = h - 1 - py
            case .r270: lx = w - 1 - py; ly = phys.x
            }
            var s = source + ly * strideWords + lx
            let d = (destination + py * pitch).assumingMemoryBound(to: UInt32.self) + phys.x
            for i in 0..<phys.width {
                d[i] = s.pointee
                s += step
            }
        }
    }
}
