import Foundation

/// The link annotations of a document's pages: each clickable rectangle and where it
/// leads, read from qpdf's JSON description of the file (`qpdf --json=2`, version 2 of
/// its format) with Foundation's JSON parser. pdftohtml reports links on text runs only;
/// these also cover a link whose area holds a picture or a drawing (a logo, a button, a
/// printed QR code). Rectangles are fractions of the page, top-left origin, as in
/// `PDFTextLayer`.
public struct PDFLinkAnnotations: Sendable, Equatable, Codable {
    public struct Annotation: Sendable, Equatable, Codable {
        /// The page it is on, counting from 1.
        public var page: Int
        public var box: PDFTextLayer.Box
        public var target: PDFTextLayer.Target
    }

    public var annotations: [Annotation]

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case malformed(String)
        public var description: String {
            switch self {
            case let .malformed(why): return "qpdf's JSON is not what was expected: \(why)"
            }
        }
    }

    /// The most of qpdf's JSON read (it describes every object's dictionary, not the
    /// streams' data); a larger answer leaves the document with its text links only.
    public static let maximumJSONBytes = 32 << 20

    /// The most annotations kept for one document (as `PDFTextLayer` caps links per page).
    public static let maximumAnnotations = 100_000

    /// Reads the annotations of the first `pageLimit` pages. Links whose target cannot be
    /// told here (a named destination, a JavaScript or launch action) are left out:
    /// pdftohtml still reports the named ones on text.
    public static func parse(_ bytes: [UInt8], pageLimit: Int) throws(ParseError) -> PDFLinkAnnotations {
        let root: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
                throw ParseError.malformed("not a JSON object")
            }
            root = parsed
        } catch let error as ParseError {
            throw error
        } catch {
            throw .malformed("\(error.localizedDescription)")
        }
        guard let pages = root["pages"] as? [[String: Any]],
              let qpdf = root["qpdf"] as? [Any], qpdf.count >= 2, let objects = qpdf[1] as? [String: Any]
        else { throw .malformed("no \"pages\" and \"qpdf\" objects (qpdf older than 11?)") }
        let document = Objects(objects: objects)
        var pageNumbers: [String: Int] = [:]
        for (index, page) in pages.enumerated() {
            if let reference = page["object"] as? String { pageNumbers[reference] = index + 1 }
        }
        var out: [Annotation] = []
        for (index, page) in pages.prefix(pageLimit).enumerated() {
            guard let reference = page["object"] as? String, let pageObject = document.dictionary(reference),
                  let area = document.pageBox(pageObject), (document.resolve(pageObject["/Rotate"]) as? Int ?? 0) % 360 == 0,
                  let annots = document.resolve(pageObject["/Annots"]) as? [Any]
            else { continue }
            for entry in annots {
                guard out.count < maximumAnnotations else { return PDFLinkAnnotations(annotations: out) }
                guard let annot = document.resolve(entry) as? [String: Any], annot["/Subtype"] as? String == "/Link",
                      let rect = document.numbers(annot["/Rect"]), rect.count == 4,
                      let target = document.target(of: annot, pageNumbers: pageNumbers)
                else { continue }
                let x0 = min(rect[0], rect[2]), x1 = max(rect[0], rect[2]), y0 = min(rect[1], rect[3]), y1 = max(rect[1], rect[3])
                func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
                let left = clamp((x0 - area.x0) / area.width), right = clamp((x1 - area.x0) / area.width)
                let top = clamp((area.y1 - y1) / area.height), bottom = clamp((area.y1 - y0) / area.height)
                guard right > left, bottom > top else { continue }
                out.append(Annotation(page: index + 1, box: .init(x: left, y: top, width: right - left, height: bottom - top), target: target))
            }
        }
        return PDFLinkAnnotations(annotations: out)
    }

    /// qpdf's objects ("obj:5 0 R": {"value": …}) and how to follow references among them.
    private struct Objects {
        let objects: [String: Any]

        func resolve(_ value: Any?) -> Any? {
            var current = value
            // A reference to a reference is legal; a cycle is not followed forever.
            for _ in 0..<8 {
                guard let reference = current as? String, reference.hasSuffix(" R"),
                      let object = objects["obj:" + reference] as? [String: Any] else { return current }
                current = object["value"] ?? (object["stream"] as? [String: Any])?["dict"]
            }
            return nil
        }

        func dictionary(_ reference: String) -> [String: Any]? { resolve(reference) as? [String: Any] }

        func numbers(_ value: Any?) -> [Double]? {
            guard let array = resolve(value) as? [Any] else { return nil }
            let numbers = array.compactMap { (resolve($0) as? NSNumber)?.doubleValue }
            return numbers.count == array.count && numbers.allSatisfy(\.isFinite) ? numbers : nil
        }

        /// The page's crop box, else its media box, inherited from the page tree.
        func pageBox(_ page: [String: Any]) -> (x0: Double, y1: Double, width: Double, height: Double)? {
            var node: [String: Any]? = page
            for _ in 0..<64 {
                guard let current = node else { return nil }
                if let box = numbers(current["/CropBox"]) ?? numbers(current["/MediaBox"]), box.count == 4 {
                    let width = abs(box[2] - box[0]), height = abs(box[3] - box[1])
                    guard width >= 1, height >= 1 else { return nil }
                    return (min(box[0], box[2]), max(box[1], box[3]), width, height)
                }
                node = resolve(current["/Parent"]) as? [String: Any]
            }
            return nil
        }

        /// A URI action's address, or the page of a GoTo action or a /Dest array.
        func target(of annot: [String: Any], pageNumbers: [String: Int]) -> PDFTextLayer.Target? {
            if let action = resolve(annot["/A"]) as? [String: Any] {
                switch action["/S"] as? String {
                case "/URI":
                    guard let uri = string(resolve(action["/URI"])), !uri.isEmpty else { return nil }
                    return .external(String(uri.prefix(PDFTextLayer.maximumPieceLength)))
                case "/GoTo": return page(of: resolve(action["/D"]), pageNumbers: pageNumbers)
                default: return nil
                }
            }
            return page(of: resolve(annot["/Dest"]), pageNumbers: pageNumbers)
        }

        private func page(of destination: Any?, pageNumbers: [String: Int]) -> PDFTextLayer.Target? {
            guard let array = destination as? [Any], let first = array.first as? String, let number = pageNumbers[first] else { return nil }
            return .page(number)
        }

        /// qpdf writes a PDF string as "u:" and its text, or "b:" and its bytes in hex.
        private func string(_ value: Any?) -> String? {
            guard let text = value as? String else { return nil }
            if text.hasPrefix("u:") { return String(text.dropFirst(2)) }
            guard text.hasPrefix("b:") else { return nil }
            var bytes: [UInt8] = []
            var digits = text.dropFirst(2)[...]
            while digits.count >= 2 {
                guard let byte = UInt8(digits.prefix(2), radix: 16) else { return nil }
                bytes.append(byte)
                digits = digits.dropFirst(2)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

extension PDFTextLayer {
    /// The layer with one link per annotation: each annotation keeps its own rectangle
    /// and target, and takes the text of the text links pdftohtml found inside it (none
    /// for a picture). Text links that no annotation covers stay as they were.
    public func merged(with annotations: PDFLinkAnnotations) -> PDFTextLayer {
        var out = self
        let byPage = Dictionary(grouping: annotations.annotations, by: \.page)
        for index in out.pages.indices {
            let page = out.pages[index]
            guard let own = byPage[page.number], !own.isEmpty else { continue }
            var used = Set<Int>()
            var links: [Link] = own.map { annotation in
                let inside = page.links.indices.filter { i in
                    page.links[i].target == annotation.target && page.links[i].box.overlaps(annotation.box)
                }
                used.formUnion(inside)
                return Link(target: annotation.target, text: inside.map { page.links[$0].text }.joined(separator: " "), box: annotation.box)
            }
            links += page.links.indices.filter { !used.contains($0) }.map { page.links[$0] }
            out.pages[index].links = Array(links.prefix(Self.maximumLinksPerPage))
        }
        return out
    }
}

extension PDFTextLayer.Box {
    /// Whether the two share some area (a text run's box and an annotation's rectangle
    /// are measured differently, so touching edges do not count).
    func overlaps(_ other: Self) -> Bool {
        min(x + width, other.x + other.width) > max(x, other.x) && min(y + height, other.y + other.height) > max(y, other.y)
    }
}
