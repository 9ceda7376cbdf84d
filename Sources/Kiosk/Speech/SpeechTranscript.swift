/// Speech mode's output headless (`lectern demo`): what would have been said, in order,
/// each piece with its language, and where speech was stopped. No sound.
public final class SpeechTranscript: SpeechOutput {
    public private(set) var lines: [String] = []
    public init() {}
    public func speak(_ texts: [SpokenText]) { lines += texts.map { "[\($0.language)] \($0.text)" } }
    public func stop() { if let last = lines.last, last != "(stop)" { lines.append("(stop)") } }
    /// The transcript, one line per piece; nothing when nothing was said.
    public var text: String { lines.filter { $0 != "(stop)" }.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }
}
