import Foundation
import SystemCallRetry

/// The poppler programs Lectern runs (never links), and qpdf for the link annotations,
/// each in a `SandboxedProcess`, and what it reads back from them. A PDF is opened once
/// (`open`: its hash, its page sizes, its text and links) and its pages rendered one at a time (`renderPage`) into PNG files
/// in the cache directory.
public struct PDFTools: Sendable {
    /// The private cache directory: the renderers' work directory and the only place
    /// they may write.
    public let cacheDirectory: String
    public var limits: SandboxedProcess.Limits
    /// Pages read and shown of one document; the rest are left out with a log line.
    public var maximumPages: Int

    public init(cacheDirectory: String, limits: SandboxedProcess.Limits = .init(), maximumPages: Int = 500) {
        self.cacheDirectory = cacheDirectory
        self.limits = limits
        self.maximumPages = maximumPages
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// What opening a document found.
    public struct Opened: Sendable {
        public var path: String
        /// FNV-1a 64 of the file's bytes, hex: the cache key (the same file anywhere, renamed
        /// or not, is the same pages).
        public var hash: String
        public var info: PDFInfo
        /// nil when pdftohtml failed: the pages still show, without links.
        public var text: PDFTextLayer?
        public var textProblem: String?
        /// The sandbox in effect (from the pdfinfo run), for the log.
        public var sandbox: String
        /// Why the link annotations (links on pictures and drawings) could not be read:
        /// the links on text still work.
        public var annotationProblem: String?
    }

    /// The largest PDF file opened.
    public static let maximumFileBytes = 512 << 20

    public func open(path given: String) throws(Failure) -> Opened {
        // The renderers run in the cache directory: a relative name means ours, not theirs.
        let path = Self.absolute(given)
        let hash = try Self.hash(path: path)
        try prepareCacheDirectory()
        if let cached = cachedAnswers(path: path, hash: hash) { return cached }
        guard let pdfinfo = SandboxedProcess.locate("pdfinfo") else {
            throw Failure("pdfinfo is not installed (Debian package poppler-utils)")
        }
        let infoRun = try run(pdfinfo, ["-f", "1", "-l", String(maximumPages), path], what: "pdfinfo")
        guard infoRun.succeeded else { throw Failure("pdfinfo \(infoRun.failure)") }
        let info: PDFInfo
        do { info = try PDFInfo.parse(infoRun.output) } catch { throw Failure("\(error)") }
        guard info.pageCount > 0, !info.pages.isEmpty else { throw Failure("the document has no pages") }
        var opened = Opened(path: path, hash: hash, info: info, text: nil, textProblem: nil,
                            sandbox: Self.describe(infoRun))
        if let pdftohtml = SandboxedProcess.locate("pdftohtml") {
            do {
                let htmlRun = try run(pdftohtml, ["-xml", "-i", "-q", "-stdout", "-f", "1", "-l", String(info.pages.count), path],
                                      what: "pdftohtml", outputBytes: PDFTextLayer.maximumBytes)
                if htmlRun.succeeded {
                    let text = try PDFTextLayer.parse(htmlRun.output)
                    let annotations = linkAnnotations(path: path, pages: info.pages.count, problem: &opened.annotationProblem)
                    opened.text = annotations.map { text.merged(with: $0) } ?? text
                    // The answers kept, so the next start runs no program for this file
                    // (the info last: its presence says the others are there).
                    keep(htmlRun.output, as: answerPath(hash: hash, what: "pdftohtml.xml"))
                    if let annotations, let json = try? JSONEncoder().encode(annotations) {
                        keep(Array(json), as: answerPath(hash: hash, what: "links.json"))
                        keep(infoRun.output, as: answerPath(hash: hash, what: "pdfinfo.txt"))
                    } else if SandboxedProcess.locate("qpdf") == nil {
                        // Without qpdf the text links are all there is; once installed, the
                        // missing links.json has the file opened afresh.
                        keep(infoRun.output, as: answerPath(hash: hash, what: "pdfinfo.txt"))
                    }
                } else {
                    opened.textProblem = "pdftohtml \(htmlRun.failure)"
                }
            } catch {
                opened.textProblem = "\(error)"
            }
        } else {
            opened.textProblem = "pdftohtml is not installed (Debian package poppler-utils)"
        }
        return opened
    }

    /// The link annotations of the first `pages` pages, from qpdf's JSON (run in the
    /// sandbox like the poppler programs); nil, with `problem` said, when qpdf is missing
    /// or failed.
    private func linkAnnotations(path: String, pages: Int, problem: inout String?) -> PDFLinkAnnotations? {
        guard let qpdf = SandboxedProcess.locate("qpdf") else {
            problem = "qpdf is not installed (Debian package qpdf)"
            return nil
        }
        do {
            let result = try run(qpdf, ["--json=2", "--json-key=pages", "--json-key=qpdf", path], what: "qpdf",
                                 outputBytes: PDFLinkAnnotations.maximumJSONBytes)
            // qpdf exits 3 when it warns about a damaged file it could still read.
            guard result.succeeded || (result.status == 3 && !result.timedOut && !result.outputTooLarge) else {
                problem = "qpdf \(result.failure)"
                return nil
            }
            return try PDFLinkAnnotations.parse(result.output, pageLimit: pages)
        } catch {
            problem = "\(error)"
            return nil
        }
    }

    /// Where poppler's answer `what` about a file is kept (the page cap is part of the key:
    /// pdfinfo was asked for that many pages).
    func answerPath(hash: String, what: String) -> String { "\(cacheDirectory)/\(hash)-l\(maximumPages).\(what)" }

    /// The document as opened before, from pdfinfo's and pdftohtml's kept answers, read
    /// back through the same parsers and caps as a fresh answer (a cache file is input
    /// like any other). Nil when either is missing or no longer reads.
    func cachedAnswers(path: String, hash: String) -> Opened? {
        guard let infoBytes = FileManager.default.contents(atPath: answerPath(hash: hash, what: "pdfinfo.txt")),
              let xmlBytes = FileManager.default.contents(atPath: answerPath(hash: hash, what: "pdftohtml.xml")),
              xmlBytes.count <= PDFTextLayer.maximumBytes,
              let info = try? PDFInfo.parse(Array(infoBytes)), info.pageCount > 0, !info.pages.isEmpty,
              let text = try? PDFTextLayer.parse(Array(xmlBytes))
        else { return nil }
        let sandbox = "none started (pdfinfo's, pdftohtml's and qpdf's answers from the cache)"
        guard let linkBytes = FileManager.default.contents(atPath: answerPath(hash: hash, what: "links.json")) else {
            // Kept without link annotations only while qpdf is not installed.
            guard SandboxedProcess.locate("qpdf") == nil else { return nil }
            return Opened(path: path, hash: hash, info: info, text: text, textProblem: nil, sandbox: sandbox,
                          annotationProblem: "qpdf is not installed (Debian package qpdf)")
        }
        guard linkBytes.count <= PDFLinkAnnotations.maximumJSONBytes,
              let annotations = try? JSONDecoder().decode(PDFLinkAnnotations.self, from: linkBytes),
              annotations.annotations.count <= PDFLinkAnnotations.maximumAnnotations
        else { return nil }
        return Opened(path: path, hash: hash, info: info, text: text.merged(with: annotations), textProblem: nil, sandbox: sandbox)
    }

    /// Writes `bytes` to `path` whole or not at all (a new name, then renamed).
    private func keep(_ bytes: [UInt8], as path: String) {
        try? Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The cached PNG of page `page` (from 1) at `width` px, if rendered before.
    public func cachedPage(hash: String, page: Int, width: Int) -> String? {
        let path = pagePath(hash: hash, page: page, width: width)
        return access(path, R_OK) == 0 ? path : nil
    }

    public func pagePath(hash: String, page: Int, width: Int) -> String {
        "\(cacheDirectory)/\(hash)-p\(page)-w\(width).png"
    }

    /// Renders page `page` (from 1) of `path` at `width` px wide into the cache (or finds it
    /// there); returns the PNG's path. `onStart` is told the renderer's pid.
    public func renderPage(path: String, hash: String, page: Int, width: Int,
                           onStart: (pid_t) -> Void = { _ in }) throws(Failure) -> String {
        let path = Self.absolute(path)
        if let cached = cachedPage(hash: hash, page: page, width: width) { return cached }
        try prepareCacheDirectory()
        guard let pdftocairo = SandboxedProcess.locate("pdftocairo") else {
            throw Failure("pdftocairo is not installed (Debian package poppler-utils)")
        }
        // Into a name of its own first, renamed when whole: a killed renderer never
        // leaves a half page that the next start would take for a rendered one.
        let partial = "partial-\(getpid())-\(hash)-p\(page)-w\(width)"
        let result = try run(pdftocairo, ["-png", "-singlefile", "-scale-to-x", String(width), "-scale-to-y", "-1",
                                          "-f", String(page), "-l", String(page), path, partial],
                             what: "pdftocairo", onStart: onStart)
        let produced = "\(cacheDirectory)/\(partial).png"
        guard result.succeeded else {
            unlink(produced)
            throw Failure("pdftocairo \(result.failure)")
        }
        let final = pagePath(hash: hash, page: page, width: width)
        guard rename(produced, final) == 0 else { throw Failure("pdftocairo wrote no page image") }
        return final
    }

    private func run(_ program: String, _ arguments: [String], what: String, outputBytes: Int? = nil,
                     onStart: (pid_t) -> Void = { _ in }) throws(Failure) -> SandboxedProcess.Result {
        var process = SandboxedProcess(executable: program, arguments: arguments, workDirectory: cacheDirectory, limits: limits)
        if let outputBytes { process.limits.outputBytes = outputBytes }
        do { return try process.run(onStart: onStart) } catch { throw Failure("\(error)") }
    }

    private func prepareCacheDirectory() throws(Failure) {
        do {
            try FileManager.default.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure("cannot make the PDF cache directory \(cacheDirectory): \(error.localizedDescription)")
        }
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    static func describe(_ result: SandboxedProcess.Result) -> String {
        [result.hadNoNetwork ? "no network" : "network NOT isolated (no network namespace permitted)",
         result.hadLandlock ? "writes confined to the cache (Landlock)" : "writes NOT confined (no Landlock in this kernel)"]
            .joined(separator: ", ")
    }

    /// FNV-1a 64 over the file's bytes (read in blocks; files over the cap are refused).
    public static func hash(path: String) throws(Failure) -> String {
        let fd = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = retryingOnInterrupt { buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
            if n < 0 { throw Failure("cannot read \(path): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            total += n
            guard total <= maximumFileBytes else { throw Failure("\(path) is larger than \(maximumFileBytes >> 20) MB") }
            for i in 0..<n { hash = (hash ^ UInt64(buffer[i])) &* 0x100_0000_01b3 }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + "-\(total)"
    }
}
