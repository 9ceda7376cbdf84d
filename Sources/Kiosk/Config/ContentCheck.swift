import Foundation
import Raster
import Typeset
import Video

/// What `lectern check` finds on each page: content that cannot be read, icons that
/// cannot be decoded, and characters that no font in the chain covers (tofu).
public struct PageReport: Sendable {
    public let title: String
    /// Where the page comes from (its file, or "built-in").
    public let source: String
    public var problems: [String] = []
    /// The content file itself cannot be shown (unreadable, too large, not Markdown or
    /// text): a content error, exit status 65, rather than a page that merely shows tofu.
    public var contentError = false
    /// The content file itself could not be loaded (the first of `problems`).
    public var unreadable = false
    /// What `check` tells about the page for information only (a PDF's page and word
    /// counts and its renderer's sandbox): nothing to act on, so neither a warning nor logged.
    public var notes: [String] = []
    /// Worth telling but not stopping for, and worth acting on (lines with bytes that
    /// are not UTF-8): a warning always names something an operator can change.
    public var warnings: [String] = []
    /// Code points no font covers, with how often each occurs.
    public var missing: [(scalar: Unicode.Scalar, count: Int)] = []
    /// What hyphenation lacks here (a dictionary that is not installed, a `lang:` that is
    /// no language tag): warnings about the machine as much as the page, which the kiosk
    /// logs once per process rather than at every reload (`hyphenationLogLines`).
    public var hyphenation: [String] = []
    /// Web and contact links the page hands out as QR codes, with file:line (LinkCheck).
    public var webLinks: [String] = []
    /// Each clip: file:line, container, codec, size, duration, and whether it plays (ClipLoader).
    public var clips: [String] = []
    /// Each picture that is shown: its path, line, real format and size.
    public var pictures: [String] = []

    public var isFine: Bool { problems.isEmpty && missing.isEmpty }

    /// One paragraph of human-readable report.
    public var text: String {
        var lines = ["\(isFine ? "ok  " : "FAIL") \(title) (\(source))"]
        lines += problems.map { "     \($0)" }
        lines += notes.map { "     \($0)" }
        lines += (warnings + hyphenation).map { "     warning: \($0)" }
        lines += webLinks.map { "     web link (QR code): \($0)" }
        lines += clips.map { "     clip: \($0)" }
        lines += pictures.map { "     picture: \($0)" }
        if !missing.isEmpty {
            let total = missing.reduce(0) { $0 + $1.count }
            lines.append("     \(missing.count) character(s) no font covers (\(total) occurrence(s)); they would show as empty boxes:")
            for (scalar, count) in missing.prefix(40) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                lines.append("       U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex) ×\(count)")
            }
            if missing.count > 40 { lines.append("       … and \(missing.count - 40) more") }
        }
        return lines.joined(separator: "\n")
    }

    /// The page's problems as the logs of `run`, `snapshot` and `demo` give them: one
    /// line each, starting with file:line where there is one, as `check` finds them.
    /// `includingUnreadable: false` leaves out a content file that cannot be loaded
    /// (the kiosk logs that itself when it first needs the page).
    /// `includingHyphenation: false` leaves out `hyphenation` (see `hyphenationLogLines`).
    public func logLines(includingUnreadable: Bool = true, includingHyphenation: Bool = true) -> [String] {
        let place = self.place
        var lines: [String] = []
        for (index, problem) in problems.enumerated() where includingUnreadable || !(unreadable && index == 0) {
            // Image problems read "line N: image: …" (ImageLoader.problems): file:line first.
            if problem.hasPrefix("line "), let colon = problem.firstIndex(of: ":"),
               let line = Int(problem[problem.index(problem.startIndex, offsetBy: 5)..<colon]) {
                lines.append("\(place):\(line):\(problem[problem.index(after: colon)...])")
            } else if problem.hasPrefix(source) {
                lines.append(problem)
            } else {
                lines.append("\(place): \(problem)")
            }
        }
        lines += warnings.map { $0.hasPrefix(source) ? $0 : "\(place): \($0)" }
        if includingHyphenation { lines += hyphenationLogLines }
        if !missing.isEmpty {
            let codes = missing.prefix(8).map { "U+" + String(format: "%04X", $0.scalar.value) }.joined(separator: ", ")
            lines.append("\(place): \(missing.count) character(s) no font covers, shown as empty boxes (\(codes)\(missing.count > 8 ? ", …" : ""))")
        }
        return lines
    }

    /// `hyphenation` as log lines, each starting with the page's place.
    public var hyphenationLogLines: [String] { hyphenation.map { "\(place): \($0)" } }

    private var place: String { source == "built-in" ? "built-in page \"\(title)\"" : source }
}

/// A configured font that cannot be used (the message names the file and why).
public struct UnusableFont: Error, CustomStringConvertible {
    public let description: String
}

public enum ContentCheck {
    /// Checks every page of `config`. Throws only when the fonts themselves cannot be
    /// opened (the error names the font file).
    public static func check(config: KioskConfig) throws -> [PageReport] {
        let typesetter = try Typesetter(style: TypesetContent.style(config: config, size: config.text.size ?? 20))
        // The kiosk shows the pages without a font it cannot use; `check` names it.
        if let problem = typesetter.fontProblems.first { throw UnusableFont(description: problem) }
        let reports = config.pages.map { page in
            var report: PageReport
            let document: Document?
            switch page.source {
            case let .builtIn(markdown):
                report = PageReport(title: page.title, source: "built-in")
                document = .markdown(markdown)
            case let .file(path) where page.isPDF:
                report = PDFCheck.report(page: page, path: path)
                document = nil
            case let .file(path):
                report = PageReport(title: page.title, source: path)
                do {
                    document = try Document.load(path: path)
                    report.warnings = document?.warnings ?? []
                } catch {
                    report.problems.append("\(error)")
                    report.contentError = true
                    report.unreadable = true
                    document = nil
                }
            }
            if let document {
                report.hyphenation = HyphenationCheck.warnings(for: document, default: config.text.language)
                report.missing = typesetter.missingCharacters(in: document)
                // A picture that cannot be shown is a content error (65), like an unreadable page.
                let images = ImageLoader.check(document)
                report.pictures = images.pictures
                report.problems += images.problems
                if !images.problems.isEmpty { report.contentError = true }
                // Each clip is listed; one that will not play is a content error too.
                for clip in ClipLoader.clips(in: document) {
                    let place = "\(clip.source.path) (line \(clip.line))"
                    if let problem = ClipLoader.posterProblem(clip.source, in: document) {
                        report.problems.append("line \(clip.line): clip poster: \(problem)")
                        report.contentError = true
                    }
                    switch clip.probe {
                    case let .success(info):
                        report.clips.append("\(place): \(info.facts), " + (info.willPlay ? "plays" : "will not play"))
                        if let refusal = info.refusal { report.problems.append("line \(clip.line): clip: \(refusal)") }
                        // Its captions: listed; one that does not read is a warning (the clip plays without).
                        for file in ClipCaptions.files(beside: info.path) {
                            do {
                                let captions = try ClipCaptions.read(path: file)
                                report.clips.append("\(place): captions \((file as NSString).lastPathComponent), \(captions.cues.count) cue(s)")
                            } catch {
                                report.warnings.append("line \(clip.line): clip captions: \(error) (the clip plays without captions)")
                            }
                        }
                    case let .failure(error):
                        report.clips.append("\(place): will not play")
                        report.problems.append("line \(clip.line): clip: \(error)")
                    }
                }
                if report.clips.contains(where: { $0.hasSuffix("will not play") }) { report.contentError = true }
            }
            for icon in [page.icon, page.iconSelected].compactMap({ $0 }) {
                do {
                    // Decoded as the menu shows it (the whole file is still read and checked).
                    let side = Int(RingLayout.itemDiameter)
                    _ = try Image(contentsOfFile: icon, fittingIn: side, side)
                } catch {
                    report.problems.append("icon: \(error)")
                    report.contentError = true
                }
            }
            return report
        }
        return LinkCheck.annotate(reports, config: config)
    }

    /// What `check` would report for `config`, one line per problem (see
    /// `PageReport.logLines`), for the commands that show the pages instead.
    public static func logLines(config: KioskConfig, includingUnreadable: Bool = true) -> [String] {
        do {
            return try check(config: config).flatMap { $0.logLines(includingUnreadable: includingUnreadable) }
        } catch {
            return ["\(error)"]
        }
    }

    /// Checks content files directly with the given fonts (no configuration needed).
    public static func check(contentFiles: [String], fonts: [String]) throws -> [PageReport] {
        var config = KioskConfig()
        if !fonts.isEmpty { config.text.fonts = fonts }
        config.pages = contentFiles.map { .init(title: ($0 as NSString).lastPathComponent, source: .file(path: $0)) }
        return try check(config: config)
    }
}
