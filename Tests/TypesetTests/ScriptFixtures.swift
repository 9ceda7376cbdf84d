import Foundation
import Raster
@testable import Typeset

/// Debian's Noto fonts (fonts-noto-core, fonts-noto-color-emoji) and texts from glibc's
/// locale sources (the `locales` package): words written by the locales' translators.
enum Noto {
    static let directory = "/usr/share/fonts/truetype/noto/"
    static let sans = directory + "NotoSans-Regular.ttf"
    static let hebrew = directory + "NotoSansHebrew-Regular.ttf"
    static let arabic = directory + "NotoSansArabic-Regular.ttf"
    static let devanagari = directory + "NotoSansDevanagari-Regular.ttf"
    static let thai = directory + "NotoSansThai-Regular.ttf"
    static let emoji = directory + "NotoColorEmoji.ttf"

    static func typesetter(_ fonts: [String], size: Double = 24) throws -> Typesetter {
        try Typesetter(style: .pinned(fonts, size: size))
    }
}

enum LocaleText {
    /// The strings of keyword `key` (e.g. "day", "mon") in glibc's locale source `name`
    /// (e.g. "he_IL"), with its <Uxxxx> escapes decoded.
    static func strings(_ name: String, _ key: String) throws -> [String] {
        let source = try String(contentsOfFile: "/usr/share/i18n/locales/\(name)", encoding: .utf8)
        var lines = source.components(separatedBy: "\n")[...]
        guard let start = lines.firstIndex(where: { $0.hasPrefix(key + " ") || $0.hasPrefix(key + "\t") }) else { return [] }
        lines = lines[start...]
        var entry = ""
        for line in lines {
            entry += line
            if !line.hasSuffix("/") { break }
            entry.removeLast()
        }
        return entry.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { decode(String($0.element)) }
    }

    private static func decode(_ escaped: String) -> String {
        var out = ""
        var rest = Substring(escaped)
        while !rest.isEmpty {
            if rest.hasPrefix("<U"), let end = rest.firstIndex(of: ">"),
               let value = UInt32(rest[rest.index(rest.startIndex, offsetBy: 2)..<end], radix: 16), let scalar = Unicode.Scalar(value) {
                out.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: end)...]
            } else {
                out.append(rest.removeFirst())
            }
        }
        return out
    }
}

/// A drawn layout's pixels.
struct Drawn {
    let bitmap: Bitmap
    var canvas: Canvas { bitmap.canvas }

    init(_ layout: PageLayout, width: Int) throws {
        bitmap = try whiteBitmap(width: width, height: max(layout.height, 1))
        layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: bitmap.canvas.bounds)
    }

    /// Columns holding ink (any non-white pixel) in rows `rows`.
    func inkColumns(rows: Range<Int>) -> [Int] {
        (0..<bitmap.width).filter { x in rows.contains { y in bitmap.canvas.pixel(x: x, y: y).map { $0 & 0xFF_FFFF != 0xFF_FFFF } ?? false } }
    }

    /// Pixels clearly coloured: channels at least 60 apart (text is grey on white).
    var saturatedPixels: Int {
        var count = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                guard let c = bitmap.canvas.color(x: x, y: y) else { continue }
                let channels = [Int(c.red), Int(c.green), Int(c.blue)]
                if channels.max()! - channels.min()! >= 60 { count += 1 }
            }
        }
        return count
    }
}
