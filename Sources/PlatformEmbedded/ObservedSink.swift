import LoopCore
import Raster
import Geometry

/// A sink that tells its owner about every frame it shows: the headless player wraps the
/// real `KMSDisplay` (over memory buffers) in it to capture frames as they are presented.
public final class ObservedSink: FrameSink {
    public let sink: FrameSink
    /// Called after each present that showed or queued a frame, with its damage.
    public var onPresent: (_ damage: Region) -> Void = { _ in }
    public private(set) var presents = 0

    public init(_ sink: FrameSink) { self.sink = sink }

    public var pollFD: FileDescriptor? { sink.pollFD }
    public var canvas: Canvas? { sink.canvas }
    public var isBusy: Bool { sink.isBusy }
    public var frameInterval: Double { sink.frameInterval }
    public var poweredOn: Bool { sink.poweredOn }
    public var scanoutSurface: ScanoutSurface? { sink.scanoutSurface }
    public var geometry: DisplayGeometry? { sink.geometry }
    public var lastFlipTime: Double? { sink.lastFlipTime }

    public func present(_ frame: ComposedFrame) throws -> PresentOutcome {
        let outcome = try sink.present(frame)
        if outcome != .skipped {
            presents += 1
            onPresent(frame.damage)
        }
        return outcome
    }

    public func handleReadable() throws -> Int { try sink.handleReadable() }
    public func setPower(on: Bool) { sink.setPower(on: on) }
    public func reconfigure(rotation: Rotation, mode: (width: Int, height: Int)?) throws -> Bool {
        try sink.reconfigure(rotation: rotation, mode: mode)
    }
}
