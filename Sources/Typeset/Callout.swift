import CCmark
import Foundation
import Raster

/// GitHub's alerts: a block quote whose first line is `[!NOTE]`, `[!TIP]`,
/// `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]`, drawn as a callout: the label word
/// in the alert's colour over the quote, whose bar takes that colour too.
enum Callout: String, CaseIterable, Sendable {
    case note, tip, important, warning, caution

    var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// GitHub's own hues (its light theme's alert colours), kept readable on any
    /// background by `readable(on:)`.
    var hue: Color {
        switch self {
        case .note: return Color(red: 0x09, green: 0x69, blue: 0xDA)
        case .tip: return Color(red: 0x1A, green: 0x7F, blue: 0x37)
        case .important: return Color(red: 0x82, green: 0x50, blue: 0xDF)
        case .warning: return Color(red: 0x9A, green: 0x67, blue: 0x00)
        case .caution: return Color(red: 0xD1, green: 0x24, blue: 0x2F)
        }
    }

    var paletteColor: PaletteColor {
        switch self {
        case .note: return .note
        case .tip: return .tip
        case .important: return .important
        case .warning: return .warning
        case .caution: return .caution
        }
    }

    /// The alert a quote opens with, and the nodes of its marker line (the marker's text
    /// and the line break after it), or nil for an ordinary quote. GitHub wants the marker
    /// alone on the quote's first line.
    static func marker(in quote: OpaquePointer) -> (kind: Callout, nodes: [OpaquePointer])? {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH else { return nil }
        var text = ""
        var nodes: [OpaquePointer] = []
        var child = cmark_node_first_child(paragraph)
        while let node = child {
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                nodes.append(node)
                break
            }
            guard type == CMARK_NODE_TEXT, text.count < 16 else { return nil }
            text += CMark.string(cmark_node_get_literal(node))
            nodes.append(node)
            child = cmark_node_next(node)
        }
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard word.hasPrefix("[!"), word.hasSuffix("]"), let kind = Callout(rawValue: String(word.dropFirst(2).dropLast())) else { return nil }
        return (kind, nodes)
    }
}

/// WCAG 2 contrast, for colours that must stay readable on the theme's background.
enum Contrast {
    static func luminance(_ color: Color) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
    }

    static func ratio(_ a: Color, _ b: Color) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `color`, mixed step by step towards `text` (the theme's own readable colour)
    /// until it reaches `minimum` contrast on `background` (WCAG AA: 4.5 for text).
    static func readable(_ color: Color, on background: Color, towards text: Color, minimum: Double = 4.5) -> Color {
        var mixed = color
        var step = 0.0
        while ratio(mixed, background) < minimum, step < 1 {
            step += 0.1
            mixed = text.mixed(over: color, alpha: min(step, 1))
        }
        return mixed
    }
}
