import Display
import ArgumentParser
import CSystemShim
import Foundation
import Glibc
import LecternLog
import Logging
import LoopCore
import Measure
import Platform
import Geometry
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

        let log = Logger(sink: { say($0.hasPrefix("lectern: ") ? String($0.dropFirst(9)) : $0) })
        let source: LibinputTouchSource
        do {
            let backend: LibinputTouchSource.Backend = devicePaths.isEmpty ? .udevSeat(seat) : .devicePaths(devicePaths)
            source = try LibinputTouchSource(backend: backend, geometry: DisplayGeometry(nativeWidth: width, nativeHeight: height, rotation: rotation),
                                             log: log)
        } catch {
            throw CLIUsageError("input-debug: \(error)")
        }
        var touches: [TouchEvent] = []
        source.dispatch(into: &touches) // the initial DEVICE_ADDED events
        printDevices(source.devices)
        if once { return }

        let density = source.devices.lazy.compactMap { $0.pixelsPerMillimetre(nativeWidth: Double(width)) }.first
        let config = density.map { GestureConfig.forPanel(pixelsPerMillimetre: $0) } ?? GestureConfig()
        say(String(format: "slop %.1f px; waiting for touches (Ctrl-C to stop)", config.slop))
        // The kiosk's own loop, with no display: touches in, gestures printed, gesture
        // timeouts as the loop's deadlines, Ctrl-C from its signalfd.
        let printer = GesturePrinter(config: config)
        let loop: DeviceLoop
        do {
            loop = try DeviceLoop(system: LinuxSystemCalls(), clock: SystemClock.shared, sink: NoDisplay(), scene: printer,
                                  signals: [SIGINT, SIGTERM], log: log)
        } catch {
            throw CLIUsageError("input-debug: cannot watch signals: \(error)")
        }
        loop.input = source
        try loop.run()
        say("stopped")
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

    /// The first connected display's preferred mode, so touches print in its pixels.
    /// Nil when no DRM card can be opened (no permission, no display): not an error here.
    static func displaySize() -> (width: Int, height: Int)? {
        guard let card = try? DRMCard.open(explicit: nil, system: LinuxSystemCalls()),
              let choice = try? OutputChoice.choose(connectors: card.connectors(), crtcs: card.crtcIDs()) else { return nil }
        return (choice.mode.width, choice.mode.height)
    }

}

/// What `input-debug` runs under the loop: prints each touch and what the kiosk's
/// recogniser makes of it.
private final class GesturePrinter: FrameSource {
    private var recognizer: GestureRecognizer
    private var gestures: [Gesture] = []
    init(config: GestureConfig) { recognizer = GestureRecognizer(config: config) }

    func handle(_ event: TouchEvent) {
        say("touch   \(event)")
        gestures.removeAll(keepingCapacity: true)
        recognizer.handle(event, into: &gestures)
        for gesture in gestures { say("gesture \(gesture)") }
    }

    func frame(at time: Double, for request: FrameRequest?) -> FrameReport {
        gestures.removeAll(keepingCapacity: true)
        recognizer.advance(to: time, into: &gestures)
        for gesture in gestures { say("gesture \(gesture)") }
        return FrameReport(nextDeadline: recognizer.nextDeadline)
    }
}

/// One line to stdout, written at once (not held in a buffer when piped).
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
