import Measure
import Benchmarks
import XCTest

final class MeasureTests: XCTestCase {
    func testPercentileIsTheNearestRank() {
        let values = (1...100).map(Double.init)
        XCTAssertEqual(Percentile.nearestRank(values, 0.5), 50)
        XCTAssertEqual(Percentile.nearestRank(values, 0.99), 99)
        XCTAssertEqual(Percentile.nearestRank(values, 1), 100)
        XCTAssertEqual(Percentile.nearestRank([7], 0.99), 7)
        XCTAssertEqual(Percentile.nearestRank([], 0.5), 0)
    }

    func testHeapUsageSeesAnAllocationKeptAndFreed() {
        let before = HeapUsage.bytesInUse()
        let block = UnsafeMutableRawPointer.allocate(byteCount: 4 << 20, alignment: 16)
        block.initializeMemory(as: UInt8.self, repeating: 1, count: 4 << 20)
        // Other threads (XCTest's, a previous test's) may free a little meanwhile: 352
        // bytes less than the block was seen once in a full run.
        XCTAssertGreaterThanOrEqual(HeapUsage.bytesInUse() - before, (4 << 20) - (64 << 10))
        block.deallocate()
        XCTAssertLessThan(HeapUsage.bytesInUse() - before, 1 << 20)
    }

    func testTheRunnerReportsRatiosAgainstItsOwnMemcpy() throws {
        let results = try BenchRunner(quick: true).run([BenchRunner.memcpyCase, BenchCase(name: "twice") { w, h in
            let copy = BenchRunner.memcpyCase
            let a = try copy.prepare(w, h), b = try copy.prepare(w, h)
            return { a(); b() }
        }], sizes: [(640, 480)], filter: nil)
        XCTAssertEqual(results.map(\.name), ["memcpy", "twice"])
        XCTAssertEqual(results[0].ratioToMemcpy, 1)
        XCTAssertGreaterThan(results[1].ratioToMemcpy, 0)
    }
}
