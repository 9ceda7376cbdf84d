import CHTMLTree
import Foundation

/// A node of libxml2's tree, valid only inside `HTMLParser.withNodes`.
typealias HTMLNode = UnsafeRawPointer

/// libxml2's HTML parser (through the CHTMLTree shim), the one way HTML in a page is read
/// (docs/content.md says why libxml2). It recovers from anything (unclosed tags, stray
/// end tags, HTML5 elements it does not know), never fetches anything and prints nothing.
enum HTMLParser {
    /// Parses `html` and hands its first top-level node to `body`; the tree is freed
    /// when `body` returns, so no node may escape it.
    static func withNodes<T>(_ html: String, _ body: (HTMLNode?) -> T) -> T {
        var text = html
        // libxml2 reads the bytes during this call only (its parser input copies them).
        let document: UnsafeMutableRawPointer? = text.withUTF8 { bytes in
            guard bytes.count > 0, bytes.count < Int(Int32.max) else { return nil }
            return bytes.withMemoryRebound(to: CChar.self) { lectern_html_parse($0.baseAddress, Int32($0.count)) }
        }
        defer { lectern_html_free(document) }
        return body(lectern_html_first(document))
    }

    static func name(_ node: HTMLNode) -> String { lectern_html_name(node).map { String(cString: $0).lowercased() } ?? "" }
    static func attribute(_ node: HTMLNode, _ name: String) -> String? { lectern_html_attribute(node, name).map { String(cString: $0) } }
    static func line(_ node: HTMLNode) -> Int { max(lectern_html_line(node), 1) }
    static func children(_ node: HTMLNode) -> HTMLNode? { lectern_html_children(node) }
    static func next(_ node: HTMLNode) -> HTMLNode? { lectern_html_next(node) }
    static func isElement(_ node: HTMLNode) -> Bool { lectern_html_node_kind(node) == LECTERN_HTML_ELEMENT }
    static func isText(_ node: HTMLNode) -> Bool { lectern_html_node_kind(node) == LECTERN_HTML_TEXT }
    static func isComment(_ node: HTMLNode) -> Bool { lectern_html_node_kind(node) == LECTERN_HTML_COMMENT }
    static func content(_ node: HTMLNode) -> String { lectern_html_content(node).map { String(cString: $0) } ?? "" }
}

/// An HTML `<img>`'s width and height attributes: pixels (logical px, scaled like any
/// picture) or a percentage of the text width.
struct HTMLImageSize: Sendable, Equatable {
    enum Length: Sendable, Equatable {
        case pixels(Double)
        case percent(Double)
    }
    var width: Length?
    var height: Length?

    /// "200", "200px", "33%"; nil for anything else (the picture keeps its own size).
    static func length(_ value: String?) -> Length? {
        guard var text = value?.trimmingCharacters(in: .whitespaces).lowercased(), !text.isEmpty else { return nil }
        if text.hasSuffix("%") {
            text.removeLast()
            return Double(text).flatMap { $0 > 0 && $0.isFinite ? .percent(min($0, 100)) : nil }
        }
        if text.hasSuffix("px") { text.removeLast(2) }
        return Double(text).flatMap { $0 > 0 && $0.isFinite ? .pixels(min($0, 100_000)) : nil }
    }

    /// The box (device px) a picture with these attributes is fitted into, within a text
    /// width of `room` px at `scale` device px per logical px.
    func box(room: Double, scale: Double, maxSide: Int) -> (width: Int, height: Int) {
        func resolve(_ length: Length?, percentOf whole: Double) -> Int? {
            switch length {
            case let .pixels(px)?: return Int((px * scale).rounded())
            case let .percent(p)?: return Int((whole * p / 100).rounded())
            case nil: return nil
            }
        }
        let w = min(resolve(width, percentOf: room) ?? Int(room), Int(room))
        let h = min(resolve(height, percentOf: room) ?? maxSide, maxSide)
        return (max(w, 1), max(h, 1))
    }
}
