/// A size in device pixels, as people write it: "1280x800" (an `x` or `X` between two
/// positive whole numbers). The one parser for display modes and screen sizes, so the
/// configuration, the command line and the display agree on what a size is.
public struct PixelSize: Sendable, Equatable, Hashable, CustomStringConvertible {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Nil unless `text` is exactly WIDTHxHEIGHT with both in 1…32767.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let w = Int(parts[0]), let h = Int(parts[1]), (1...32767).contains(w), (1...32767).contains(h) else { return nil }
        self.init(width: w, height: h)
    }

    public var description: String { "\(width)x\(height)" }
}
