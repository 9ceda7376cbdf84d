import CCmark

/// The parser setup shared by the reader and the outline.
enum CMark {
    /// GFM's extensions as GitHub renders them; footnotes too (else `[^1]` shows raw).
    static let extensions = ["table", "strikethrough", "autolink", "tasklist"]
    static let options = CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES

    static func withTree<T>(_ text: String, _ body: (OpaquePointer) -> T) -> T {
        cmark_gfm_core_extensions_ensure_registered()
        let parser = cmark_parser_new(options)!
        defer { cmark_parser_free(parser) }
        for name in extensions {
            if let extensionPointer = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, extensionPointer)
            }
        }
        var text = text
        // cmark copies what it is fed, so the buffer need not outlive this call.
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        let root = cmark_parser_finish(parser)!
        defer { cmark_node_free(root) }
        return body(root)
    }

    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    static func typeName(_ node: OpaquePointer) -> String { string(cmark_node_get_type_string(node)) }

    /// Every node under `root` (itself included) in document order, entered and, if it
    /// can have children, exited: cmark's iterator, so any depth without recursion.
    static func walk(_ root: OpaquePointer, _ visit: (_ node: OpaquePointer, _ entering: Bool) -> Void) {
        let iterator = cmark_iter_new(root)!
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            visit(node, event == CMARK_EVENT_ENTER)
        }
    }
}
