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
}
