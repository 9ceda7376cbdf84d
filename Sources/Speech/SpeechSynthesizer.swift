/// One thing to say, in one language (a BCP 47 tag such as "de" or "he"; the page's
/// `lang`, else the site's `[text] language`).
public struct Utterance: Sendable, Equatable {
    public var text: String
    public var language: String

    public init(_ text: String, language: String) {
        self.text = text
        self.language = language
    }
}

/// Text in, 16-bit mono PCM out, in pieces as it is made, so that playback can start
/// before the whole utterance is synthesised.
public protocol SpeechSynthesizer: AnyObject {
    /// Samples per second of what `synthesize` produces.
    var sampleRate: Int { get }

    /// Synthesises `utterance`, handing each piece of samples to `output` as it is
    /// made; `output` returns false to cancel at once (the rest is not synthesised).
    /// Returns the name of the voice used.
    @discardableResult
    func synthesize(_ utterance: Utterance, into output: ([Int16]) -> Bool) throws(SpeechError) -> String

    /// The voice `language` would be spoken with (its name), or nil if none fits even
    /// after falling back.
    func voiceName(for language: String) -> String?
}

public struct SpeechError: Error, Equatable, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
