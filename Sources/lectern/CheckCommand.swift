import ArgumentParser
import Foundation
import Typeset

/// `lectern check --content FILE... [--font PATH ...]`: reports characters no font
/// covers, per file. Exit 0 when every page renders without tofu, 1 otherwise (or when a
/// file cannot be read).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check content files: report characters no configured or system font covers."
    )

    @Option(name: .long, parsing: .upToNextOption, help: "Markdown (.md, .markdown) or text (.txt) files to check.")
    var content: [String] = []

    @Option(name: .customLong("font"), help: "A font file for the chain (repeatable; default DejaVu Sans + Droid Sans Fallback).")
    var fonts: [String] = []

    @Flag(help: "Use only the given fonts, not system fonts found through fontconfig.")
    var noSystemFallback = false

    func validate() throws {
        if content.isEmpty { throw CLIUsageError("--content: give at least one content file to check") }
    }

    func run() throws {
        var style = TextStyle()
        if !fonts.isEmpty { style.fontPaths = fonts }
        style.useSystemFallback = !noSystemFallback
        let typesetter = try Typesetter(style: style)
        let (lines, failed) = CheckCommand.checkContent(content, with: typesetter)
        for line in lines.output { print(line) }
        for line in lines.errors { FileHandle.standardError.write(Data("lectern: \(line)\n".utf8)) }
        // Exit status 1 without a further message (Lectern.main would print ExitCode).
        if failed { Foundation.exit(1) }
    }

    /// Checks each file; report lines for stdout, error lines for stderr, and whether
    /// any file failed. Reusable by other `check` modes (a whole configuration).
    static func checkContent(_ paths: [String], with typesetter: Typesetter) -> (lines: (output: [String], errors: [String]), failed: Bool) {
        var output: [String] = [], errors: [String] = []
        var failed = false
        for path in paths {
            do {
                let report = try ContentCheck.check(path: path, with: typesetter)
                output.append(report.summary)
                failed = failed || !report.isClean
            } catch {
                errors.append("\(error)")
                failed = true
            }
        }
        return ((output, errors), failed)
    }
}
