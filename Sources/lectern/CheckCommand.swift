import ArgumentParser
import Foundation
import Kiosk

/// `lectern check`: is this configuration and its content fit to show?
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the configuration and content; report characters no font covers. Exits 1 if a page would show tofu or cannot be shown.",
        discussion: "Without options, checks the built-in demo pages."
    )

    @Option(help: "Configuration file (TOML) to check, with its pages and icons.") var config: String?
    @Option(parsing: .upToNextOption, help: "Content files to check directly (Markdown or .txt).") var content: [String] = []
    @Option(help: "A font for --content (repeatable; default: the configuration's fonts).") var font: [String] = []

    func validate() throws {
        if config != nil && !content.isEmpty { throw ValidationError("give --config or --content, not both") }
        if !font.isEmpty && content.isEmpty { throw ValidationError("--font applies to --content files") }
    }

    func run() throws {
        let reports: [PageReport]
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
                reports = try ContentCheck.check(config: loaded)
            } else {
                reports = try ContentCheck.check(config: .builtIn)
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            // The fonts could not be opened: a configuration problem, not a usage one.
            throw DataError("\(error)")
        }
        for report in reports { FileHandle.standardOutput.write(Data((report.text + "\n").utf8)) }
        let bad = reports.filter { !$0.isFine }.count
        if bad > 0 {
            FileHandle.standardError.write(Data("lectern: \(bad) of \(reports.count) page(s) have problems\n".utf8))
            throw ExitCode(1)
        }
    }
}
