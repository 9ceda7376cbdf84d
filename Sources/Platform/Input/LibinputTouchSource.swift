import LoopCore
import Measure
import Logging
import CInput
import Glibc
import Geometry
import Touch

/// Reads touchscreens through libinput (normally on a udev seat) and produces `TouchEvent`s on
/// the logical (rotated) screen.
///
/// Single-threaded: create it, poll `fd` for readability, call `dispatch(into:)`.
/// Device nodes are opened by libinput through `open_restricted` below; a node that
/// cannot be opened (typically EACCES: the user is not in group `input`) is logged once
/// and skipped, never fatal. Keyboards, pointers and the like are ignored.
public final class LibinputTouchSource {
    /// Where devices come from: a udev seat (the product; hotplug works), or explicit
    /// event nodes (debugging one device, tests).
    public enum Backend: Sendable, Equatable {
        case udevSeat(String)
        case devicePaths([String])
    }

    public enum SetupError: Error, CustomStringConvertible {
        case udevUnavailable
        case contextFailed
        case seatFailed(String)

        public var description: String {
            switch self {
            case .udevUnavailable: return "cannot create a udev context (is /sys mounted?)"
            case .contextFailed: return "libinput could not create its context"
            case let .seatFailed(seat): return "libinput could not assign seat \(seat) (is udev running?)"
            }
        }
    }

    public let backend: Backend
    /// Where device arrivals, removals and open failures are reported, one line each.
    public let log: Logger
    public var mapper: LibinputEventMapper
    /// Touch devices present now, in arrival order.
    public private(set) var devices: [TouchDeviceInfo] = []
    /// Set before the first dispatch for `lectern calibrate`: each touch device's
    /// calibration matrix is reset to identity as it is added, so touches come raw.
    public var ignoresCalibration = false

    private var udev: OpaquePointer?
    private var context: OpaquePointer?
    /// libinput keeps this pointer for the context's lifetime.
    private let interface: UnsafeMutablePointer<libinput_interface>
    private var reportedOpenFailures: Set<String> = []
    private var records: [LibinputRecord] = []
    /// Device handle → its entry in `devices` (by sysname), to remove on unplug.
    private var deviceNames: [Int: String] = [:]

    /// Opens the udev seat (default "seat0"); touches are mapped onto `geometry` (the
    /// panel's scan-out size, turned by its rotation to the logical screen).
    public convenience init(seat: String = "seat0", geometry: DisplayGeometry, log: Logger) throws {
        try self.init(backend: .udevSeat(seat), geometry: geometry, log: log)
    }

    public init(backend: Backend, geometry: DisplayGeometry, log: Logger) throws {
        self.backend = backend
        self.log = log
        mapper = LibinputEventMapper(geometry: geometry)
        records.reserveCapacity(64)
        interface = .allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, userData in
                guard let path else { return -EINVAL }
                let fd = open(path, flags | O_RDWR | O_CLOEXEC | O_NONBLOCK)
                if fd >= 0 { return fd }
                let code = errno
                if let userData {
                    Unmanaged<LibinputTouchSource>.fromOpaque(userData).takeUnretainedValue()
                        .openFailed(path: String(cString: path), errno: code)
                }
                return -code
            },
            close_restricted: { fd, _ in
                _ = close(fd)
            }
        ))
        // `self` outlives the context (deinit unrefs it first), so an unretained
        // pointer is safe as the callbacks' user data.
        let userData = Unmanaged.passUnretained(self).toOpaque()
        switch backend {
        case let .udevSeat(seat):
            guard let udev = udev_new() else { throw SetupError.udevUnavailable }
            self.udev = udev
            guard let context = libinput_udev_create_context(interface, userData, udev) else { throw SetupError.contextFailed }
            self.context = context
            guard libinput_udev_assign_seat(context, seat) == 0 else { throw SetupError.seatFailed(seat) }
        case let .devicePaths(paths):
            guard let context = libinput_path_create_context(interface, userData) else { throw SetupError.contextFailed }
            self.context = context
            for path in paths {
                // libinput checks the path before opening it and only logs a "client
                // bug"; try it ourselves first for one clear line (missing, EACCES).
                let probe = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
                guard probe >= 0 else {
                    openFailed(path: path, errno: errno)
                    continue
                }
                close(probe)
                if libinput_path_add_device(context, path) == nil, reportedOpenFailures.insert(path).inserted {
                    log.info("cannot use \(path): libinput does not recognise it as an input device")
                }
            }
        }
    }

    deinit {
        if let context { libinput_unref(context) }
        interface.deallocate()
        if let udev { udev_unref(udev) }
    }

    /// libinput's file descriptor: poll it for POLLIN, then call `dispatch(into:)`.
    public var fd: Int32 { context.map { libinput_get_fd($0) } ?? -1 }

    /// Read everything pending and append the touch events it means.
    public func dispatch(into out: inout [TouchEvent]) {
        guard let context else { return }
        _ = libinput_dispatch(context)
        records.removeAll(keepingCapacity: true)
        while let event = libinput_get_event(context) {
            read(event)
            libinput_event_destroy(event)
        }
        for record in records { mapper.map(record, into: &out) }
    }

    private func read(_ event: OpaquePointer) {
        let type = libinput_event_get_type(event)
        guard let device = libinput_event_get_device(event) else { return }
        let handle = Int(bitPattern: UnsafeRawPointer(device))
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            guard libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0 else { return }
            if ignoresCalibration {
                let identity: [Float] = [1, 0, 0, 0, 1, 0]
                _ = identity.withUnsafeBufferPointer { libinput_device_config_calibration_set_matrix(device, $0.baseAddress) }
            }
            let info = Self.describe(device)
            devices.append(info)
            deviceNames[handle] = info.sysname
            log.info("touch device added: \(info.summary)")
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            guard let sysname = deviceNames.removeValue(forKey: handle) else { return }
            let name = devices.first { $0.sysname == sysname }?.name ?? sysname
            devices.removeAll { $0.sysname == sysname }
            log.info("touch device removed: \(name) (\(sysname))")
            records.append(.deviceRemoved(device: handle, microseconds: Self.monotonicMicroseconds()))
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL:
            guard let touch = libinput_event_get_touch_event(event) else { return }
            let us = libinput_event_touch_get_time_usec(touch)
            let slot = Int(libinput_event_touch_get_seat_slot(touch))
            switch type {
            case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
                let x = libinput_event_touch_get_x_transformed(touch, UInt32(max(1, mapper.geometry.nativeWidth)))
                let y = libinput_event_touch_get_y_transformed(touch, UInt32(max(1, mapper.geometry.nativeHeight)))
                records.append(type == LIBINPUT_EVENT_TOUCH_DOWN
                    ? .touchDown(device: handle, seatSlot: slot, x: x, y: y, microseconds: us)
                    : .touchMotion(device: handle, seatSlot: slot, x: x, y: y, microseconds: us))
            case LIBINPUT_EVENT_TOUCH_UP:
                records.append(.touchUp(device: handle, seatSlot: slot, microseconds: us))
            default:
                records.append(.touchCancel(device: handle, microseconds: us))
            }
        default:
            break // keyboards, pointers, frames, switches: not ours
        }
    }

    private static func describe(_ device: OpaquePointer) -> TouchDeviceInfo {
        let name = libinput_device_get_name(device).map { String(cString: $0) } ?? "unnamed"
        let sysname = libinput_device_get_sysname(device).map { String(cString: $0) } ?? "?"
        var width = 0.0, height = 0.0
        let size: (Double, Double)? = libinput_device_get_size(device, &width, &height) == 0 ? (width, height) : nil
        var matrix = [Float](repeating: 0, count: 6)
        let calibrated = matrix.withUnsafeMutableBufferPointer {
            libinput_device_config_calibration_get_matrix(device, $0.baseAddress) != 0
        }
        return TouchDeviceInfo(name: name, sysname: sysname, sizeMillimetres: size, calibration: matrix, isCalibrated: calibrated)
    }

    fileprivate func openFailed(path: String, errno code: Int32) {
        guard reportedOpenFailures.insert(path).inserted else { return }
        log.info("\(InputOpenFailure.message(path: path, errno: code, description: String(cString: strerror(code))))")
    }

    /// CLOCK_MONOTONIC in µs (libinput's event clock), for events it does not timestamp.
    static func monotonicMicroseconds() -> UInt64 { UInt64(SystemClock.shared.now() * 1_000_000) }
}

/// The device loop reads libinput through the same protocol its test fake implements.
extension LibinputTouchSource: InputSource {
    public var pollDescriptor: FileDescriptor { FileDescriptor(fd) }
    public func readEvents() throws -> [TouchEvent] {
        var events: [TouchEvent] = []
        dispatch(into: &events)
        return events
    }
}
