import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The text and links of a document's pages as `pdftohtml -xml -i` reports them, read
/// with a real XML parser (libxml2 through Foundation) under caps: the bytes, the pages,
/// the text pieces and the length of each. Positions are fractions of the page's width
/// and height, so they fit any rendered size.
public struct PDFTextLayer: Sendable, Equatable {
    public struct Box: Sendable, Equatable {
        /// Fractions of the page (0…1), top-left origin.
        public var x, y, width, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
    }

    public enum Target: Sendable, Equatable {
        /// A page of this document, counting from 1.
        case page(Int)
        /// An address outside (http, mailto, tel, …), exactly as written in the PDF.
        case external(String)
    }

    public struct Link: Sendable, Equatable {
        public var target: Target
        public var text: String
        public var box: Box
    }

    public struct Page: Sendable, Equatable {
        public var number: Int
        /// The page's text pieces in the order the PDF draws them (poppler's reading order).
        public var texts: [String] = []
        public var links: [Link] = []
        /// The page's text as one string, pieces on their own lines.
        public var text: String { texts.joined(separator: "\n") }
    }

    public var pages: [Page]

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case tooLarge(Int)
        case malformed(String)
        case tooMany(String)
        public var description: String {
            switch self {
            case let .tooLarge(n): return "pdftohtml answered \(n) bytes, more than the limit"
            case let .malformed(why): return "pdftohtml's XML is malformed: \(why)"
            case let .tooMany(what): return "too many \(what) in pdftohtml's answer"
            }
        }
    }

    public static let maximumBytes = 32 << 20
    public static let maximumPages = 100_000
    public static let maximumPieces = 400_000
    public static let maximumPieceLength = 4096
    public static let maximumLinksPerPage = 2000

    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> PDFTextLayer {
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes.count) }
        // pdftohtml writes UTF-8. Anything else is refused before the XML parser sees it:
        // Foundation's XMLParser traps on a tag or attribute name that is not valid UTF-8
        // (found by the pdf-text fuzz target), and a crash here would take the kiosk down.
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .malformed("not UTF-8") }
        // pdftohtml writes one XML declaration and one DOCTYPE, at the start, and no other
        // processing instruction, declaration, comment or CDATA. Anything else is refused
        // here: Foundation's XMLParser crashes on a processing instruction without data
        // (strlen of NULL; found by the pdf-text fuzz target).
        try Self.checkMarkup(bytes)
        let reader = Reader()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let ok = parser.parse()
        if let failure = reader.failure { throw failure }
        guard ok else {
            throw .malformed("line \(parser.lineNumber): \(parser.parserError.map { "\($0.localizedDescription)" } ?? "parse error")")
        }
        return PDFTextLayer(pages: reader.pages)
    }

    /// Where a link written by pdftohtml leads: `name.html#7` or `#7` is page 7 of this
    /// document; anything with a URI scheme leads outside; anything else nowhere (nil).
    public static func target(of href: String) -> Target? {
        if let colon = href.firstIndex(of: ":"), href[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
           href[..<colon].first?.isLetter == true {
            return .external(href)
        }
        if let hash = href.lastIndex(of: "#"), let n = Int(href[href.index(after: hash)...]), n >= 1 { return .page(n) }
        return nil
    }

    /// Collects pages, `<text>` pieces and the `<a href>` inside them.
    /// Only the XML declaration and a DOCTYPE, before the first element, may start with
    /// `<?` or `<!`.
    static func checkMarkup(_ bytes: [UInt8]) throws(ParseError) {
        var i = 0, seenElement = false
        let lt = UInt8(ascii: "<"), question = UInt8(ascii: "?"), bang = UInt8(ascii: "!")
        while i + 1 < bytes.count {
            if bytes[i] == lt {
                let next = bytes[i + 1]
                if next == question || next == bang {
                    guard !seenElement else { throw .malformed("markup other than elements at byte \(i)") }
                    let head = bytes[i..<min(bytes.count, i + 9)]
                    let allowed = next == question ? Array("<?xml ".utf8) : Array("<!DOCTYPE".utf8)
                    guard head.starts(with: allowed) else { throw .malformed("markup other than elements at byte \(i)") }
                } else {
                    seenElement = true
                }
            }
            i += 1
        }
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var pages: [Page] = []
        var failure: ParseError?
        private var pieces = 0
        private var pageSize: (width: Double, height: Double) = (1, 1)
        private var textBox: Box?
        /// The current `<text>`'s runs: characters, and the link they belong to.
        private var runs: [(text: String, href: String?)] = []
        private var href: String?

        private func fail(_ error: ParseError, _ parser: XMLParser) {
            if failure == nil { failure = error }
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch name {
            case "page":
                guard pages.count < maximumPages else { return fail(.tooMany("pages"), parser) }
                guard let n = attributes["number"].flatMap(Int.init), n >= 1,
                      let w = attributes["width"].flatMap(Double.init), let h = attributes["height"].flatMap(Double.init),
                      w.isFinite, h.isFinite, w >= 1, h >= 1
                else { return fail(.malformed("line \(parser.lineNumber): a <page> without number, width and height"), parser) }
                pageSize = (w, h)
                pages.append(Page(number: n))
            case "text":
                guard !pages.isEmpty else { return fail(.malformed("line \(parser.lineNumber): <text> outside a <page>"), parser) }
                pieces += 1
                guard pieces <= maximumPieces else { return fail(.tooMany("text pieces"), parser) }
                let number = { (key: String) in attributes[key].flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } }
                guard let top = number("top"), let left = number("left"), let w = number("width"), let h = number("height") else {
                    return fail(.malformed("line \(parser.lineNumber): a <text> without top, left, width and height"), parser)
                }
                textBox = Box(x: left / pageSize.width, y: top / pageSize.height,
                              width: max(0, w) / pageSize.width, height: max(0, h) / pageSize.height)
                runs = []
            case "a":
                href = attributes["href"].map { String($0.prefix(maximumPieceLength)) }
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard textBox != nil else { return }
            let used = runs.reduce(0) { $0 + $1.text.count }
            guard used < maximumPieceLength else { return }
            runs.append((String(string.prefix(maximumPieceLength - used)), href))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch name {
            case "a":
                href = nil
            case "text":
                guard let box = textBox, !pages.isEmpty else { return }
                textBox = nil
                let whole = runs.map(\.text).joined()
                pages[pages.count - 1].texts.append(whole)
                // A link's box: its share of the piece's width by characters (pdftohtml
                // says where the text is, not where each glyph is).
                let total = max(1, whole.count)
                var offset = 0
                for run in runs {
                    defer { offset += run.text.count }
                    guard let href = run.href, let target = PDFTextLayer.target(of: href) else { continue }
                    if let last = pages[pages.count - 1].links.last, last.target == target, last.box.y == box.y,
                       abs(last.box.x + last.box.width - (box.x + box.width * Double(offset) / Double(total))) < 1e-9 {
                        pages[pages.count - 1].links[pages[pages.count - 1].links.count - 1].box.width += box.width * Double(run.text.count) / Double(total)
                        pages[pages.count - 1].links[pages[pages.count - 1].links.count - 1].text += run.text
                        continue
                    }
                    guard pages[pages.count - 1].links.count < maximumLinksPerPage else { return fail(.tooMany("links on a page"), parser) }
                    let linkBox = Box(x: box.x + box.width * Double(offset) / Double(total), y: box.y,
                                      width: box.width * Double(run.text.count) / Double(total), height: box.height)
                    pages[pages.count - 1].links.append(Link(target: target, text: run.text, box: linkBox))
                }
                runs = []
            default:
                break
            }
        }
    }
}
