import Foundation
import XCTest
@testable import lectern

/// `lectern --version` is the version the .deb carries (scripts/package reads it from
/// the binary), so it must print exactly `Lectern.version`, and that must be a version
/// dpkg accepts for a native package.
final class VersionCLITests: XCTestCase {
    private var lecternPath: String {
        BuiltProducts.lectern
    }

    func testVersionFlagPrintsTheOneVersion() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: lecternPath)
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(String(decoding: out, as: UTF8.self), Lectern.version + "\n")
    }

    func testVersionIsADebianNativeVersion() {
        // deb-version(5): an upstream version starts with a digit; a native package has no
        // hyphen (that would start a Debian revision) and no epoch colon.
        XCTAssertNotNil(Lectern.version.range(of: #"^[0-9][0-9A-Za-z.+~]*$"#, options: .regularExpression),
                        "\(Lectern.version) is not a Debian native version")
    }
}
