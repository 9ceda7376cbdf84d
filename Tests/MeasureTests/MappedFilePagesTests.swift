import Foundation
import Glibc
import Measure
import XCTest

final class MappedFilePagesTests: XCTestCase {
    /// Rss (KiB) of this process's mappings of `path`, from /proc/self/smaps.
    private func residentKiB(of path: String) throws -> Int {
        // Read to the end: a /proc file says its size is 0.
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/smaps"))
        defer { try? handle.close() }
        let smaps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        var total = 0, inside = false
        for line in smaps.split(separator: "\n") {
            if let first = line.first, first.isHexDigit, line.contains("-") && line.split(separator: " ").count >= 5 {
                inside = line.hasSuffix(path)
            } else if inside, line.hasPrefix("Rss:") {
                total += Int(line.split(separator: " ")[1]) ?? 0
            }
        }
        return total
    }

    func testReadOnlyPagesOfANamedFileLeaveAndComeBackWithTheSameBytes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-mapped-\(getpid()).data").path
        let size = 4 << 20
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        let mapped = try XCTUnwrap(mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0))
        XCTAssertNotEqual(mapped, MAP_FAILED)
        defer { munmap(mapped, size) }
        let view = mapped.assumingMemoryBound(to: UInt8.self)
        var sum = 0
        for i in stride(from: 0, to: size, by: 4096) { sum &+= Int(view[i]) }  // every page touched
        // qemu-user (scripts/test-arm64 units sets QEMU_CPU) takes madvise as a hint it
        // ignores, and its smaps are the emulator's: the pages are not seen to leave there.
        let underEmulator = ProcessInfo.processInfo.environment["QEMU_CPU"] != nil
        if !underEmulator { XCTAssertGreaterThanOrEqual(try residentKiB(of: path), 4000) }

        let advised = try XCTUnwrap(MappedFilePages.release(ofFilesNamed: ["lectern-mapped-\(getpid())"]))
        XCTAssertEqual(advised, size)
        if !underEmulator { XCTAssertLessThan(try residentKiB(of: path), 100) }
        // Read again: the same bytes, from the page cache.
        XCTAssertTrue(memcmp(mapped, bytes, size) == 0)
        var again = 0
        for i in stride(from: 0, to: size, by: 4096) { again &+= Int(view[i]) }
        XCTAssertEqual(again, sum)
    }

    func testAMappingWithChangesOfItsOwnKeepsThem() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-written-\(getpid()).data").path
        let size = 1 << 20
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(repeating: 1, count: size)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        let mapped = try XCTUnwrap(mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0))
        XCTAssertNotEqual(mapped, MAP_FAILED)
        defer { munmap(mapped, size) }
        mapped.storeBytes(of: 9, toByteOffset: size - 1, as: UInt8.self)  // a private change
        // Dropping a writable private mapping's pages would lose the change: it is skipped.
        XCTAssertEqual(MappedFilePages.release(ofFilesNamed: ["lectern-written-\(getpid())"]), 0)
        XCTAssertEqual(mapped.load(fromByteOffset: size - 1, as: UInt8.self), 9)
        // Made read-only after the change, as the dynamic linker does with a library's
        // relocated data (RELRO): still skipped, the change still there.
        XCTAssertEqual(mprotect(mapped, size, PROT_READ), 0)
        XCTAssertEqual(MappedFilePages.release(ofFilesNamed: ["lectern-written-\(getpid())"]), 0)
        XCTAssertEqual(mapped.load(fromByteOffset: size - 1, as: UInt8.self), 9)
    }
}
