import Geometry
import Touch

/// A libinput event reduced to plain values: what `LibinputTouchSource` reads through
/// the C API, and what tests feed the mapper directly.
public enum LibinputRecord: Sendable, Equatable {
    /// `x`, `y` are libinput's transformed coordinates for the panel's native size
    /// (calibration matrix already applied by libinput), `seatSlot` is unique on the seat.
    case touchDown(device: Int, seatSlot: Int, x: Double, y: Double, microseconds: UInt64)
    case touchMotion(device: Int, seatSlot: Int, x: Double, y: Double, microseconds: UInt64)
    case touchUp(device: Int, seatSlot: Int, microseconds: UInt64)
    case touchCancel(device: Int, microseconds: UInt64)
    /// A device went away; `microseconds` is the monotonic clock when it was noticed.
    case deviceRemoved(device: Int, microseconds: UInt64)
}

/// Turns libinput records into `TouchEvent`s on the logical (rotated) screen. Pure:
/// no C calls, so it is tested with plain values.
///
/// It remembers which device owns each finger, so that unplugging a touchscreen while
/// touching cancels the sequence (and unplugging some other device does not), and so
/// that an up or motion for a finger it never saw go down is dropped.
public struct LibinputEventMapper: Sendable {
    /// The display the touches are mapped onto, as the loop handed it when it made this
    /// input (`DeviceLoop.attachInput`: input is made again when the display changes).
    public let geometry: DisplayGeometry
    /// seat slot → device handle, for fingers currently down.
    private var owners: [Int: Int]

    public init(geometry: DisplayGeometry) {
        self.geometry = geometry
        owners = [:]
        owners.reserveCapacity(32) // fingers: no rehashing on the event path
    }

    public var activeTouchCount: Int { owners.count }

    public mutating func map(_ record: LibinputRecord, into out: inout [TouchEvent]) {
        switch record {
        case let .touchDown(device, slot, x, y, us):
            owners[slot] = device
            let p = logical(x, y)
            out.append(.down(slot: slot, x: p.x, y: p.y, time: seconds(us)))
        case let .touchMotion(_, slot, x, y, us):
            guard owners[slot] != nil else { return }
            let p = logical(x, y)
            out.append(.move(slot: slot, x: p.x, y: p.y, time: seconds(us)))
        case let .touchUp(_, slot, us):
            guard owners.removeValue(forKey: slot) != nil else { return }
            out.append(.up(slot: slot, time: seconds(us)))
        case let .touchCancel(_, us):
            // libinput sends one cancel per finger; the sequence ends at the first.
            guard !owners.isEmpty else { return }
            owners.removeAll(keepingCapacity: true)
            out.append(.cancel(time: seconds(us)))
        case let .deviceRemoved(device, us):
            guard owners.values.contains(device) else { return }
            owners.removeAll(keepingCapacity: true)
            out.append(.cancel(time: seconds(us)))
        }
    }

    private func logical(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        geometry.rotation.logicalPoint(nativeX: x, nativeY: y, nativeWidth: Double(geometry.nativeWidth),
                                       nativeHeight: Double(geometry.nativeHeight))
    }

    private func seconds(_ microseconds: UInt64) -> Double {
        Double(microseconds) / 1e6
    }
}
