import ArgumentParser
import Foundation
import Kiosk
import KioskDevice
import KioskHeadless
import Raster
import Touch

/// `lectern snapshot`: one frame of the headless kiosk, after playing a script.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Render one frame of the kiosk headless (optionally after a gesture script) to a PNG."
    )

    @OptionGroup var kiosk: KioskOptions
    @Option(help: "Page to show, by its number (from 1) or its title (default: the first).") var page: String?
    @Option(help: "Gesture script to play first.") var script: String?
    @Option(help: "Time in seconds of the frame (default: the script's end, or 0).") var at: Double?
    @Option(name: .shortAndLong, help: "Output PNG file.") var output: String
    @Flag(name: .customLong("no-wait"), help: "Capture at once, without waiting for PDF sheets and hyphenation dictionaries still loading.")
    var noWait = false

    func validate() throws {
        if let at, !(at >= 0 && at.isFinite) { throw ValidationError("--at must be a time in seconds >= 0") }
    }

    func run() throws {
        let (w, h) = try kiosk.screenSize()
        let config = try kiosk.loadConfig()
        try kiosk.checkContent(config)
        let events = try script.map { try loadScript(path: $0).events } ?? []
        let end = at ?? events.last?.time ?? 0
        let shown = try page.map { try Self.pageIndex($0, in: config) }
        let assembly = try kiosk.assembly(config: config, width: w, height: h)
        if let shown { assembly.scene.show(page: shown, at: 0) }
        // Pictures are decoded off the loop, as `run` decodes them (waited for below).
        let player = try assembly.player(environment: KioskEnvironment(pictures: .inBackground))
        var index = 0
        player.play(events, from: &index, until: end)
        // The background work the frame depends on, shown on the device a moment later.
        if !noWait { player.waitForBackgroundWork() }
        try writePNG(player.canvas, to: output, option: "-o")
        FileHandle.standardError.write(Data("lectern: wrote \(output) (\(w)x\(h), t = \(String(format: "%.3f", player.time)) s)\n".utf8))
    }

    /// `--page`: a number from 1, else a title (exactly, then ignoring case); misuse (64)
    /// naming the pages there are when neither matches.
    static func pageIndex(_ given: String, in config: KioskConfig) throws -> Int {
        let titles = config.pages.map(\.title)
        if let number = Int(given.trimmingCharacters(in: .whitespaces)), titles.indices.contains(number - 1) { return number - 1 }
        if let index = titles.firstIndex(of: given) ?? titles.firstIndex(where: { $0.lowercased() == given.lowercased() }) {
            return index
        }
        let listed = titles.enumerated().map { "\($0.offset + 1) \"\($0.element)\"" }.joined(separator: ", ")
        throw CLIUsageError("--page: no page \(given.debugDescription); the pages are \(listed)")
    }
}
