import CEspeak
import Foundation

/// Speech through espeak-ng (Debian's libespeak-ng with espeak-ng-data: voices for
/// about a hundred languages). espeak-ng is one engine per process with global state,
/// so every use holds `EspeakSynthesizer.engineLock`; it runs in
/// AUDIO_OUTPUT_SYNCHRONOUS mode: `espeak_Synth` returns when the text is done, and
/// hands samples to the synth callback on the calling thread (the speech thread), which
/// cancels synthesis by returning 1.
///
/// The engine starts (espeak_Initialize reads the phonemes and a dictionary, about a
/// megabyte) at the first voice lookup or synthesis, not when the synthesizer is made:
/// a kiosk whose visitors never turn speech mode on never loads espeak-ng's data.
public final class EspeakSynthesizer: SpeechSynthesizer, @unchecked Sendable {
    /// espeak-ng's output rate (22,050 Hz for every voice), known once the engine started.
    public var sampleRate: Int {
        Self.engineLock.lock()
        defer { Self.engineLock.unlock() }
        if case let .success(rate) = Self.engine { return rate }
        return 22_050
    }
    /// Spoken when a page's language has no espeak-ng voice (the site's language).
    public let fallbackLanguage: String
    /// Words per minute (espeak-ng accepts 80…450).
    public let rate: Int

    static let engineLock = NSLock()
    /// The one synthesis under way (guarded by `engineLock`): the C callback cannot
    /// capture context, and espeak-ng runs one synthesis at a time anyway.
    nonisolated(unsafe) static var currentOutput: (([Int16]) -> Bool)?

    /// espeak_Initialize once per process (a second call would re-load the data).
    private static let engine: Result<Int, SpeechError> = {
        // 100 ms pieces: the first audio is handed over after 100 ms of speech is made,
        // which takes a few milliseconds.
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 100, nil, Int32(espeakINITIALIZE_DONT_EXIT))
        guard rate > 0 else {
            return .failure(SpeechError("espeak-ng could not start: its voice data is missing (install espeak-ng-data)"))
        }
        espeak_SetSynthCallback(synthCallback)
        return .success(Int(rate))
    }()

    /// Where espeak-ng looks for its data (ESPEAK_DATA_PATH, else the path it was built
    /// with), and whether the phoneme table is there: what `espeak_Initialize` would
    /// fail on, found without loading anything.
    private static let dataDirectory: Result<String, SpeechError> = {
        espeak_ng_InitializePath(nil)
        var path: UnsafePointer<CChar>?
        _ = espeak_Info(&path)
        let directory = path.map { String(cString: $0) } ?? ""
        guard !directory.isEmpty, FileManager.default.fileExists(atPath: directory + "/phontab") else {
            return .failure(SpeechError("espeak-ng could not start: its voice data is missing (install espeak-ng-data)"))
        }
        return .success(directory)
    }()

    /// Throws when espeak-ng's data is missing; loads none of it (see the type's note).
    public init(fallbackLanguage: String = "en", rate: Int = 165) throws(SpeechError) {
        Self.engineLock.lock()
        let data = Self.dataDirectory
        Self.engineLock.unlock()
        if case let .failure(error) = data { throw error }
        self.fallbackLanguage = fallbackLanguage
        self.rate = min(max(rate, Int(espeakRATE_MINIMUM)), Int(espeakRATE_MAXIMUM))
    }

    public func voiceName(for language: String) -> String? {
        Self.engineLock.lock()
        defer { Self.engineLock.unlock() }
        guard case .success = Self.engine else { return nil }
        return selectVoice(language)
    }

    @discardableResult
    public func synthesize(_ utterance: Utterance, into output: ([Int16]) -> Bool) throws(SpeechError) -> String {
        Self.engineLock.lock()
        defer { Self.engineLock.unlock() }
        if case let .failure(error) = Self.engine { throw error }
        guard let voice = selectVoice(utterance.language) else {
            throw SpeechError("espeak-ng has no voice for \"\(utterance.language)\" nor for \"\(fallbackLanguage)\"")
        }
        espeak_SetParameter(espeakRATE, Int32(rate), 0)
        var cancelled = false
        let result: espeak_ERROR = withoutActuallyEscaping(output) { output in
            Self.currentOutput = { samples in
                let go = output(samples)
                if !go { cancelled = true }
                return go
            }
            defer { Self.currentOutput = nil }
            var text = utterance.text
            return text.withUTF8 { bytes in
                // espeak_Synth reads a NUL-terminated string of `size` bytes.
                var copy = [CChar](repeating: 0, count: bytes.count + 1)
                for (i, byte) in bytes.enumerated() { copy[i] = CChar(bitPattern: byte) }
                return espeak_Synth(copy, copy.count, 0, POS_CHARACTER, 0,
                                    UInt32(espeakCHARS_UTF8 | espeakENDPAUSE), nil, nil)
            }
        }
        // A cancel by the callback is not an error, whatever espeak-ng answers to it.
        if result != EE_OK && !cancelled {
            throw SpeechError("espeak-ng could not synthesise the text (error \(result.rawValue))")
        }
        return voice
    }

    /// Chooses the voice by language: the full tag ("de-at"), its language ("de"), the
    /// fallback language, then English. espeak-ng's names are lower case. Returns the
    /// chosen voice's name. Needs `engineLock`.
    private func selectVoice(_ language: String) -> String? {
        var candidates: [String] = []
        for tag in [language, fallbackLanguage, "en"] {
            let lower = tag.lowercased().replacingOccurrences(of: "_", with: "-")
            guard !lower.isEmpty else { continue }
            candidates.append(lower)
            if let primary = lower.split(separator: "-").first, String(primary) != lower { candidates.append(String(primary)) }
        }
        for candidate in candidates where Self.hasVoice(candidate) {
            let status = candidate.withCString { languages -> espeak_ERROR in
                var spec = espeak_VOICE()
                spec.languages = languages
                return espeak_SetVoiceByProperties(&spec)
            }
            guard status == EE_OK, let current = espeak_GetCurrentVoice(), let name = current.pointee.name else { continue }
            return String(cString: name)
        }
        return nil
    }

    /// Whether espeak-ng lists a voice for this language (espeak_SetVoiceByProperties
    /// falls back to some voice on its own, which is not what a page asked for).
    private static func hasVoice(_ language: String) -> Bool {
        language.withCString { languages in
            var spec = espeak_VOICE()
            spec.languages = languages
            guard let list = espeak_ListVoices(&spec) else { return false }
            guard let first = list[0] else { return false }
            // The list is sorted by how well each voice matches; check the best one's
            // languages (a priority byte, then a NUL-terminated name, repeated).
            guard var p = first.pointee.languages else { return false }
            while p.pointee != 0 {
                let name = String(cString: p + 1)
                if name == language || name.hasPrefix(language + "-") { return true }
                p += 1 + name.utf8.count + 1
            }
            return false
        }
    }
}

/// The synth callback: hands each piece to the synthesis under way; returning 1 makes
/// espeak-ng stop at once.
private let synthCallback: @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?) -> Int32 = { wav, count, _ in
    guard let wav, count > 0, let output = EspeakSynthesizer.currentOutput else { return 0 }
    return output(Array(UnsafeBufferPointer(start: wav, count: Int(count)))) ? 0 : 1
}
