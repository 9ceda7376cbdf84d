import ArgumentParser
import Foundation
import Kiosk
import KioskDevice
import KioskHeadless
import Raster
import Touch

/// `lectern demo`: plays a script headless and writes numbered frames, the script's
/// captures, and a contact sheet.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Play a gesture script headless (the built-in demo by default); write PNG frames and DIR/sheet.png."
    )

    @OptionGroup var kiosk: KioskOptions
    @Option(help: "Gesture script (default: the built-in demo).") var script: String?
    @Option(help: "Output directory.") var out: String
    @Option(help: "Frames per second.") var fps: Double = 30
    @Flag(name: .customLong("no-wait"), help: "Write each frame at once, without waiting for PDF sheets and hyphenation dictionaries still loading.")
    var noWait = false

    func validate() throws {
        guard fps >= 1, fps <= 240 else { throw ValidationError("--fps must be between 1 and 240") }
    }

    func run() throws {
        let (w, h) = try kiosk.screenSize()
        let config = try kiosk.loadConfig()
        try kiosk.checkContent(config)
        // Speech mode headless: what it would say goes to DIR/speech.txt.
        let transcript = SpeechTranscript()
        let assembly = try kiosk.assembly(config: config, width: w, height: h, speech: transcript)
        let events: [ScriptEvent]
        if let script {
            events = try loadScript(path: script).events
        } else {
            let text = DemoScript.text(width: w, height: h, pageCount: config.pages.count, scale: assembly.scene.scale,
                                       links: DemoLinks.find(in: assembly))
            events = try GestureScript.parse(text, source: "built-in demo").events
        }
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw CLIUsageError("--out: cannot create \(out): \(error.localizedDescription)")
        }
        // Pictures are decoded off the loop, as `run` decodes them (waited for below).
        let player = try assembly.player(environment: KioskEnvironment(pictures: .inBackground))
        let end = events.last?.time ?? 0
        let frameCount = Int((end * fps).rounded(.down)) + 1
        var sheet = ContactSheet(columns: 6, thumbnailWidth: 256, frameWidth: w, frameHeight: h)
        let sheetEvery = max(1, frameCount / 24)
        var index = 0
        let progress = ProgressBar(total: frameCount)
        for k in 0..<frameCount {
            let t = Double(k) / fps
            // Each capture and frame waits for the background work it depends on (PDF
            // sheets, dictionaries), as the device shows it a moment later.
            try player.play(events, from: &index, until: t) { name, _ in
                if !noWait { player.waitForBackgroundWork() }
                try write(player.canvas, to: "\(out)/\(name).png")
            }
            if !noWait { player.waitForBackgroundWork() }
            try write(player.canvas, to: String(format: "%@/frame-%05d.png", out, k))
            if k % sheetEvery == 0 { try sheet.add(player.canvas, label: String(format: "%.2f s", t), content: assembly.content) }
            progress.update(k + 1)
        }
        progress.finish()
        let sheetBitmap = try sheet.render()
        try withExtendedLifetime(sheetBitmap) { try write(sheetBitmap.canvas, to: "\(out)/sheet.png") }
        if !transcript.text.isEmpty {
            guard FileManager.default.createFile(atPath: "\(out)/speech.txt", contents: Data(transcript.text.utf8)) else {
                throw CLIUsageError("--out: cannot write \(out)/speech.txt")
            }
        }
        FileHandle.standardError.write(Data("lectern: \(frameCount) frames, captures\(transcript.text.isEmpty ? "" : ", speech.txt") and sheet.png in \(out)\n".utf8))
    }

    private func write(_ canvas: Canvas, to path: String) throws { try writePNG(canvas, to: path, option: "--out") }
}

/// A one-line progress bar on stderr (only when stderr is a terminal, else silent
/// except for the final line).
final class ProgressBar {
    let total: Int
    private let isTerminal = isatty(2) != 0
    init(total: Int) { self.total = total }
    func update(_ done: Int) {
        guard isTerminal else { return }
        let width = 30
        let filled = total == 0 ? width : done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) frames".utf8))
    }
    func finish() { if isTerminal { FileHandle.standardError.write(Data("\n".utf8)) } }
}
