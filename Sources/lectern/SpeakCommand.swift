import ArgumentParser
import Foundation
import Kiosk
import Speech
import Typeset

/// `lectern speak`: what speech mode would say for a page, as a WAV file, for
/// integrators to listen to and for tests. The same words and voices as on the kiosk
/// (BlockSpeech over the laid-out page; espeak-ng), without a sound card.
struct SpeakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speak",
        abstract: "Write what speech mode says for a page (its title, then each block with its role) to a WAV file.",
        discussion: "Prints each utterance with the voice that says it. The voice follows the page's lang (front matter), else [text] language."
    )

    @OptionGroup var kiosk: KioskOptions
    @Option(help: "Page number, from 1.") var page: Int = 1
    @Option(help: "Output WAV file (16-bit mono).") var out: String

    func run() throws {
        let (w, h) = try kiosk.screenSize()
        let config = try kiosk.loadConfig()
        guard (1...max(config.pages.count, 1)).contains(page), !config.pages.isEmpty else {
            throw ValidationError("--page: \(page) is not a page of this configuration (1…\(config.pages.count))")
        }
        try kiosk.checkContent(config)
        let assembly = try kiosk.assembly(config: config, width: w, height: h)
        let index = page - 1
        let document = assembly.content.document(index)
        let layout = assembly.content.pageLayout(page: index, width: assembly.scene.textWidth)
        let speech = BlockSpeech(pageLanguage: document.language ?? config.text.language, siteLanguage: config.text.language)
        let utterances = speech.utterances(title: config.pages[index].title, blocks: layout.pageBlocks(of: document))

        let synthesizer: EspeakSynthesizer
        do {
            synthesizer = try EspeakSynthesizer(fallbackLanguage: config.text.language, rate: config.speech.rate)
        } catch {
            throw DataError("\(error)")
        }
        let sink = MemoryAudioSink()
        try sink.begin(sampleRate: synthesizer.sampleRate)
        var report = ""
        for utterance in utterances {
            let voice = try synthesizer.synthesize(Utterance(utterance.text, language: utterance.language)) {
                sink.write($0, shouldStop: { false })
            }
            report += "\(voice)\t\(utterance.text)\n"
        }
        FileHandle.standardOutput.write(Data(report.utf8))
        let bytes = WAVFile.bytes(samples: sink.samples, sampleRate: synthesizer.sampleRate)
        guard FileManager.default.createFile(atPath: out, contents: Data(bytes)) else {
            throw CLIUsageError("--out: cannot write \(out)")
        }
        FileHandle.standardError.write(Data("lectern: wrote \(out) (\(String(format: "%.1f", sink.duration)) s, \(utterances.count) utterances)\n".utf8))
    }
}
