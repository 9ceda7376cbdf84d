import Raster
import Geometry

/// A sink for a loop that shows nothing (`lectern input-debug`): no canvas, so the
/// loop never draws; it still reads input, signals and deadlines.
public final class NoDisplay: FrameSink {
    public init() {}
    public var pollFD: FileDescriptor? { nil }
    public var canvas: Canvas? { nil }
    public var isBusy: Bool { false }
    public var frameInterval: Double { 1.0 / 60 }
    public func present(_ frame: ComposedFrame) throws -> PresentOutcome { .skipped }
    public func handleReadable() throws -> Int { 0 }
    public var poweredOn: Bool { true }
    public func setPower(on: Bool) {}
    public var geometry: DisplayGeometry? { nil }
    public func reconfigure(rotation: Rotation, mode: (width: Int, height: Int)?) throws -> Bool { false }
}
