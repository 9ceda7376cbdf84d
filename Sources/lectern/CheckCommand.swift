import ArgumentParser
import Foundation
import Kiosk
import TextFile
import Typeset

/// `lectern check`: is this configuration and its content fit to show?
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the configuration and content; report characters no font covers, page links that point nowhere, theme colours below WCAG 2.2 contrast, and the web links shown as QR codes. Exits 1 if a page would show tofu or a colour pair is below contrast, 65 if a content file cannot be shown or a page link points nowhere.",
        discussion: "Without options, checks the built-in demo pages. With --content FILE --outline, prints how FILE parses: one block a line, indented by depth, with its source line."
    )

    @Option(help: "Configuration file (TOML) to check, with its pages and icons.") var config: String?
    @Option(parsing: .upToNextOption, help: "Content files to check directly (Markdown or .txt).") var content: [String] = []
    @Option(help: "A font for --content (repeatable; default: the configuration's fonts).") var font: [String] = []
    @Flag(help: "With --content: print each file's parsed block tree (type and source line of every block).") var outline = false

    func validate() throws {
        if config != nil && !content.isEmpty { throw ValidationError("give --config or --content, not both") }
        if !font.isEmpty && content.isEmpty { throw ValidationError("--font applies to --content files") }
        if outline && content.isEmpty { throw ValidationError("--outline applies to --content files") }
    }

    func run() throws {
        if outline { return try printOutlines() }
        let reports: [PageReport]
        var contrast: [ConfigError] = []
        do {
            if !content.isEmpty {
                reports = try ContentCheck.check(contentFiles: content, fonts: font)
            } else if let config {
                let loaded: KioskConfig
                do { loaded = try ConfigLoader.load(path: config) } catch {
                    // All of the file's problems at once, then a count, as a compiler does.
                    let lines = error.errors.map { "lectern: \($0)\n" }.joined()
                    let count = error.errors.count
                    let summary = count > 1 ? "lectern: \(count) errors in \(config)\n" : ""
                    FileHandle.standardError.write(Data((lines + summary).utf8))
                    throw ExitCode(DataError.exitCode)
                }
                FileHandle.standardOutput.write(Data("ok   configuration \(config): \(loaded.pages.count) page(s)\n".utf8))
                if let languages = SiteLanguages(pages: loaded.pages).summary {
                    FileHandle.standardOutput.write(Data("ok   \(languages)\n".utf8))
                }
                contrast = ThemeContrast.problems(in: loaded, text: try? TextFile.read(path: config, limit: ConfigLoader.sizeLimit).text, file: config)
                reports = try ContentCheck.check(config: loaded)
            } else {
                contrast = ThemeContrast.problems(in: .builtIn, text: nil, file: "(built-in configuration)")
                reports = try ContentCheck.check(config: .builtIn)
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            // The fonts could not be opened: a configuration problem, not a usage one.
            throw DataError("\(error)")
        }
        // Contrast below WCAG 2.2 (file:line: key: what, the ratio and what is needed).
        for problem in contrast { FileHandle.standardError.write(Data("lectern: \(problem)\n".utf8)) }
        if contrast.isEmpty, config != nil || content.isEmpty {
            FileHandle.standardOutput.write(Data("ok   contrast: every text pair ≥ 4.5:1 (high-contrast theme ≥ 7:1), dots ≥ 3:1\n".utf8))
        }
        for report in reports { FileHandle.standardOutput.write(Data((report.text + "\n").utf8)) }
        let bad = reports.filter { !$0.isFine }.count
        if bad == 0 && !contrast.isEmpty {
            FileHandle.standardError.write(Data("lectern: \(contrast.count) colour pair(s) below the WCAG 2.2 contrast\n".utf8))
            throw ExitCode(1)
        }
        if bad > 0 {
            FileHandle.standardError.write(Data("lectern: \(bad) of \(reports.count) page(s) have problems\n".utf8))
            throw ExitCode(reports.contains { $0.contentError } ? 65 : 1)
        }
    }

    /// `--outline`: the block tree of each content file; 65 if one cannot be read.
    private func printOutlines() throws {
        var failed = false
        for path in content {
            do {
                let lines = try Document.outline(path: path)
                if content.count > 1 { FileHandle.standardOutput.write(Data("\(path):\n".utf8)) }
                FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            } catch {
                FileHandle.standardError.write(Data("lectern: \(error)\n".utf8))
                failed = true
            }
        }
        if failed { throw ExitCode(65) }
    }
}
