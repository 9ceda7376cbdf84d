import ArgumentParser
import Foundation
import Kiosk
import Raster

/// The `lectern` command. Subcommands live one per file beside this one.
@main
struct Lectern: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lectern",
        abstract: "A touchscreen kiosk front for Linux.",
        version: version,
        subcommands: [
            RunCommand.self,
            DemoCommand.self,
            SnapshotCommand.self,
            SpeakCommand.self,
            SearchCommand.self,
            InputDebugCommand.self,
            BenchCommand.self,
            FirstFrameCommand.self,
            CheckCommand.self,
            InitCommand.self,
            SpringCommand.self,
            SoakCommand.self,
            ReplayCommand.self,
            CalibrateCommand.self,
            StatusCommand.self,
        ]
    )

    /// ArgumentParser's own `main()` prints usage after every error; a kiosk
    /// integrator wants one line naming the option, and exit code 64 (EX_USAGE).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let errors as ConfigErrors {
            // Every problem of the file, one line each, as a compiler reports them.
            FileHandle.standardError.write(Data(errors.errors.map { "lectern: \($0)\n" }.joined().utf8))
            Foundation.exit(DataError.exitCode)
        } catch let error as DataError {
            FileHandle.standardError.write(Data("lectern: \(error)\n".utf8))
            Foundation.exit(DataError.exitCode)
        } catch let exit as ExitCode {
            // The command has said what was wrong already; just leave with its code.
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success || isHelpOrVersion(error) {
                exit(withError: error)
            }
            let message = Lectern.message(for: error)
                .split(separator: "\n").first.map(String.init) ?? "\(error)"
            FileHandle.standardError.write(Data("lectern: \(message.replacingOccurrences(of: "Error: ", with: ""))\n".utf8))
            Foundation.exit(code == .validationFailure || error is CLIUsageError ? 64 : code.rawValue)
        }
    }

    private static func isHelpOrVersion(_ error: Error) -> Bool {
        let text = fullMessage(for: error)
        return exitCode(for: error) == .success && !text.isEmpty
    }
}

/// A bad argument found after parsing (a value out of range, an unreadable file):
/// one line, exit 64.
struct CLIUsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A configuration or content file that cannot be used (a font that is not a font):
/// one line naming the file, exit 65 (EX_DATAERR). Exit 64 is for the command line only.
struct DataError: Error, CustomStringConvertible {
    static let exitCode: Int32 = 65
    let description: String
    init(_ description: String) { self.description = description }
}

/// Writes a PNG the user asked for, as a usage error (64) naming the option when it
/// cannot: "-o: cannot write PATH: reason", said once (the file layer already names
/// the path; an encoding failure does not, so it is added then).
func writePNG(_ canvas: Canvas, to path: String, option: String? = nil) throws {
    do {
        try PNGEncoder.write(canvas: canvas, to: path)
    } catch {
        let reason = "\(error)"
        let message = reason.contains(path) ? reason : "cannot write \(path): \(reason)"
        throw CLIUsageError((option.map { "\($0): " } ?? "") + message)
    }
}
