import CHTMLTree

/// The text and links of a document's pages as `pdftohtml -xml -i` reports them, read
/// with a real XML parser (libxml2's streaming reader) under caps: the bytes, the pages,
/// the text pieces and the length of each. Positions are fractions of the page's width
/// and height, so they fit any rendered size.
public struct PDFTextLayer: Sendable, Equatable {
    public struct Box: Sendable, Equatable, Codable {
        /// Fractions of the page (0…1), top-left origin.
        public var x, y, width, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
    }

    public enum Target: Sendable, Equatable, Codable {
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
        // libxml2's streaming reader through the C shim (not Foundation's XMLParser, which
        // dereferenced NULL twice under fuzzing and kept what it had allocated when a
        // document failed). The shim reads its own copy of the bytes.
        let opened = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { lectern_xml_open($0.baseAddress, Int32(buffer.count)) }
        }
        guard let xml = opened else { throw .malformed("libxml2 could not start a reader") }
        defer { lectern_xml_free(xml) }
        var reader = Reader()
        while true {
            let status = lectern_xml_next(xml)
            if status == 0 { break }
            guard status > 0 else {
                let why = lectern_xml_error(xml).map { String(cString: $0) } ?? "parse error"
                throw .malformed("line \(lectern_xml_line(xml)): \(why)")
            }
            let line = Int(lectern_xml_line(xml))
            switch lectern_xml_kind(xml) {
            case LECTERN_XML_START:
                let name = lectern_xml_name(xml).map { String(cString: $0) } ?? ""
                try reader.start(name, line: line) { key in lectern_xml_attribute(xml, key).map { String(cString: $0) } }
                if lectern_xml_is_empty(xml) != 0 { try reader.end(name) }
            case LECTERN_XML_END:
                try reader.end(lectern_xml_name(xml).map { String(cString: $0) } ?? "")
            case LECTERN_XML_TEXT:
                reader.characters(lectern_xml_value(xml).map { String(cString: $0) } ?? "")
            default:
                break
            }
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
    private struct Reader {
        var pages: [Page] = []
        private var pieces = 0
        private var pageSize: (width: Double, height: Double) = (1, 1)
        private var textBox: Box?
        /// The current `<text>`'s runs: characters, and the link they belong to.
        private var runs: [(text: String, href: String?)] = []
        private var href: String?

        mutating func start(_ name: String, line: Int, attribute: (String) -> String?) throws(ParseError) {
            switch name {
            case "page":
                guard pages.count < maximumPages else { throw .tooMany("pages") }
                guard let n = attribute("number").flatMap(Int.init), n >= 1,
                      let w = attribute("width").flatMap(Double.init), let h = attribute("height").flatMap(Double.init),
                      w.isFinite, h.isFinite, w >= 1, h >= 1
                else { throw .malformed("line \(line): a <page> without number, width and height") }
                pageSize = (w, h)
                pages.append(Page(number: n))
            case "text":
                guard !pages.isEmpty else { throw .malformed("line \(line): <text> outside a <page>") }
                pieces += 1
                guard pieces <= maximumPieces else { throw .tooMany("text pieces") }
                let values = ["top", "left", "width", "height"].map { attribute($0).flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } }
                guard let top = values[0], let left = values[1], let w = values[2], let h = values[3] else {
                    throw .malformed("line \(line): a <text> without top, left, width and height")
                }
                textBox = Box(x: left / pageSize.width, y: top / pageSize.height,
                              width: max(0, w) / pageSize.width, height: max(0, h) / pageSize.height)
                runs = []
            case "a":
                href = attribute("href").map { String($0.prefix(maximumPieceLength)) }
            default:
                break
            }
        }

        mutating func characters(_ string: String) {
            guard textBox != nil else { return }
            let used = runs.reduce(0) { $0 + $1.text.count }
            guard used < maximumPieceLength else { return }
            runs.append((String(string.prefix(maximumPieceLength - used)), href))
        }

        mutating func end(_ name: String) throws(ParseError) {
            switch name {
            case "a":
                href = nil
            case "text":
                guard let box = textBox, !pages.isEmpty else { return }
                textBox = nil
                let whole = runs.map(\.text).joined()
                let last = pages.count - 1
                pages[last].texts.append(whole)
                // A link's box: its share of the piece's width by characters (pdftohtml
                // says where the text is, not where each glyph is).
                let total = max(1, whole.count)
                var offset = 0
                for run in runs {
                    defer { offset += run.text.count }
                    guard let href = run.href, let target = PDFTextLayer.target(of: href) else { continue }
                    let x = box.x + box.width * Double(offset) / Double(total)
                    let width = box.width * Double(run.text.count) / Double(total)
                    if let previous = pages[last].links.last, previous.target == target, previous.box.y == box.y,
                       abs(previous.box.x + previous.box.width - x) < 1e-9 {
                        pages[last].links[pages[last].links.count - 1].box.width += width
                        pages[last].links[pages[last].links.count - 1].text += run.text
                        continue
                    }
                    guard pages[last].links.count < maximumLinksPerPage else { throw .tooMany("links on a page") }
                    pages[last].links.append(Link(target: target, text: run.text, box: Box(x: x, y: box.y, width: width, height: box.height)))
                }
                runs = []
            default:
                break
            }
        }
    }
}
