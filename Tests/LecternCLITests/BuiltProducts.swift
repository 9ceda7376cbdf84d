import Foundation

/// The executables built beside this test bundle: `.build/debug` in a plain run,
/// `.build-asan/...` under the sanitizers, so the CLI tests exercise the binary built
/// with the same flags as the tests (a fixed `.build/debug` path would test a stale or
/// unsanitized one).
enum BuiltProducts {
    static let directory: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        // swift test runs `<products>/LecternPackageTests.xctest`.
        return bundle.deletingLastPathComponent()
    }()

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    static var lectern: String { path("lectern") }

    /// Runs `lectern ARGUMENTS` to completion: its exit status and what it printed.
    static func runLectern(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: lectern)
        process.arguments = arguments
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        let err = errPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
