import Foundation
import Raster

/// One block of a laid-out page as speech mode reads it: what kind of block it is, its
/// text, and where it is on the page (layout px; the body column's width, a table the
/// page's: speech mode finds a block by y alone, a finger anywhere across its height is
/// on it, and the focus ring hugs the column).
public struct PageBlock: Sendable, Equatable {
    public enum Role: Sendable, Equatable {
        case heading(level: Int)
        case paragraph
        /// The first block of a list item; `marker` as drawn ("3." or "•"), nil for a task box.
        case listItem(marker: String?, checked: Bool?)
        case code
        case image(alt: String)
        /// A video clip: its caption, else its file's name.
        case clip(caption: String)
        case rule
        /// Cells as text, the header row first.
        case table(rows: [[String]])
    }

    public var role: Role
    public var text: String
    /// How deep in block quotes (0: not quoted).
    public var quoteDepth: Int
    public var rect: IntRect
    /// Indices into `PageLayout.links` of the links inside this block.
    public var links: [Int]
}

extension PageLayout {
    /// The blocks of `document` (the one this page was laid out from) with their roles,
    /// text and rectangles, in reading order.
    public func pageBlocks(of document: Document) -> [PageBlock] {
        zip(document.blocks, blocks).map { block, extent in
            let isTable: Bool = if case .table = block.kind { true } else { false }
            let columns = isTable ? 0..<width : bodyColumn ?? 0..<width
            let rect = IntRect(x: columns.lowerBound, y: extent.top, width: columns.count, height: max(extent.bottom - extent.top, 1))
            let text = block.inlines.filter { !$0.style.contains(.footnote) }.map(\.text).joined()
                .replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
            let role: PageBlock.Role
            switch block.kind {
            case let .heading(level): role = .heading(level: level)
            case .code: role = .code
            case let .image(_, alt): role = .image(alt: alt)
            case let .clip(source): role = .clip(caption: source.caption.isEmpty ? (source.path as NSString).lastPathComponent : source.caption)
            case .rule: role = .rule
            case let .table(table):
                role = .table(rows: table.rows.map { $0.map { $0.map(\.text).joined().trimmingCharacters(in: .whitespaces) } })
            case .paragraph:
                switch block.marker {
                case let .task(checked)?: role = .listItem(marker: nil, checked: checked)
                case let marker? where block.listDepth > 0: role = .listItem(marker: marker.text(depth: block.listDepth), checked: nil)
                default: role = .paragraph
                }
            }
            let inside = links.indices.filter { index in
                links[index].rects.contains { $0.maxY > rect.y && $0.y < rect.maxY }
            }
            return PageBlock(role: role, text: text, quoteDepth: block.quoteDepth, rect: rect, links: inside)
        }
    }

    /// The block whose rectangle holds layout y `y`, if any.
    public func blockIndex(atY y: Double, in pageBlocks: [PageBlock]) -> Int? {
        pageBlocks.firstIndex { Double($0.rect.y) <= y && y < Double($0.rect.maxY) }
    }
}
