import Display
import Logging
import LecternLog
import ArgumentParser
import Foundation
import Glibc
import LoopCore
import Measure
import Platform
import Raster
import Geometry
import Touch

/// `lectern calibrate`: on the kiosk, shows targets near the corners and in the middle,
/// reads one raw touch on each (calibration matrix reset to identity), fits the affine
/// matrix by least squares and prints the udev rule; `--write` installs it.
struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Touch five targets; print (or --write) the LIBINPUT_CALIBRATION_MATRIX udev rule.",
        discussion: """
        Run on the kiosk with the lectern service stopped (it needs the display). Touch \
        each target with one finger; a touch with two fingers is ignored, so a slip can \
        be redone. Exits 69 without a display or touchscreen.
        """
    )

    @Option(help: "DRM card, e.g. /dev/dri/card0 (default: the first with a connected display).") var card: String?
    @Option(help: "udev seat to read.") var seat = "seat0"
    @Option(name: .customLong("device"), help: "Read this event node instead of the seat (repeatable).") var devicePaths: [String] = []
    @Flag(help: "Install the rule into --rules-file and reload udev.") var write = false
    @Option(help: "Where --write puts the rule.") var rulesFile = "/etc/udev/rules.d/99-lectern-calibration.rules"
    @Option(help: "Give up after this many seconds without finishing.") var timeout: Double = 120

    func run() throws {
        let log = Logger.lectern
        let system = LinuxSystemCalls()
        let signals = try SignalDescriptor([SIGINT, SIGTERM])
        defer { signals.close() }
        let display: KMSDisplay
        do {
            display = KMSDisplay(device: try DRMCard.open(explicit: card, system: system), rotation: .r0, log: log)
            guard try display.start(), display.output != nil else { throw CLIUsageError("no connected display") }
        } catch {
            FileHandle.standardError.write(Data("lectern: calibrate: \(error)\n".utf8))
            throw ExitCode(69)
        }
        defer { display.shutdown() }
        let mode = display.output!.mode
        let source: LibinputTouchSource
        do {
            let backend: LibinputTouchSource.Backend = devicePaths.isEmpty ? .udevSeat(seat) : .devicePaths(devicePaths)
            source = try LibinputTouchSource(backend: backend, geometry: DisplayGeometry(nativeWidth: mode.width, nativeHeight: mode.height),
                                             log: log)
        } catch {
            FileHandle.standardError.write(Data("lectern: calibrate: \(error)\n".utf8))
            throw ExitCode(69)
        }
        source.ignoresCalibration = true
        var touches: [TouchEvent] = []
        source.dispatch(into: &touches)  // DEVICE_ADDED: matrices reset here
        guard let device = source.devices.first else {
            FileHandle.standardError.write(Data("lectern: calibrate: no touchscreen found (is the user in group input?)\n".utf8))
            throw ExitCode(69)
        }
        say("calibrating '\(device.name)' on \(mode.width)x\(mode.height); touch each target")

        var session = CalibrationSession(width: mode.width, height: mode.height)
        try draw(session, on: display)
        let deadline = Self.now() + timeout
        var requests = [PollRequest(fd: FileDescriptor(source.fd)), PollRequest(fd: FileDescriptor(signals.fd)),
                        PollRequest(fd: display.pollFD ?? FileDescriptor(-1))]
        while !session.isDone {
            let remaining = deadline - Self.now()
            if remaining <= 0 {
                FileHandle.standardError.write(Data("lectern: calibrate: timed out after \(Int(timeout)) s with \(session.raw.count) of \(session.targets.count) targets touched\n".utf8))
                throw ExitCode(75)
            }
            do {
                _ = try system.poll(&requests, timeout: Int32(min(remaining, 1) * 1000))
            } catch {
                throw CLIUsageError("calibrate: poll failed: \(error)")
            }
            if !requests[1].returned.isEmpty { signals.consume(); say("stopped"); throw ExitCode(1) }
            if !requests[2].returned.isEmpty { _ = try? display.handleReadable() }
            if !requests[0].returned.isEmpty {
                touches.removeAll(keepingCapacity: true)
                source.dispatch(into: &touches)
                var advanced = false
                for touch in touches where session.handle(touch) {
                    let p = session.raw.last!
                    say(String(format: "target %d: raw touch at (%.4f, %.4f)", session.raw.count, p.x, p.y))
                    advanced = true
                }
                if advanced && !session.isDone { try draw(session, on: display) }
            }
        }
        let matrix: CalibrationMatrix
        do { matrix = try session.fit() } catch {
            FileHandle.standardError.write(Data("lectern: calibrate: \(error)\n".utf8))
            throw ExitCode(65)
        }
        say("LIBINPUT_CALIBRATION_MATRIX=\"\(matrix.udevValue)\"")
        let rule = matrix.udevRule(deviceName: device.name)
        FileHandle.standardOutput.write(Data(rule.utf8))
        if write {
            do {
                try Data(rule.utf8).write(to: URL(fileURLWithPath: rulesFile), options: .atomic)
            } catch {
                FileHandle.standardError.write(Data("lectern: calibrate: cannot write \(rulesFile): \(error.localizedDescription) (run as root)\n".utf8))
                throw ExitCode(73)
            }
            say("wrote \(rulesFile); it applies once udev re-reads the device: udevadm control --reload && udevadm trigger --subsystem-match=input")
        }
    }

    /// White screen, a black cross in a ring on the current target, the done ones grey.
    private func draw(_ session: CalibrationSession, on display: KMSDisplay) throws {
        guard let canvas = display.canvas, let target = session.currentTarget else { return }
        canvas.fill(canvas.bounds, color: .white)
        let w = Double(canvas.width), h = Double(canvas.height)
        let arm = min(w, h) * 0.04
        for done in session.targets.prefix(session.raw.count) {
            canvas.fillCircle(centerX: done.x * w, centerY: done.y * h, radius: arm * 0.3, color: Color(red: 180, green: 180, blue: 180))
        }
        let x = target.x * w, y = target.y * h
        canvas.fillCircle(centerX: x, centerY: y, radius: arm * 0.6, color: Color(red: 220, green: 40, blue: 40))
        canvas.fillCircle(centerX: x, centerY: y, radius: arm * 0.45, color: .white)
        canvas.strokeLine(x0: x - arm, y0: y, x1: x + arm, y1: y, width: 2, color: .black)
        canvas.strokeLine(x0: x, y0: y - arm, x1: x, y1: y + arm, width: 2, color: .black)
        display.damageEverything()
        // A page flip still queued would make present skip this frame: wait for it (1 s at most).
        var waited = 0
        while display.isBusy, waited < 10, let fd = display.pollFD?.rawValue {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, 100) > 0 { _ = try? display.handleReadable() }
            waited += 1
        }
        _ = try display.present(Region(canvas.bounds))
    }

    private static func now() -> Double { SystemClock.shared.now() }
}

private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
