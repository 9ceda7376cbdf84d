import LoopCore
import Geometry
import Touch

/// Touches from a list (a gesture script, a recording), each readable at its time.
/// More can be appended while the loop runs (the headless player feeds a script as it
/// goes). Only the next touch's time is ever scheduled on the embedded poll, so a soak
/// of millions of touches costs nothing to set up.
///
/// `rotation` with a `panel` size maps touches given in the panel's native coordinates
/// onto the logical screen, as the libinput reader does on the device; with `.r0` (the
/// default) touches are taken as logical already.
public final class ScriptedInput: InputSource {
    public let pollDescriptor = FileDescriptor(991)
    public var rotation: Rotation
    public var panel: (width: Int, height: Int)?
    private var events: [TouchEvent] = []
    private var next = 0
    private var scheduledAt: Double?
    private let system: EmbeddedSystemCalls

    public init(_ events: [TouchEvent] = [], system: EmbeddedSystemCalls, rotation: Rotation = .r0,
                panel: (width: Int, height: Int)? = nil) {
        self.system = system
        self.rotation = rotation
        self.panel = panel
        append(events)
    }

    /// Touches not yet read.
    public var pending: Int { events.count - next }

    /// Adds touches no earlier than the ones already queued.
    public func append(_ more: [TouchEvent]) {
        if next > 256, next * 2 > events.count {  // drop what was read, now and then
            events.removeFirst(next)
            next = 0
        }
        events += more.sorted { $0.time < $1.time }
        scheduleNext()
    }

    public func readEvents() throws -> [TouchEvent] {
        scheduledAt = nil
        var out: [TouchEvent] = []
        while next < events.count, events[next].time <= system.clock.time {
            out.append(mapped(events[next]))
            next += 1
        }
        scheduleNext()
        return out
    }

    private func scheduleNext() {
        guard next < events.count, scheduledAt == nil else { return }
        scheduledAt = events[next].time
        system.schedule(pollDescriptor, at: events[next].time)
    }

    private func mapped(_ event: TouchEvent) -> TouchEvent {
        guard rotation != .r0, let panel else { return event }
        func logical(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            rotation.logicalPoint(nativeX: x, nativeY: y, nativeWidth: Double(panel.width), nativeHeight: Double(panel.height))
        }
        switch event {
        case let .down(slot, x, y, t): let p = logical(x, y); return .down(slot: slot, x: p.x, y: p.y, time: t)
        case let .move(slot, x, y, t): let p = logical(x, y); return .move(slot: slot, x: p.x, y: p.y, time: t)
        case .up, .cancel: return event
        }
    }
}

/// Scripted touches as the loop's touch input: the same `ScriptedInput` each time it is
/// asked. With `nativeCoordinates`, touches are given in the panel's native coordinates
/// and the input is told each geometry the loop hands it (as libinput is on the device);
/// otherwise they are logical already (the headless player's scripts).
public struct ScriptedInputMaker: TouchInputMaker {
    public let input: ScriptedInput
    public let nativeCoordinates: Bool
    /// Every geometry input was made for, oldest first (the reconfigure tests).
    public let made: GeometryLog

    public init(_ input: ScriptedInput, nativeCoordinates: Bool = false) {
        self.input = input
        self.nativeCoordinates = nativeCoordinates
        made = GeometryLog()
    }

    public func makeInput(for geometry: DisplayGeometry) throws -> InputSource {
        made.geometries.append(geometry)
        if nativeCoordinates {
            input.panel = (geometry.nativeWidth, geometry.nativeHeight)
            input.rotation = geometry.rotation
        }
        return input
    }
}

/// The geometries a `ScriptedInputMaker` was asked for (a class: the maker is a value).
public final class GeometryLog {
    public internal(set) var geometries: [DisplayGeometry] = []
}
