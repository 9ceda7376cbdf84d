import Foundation
import XCTest

/// The shipped systemd unit: the sandbox bar (exposure <= 2.0) and the settings the
/// device layer relies on.
final class UnitFileTests: XCTestCase {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var unitPath: String { root.appendingPathComponent("systemd/lectern.service").path }

    func testExposureIsAtMostTwo() throws {
        let analyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let analyze else { throw XCTSkip("systemd-analyze is not installed: unit exposure not checked") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: analyze)
        process.arguments = ["security", "--offline=true", "--no-pager", unitPath]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let marker = "Overall exposure level for lectern.service: "
        let line = try XCTUnwrap(output.split(separator: "\n").first { $0.contains(marker) }, output)
        let level = try XCTUnwrap(Double(line.components(separatedBy: marker)[1].split(separator: " ")[0]))
        XCTAssertLessThanOrEqual(level, 2.0, output)
    }

    func testUnitKeepsWhatTheDeviceLayerNeeds() throws {
        let text = try String(contentsOfFile: unitPath, encoding: .utf8)
        let settings = Set(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
        for required in ["Type=notify", "StandardInput=tty", "TTYPath=/dev/tty1", "DeviceAllow=char-drm rw",
                         "RestrictAddressFamilies=AF_UNIX AF_NETLINK", "SupplementaryGroups=video input",
                         "ExecReload=/bin/kill -HUP $MAINPID", "RuntimeDirectory=lectern"] {
            XCTAssertTrue(settings.contains(required), "missing \(required)")
        }
        XCTAssertFalse(settings.contains { $0.hasPrefix("PrivateNetwork=") }, "PrivateNetwork cuts off udev hotplug events")
    }

    /// The boot splash hands over to the first frame: Lectern ends Plymouth itself once it
    /// is READY (waiting for the master Plymouth holds, or after its first frame), the
    /// splash kept on screen; it must not wait for Plymouth to quit (the console would
    /// show in between).
    func testUnitEndsTheBootSplashAfterTheFirstFrame() throws {
        let text = try String(contentsOfFile: unitPath, encoding: .utf8)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        let settings = Set(lines)
        for required in ["Conflicts=plymouth-quit.service", "OnFailure=plymouth-quit.service",
                         "ExecStartPost=-+/usr/bin/plymouth quit --retain-splash"] {
            XCTAssertTrue(settings.contains(required), "missing \(required)")
        }
        let after = lines.filter { $0.hasPrefix("After=") }.flatMap { $0.dropFirst(6).split(separator: " ") }
        XCTAssertFalse(after.contains("plymouth-quit-wait.service"), "waiting for Plymouth to quit leaves a gap")
        XCTAssertTrue(after.contains("plymouth-quit.service"))
    }
}
