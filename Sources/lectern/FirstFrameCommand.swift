import Display
import ArgumentParser
import Foundation
import Kiosk
import KioskDevice
import KioskHeadless
import Measure
import Typeset

/// `lectern first-frame` (hidden; the start bench runs it): what `lectern run` does from
/// process start to its first frame (configuration, content files checked loadable, the
/// runtime, the device loop, the real `KMSDisplay` and compositor), on a display whose
/// buffers are memory; prints the monotonic clock when the first frame is handed to the
/// display and exits. Nothing else of `run` (libinput, the console, DRM) is on that path
/// before the first frame but the kernel calls themselves.
struct FirstFrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "first-frame",
        abstract: "Start the kiosk on a memory display, print when its first frame is handed over, exit.",
        shouldDisplay: false
    )

    @Option(help: "Configuration file (TOML). Without it, the built-in demo pages.") var config: String?
    @Option(help: "Screen size, WIDTHxHEIGHT.") var size = "1920x1080"

    func run() throws {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { throw ValidationError("--size needs WIDTHxHEIGHT, got '\(size)'") }
        var kioskConfig = KioskConfig.builtIn
        if let config { kioskConfig = try ConfigLoader.load(path: config) }
        for page in kioskConfig.pages {
            guard case let .file(path) = page.source, !page.isPDF else { continue }
            try Document.checkLoadable(path: path)
        }
        // Dictionaries load and pictures are decoded in the background, as `run` has them.
        let player = try HeadlessPlayer(config: kioskConfig, configPath: config, width: parts[0], height: parts[1],
                                        environment: KioskEnvironment(dictionaries: .inBackground, pictures: .inBackground))
        player.delegate.onFirstFrame = {
            FileHandle.standardOutput.write(Data("first_frame_monotonic_s=\(SystemClock.shared.now())\n".utf8))
            Foundation.exit(0)
        }
        player.step(to: 0.001)
        throw ValidationError("no first frame was drawn")
    }
}
