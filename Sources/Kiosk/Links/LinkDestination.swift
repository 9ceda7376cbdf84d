import Foundation

/// Where a link on a page leads on a kiosk, which has pages and no browser:
/// - a page link (a configured content file by relative path, `#heading` on the same
///   page, `page:N` counting from 1; a file or `page:N` may add `#heading`) opens that
///   page, at that heading if one is named;
/// - a web or contact link (`http`, `https`, `mailto`, `tel`) is handed to the visitor
///   as a QR code on the link card;
/// - anything else points nowhere: `lectern check` reports it with its line.
public enum LinkDestination: Sendable, Equatable {
    case page(Int, anchor: String?)
    case web(String)
    case nowhere(String)

    public static let webSchemes: Set<String> = ["http", "https", "mailto", "tel"]

    /// What `target`, written on page `from`, leads to among `pages`.
    public static func resolve(_ target: String, from: Int, pages: [KioskConfig.Page]) -> LinkDestination {
        let written = target.trimmingCharacters(in: .whitespaces)
        if written.isEmpty { return .nowhere("the link has no destination") }
        if let scheme = scheme(of: written) {
            let rest = written.dropFirst(scheme.count + 1)
            switch scheme.lowercased() {
            case "page":
                let (number, anchor) = splitFragment(String(rest))
                guard let n = Int(number), n >= 1 else {
                    return .nowhere("\(written): page:N needs a page number from 1, e.g. page:2")
                }
                guard n <= pages.count else {
                    return .nowhere("\(written): there \(pages.count == 1 ? "is 1 page" : "are \(pages.count) pages")")
                }
                return .page(n - 1, anchor: anchor)
            case let web where webSchemes.contains(web):
                guard !rest.trimmingCharacters(in: CharacterSet(charactersIn: "/")).isEmpty else {
                    return .nowhere("\(written): the address is empty")
                }
                return .web(written)
            default:
                return .nowhere("\(written): a kiosk opens only pages (a content file, #heading, page:N) and hands out http, https, mailto and tel links as QR codes")
            }
        }
        let (pathPart, anchor) = splitFragment(written)
        let path = pathPart.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        if path.isEmpty {
            guard pages.indices.contains(from) else { return .nowhere("\(written): no page to look in") }
            return .page(from, anchor: anchor)
        }
        let decoded = path.removingPercentEncoding ?? path
        let resolved: String
        if decoded.hasPrefix("/") {
            resolved = decoded
        } else if pages.indices.contains(from), case let .file(own) = pages[from].source {
            resolved = ((own as NSString).deletingLastPathComponent as NSString).appendingPathComponent(decoded)
        } else {
            return .nowhere("\(written): a built-in page links to other pages with page:N")
        }
        let wanted = (resolved as NSString).standardizingPath
        for (index, page) in pages.enumerated() {
            if case let .file(file) = page.source, (file as NSString).standardizingPath == wanted {
                return .page(index, anchor: anchor)
            }
        }
        if FileManager.default.fileExists(atPath: wanted) {
            return .nowhere("\(written): \(wanted) is not one of the configured pages; add it as a [[page]]")
        }
        return .nowhere("\(written): \(wanted) does not exist")
    }

    /// The URI scheme (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`), if any.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, CharacterSet.letters.contains(first) else { return nil }
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.")
        guard scheme.unicodeScalars.allSatisfy({ allowed.contains($0) }) else { return nil }
        return String(scheme)
    }

    /// `path#fragment` → (path, decoded fragment or nil).
    static func splitFragment(_ text: String) -> (String, String?) {
        guard let hash = text.firstIndex(of: "#") else { return (text, nil) }
        let fragment = String(text[text.index(after: hash)...])
        return (String(text[..<hash]), fragment.isEmpty ? nil : (fragment.removingPercentEncoding ?? fragment))
    }
}
