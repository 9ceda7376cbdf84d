/// A view over XRGB8888 pixels anywhere in memory: base pointer, size, and stride in
/// bytes (a dumb buffer's pitch is often wider than width × 4). A canvas over a `Bitmap`
/// keeps the bitmap alive (`owner`): `try makeBitmap().canvas` would otherwise point
/// into freed memory as soon as the temporary bitmap is released, which AddressSanitizer
/// caught in the PNG encoder's tests. A canvas over foreign memory (a DRM dumb buffer's
/// mapping) has no owner; whoever made it keeps that memory mapped.
/// All drawing is clipped to `clip`.
///
/// Not `Sendable`: a canvas is drawn from one thread.
public struct Canvas {
    public let base: UnsafeMutableRawPointer
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    /// What keeps `base` valid, if Lectern allocated it (a `Bitmap`); nil for foreign memory.
    public let owner: AnyObject?
    /// Drawing never touches pixels outside this rectangle (always within bounds).
    public var clip: IntRect {
        didSet { clip = clip.intersection(bounds) }
    }

    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        case invalidSize(width: Int, height: Int)
        case strideTooSmall(stride: Int, minimum: Int)
        case misalignedStride(Int)
        case outOfBounds(IntRect)

        public var description: String {
            switch self {
            case let .invalidSize(w, h): return "canvas size \(w)x\(h) is invalid: width and height must be positive"
            case let .strideTooSmall(s, m): return "canvas stride \(s) bytes is smaller than width × 4 = \(m)"
            case let .misalignedStride(s): return "canvas stride \(s) bytes is not a multiple of 4"
            case let .outOfBounds(r): return "sub-canvas \(r) lies outside its parent"
            }
        }
    }

    public init(base: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, owner: AnyObject? = nil) throws {
        guard width > 0, height > 0, width < 1 << 15, height < 1 << 15 else { throw Error.invalidSize(width: width, height: height) }
        guard stride >= width * 4 else { throw Error.strideTooSmall(stride: stride, minimum: width * 4) }
        guard stride % 4 == 0 else { throw Error.misalignedStride(stride) }
        self.base = base
        self.width = width
        self.height = height
        self.stride = stride
        self.owner = owner
        self.clip = IntRect(x: 0, y: 0, width: width, height: height)
    }

    public var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

    /// A canvas over a sub-rectangle of this one (same memory, same stride).
    public func subCanvas(_ rect: IntRect) throws -> Canvas {
        guard !rect.isEmpty, bounds.contains(rect) else { throw Error.outOfBounds(rect) }
        return try Canvas(base: base + rect.y * stride + rect.x * 4, width: rect.width, height: rect.height, stride: stride, owner: owner)
    }

    /// Row `y` as 32-bit pixels (y must be within bounds).
    @inline(__always)
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        (base + y * stride).assumingMemoryBound(to: UInt32.self)
    }

    /// The pixel word at (x, y), or nil outside the canvas. For tests and probes.
    public func pixel(x: Int, y: Int) -> UInt32? {
        guard bounds.contains(x: x, y: y) else { return nil }
        return row(y)[x]
    }

    public func color(x: Int, y: Int) -> Color? { pixel(x: x, y: y).map { Color(argb: $0 | 0xFF00_0000) } }
}

/// Pixel memory owned by Lectern (shadow buffers, layers, snapshots), 64-byte aligned.
public final class Bitmap {
    public let width: Int
    public let height: Int
    public let stride: Int
    public let base: UnsafeMutableRawPointer

    public init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width < 1 << 15, height < 1 << 15 else {
            throw Canvas.Error.invalidSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        self.stride = (width * 4 + 63) & ~63
        base = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 64)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
    }

    deinit { base.deallocate() }

    /// A canvas over the whole bitmap; it keeps the bitmap alive.
    public var canvas: Canvas {
        // Size and stride were validated in init.
        try! Canvas(base: base, width: width, height: height, stride: stride, owner: self)
    }
}
