import ArgumentParser
import CSystemShim
import Foundation
import Glibc
import Platform
import Touch

/// `lectern input-debug`: what the touchscreen says, and what Lectern makes of it.
/// For whoever installs a kiosk: is the panel seen, is it calibrated, does rotation
/// put the finger where it is, does a three-finger tap register?
struct InputDebugCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "input-debug",
        abstract: "List touch devices, then print touch events and recognised gestures until Ctrl-C.",
        discussion: """
        Coordinates are device pixels of the rotated screen: libinput's position scaled to
        the panel's native --width × --height, then rotated by --rotation (clockwise, as the
        user sees the content). Times are seconds on the monotonic clock.
        """
    )

    @Option(help: "udev seat to read.") var seat = "seat0"
    @Option(name: .customLong("device"), help: "Read this event node instead of the seat (repeatable), e.g. /dev/input/event5.")
    var devicePaths: [String] = []
    @Flag(help: "List the devices and exit.") var once = false
    @Option(help: "Panel rotation in degrees: 0, 90, 180 or 270.") var rotation = 0
    @Option(help: "Panel native width in pixels (as it scans out); default: the connected display's preferred mode, else 1920.") var width: Int?
    @Option(help: "Panel native height in pixels (as it scans out); default: the connected display's preferred mode, else 1080.") var height: Int?

    func run() throws {
        guard let rotation = Rotation(rawValue: rotation) else {
            throw CLIUsageError("--rotation must be 0, 90, 180 or 270, got \(self.rotation)")
        }
        if let width, width <= 0 { throw CLIUsageError("--width must be positive") }
        if let height, height <= 0 { throw CLIUsageError("--height must be positive") }
        let panel = Self.displaySize()
        let width = self.width ?? panel?.width ?? 1920, height = self.height ?? panel?.height ?? 1080
        say("panel \(width)x\(height) (\(self.width != nil || self.height != nil ? "from the options" : panel != nil ? "the connected display's preferred mode" : "no display found: default"))")

        // Block the signals and read them from a descriptor, so poll sees Ctrl-C.
        let signals = try SignalDescriptor([SIGINT, SIGTERM])
        defer { signals.close() }

        let source: LibinputTouchSource
        do {
            let backend: LibinputTouchSource.Backend = devicePaths.isEmpty ? .udevSeat(seat) : .devicePaths(devicePaths)
            source = try LibinputTouchSource(backend: backend, rotation: rotation, nativeWidth: Double(width),
                                             nativeHeight: Double(height), log: { say($0) })
        } catch {
            throw CLIUsageError("input-debug: \(error)")
        }
        var touches: [TouchEvent] = []
        touches.reserveCapacity(64)
        source.dispatch(into: &touches) // the initial DEVICE_ADDED events
        printDevices(source.devices)
        if once { return }

        let density = source.devices.lazy.compactMap { $0.pixelsPerMillimetre(nativeWidth: Double(width)) }.first
        let config = density.map { GestureConfig.forPanel(pixelsPerMillimetre: $0) } ?? GestureConfig()
        say(String(format: "slop %.1f px; waiting for touches (Ctrl-C to stop)", config.slop))
        var recognizer = GestureRecognizer(config: config)
        var gestures: [Gesture] = []
        gestures.reserveCapacity(64)

        var fds = [pollfd(fd: source.fd, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)]
        while true {
            let timeout = recognizer.nextDeadline.map { deadline -> Int32 in
                let remaining = deadline - Self.now()
                return Int32(max(0, min(60_000, (remaining * 1000).rounded(.up))))
            } ?? -1
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                throw CLIUsageError("input-debug: poll failed: \(String(cString: strerror(errno)))")
            }
            if fds[1].revents != 0 {
                signals.consume() // else unblocking on exit would deliver it after all
                say("stopped")
                return
            }
            gestures.removeAll(keepingCapacity: true)
            if fds[0].revents != 0 {
                touches.removeAll(keepingCapacity: true)
                source.dispatch(into: &touches)
                for touch in touches {
                    say("touch   \(touch)")
                    recognizer.handle(touch, into: &gestures)
                }
            } else {
                recognizer.advance(to: Self.now(), into: &gestures)
            }
            for gesture in gestures { say("gesture \(gesture)") }
        }
    }

    private func printDevices(_ devices: [TouchDeviceInfo]) {
        guard !devices.isEmpty else {
            let hint = FileManager.default.fileExists(atPath: "/dev/input")
                ? "is the user in group input?"
                : "is the user in group input? /dev/input does not exist on this machine"
            say("no touch devices found \(place) (\(hint))")
            return
        }
        say("\(devices.count) touch device\(devices.count == 1 ? "" : "s") \(place):")
        for device in devices { say("  \(device.summary)") }
    }

    private var place: String {
        devicePaths.isEmpty ? "on seat \(seat)" : "among \(devicePaths.joined(separator: ", "))"
    }

    /// libinput's clock, in seconds.
    /// The first connected display's preferred mode, so touches print in its pixels.
    /// Nil when no DRM card can be opened (no permission, no display): not an error here.
    static func displaySize() -> (width: Int, height: Int)? {
        guard let card = try? DRMCard.open(explicit: nil, system: LinuxSystemCalls()),
              let connectors = try? card.connectors() else { return nil }
        for connector in connectors where connector.connected {
            if let mode = connector.modes.first(where: \.preferred) ?? connector.modes.first { return (mode.width, mode.height) }
        }
        return nil
    }

    private static func now() -> Double {
        Double(LibinputTouchSource.monotonicMicroseconds()) / 1e6
    }
}

/// SIGINT/SIGTERM read from a signalfd (Platform's syscall wrapper) instead of a
/// handler, so the poll loop sees them as input.
struct SignalDescriptor {
    private let system = LinuxSystemCalls()
    private let descriptor: FileDescriptor

    init(_ signals: [Int32]) throws {
        do {
            descriptor = try system.signalFD(signals)
        } catch {
            throw CLIUsageError("input-debug: cannot watch signals: \(error)")
        }
    }

    var fd: Int32 { descriptor.rawValue }

    /// Read the pending signal(s) (each record is a 128-byte signalfd_siginfo).
    func consume() {
        var buffer = [UInt8](repeating: 0, count: 128 * 4)
        _ = buffer.withUnsafeMutableBytes { try? system.read(descriptor, into: $0) }
    }

    func close() { system.close(descriptor) }
}

/// One line to stdout, written at once (not held in a buffer when piped).
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
