import ArgumentParser
import Foundation
import Kiosk
import Platform
import Raster

/// `lectern run`: the kiosk on the display, as the systemd service starts it.
///
/// Exit codes (docs/deploy.md): 0 stopped by SIGTERM/SIGINT; 64 bad arguments;
/// 65 bad configuration file; 69 no DRM display device; 77 no permission to open
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
        var options = DeviceSession.Options(card: card)
        if let config {
            do {
                let loaded = try ConfigLoader.load(path: config)
                options.rotation = PanelRotation(degrees: loaded.display.rotation) ?? .r0
                options.mode = loaded.display.mode.flatMap(OutputChoice.parseMode)
            } catch {
                fail("\(error)", .config)
            }
        }
        let session = DeviceSession(options: options)
        // TODO(lead): replace with the kiosk scene, and give the session the libinput
        // reader for `seat` (branch `touch`), e.g.
        //   session.makeInput = { w, h in try? LibinputTouchSource(seat: seat,
        //       rotation: Rotation(rawValue: options.rotation.rawValue)!, nativeWidth: Double(w), nativeHeight: Double(h)) }
        // with `extension LibinputTouchSource: InputSource` (pollDescriptor, readEvents).
        let scene = PlaceholderScene()
        session.onReload = { session.log.info("reload: the placeholder scene has no configuration to re-read") }
        session.onSnapshot = { canvas in Snapshot.write(canvas, log: session.log) }
        do {
            try session.run(scene: scene)
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

/// SIGUSR1: the shadow frame to a file in $RUNTIME_DIRECTORY (or /run/lectern).
/// TODO(lead): switch to Raster's PNGEncoder (branch `raster`) when merged; until
/// then a binary PPM, which any image viewer and ImageMagick read.
enum Snapshot {
    static func write(_ canvas: Canvas, log: PlatformLog) {
        let dir = ProcessInfo.processInfo.environment["RUNTIME_DIRECTORY"].flatMap { $0.split(separator: ":").first.map(String.init) } ?? "/run/lectern"
        let path = "\(dir)/snapshot.ppm"
        var data = Data("P6\n\(canvas.width) \(canvas.height)\n255\n".utf8)
        data.reserveCapacity(data.count + canvas.width * canvas.height * 3)
        for y in 0..<canvas.height {
            let row = canvas.row(y)
            for x in 0..<canvas.width {
                let p = row[x]
                data.append(contentsOf: [UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF)])
            }
        }
        do {
            try data.write(to: URL(fileURLWithPath: path))
            log.info("snapshot written to \(path)")
        } catch {
            log.info("cannot write snapshot \(path): \(error.localizedDescription)")
        }
    }
}
