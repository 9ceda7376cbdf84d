import Foundation
import Kiosk
import Raster

/// The pages the dense frame scenes draw: what a kiosk shows in real use, not the
/// short Welcome page. A screen full of body text (well over 2,500 glyphs at
/// 1920×1080; `BenchPagesTests` counts them), and a long page of text and photographs
/// for the fling.
enum BenchPages {
    /// A dense text page, about `screens` screens tall at 1080 px.
    static func denseText(screens: Int = 2) -> KioskConfig.Page {
        KioskConfig.Page(title: "Dense", source: .builtIn(markdown: denseMarkdown(sections: 3 * screens, images: [])))
    }

    /// About `kilobytes` of Markdown prose (headings and paragraphs), no pictures.
    static func prose(kilobytes: Int) -> KioskConfig.Page {
        var sections = 1
        while denseMarkdown(sections: sections, images: []).utf8.count < kilobytes * 1024 { sections += 1 }
        return KioskConfig.Page(title: "Prose", source: .builtIn(markdown: denseMarkdown(sections: sections, images: [])))
    }

    /// A long page (about a dozen screens at 1080 px) with a photograph every second section.
    static func longWithImages(directory: String) throws -> KioskConfig.Page {
        let images = try writeImages(into: directory)
        return KioskConfig.Page(title: "Long", source: .builtIn(markdown: denseMarkdown(sections: 24, images: images)))
    }

    /// A page that opens with a photograph, then text.
    static func imageFirst(directory: String) throws -> KioskConfig.Page {
        let images = try writeImages(into: directory)
        let markdown = "# Photographs\n\n![A photograph](\(images[0]))\n\n" + denseMarkdown(sections: 2, images: Array(images.dropFirst()))
        return KioskConfig.Page(title: "Photos", source: .builtIn(markdown: markdown))
    }

    private static let paragraphs = [
        "The reading room opens at nine and closes at half past five on weekdays; on Saturdays it closes at one. "
            + "Bags, coats and umbrellas stay in the lockers by the stairs, which take a one-euro coin that is returned. "
            + "Pencils only, please: ink and highlighters are not allowed near the collections, and neither is food.",
        "Items from the closed stacks are fetched four times a day, at ten, twelve, two and four o'clock. Order them "
            + "at the desk or from the catalogue terminals at least half an hour before; they are kept for you for a week. "
            + "Rare books are read at the supervised tables by the windows, on the foam cradles provided, with the weights.",
        "Photography without flash is welcome for private study. Scans of up to fifty pages cost nothing; larger orders, "
            + "prints and high-resolution images for publication are priced at the desk, where you will also find the "
            + "permission form. The wireless network is called Reading-Room and asks for your card number and PIN.",
        "Should the fire alarm sound, leave everything where it is and follow the green signs to the courtyard, where "
            + "staff will count everyone before anyone goes back in. The lifts are not used during an alarm. First aid is "
            + "given at the front desk, and a defibrillator hangs on the wall beside the main entrance, under the clock.",
    ]

    static func denseMarkdown(sections: Int, images: [String]) -> String {
        var out = "# Visitor information\n\n"
        for s in 0..<sections {
            out += "## \(s + 1). " + ["Opening hours", "Ordering items", "Copies and images", "Safety"][s % 4] + "\n\n"
            for p in 0..<4 { out += paragraphs[(s + p) % paragraphs.count] + "\n\n" }
            if !images.isEmpty, s % 2 == 1 { out += "![Photograph \(s)](\(images[(s / 2) % images.count]))\n\n" }
        }
        return out
    }

    /// Three photograph-like PNGs (smooth gradients with fine detail, so scaling and
    /// drawing cost what a real photograph costs), written once per directory.
    private static func writeImages(into directory: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var paths: [String] = []
        for k in 0..<3 {
            let path = (directory as NSString).appendingPathComponent("photo\(k).png")
            paths.append(path)
            if FileManager.default.fileExists(atPath: path) { continue }
            let bitmap = try Bitmap(width: 960, height: 540)
            let canvas = bitmap.canvas
            for y in 0..<540 {
                for x in 0..<960 {
                    let r = (x * 255 / 959 + k * 60) & 255, g = (y * 255 / 539 + (x ^ y) % 23) & 255
                    let b = ((x + y) * 3 + k * 90) & 255
                    canvas.fill(IntRect(x: x, y: y, width: 1, height: 1),
                                color: Color(red: UInt8(r), green: UInt8(g), blue: UInt8(b)))
                }
            }
            try PNGEncoder.write(canvas: canvas, to: path)
        }
        return paths
    }
}
