import Foundation
import Glibc
import Kiosk
import Logging
import LoopCore
import XCTest
@testable import Platform

/// The headphone jack through a fake evdev node: a pipe carrying `struct input_event`
/// records as the kernel writes them (a sound card's jack device sends EV_SW
/// SW_HEADPHONE_INSERT 1 when headphones go in, 0 when they come out, each followed
/// by EV_SYN), read by the same code that reads /dev/input/event*.
final class HeadphoneJackTests: XCTestCase {
    let syn = HeadphoneJack.record(type: 0, code: 0, value: 0)

    func sw(_ value: Int32) -> [UInt8] {
        HeadphoneJack.record(type: HeadphoneJack.switchType, code: HeadphoneJack.headphoneCode, value: value)
    }

    func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        // Non-blocking like an evdev node opened O_NONBLOCK: a read with nothing left
        // answers EAGAIN.
        XCTAssertEqual(fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK), 0)
        return (fds[0], fds[1])
    }

    func testTheSwitchIsReadFromInputEventRecords() {
        // Other switches and key events on the same device are not the jack.
        let microphone = HeadphoneJack.record(type: HeadphoneJack.switchType, code: 0x04, value: 1)  // SW_MICROPHONE_INSERT
        let key = HeadphoneJack.record(type: 1, code: 114, value: 1)  // EV_KEY KEY_VOLUMEDOWN
        XCTAssertEqual(HeadphoneJack.switchChanges(sw(1) + syn + microphone + syn + key + sw(0) + syn), [true, false])
        XCTAssertEqual(HeadphoneJack.switchChanges(Array((sw(1) + sw(0)).dropLast())), [true], "a partial record is skipped")
        XCTAssertEqual(HeadphoneJack.switchType, 5, "EV_SW")
        XCTAssertEqual(HeadphoneJack.headphoneCode, 2, "SW_HEADPHONE_INSERT")
    }

    func testPluggingInTurnsSpeechModeOnThroughTheFakeNode() throws {
        let (readEnd, writeEnd) = try makePipe()
        defer { close(writeEnd) }
        let jack = HeadphoneJack(fds: [FileDescriptor(readEnd)])
        let said = Said()
        let assembly = try KioskAssembly(config: KioskConfig.builtIn, width: 640, height: 480, speech: said)
        let runtime = KioskRuntime(assembly: assembly, log: Logger(sink: { _ in }))
        jack.onChange = { runtime.headphonesChanged(plugged: $0) }
        XCTAssertEqual(assembly.scene.speech?.isOn, false)

        let plug = sw(1) + syn
        XCTAssertEqual(plug.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }, plug.count)
        jack.handleReadable(jack.devices[0])
        XCTAssertEqual(assembly.scene.speech?.isOn, true, "plugging headphones in turns speech mode on")
        XCTAssertTrue(said.texts.last?.hasPrefix("Speech on.") == true, "\(said.texts)")

        let unplug = sw(0) + syn + sw(1) + syn
        XCTAssertEqual(unplug.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }, unplug.count)
        let count = said.texts.count
        jack.handleReadable(jack.devices[0])
        XCTAssertEqual(assembly.scene.speech?.isOn, true, "out and in again: still on, not toggled off")
        XCTAssertEqual(said.texts.count, count, "and not announced again")
    }

    func testADeviceThatGoesAwayIsSaidToBeGone() throws {
        let (readEnd, writeEnd) = try makePipe()
        let jack = HeadphoneJack(fds: [FileDescriptor(readEnd)])
        var changes: [Bool] = []
        jack.onChange = { changes.append($0) }
        let plug = sw(1) + syn
        XCTAssertEqual(plug.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }, plug.count)
        XCTAssertTrue(jack.handleReadable(jack.devices[0]), "still there")
        close(writeEnd)  // the node's end: a read answers 0 (evdev answers ENODEV)
        XCTAssertFalse(jack.handleReadable(jack.devices[0]), "gone: the loop must drop its fd")
        XCTAssertEqual(changes, [true])
    }

    func testNoJackWhenTheConfigurationSaysSo() throws {
        var config = KioskConfig.builtIn
        config.speech.headphoneJack = false
        let assembly = try KioskAssembly(config: config, width: 640, height: 480, speech: Said())
        KioskRuntime(assembly: assembly, log: Logger(sink: { _ in })).headphonesChanged(plugged: true)
        XCTAssertEqual(assembly.scene.speech?.isOn, false)
    }

    func testADirectoryWithoutJacksGivesNone() throws {
        let dir = NSTemporaryDirectory() + "lectern-jack-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A regular file named like a node: the ioctl fails, it is skipped.
        FileManager.default.createFile(atPath: dir + "/event0", contents: Data([1, 2, 3]))
        XCTAssertTrue(HeadphoneJack(directory: dir).devices.isEmpty)
        XCTAssertTrue(HeadphoneJack(directory: dir + "/missing").devices.isEmpty)
    }
}

private final class Said: SpeechOutput {
    var texts: [String] = []
    func speak(_ texts: [SpokenText]) { self.texts += texts.map(\.text) }
    func stop() {}
}
