import Display
import Geometry
import KioskDevice
import Logging
import LecternLog
import ArgumentParser
import Foundation
import KioskSpeech
import Kiosk
import Typeset
import Measure
import Platform
import Raster

/// `lectern run`: the kiosk on the display, as the systemd service starts it.
///
/// Exit codes (docs/deploy.md): 0 stopped by SIGTERM/SIGINT; 64 bad arguments;
/// 65 bad configuration file or content file; 69 no DRM display device; 77 no permission to open
/// the display device; 70 any other failure while running.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Show the kiosk on the display (DRM/KMS) and read the touchscreen."
    )

    @Option(name: .long, help: "Configuration file (TOML). Without it, the built-in demo pages.")
    var config: String?

    @Option(name: .long, help: "DRM device, e.g. /dev/dri/card1 (default: the first card with a connected display).")
    var card: String?

    @Option(name: .long, help: "libinput seat to read touch from.")
    var seat: String = "seat0"

    enum Exit: Int32 { case usage = 64, config = 65, software = 70, unavailable = 69, permission = 77 }

    func validate() throws {
        if let card, !card.hasPrefix("/") { throw ValidationError("--card needs a device path such as /dev/dri/card0, got '\(card)'") }
        if seat.isEmpty { throw ValidationError("--seat needs a seat name such as seat0") }
    }

    func run() throws {
        HeapUsage.returnLargeBlocksToTheSystem()
        HeapUsage.useSmallPagesOnly()
        var options = DeviceSession.Options(card: card)
        var kioskConfig = KioskConfig.builtIn
        if let config {
            do {
                kioskConfig = try ConfigLoader.load(path: config)
            } catch {
                fail(error.errors.map(\.description).joined(separator: "\nlectern: "), .config)
            }
        }
        for page in kioskConfig.pages {
            // A PDF is opened by poppler in its sandbox, never here.
            guard case let .file(path) = page.source, !page.isPDF else { continue }
            do { try Document.checkLoadable(path: path) } catch { fail("\(error)", .config) }
        }
        options.rotation = kioskConfig.display.rotation
        options.mode = kioskConfig.display.mode.map { ($0.width, $0.height) }
        options.tuning = kioskConfig.display.scanout
        let system = LinuxSystemCalls()
        let session = DeviceSession(options: options, system: system)
        let log = session.log
        // The kiosk as headless and the tests build it; only the pieces passed in are the
        // device's: touch from libinput on the seat (for the display's geometry), and the
        // Linux world around the loop.
        // Speech and clips' sound share the card and whether speech speaks (ducking).
        let sound = DeviceSound()
        let environment = KioskEnvironment(
            // Opening hours ([display] on / off) follow the system clock and time zone; a
            // clock set after boot (NTP) wakes the loop through a cancel-on-set timerfd.
            wallClock: SystemWallClock.shared,
            speech: { sound.speech(config: $0, log: $1) },
            clipSound: { sound.clips(config: $0, log: $1) },
            fileWatch: LinuxFileWatchCalls(),
            writeFileAtomically: { text, path in try AtomicFile.write(text, to: path) },
            headphoneJack: { HeadphoneJack() },
            clockSetWatch: { try ClockSetWatch(log: log) },
            // The TV behind HDMI follows the opening hours ([display] cec) over the
            // kernel's CEC framework.
            cec: { path in try path.map { try LinuxCECAdapter(path: $0, system: system) } ?? LinuxCECAdapter.automatic(system: system) },
            status: { session.status($0) },
            dictionaries: .inBackground,
            pictures: .inBackground,
            softwareVersion: Lectern.version,
            // The search index: built after the first frame, kept beside the PDF cache.
            searchIndex: .directory(SiteSearchText.defaultCacheDirectory()))
        let wiring = KioskWiring(.configuration(kioskConfig, path: config), system: system,
                                 touch: LibinputTouchMaker(seat: seat, log: log), environment: environment, log: log)
        session.onLoop = { loop in wiring.attach(to: loop) }
        session.onSnapshot = { canvas in Snapshot.write(canvas, log: log) }
        do {
            try session.run(scene: wiring.runtime, delegate: wiring.delegate)
            let pictures = DecodedPictures.shared
            log.info("metrics decoded_pictures_kib most=\(pictures.peakBytes / 1024) held=\(pictures.bytes / 1024) decodes=\(pictures.decodes) unpainted_draws=\(pictures.unpaintedDraws)")
        } catch let error as DisplayError {
            switch error {
            case .noDevice, .noSuchCard: fail(error.description, .unavailable)
            case let .cannotOpen(_, errno) where errno == .permissionDenied || errno == .notPermitted: fail(error.description, .permission)
            default: fail(error.description, .software)
            }
        } catch {
            fail("\(error)", .software)
        }
    }

    private func fail(_ message: String, _ code: Exit) -> Never {
        FileHandle.standardError.write(Data("lectern: \(message)\n".utf8))
        Foundation.exit(code.rawValue)
    }
}

/// SIGUSR1: the frame on screen (the shadow buffer, logical size) to a PNG in
/// $RUNTIME_DIRECTORY (or /run/lectern), for support staff who cannot see the kiosk.
enum Snapshot {
    static func write(_ canvas: Canvas, log: Logger) {
        let dir = ProcessInfo.processInfo.environment["RUNTIME_DIRECTORY"].flatMap { $0.split(separator: ":").first.map(String.init) } ?? "/run/lectern"
        let path = "\(dir)/snapshot.png"
        do {
            try PNGEncoder.write(canvas: canvas, to: path)
            log.info("snapshot written to \(path)")
        } catch {
            log.info("cannot write snapshot \(path): \(error)")
        }
    }
}
