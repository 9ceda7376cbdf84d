import Foundation

/// PDFs for the tests that need one no program here writes: a document of `count`
/// pages, the PDF-bomb case of a page count far over any limit (written directly: the
/// pages share one content stream, so 100,000 of them stay around 10 MB).
public enum TestPDFs {
    /// A valid PDF of `count` pages that all share one page object's content.
    public static func manyPages(_ count: Int) -> [UInt8] {
        var out = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        func object(_ body: String) { offsets.append(out.count); out += Array("\(offsets.count) 0 obj\n\(body)\nendobj\n".utf8) }
        object("<< /Type /Catalog /Pages 2 0 R >>")
        var kids = ""
        kids.reserveCapacity(count * 7)
        for i in 0..<count { kids += "\(4 + i) 0 R " }
        object("<< /Type /Pages /Kids [\(kids)] /Count \(count) >>")
        let content = "0 0 1 rg 0 0 200 200 re f"
        object("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        for _ in 0..<count { object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 3 0 R >>") }
        let xref = out.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for o in offsets { table += String(format: "%010d 00000 n \n", o) }
        out += Array(table.utf8)
        out += Array("trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }
}
