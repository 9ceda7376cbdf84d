import ArgumentParser
import Foundation
import Kiosk

/// `lectern init DIR`: a starting configuration and pages for an integrator to edit.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented lectern.toml with every key and the demo pages as Markdown into a directory."
    )

    @Argument(help: "Directory to write into (created if missing), e.g. /etc/lectern.") var directory: String
    @Flag(help: "Overwrite files that already exist.") var force = false

    func run() throws {
        let files = [(ConfigTemplate.fileName, ConfigTemplate.text)] + ConfigTemplate.pages.map { ($0.path, $0.markdown) }
        let manager = FileManager.default
        if !force {
            for (path, _) in files where manager.fileExists(atPath: "\(directory)/\(path)") {
                throw CLIUsageError("\(directory)/\(path) exists already; pass --force to overwrite it")
            }
        }
        for (path, text) in files {
            let full = "\(directory)/\(path)"
            do {
                try manager.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: full))
            } catch {
                throw CLIUsageError("cannot write \(full): \(error.localizedDescription)")
            }
            print(full)
        }
    }
}
