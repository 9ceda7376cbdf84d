import LoopCore
import Raster
import Geometry

/// Frames in memory: the shadow canvas is the frame; presenting shows it at once (as a
/// display without flip events would), paced by the loop at `frameInterval`. It holds
/// a panel's native size and rotation like the display, so a reload that rotates the
/// kiosk is applied here the same way (a new, rotated canvas).
public final class MemoryFrameSink: FrameSink {
    public private(set) var frame: Bitmap
    public var frameInterval = 1.0 / 60
    /// Called after each present with the damage shown.
    public var onPresent: (_ damage: Region) -> Void = { _ in }
    public private(set) var presents = 0
    public private(set) var poweredOn = true
    public private(set) var rotation: Rotation
    public private(set) var panel: (width: Int, height: Int)
    /// Reconfigurations applied (reloads that changed rotation or mode).
    public private(set) var reconfigurations = 0

    /// A `width` × `height` panel scanned out natively, mounted at `rotation`.
    public init(width: Int, height: Int, rotation: Rotation = .r0) throws {
        panel = (width, height)
        self.rotation = rotation
        frame = try Self.canvas(panel: (width, height), rotation: rotation)
    }

    private static func canvas(panel: (width: Int, height: Int), rotation: Rotation) throws -> Bitmap {
        let size = rotation.logicalSize(nativeWidth: Double(panel.width), nativeHeight: Double(panel.height))
        return try Bitmap(width: Int(size.width), height: Int(size.height))
    }

    public var pollFD: FileDescriptor? { nil }
    public var canvas: Canvas? { frame.canvas }
    public var isBusy: Bool { false }
    public var geometry: DisplayGeometry? { DisplayGeometry(nativeWidth: panel.width, nativeHeight: panel.height, rotation: rotation) }

    public func present(_ frame: ComposedFrame) throws -> PresentOutcome {
        presents += 1
        onPresent(frame.damage)
        return .shown
    }

    public func handleReadable() throws -> Int { 0 }
    public func setPower(on: Bool) { poweredOn = on }

    public func reconfigure(rotation: Rotation, mode: (width: Int, height: Int)?) throws -> Bool {
        let next = mode ?? panel
        guard rotation != self.rotation || next != panel else { return false }
        frame = try Self.canvas(panel: next, rotation: rotation)
        self.rotation = rotation
        panel = next
        reconfigurations += 1
        return true
    }
}
