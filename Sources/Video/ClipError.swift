/// Why a clip cannot be shown. The message names the file (and the codec, once the
/// stream is known) and says what to do about it; the page shows the clip's poster or a
/// placeholder instead, and `lectern check` prints the same words.
public struct ClipError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
