import Foundation

/// PDFs for the tests that need one no program here writes: a document of `count`
/// pages, the PDF-bomb case of a page count far over any limit (written directly: the
/// pages share one content stream, so 100,000 of them stay around 10 MB).
public enum TestPDFs {
    /// A valid PDF of `count` pages that all share one page object's content.
    public static func manyPages(_ count: Int) -> [UInt8] {
        var kids = ""
        kids.reserveCapacity(count * 7)
        for i in 0..<count { kids += "\(4 + i) 0 R " }
        let content = "0 0 1 rg 0 0 200 200 re f"
        let page = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 3 0 R >>"
        return document(["<< /Type /Catalog /Pages 2 0 R >>",
                         "<< /Type /Pages /Kids [\(kids)] /Count \(count) >>",
                         "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"]
                        + Array(repeating: page, count: count))
    }

    /// Two pages of 400 × 600 pt. Page 1 holds a blue square (100…180, 400…480 pt from
    /// the bottom left) under a link annotation to mailto:info@example.org, a green square
    /// (250…330, 400…480) under a link to page 2, and three lines of text ("Visit", "our",
    /// "site") under one annotation to https://example.org/visit: links on drawings, which
    /// pdftohtml does not report, and one link over several text runs.
    public static func linksOnDrawings() -> [UInt8] {
        let text = "BT /F1 18 Tf 40 300 Td (Visit) Tj 0 -24 Td (our) Tj 0 -24 Td (site) Tj ET"
        let content = "0 0 1 rg 100 400 80 80 re f 0 0.6 0 rg 250 400 80 80 re f 0 0 0 rg " + text
        return document([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /MediaBox [0 0 400 600] >>",
            "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 6 0 R >> >> /Contents 5 0 R /Annots [7 0 R 8 0 R 9 0 R] >>",
            "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 6 0 R >> >> /Contents 5 0 R >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            "<< /Type /Annot /Subtype /Link /Rect [100 400 180 480] /Border [0 0 0] /A << /S /URI /URI (mailto:info@example.org) >> >>",
            "<< /Type /Annot /Subtype /Link /Rect [250 400 330 480] /Border [0 0 0] /Dest [4 0 R /Fit] >>",
            "<< /Type /Annot /Subtype /Link /Rect [36 240 120 322] /Border [0 0 0] /A << /S /URI /URI (https://example.org/visit) >> >>",
        ])
    }

    /// A PDF of the given objects (numbered from 1, the first the catalog) with its xref.
    static func document(_ objects: [String]) -> [UInt8] {
        var out = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for body in objects {
            offsets.append(out.count)
            out += Array("\(offsets.count) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let xref = out.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for o in offsets { table += String(format: "%010d 00000 n \n", o) }
        out += Array(table.utf8)
        out += Array("trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }
}
