import Foundation

/// What `pdfinfo -f 1 -l N` says about a document, read strictly: the page count,
/// whether it is encrypted, and each page's size in points with its rotation applied.
/// Anything malformed is an error naming the line; nothing is trusted beyond the caps.
public struct PDFInfo: Sendable, Equatable {
    public struct PageSize: Sendable, Equatable {
        /// Points (1/72 inch), as shown: a page rotated by 90° or 270° has its sides swapped.
        public var width: Double
        public var height: Double
        public init(width: Double, height: Double) { self.width = width; self.height = height }
    }

    public var pageCount: Int
    public var encrypted: Bool
    /// Sizes of pages 1…pages.count (at most the pages asked for).
    public var pages: [PageSize]

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case tooLarge(Int)
        case noPageCount
        case badLine(Int, String)
        public var description: String {
            switch self {
            case let .tooLarge(n): return "pdfinfo answered \(n) bytes, more than any document needs"
            case .noPageCount: return "pdfinfo gave no page count"
            case let .badLine(n, why): return "pdfinfo line \(n): \(why)"
            }
        }
    }

    /// The largest page side accepted (PDF's own limit is 14,400 units).
    public static let maximumSide = 14_400.0
    /// The most bytes of pdfinfo output read (about 60 bytes per page for 100,000 pages).
    public static let maximumBytes = 8 << 20

    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> PDFInfo {
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes.count) }
        let text = String(decoding: bytes, as: UTF8.self)
        var count: Int?
        var encrypted = false
        var sizes: [Int: PageSize] = [:]
        var rotations: [Int: Int] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if key == "Pages" {
                guard let n = Int(value), n >= 0 else { throw .badLine(index + 1, "page count \"\(value.prefix(40))\"") }
                count = n
            } else if key == "Encrypted" {
                encrypted = value.hasPrefix("yes")
            } else if key.hasPrefix("Page "), key.hasSuffix(" size") || key.hasSuffix(" rot") {
                let parts = key.split(separator: " ")
                guard parts.count == 3, let page = Int(parts[1]), page >= 1, page <= 1_000_000 else {
                    throw .badLine(index + 1, "page number in \"\(key.prefix(40))\"")
                }
                if parts[2] == "size" {
                    sizes[page] = try pageSize(value, line: index + 1)
                } else {
                    guard let r = Int(value), [0, 90, 180, 270].contains(((r % 360) + 360) % 360) else {
                        throw .badLine(index + 1, "rotation \"\(value.prefix(40))\"")
                    }
                    rotations[page] = ((r % 360) + 360) % 360
                }
            } else if key == "Page size", sizes[1] == nil {
                // Without -f/-l pdfinfo names only the first page's size.
                sizes[1] = try pageSize(value, line: index + 1)
            }
        }
        guard let count else { throw .noPageCount }
        var pages: [PageSize] = []
        var page = 1
        while page <= count, var size = sizes[page] {
            if let r = rotations[page], r == 90 || r == 270 { size = PageSize(width: size.height, height: size.width) }
            pages.append(size)
            page += 1
        }
        return PDFInfo(pageCount: count, encrypted: encrypted, pages: pages)
    }

    /// "609.714 x 789.041 pts (letter)".
    private static func pageSize(_ value: String, line: Int) throws(ParseError) -> PageSize {
        let words = value.split(separator: " ")
        guard words.count >= 4, words[1] == "x", words[3] == "pts",
              let w = Double(words[0]), let h = Double(words[2]),
              w.isFinite, h.isFinite, w >= 1, h >= 1, w <= maximumSide, h <= maximumSide
        else { throw .badLine(line, "page size \"\(value.prefix(60))\" (sides of 1 to \(Int(maximumSide)) points expected)") }
        return PageSize(width: w, height: h)
    }
}
