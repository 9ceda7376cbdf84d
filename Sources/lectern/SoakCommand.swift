import Measure
import ArgumentParser
import Foundation
import Kiosk
import KioskHeadless

/// `lectern soak`: a long seeded random session through the headless kiosk (time
/// advanced by hand), checking for stuck states, the menu and scrolling every 1000
/// gestures, and a flat heap after warm-up. Exit 1 on any failure.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Play a long random gesture session headless and check the kiosk stays healthy."
    )

    @OptionGroup var kiosk: KioskOptions
    @Option(help: "Number of gestures.") var gestures: Int = 100_000
    @Option(help: "Gestures before the heap is measured (caches fill up first).") var warmup: Int = 5_000
    @Option(help: "Random seed: the same seed plays the same session.") var seed: UInt64 = 1
    @Option(help: "Write the session as a gesture script of this many seconds to --write-script instead of playing it.")
    var seconds: Double = 60
    @Option(help: "Gesture script to write (for scripts/soak on the real kernel).") var writeScript: String?

    func validate() throws {
        guard gestures >= 1 else { throw ValidationError("--gestures must be at least 1") }
        guard warmup >= 0 else { throw ValidationError("--warmup must be 0 or more") }
        guard seconds > 0, seconds.isFinite else { throw ValidationError("--seconds must be a positive number") }
    }

    func run() throws {
        let (w, h) = try kiosk.screenSize()
        if let writeScript {
            let script = Soak.script(seed: seed, width: w, height: h, seconds: seconds)
            guard FileManager.default.createFile(atPath: writeScript, contents: Data(script.text.utf8)) else {
                throw CLIUsageError("--write-script: cannot write \(writeScript)")
            }
            print("soak: wrote \(writeScript): \(script.touchEvents.count) touch events over \(Int(script.duration)) s (seed \(seed), \(w)x\(h))")
            return
        }
        let assembly = try KioskAssembly(config: try kiosk.loadConfig(), width: w, height: h)
        let soak = try Soak(assembly: assembly, seed: seed)
        let start = Date()
        let report = soak.run(gestures: gestures, warmup: min(warmup, gestures)) { report in
            if report.gestures % 10_000 == 0 {
                print("soak: \(report.gestures) gestures, \(report.frames) frames, heap \(HeapUsageKiB.now) KiB")
            }
        }
        print("soak: \(report) in \(String(format: "%.1f", Date().timeIntervalSince(start))) s (seed \(seed), \(w)x\(h))")
        if report.failures.isEmpty {
            print("soak: ok")
        } else {
            for failure in report.failures { print("soak: FAILED: \(failure)") }
            throw ExitCode(1)
        }
    }
}

import Raster
enum HeapUsageKiB { static var now: Int { HeapUsage.bytesInUse() / 1024 } }
